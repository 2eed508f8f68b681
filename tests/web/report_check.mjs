// `qdiff report` in headless Chromium: records of corpus/batch's restaurant cases from two runs (with
// and without the SQLite database) as two "models"; the page's counts, histograms, filters, sorting,
// pages and highlighted spans are checked against what the record files say, and screenshots taken.
// node report_check.mjs --qdiff PATH --source DIR --out DIR
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, check, finish, options, screenshotDir } from './browser.mjs';

const o = options();
fs.mkdirSync(o.out, { recursive: true });
const shot = screenshotDir(path.join(o.out, 'screenshots'));
const cases = path.join(o.source, 'corpus/batch/restaurants_cases.jsonl');

function qdiff(args, okCodes = [0]) {
  try {
    return execFileSync(o.qdiff, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  } catch (e) {
    if (!okCodes.includes(e.status)) throw new Error(`qdiff ${args.join(' ')}: exit ${e.status}\n${e.stderr}`);
    return e.stdout.toString();
  }
}
const readRecords = file => fs.readFileSync(file, 'utf8').split('\n').filter(l => l.trim()).map(l => JSON.parse(l));

const db = path.join(o.out, 'restaurants.sqlite');
fs.rmSync(db, { force: true });
execFileSync('sqlite3', [db], { input: fs.readFileSync(path.join(o.source, 'corpus/batch/restaurants.sql')) });
const withDb = path.join(o.out, 'with_db.jsonl'), structural = path.join(o.out, 'structural_only.jsonl');
for (const f of [withDb, structural]) fs.rmSync(f, { force: true });
qdiff(['batch', cases, '--threads', '2', '--db', 'sqlite:' + db, '-o', withDb], [0, 1]);
qdiff(['batch', cases, '--threads', '2', '-o', structural], [0, 1]);
const A = readRecords(withDb), B = readRecords(structural);
const report = path.join(o.out, 'report.html');
qdiff(['report', withDb, structural, '-o', report, '--title', 'restaurants: with and without the database']);
check(!fs.readFileSync(report, 'utf8').match(/<(link|img|iframe)\b|src=["']?http/i), 'the report loads nothing from elsewhere');

// 130 cases (3 pages of 50) from the restaurant records under new ids, for the pager and sorting; each
// with a label and two tags, for the agreement section (one question, the second expected query on
// db_id "even", labelled wrong throughout: its generated queries are equivalent, a label to check).
const many = path.join(o.out, 'many.jsonl');
const M = Array.from({ length: 130 }, (_, i) => ({ ...A[i % A.length], id: `case-${String(i).padStart(3, '0')}`, line: i + 1,
  label: i % 3 !== 0 && !(i % 13 === 1 && i % 2 === 0), tags: { db_id: i % 2 ? 'odd' : 'even', difficulty: i < 65 ? 'simple' : 'hard' } }));
fs.writeFileSync(many, M.map(r => JSON.stringify(r)).join('\n') + '\n');
const paged = path.join(o.out, 'paged.html');
qdiff(['report', many, '-o', paged]);

const browser = await launch();
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  page.on('requestfailed', r => errors.push('request ' + r.url()));
  await page.setViewport({ width: 1300, height: 1000 });
  await page.goto('file://' + report);
  await page.waitForSelector('body[data-ready], body[data-error]', { timeout: 20000 });
  check(await page.evaluate(() => !document.body.dataset.error), 'the page renders', await page.evaluate(() => document.body.dataset.error));

  check(await page.$eval('#agreement', s => s.hidden), 'no agreement section without labels');
  // Summary: one row per file, its pass count from the records.
  const summary = await page.$$eval('#summary tbody tr', trs => trs.map(tr => [...tr.cells].map(td => td.textContent)));
  check(summary.length === 2, 'one summary row per record file', summary.length);
  for (const [i, records] of [A, B].entries()) {
    const passed = records.filter(r => r.pass).length;
    check(summary[i][1] === String(records.length) && summary[i][2] === String(passed),
          `summary of file ${i + 1}: ${records.length} cases, ${passed} passed`, summary[i]);
  }
  const bars = await page.$$eval('svg.histogram', svgs => svgs.map(s => [...s.querySelectorAll('rect')].reduce((n, r) => n + +r.dataset.count, 0)));
  check(bars.length === 2 && bars.every(n => n === A.length), 'each histogram counts every case', bars);
  const components = await page.$$eval('#components tbody tr', trs => trs.map(tr => tr.cells[0].textContent));
  check(components.includes('filters') && components.includes('collection'), 'a mean per component', components);
  const codes = await page.$$eval('#diagnostics tbody tr', trs => trs.map(tr => tr.cells[0].textContent));
  const recordCodes = new Set(A.flatMap(r => Object.values(r.diagnostics || {}).flat().map(d => d.code)));
  check(codes.length === Math.min(15, recordCodes.size) && codes.every(c => recordCodes.has(c)), 'the diagnostics table lists the records\' codes', codes);

  // The case table and its filters.
  const rowCount = () => page.$$eval('#cases tbody tr', trs => trs.length);
  check(await rowCount() === A.length, `${A.length} case rows`, await rowCount());
  check((await page.$eval('#case-count', e => e.textContent)) === `${A.length} of ${A.length} cases`, 'the count line');
  await page.select('#filter-status', 'fail');
  const failing = A.filter((r, i) => !r.pass || !B[i].pass).length;
  check(await rowCount() === failing, `status filter "failed": ${failing} rows`, await rowCount());
  await page.select('#filter-status', 'error');
  check(await rowCount() === A.filter((r, i) => r.status === 'error' || B[i].status === 'error').length, 'status filter "with an error"');
  await page.select('#filter-status', 'all');
  await page.type('#filter-text', 'italian');
  const italian = await page.$$eval('#cases tbody tr', trs => trs.map(tr => tr.dataset.id));
  check(italian.length === 1 && italian[0] === 'wrong-filter', 'text filter "italian" leaves wrong-filter', italian);
  await page.screenshot({ path: shot('report_filtered.png') });

  // One case: its atoms highlighted at their spans in both queries.
  await page.click('#cases tbody tr[data-id="wrong-filter"]');
  const record = A.find(r => r.id === 'wrong-filter');
  const q = record.queries;
  const bytesOf = (text, [b, e]) => Buffer.from(text, 'utf8').subarray(b, e).toString('utf8');
  const expectMarks = [];
  for (const [name, c] of Object.entries(record.structural.components)) {
    if (c.absent) continue;
    c.spans.missing.forEach(s => expectMarks.push(['expected', 'missing', name, bytesOf(q.expected, s)]));
    c.spans.extra.forEach(s => expectMarks.push(['generated', 'extra', name, bytesOf(q.generated, s)]));
    c.spans.changed.forEach(s => expectMarks.push(['expected', 'changed', name, bytesOf(q.expected, s.slice(0, 2))],
                                                  ['generated', 'changed', name, bytesOf(q.generated, s.slice(2))]));
  }
  check(expectMarks.length > 0, 'the wrong-filter record has changed, missing or invented atoms', expectMarks.length);
  const shown = await page.$$eval('#detail .model[data-file="with_db.jsonl"] .side .hl', spans =>
    spans.map(s => [s.closest('.side').classList.contains('expected') ? 'expected' : 'generated', s.className.replace('hl hl-', ''), s.dataset.component, s.textContent]));
  for (const m of expectMarks)
    check(shown.some(s => s[0] === m[0] && s[1] === m[1] && s[2] === m[2] && m[3].includes(s[3]) && s[3].length > 0),
          `highlighted ${m[1]} ${m[2]} atom "${m[3]}" in the ${m[0]} query`, shown);
  const blocks = await page.$$eval('#detail .model', b => b.map(x => x.dataset.file));
  check(blocks.length === 2, 'the case shown for both files side by side', blocks);
  const breakdown = await page.$$eval('#detail .model[data-file="with_db.jsonl"] table.breakdown tbody tr', trs => trs.map(tr => [tr.dataset.component, tr.cells[1].textContent]));
  const filters = breakdown.find(r => r[0] === 'filters');
  check(filters && filters[1] === record.structural.components.filters.score.toFixed(3), 'the component breakdown has the record\'s filter score', filters);
  await page.screenshot({ path: shot('report_case.png'), fullPage: true });
  await page.goto('file://' + report);
  await page.waitForSelector('body[data-ready]');
  await page.screenshot({ path: shot('report_overview.png'), fullPage: false });

  // Pages and sorting on 130 cases.
  await page.goto('file://' + paged);
  await page.waitForSelector('body[data-ready], body[data-error]', { timeout: 20000 });
  check(await rowCount() === 50, 'a page holds 50 cases', await rowCount());
  check((await page.$eval('#page-info', e => e.textContent)) === 'page 1 of 3', 'three pages');
  await page.click('#page-next');
  await page.click('#page-next');
  check(await rowCount() === 30, 'the last page holds the remaining 30', await rowCount());
  await page.click('#cases th[data-sort="total0"]');
  await page.click('#cases th[data-sort="total0"]');
  const totals = await page.$$eval('#cases tbody tr', trs => trs.map(tr => parseFloat(tr.cells[3].textContent)));
  check(totals.length === 50 && totals.every((t, i) => i === 0 || totals[i - 1] >= t), 'sorted by total, descending, back on page 1', totals.slice(0, 5));
  check(totals[0] === Math.max(...A.map(r => r.total)), 'the best total first');

  // Agreement with the labels: the confusion table, the breakdowns by tag and verdict, the calibration plot.
  check(await page.$eval('#agreement', s => !s.hidden), 'the agreement section is shown for labelled cases');
  const cell = name => page.$eval(`#agreement td[data-cell="${name}"]`, td => +td.textContent);
  const count = (label, pass) => M.filter(r => r.label === label && !!r.pass === pass).length;
  check(await cell('tp') === count(true, true) && await cell('fn') === count(true, false) &&
        await cell('fp') === count(false, true) && await cell('tn') === count(false, false), 'the confusion table counts the records');
  const byDb = await page.$$eval('#agreement table[data-by="db_id"] tbody tr', trs => trs.map(tr => [tr.cells[0].textContent, +tr.cells[1].textContent]));
  check(JSON.stringify(byDb) === JSON.stringify([['even', 65], ['odd', 65]]), 'a breakdown by db_id', byDb);
  check(await page.$$eval('#agreement table[data-by="difficulty"] tbody tr', trs => trs.length) === 2, 'a breakdown by difficulty');
  check(await page.$$eval('#agreement table[data-by="verdict"] tbody tr', trs => trs.length) >= 1, 'a breakdown by verdict');
  const dots = await page.$$eval('#agreement svg.calibration circle', cs => cs.reduce((n, c) => n + +c.dataset.count, 0));
  check(dots === M.length, 'the calibration plot places every case', dots);
  // Labels to check: questions whose generated queries equal to the expected one are all labelled wrong.
  const questions = new Map();
  for (const r of M) {
    const key = r.tags.db_id + '\u0000' + r.queries.expected;
    if (!questions.has(key)) questions.set(key, []);
    questions.get(key).push(r);
  }
  const contradicted = [...questions.values()].filter(rs => {
    const equivalent = rs.filter(r => r.verdict === 'equivalent');
    return equivalent.length && equivalent.every(r => !r.label);
  });
  check(contradicted.length >= 1, 'the fixture has a question whose labels contradict it', contradicted.length);
  const checkRows = await page.$$eval('#agreement table[data-by="label-check"] tbody tr', trs => trs.map(tr => +tr.cells[1].textContent));
  check(JSON.stringify(checkRows) === JSON.stringify([M.length, M.length - contradicted.flat().length]),
        'agreement without the questions whose labels contradict them', checkRows);
  check(await page.$$eval('#agreement table.contradicted tbody tr', trs => trs.length) === Math.min(20, contradicted.length),
        'one row per such question');
  // The last column counts the question's cases labelled right whatever their verdict (none of them is
  // equivalent): its header says so, since the text above says "no such case is labelled right".
  const lastHeader = await page.$eval('#agreement table.contradicted thead th:last-child', th => th.textContent);
  check(lastHeader === 'labelled right (any verdict)', 'the last column says it counts every verdict', lastHeader);
  const rightCounts = await page.$$eval('#agreement table.contradicted tbody tr', trs => trs.map(tr => +tr.cells[4].textContent));
  const rightTotal = contradicted.slice(0, 20).reduce((n, rs) => n + rs.filter(r => r.label).length, 0);
  check(rightCounts.reduce((a, b) => a + b, 0) === rightTotal, 'labelled right counts every verdict', rightCounts);
  await page.$eval('#agreement', s => s.scrollIntoView());
  await page.screenshot({ path: shot('report_agreement.png'), fullPage: false });
  await page.$eval('#agreement .labels-to-check', s => s.scrollIntoView());
  await page.screenshot({ path: shot('report_labels_to_check.png'), fullPage: false });
  check(errors.length === 0, 'no script errors or failed requests', errors);
} finally {
  await browser.close();
}
console.log('screenshots in ' + path.join(o.out, 'screenshots'));
finish();
