// `qdiff serve`: refuses a non-local bind unless asked, answers malformed requests with 400 and
// requests for other host names with 403, answers a 1 MB query in bounded time, and its playground,
// in headless Chromium, updates tokens, tree, AST, diagnostics (with fix-its) and the diff as a
// query is typed. node serve_check.mjs --qdiff PATH --source DIR --out DIR
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { launch, check, finish, options, screenshotDir } from './browser.mjs';

const o = options();
fs.mkdirSync(o.out, { recursive: true });
const shot = screenshotDir(path.join(o.out, 'screenshots'));

const refused = spawnSync(o.qdiff, ['serve', '--host', '0.0.0.0', '--port', '0'], { timeout: 20000 });
check(refused.status === 2 && /refusing to listen on 0\.0\.0\.0.*--allow-remote/.test(refused.stderr), 'a non-local bind is refused (exit 2) unless --allow-remote',
      [refused.status, String(refused.stderr)]);
check(spawnSync(o.qdiff, ['serve', '--port', '70000'], { timeout: 20000 }).status === 2, '--port out of range: exit 2');

const server = spawn(o.qdiff, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
// Whatever way node exits (a skip exits at once): the server must not outlive it, or ctest waits on
// the stderr it shares until the test times out.
process.on('exit', () => server.kill('SIGTERM'));
const base = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', d => { out += d; const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//); if (m) resolve(m[0]); });
  server.on('exit', code => reject(new Error('qdiff serve exited with ' + code)));
  setTimeout(() => reject(new Error('qdiff serve printed no address')), 30000);
});
console.log('server at ' + base);
const port = +base.match(/:(\d+)\//)[1];

// Raw bytes to the server, for what fetch will not send.
const raw = text => new Promise((resolve, reject) => {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
  let answer = '';
  socket.on('data', d => { answer += d; });
  socket.on('end', () => resolve(answer));
  socket.on('error', reject);
  socket.setTimeout(20000, () => { socket.destroy(); resolve(answer + '(timeout)'); });
});
const post = (body, type = 'application/json') => fetch(base + 'api/analyze', { method: 'POST', headers: { 'Content-Type': type }, body });

let browser;
try {
  const home = await fetch(base);
  const html = await home.text();
  check(home.status === 200 && html.includes('id="query"') && !/src=["']?http|<link\b/.test(html), 'GET / is the self-contained playground', home.status);
  const opts = await (await fetch(base + 'api/options')).json();
  check(opts.dialects.includes('postgres') && opts.languages.includes('kql'), 'GET /api/options lists languages and dialects', opts);

  check((await raw('GARBAGE\r\n\r\n')).startsWith('HTTP/1.1 400'), 'a malformed request line gets 400');
  const badJson = await post('{"query": ');
  check(badJson.status === 400 && (await badJson.json()).error.includes('JSON'), 'a body that is not JSON gets 400 with the reason');
  const noQuery = await post('{"lang": "sql"}');
  check(noQuery.status === 400, 'a body without "query" gets 400', noQuery.status);
  const badLang = await post(JSON.stringify({ query: 'SELECT 1', lang: 'cobol' }));
  check(badLang.status === 400 && (await badLang.json()).error.includes('cobol'), 'an unknown language gets 400');
  // The options `qdiff diff` takes, by the same names (a drift fixed: serve ignored normalize_off).
  const oriented = { query: 'SELECT a FROM t WHERE 1 < b', expected: 'SELECT a FROM t WHERE b > 1', lang: 'sql' };
  const on = await (await post(JSON.stringify(oriented))).json();
  const off = await (await post(JSON.stringify({ ...oriented, normalize_off: ['comparison-orientation'] }))).json();
  check(on.diff.score === 1 && off.diff.score < 1, 'normalize_off switches a rule off, as --normalize-off does', [on.diff.score, off.diff.score]);
  const badRule = await post(JSON.stringify({ ...oriented, normalize_off: 'bogus' }));
  check(badRule.status === 400 && (await badRule.json()).error.includes("unknown normalization rule 'bogus'"), 'an unknown rule gets 400 naming it');
  const misspelt = await post(JSON.stringify({ ...oriented, normalise_off: ['comparison-orientation'] }));
  check(misspelt.status === 400 && (await misspelt.json()).error.includes('normalise_off'), 'an unknown field gets 400, not silence');
  const rebound = await raw(`GET / HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`);
  check(rebound.startsWith('HTTP/1.1 403'), 'a request for another host name (DNS rebinding) gets 403', rebound.slice(0, 40));
  const tooBig = await post(JSON.stringify({ query: 'x'.repeat(5 << 20) }));
  check(tooBig.status === 413, 'a body over 4 MiB gets 413', tooBig.status);

  // A 1 MB query: answered, with the long parts capped.
  const items = [];
  for (let i = 0, size = 0; size < (1 << 20); i++) { items.push(String(i)); size += String(i).length + 2; }
  const big = `SELECT a FROM t WHERE b IN (${items.join(', ')})`;
  const started = Date.now();
  const bigAnswer = await post(JSON.stringify({ query: big, lang: 'sql', expected: 'SELECT a FROM t WHERE b IN (1, 2)' }));
  const seconds = (Date.now() - started) / 1000;
  const bigJson = await bigAnswer.json();
  console.log(`a ${(big.length / 1048576).toFixed(2)} MiB query answered in ${seconds.toFixed(1)} s`);
  check(bigAnswer.status === 200 && bigJson.generated.ok && bigJson.generated.tokens.length === 5000 &&
        bigJson.generated.token_count > 100000 && bigJson.diff.ok, 'a 1 MB query is answered, tokens capped at 5,000, with its diff',
        [bigAnswer.status, bigJson.generated.token_count]);
  check(seconds < 120, 'the 1 MB query took under 2 minutes (ASan build included)', seconds);
  const after = await post(JSON.stringify({ query: 'SELECT 1' }));
  check(after.status === 200, 'the server still answers after the 1 MB query');

  // The playground in Chromium.
  const expectedTokens = (await (await post(JSON.stringify({ query: 'SELECT * FORM singer', lang: 'sql' }))).json()).generated.token_count;
  browser = await launch();
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.setViewport({ width: 1400, height: 1100 });
  await page.goto(base);
  await page.waitForFunction(() => document.querySelectorAll('#dialect option').length > 0);
  const languages = await page.$$eval('#lang option', os => os.map(o => o.value));
  check(JSON.stringify(languages) === JSON.stringify(opts.languages), 'the page lists the languages of the server\'s table', languages);
  await page.select('#lang', 'sql');
  await page.type('#query', 'SELECT * FORM singer');
  await page.waitForFunction(() => document.body.dataset.updates && document.querySelector('#query').value === 'SELECT * FORM singer' &&
                                   document.querySelectorAll('#tokens tbody tr').length > 0 && /FORM/.test(document.querySelector('#tree').textContent), { timeout: 30000 });
  await new Promise(r => setTimeout(r, 600));  // the last keystroke's answer
  const view = await page.evaluate(() => ({
    tokens: document.querySelectorAll('#tokens tbody tr').length,
    codes: [...document.querySelectorAll('#diagnostics li')].map(li => li.dataset.code),
    fixits: [...document.querySelectorAll('#diagnostics .fixit')].map(f => f.textContent),
    errorMarks: [...document.querySelectorAll('#highlighted .hl-error')].map(s => s.textContent),
    tree: document.querySelector('#tree').textContent,
    ast: document.querySelector('#ast').textContent,
    verdict: document.querySelector('#verdict').textContent,
  }));
  check(view.tokens === expectedTokens, `the token table shows the ${expectedTokens} tokens`, view.tokens);
  check(view.codes.includes('unexpected-token'), 'the syntax error is listed', view.codes);
  check(view.fixits.some(f => f.includes("'FORM' with 'FROM'")), 'with its fix-it', view.fixits);
  check(view.errorMarks.length > 0, 'and marked in the query', view.errorMarks);
  check(view.tree.startsWith('sqlScript') && view.tree.includes('<error>'), 'the parse tree with its error node', view.tree.slice(0, 60));
  check(view.verdict.startsWith('sql: invalid'), 'the verdict', view.verdict);
  await page.screenshot({ path: shot('playground_error.png'), fullPage: true });

  // Fix the query, add an expected one: the AST and the diff appear.
  await page.evaluate(() => { const q = document.querySelector('#query'); q.value = ''; });
  await page.type('#query', 'SELECT name FROM singer WHERE age > 30');
  await page.type('#expected', 'SELECT name, country FROM singer WHERE age > 31');
  await page.waitForFunction(() => !document.querySelector('#diff-section').hidden &&
                                   document.querySelector('#diff-expected').textContent.endsWith('31'), { timeout: 30000 });
  await new Promise(r => setTimeout(r, 600));
  const diff = await page.evaluate(() => ({
    score: document.querySelector('#score').textContent,
    changed: [...document.querySelectorAll('#diff-generated .hl-changed')].map(s => [s.dataset.component, s.textContent]),
    missing: [...document.querySelectorAll('#diff-expected .hl-missing')].map(s => [s.dataset.component, s.textContent]),
    ast: document.querySelector('#ast').textContent,
    diagnostics: [...document.querySelectorAll('#diagnostics li')].map(li => li.dataset.code),
  }));
  check(/^score 0\.\d+ \(profile full\)$/.test(diff.score), 'the diff score', diff.score);
  check(diff.changed.some(([c, t]) => c === 'filters' && t === 'age > 30'), 'the changed filter highlighted in the generated query', diff.changed);
  check(diff.missing.some(([c, t]) => c === 'projection' && t === 'country'), 'the missing column highlighted in the expected query', diff.missing);
  check(diff.ast.includes('"kind": "Query"'), 'the AST of the fixed query', diff.ast.slice(0, 80));
  check(!diff.diagnostics.includes('unexpected-token'), 'the syntax error is gone', diff.diagnostics);
  await page.screenshot({ path: shot('playground_diff.png'), fullPage: true });
  check(errors.length === 0, 'no script errors', errors);
} finally {
  if (browser) await browser.close();
  server.kill('SIGTERM');
}
console.log('screenshots in ' + path.join(o.out, 'screenshots'));
finish();
