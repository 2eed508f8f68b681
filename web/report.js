// The page of `qdiff report`: inflates the embedded records (cli/report_command.cpp writes them) and
// renders the summaries once and the case table one page at a time.
'use strict';
(async () => {
  // Positions in a compact case (cli/report_command.cpp, compact_case).
  const LINE = 0, ID = 1, STATUS = 2, PASS = 3, TOTAL = 4, QSIM = 5, RESULTS = 6, CONF = 7, STRUCT = 8,
        QUESTION = 9, EXPECTED = 10, GENERATED = 11, COMPONENTS = 12, DIAGS = 13, REASONS = 14, LANGUAGE = 15,
        LABEL = 16, TAGS = 17, VERDICT = 18;
  const PAGE_SIZE = 50;

  async function inflate() {
    const b64 = document.getElementById('qdiff-data').textContent.trim();
    const binary = atob(b64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return JSON.parse(await new Response(stream).text());
  }

  const started = performance.now();
  const data = await inflate();
  const S = i => (i == null ? null : data.strings[i]);
  const files = data.files;
  const fmt = v => (v == null ? '–' : Number(v).toFixed(3));
  const pct = (a, b) => (b ? (100 * a / b).toFixed(1) + '%' : '–');
  const el = (tag, attrs, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v; else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of children) if (c != null) e.append(c);
    return e;
  };
  const mean = list => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : null);
  document.title = data.title;

  // ---- one row per case id, with each file's case --------------------------------------------
  const rows = [];
  const byId = new Map();
  files.forEach((file, f) => {
    for (const c of file.cases) {
      let row = byId.get(c[ID]);
      if (!row) { row = { id: c[ID], cases: new Array(files.length).fill(null), order: rows.length }; byId.set(c[ID], row); rows.push(row); }
      row.cases[f] = c;
    }
  });
  for (const row of rows) {
    const first = row.cases.find(c => c);
    const q = first[QUESTION], e = first[EXPECTED];
    row.search = (row.id + '\n' + (S(q) || '') + '\n' + (S(e) || '') + '\n' +
                  row.cases.map(c => (c ? S(c[GENERATED]) || '' : '')).join('\n')).toLowerCase();
    row.codes = new Set();
    row.lowComponents = new Set();
    for (const c of row.cases) {
      if (!c) continue;
      for (const d of c[DIAGS]) row.codes.add(S(d[0]));
      for (const comp of c[COMPONENTS]) if (comp[1] < 1 - 1e-9) row.lowComponents.add(data.components[comp[0]]);
    }
  }

  // ---- summary per file ------------------------------------------------------------------------
  const summary = document.querySelector('#summary');
  summary.tHead.append(el('tr', {}, ...['file', 'cases', 'passed', 'pass rate', 'mean total', 'mean structural',
    'mean results match', 'mean confidence', 'errors', 'unreadable lines'].map(h => el('th', {}, h))));
  for (const file of files) {
    const cs = file.cases;
    const passed = cs.filter(c => c[PASS]).length;
    const num = (k) => cs.map(c => c[k]).filter(v => v != null);
    summary.tBodies[0].append(el('tr', {},
      el('td', {}, file.name), el('td', { class: 'num' }, String(cs.length)), el('td', { class: 'num' }, String(passed)),
      el('td', { class: 'num' }, pct(passed, cs.length)), el('td', { class: 'num' }, fmt(mean(num(TOTAL)))),
      el('td', { class: 'num' }, fmt(mean(num(STRUCT)))), el('td', { class: 'num' }, fmt(mean(num(RESULTS)))),
      el('td', { class: 'num' }, num(CONF).length ? mean(num(CONF)).toFixed(1) : '–'),
      el('td', { class: 'num' }, String(cs.filter(c => c[STATUS]).length)), el('td', { class: 'num' }, String(file.unreadable))));
  }

  // ---- histograms of the total ------------------------------------------------------------------
  const BINS = 10, W = 320, H = 150, PAD = 22;
  const svgNS = 'http://www.w3.org/2000/svg';
  const svg = (tag, attrs, text) => {
    const e = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text != null) e.textContent = text;
    return e;
  };

  // ---- agreement with labels (cases with `label` or BIRD's `res`) -----------------------------------
  // Mann–Whitney AUC of the total, ties counting half.
  function auc(list) {
    const sorted = [...list].sort((a, b) => a[TOTAL] - b[TOTAL]);
    let rankSum = 0, positives = 0;
    for (let i = 0; i < sorted.length;) {
      let j = i;
      while (j < sorted.length && sorted[j][TOTAL] === sorted[i][TOTAL]) j++;
      const mid = (i + j + 1) / 2;
      for (let k = i; k < j; k++) if (sorted[k][LABEL]) { rankSum += mid; positives++; }
      i = j;
    }
    const negatives = sorted.length - positives;
    return positives && negatives ? (rankSum - positives * (positives + 1) / 2) / (positives * negatives) : null;
  }
  function agreement(list) {
    const n = { tp: 0, fp: 0, tn: 0, fn: 0 };
    for (const c of list) n[c[LABEL] ? (c[PASS] ? 'tp' : 'fn') : (c[PASS] ? 'fp' : 'tn')]++;
    return { ...n, count: list.length, auc: auc(list), falsePass: n.fp + n.tn ? n.fp / (n.fp + n.tn) : null,
             falseFail: n.tp + n.fn ? n.fn / (n.tp + n.fn) : null };
  }
  const rate = v => (v == null ? '–' : (100 * v).toFixed(1) + '%');
  const agreementRow = (name, a) => el('tr', {}, el('td', {}, name), el('td', { class: 'num' }, String(a.count)),
    el('td', { class: 'num' }, a.auc == null ? '–' : a.auc.toFixed(3)), el('td', { class: 'num' }, rate(a.falsePass)),
    el('td', { class: 'num' }, rate(a.falseFail)), el('td', { class: 'num' }, rate((a.tp + a.fn) / Math.max(1, a.count))),
    el('td', { class: 'num' }, rate((a.tp + a.fp) / Math.max(1, a.count))));
  const agreementHead = first => el('tr', {}, ...[first, 'cases', 'AUC', 'false pass', 'false fail', 'labelled right',
    'passed'].map(h => el('th', {}, h)));
  // Labels that contradict their expected query: a question (one expected query on one database) where
  // every generated query equal to the expected one after normalization is labelled wrong. Such labels
  // were likely made against another expected query or another copy of the database, and no verdict
  // can agree with them; agreement is shown without those questions too.
  function labelsToCheck(list) {
    const questions = new Map();
    for (const c of list) {
      const key = S((c[TAGS] || {}).db_id) + '\u0000' + c[EXPECTED];
      if (!questions.has(key)) questions.set(key, []);
      questions.get(key).push(c);
    }
    const contradicted = [];
    let equivalentWrong = 0;
    for (const cs of questions.values()) {
      const equivalent = cs.filter(c => S(c[VERDICT]) === 'equivalent');
      const wrong = equivalent.filter(c => !c[LABEL]).length;
      equivalentWrong += wrong;
      if (wrong && wrong === equivalent.length) contradicted.push(cs);
    }
    if (!equivalentWrong) return null;
    const dropped = new Set(contradicted.flat());
    const box = el('div', { class: 'labels-to-check' }, el('h4', {}, 'labels to check'),
      el('p', {}, `${equivalentWrong} cases equal to their expected query after normalization are labelled wrong. ` +
        `In ${contradicted.length} of ${questions.size} questions (one expected query${list.some(c => (c[TAGS] || {}).db_id != null) ? ' on one db_id' : ''}) ` +
        'no such case is labelled right: those labels were likely made against another expected query or database, ' +
        'and no verdict can agree with them.'));
    box.append(el('table', { class: 'rates', 'data-by': 'label-check' }, el('thead', {}, agreementHead('')),
      el('tbody', {}, agreementRow('all questions', agreement(list)),
        agreementRow(`without those ${contradicted.length}`, agreement(list.filter(c => !dropped.has(c)))))));
    if (contradicted.length) {
      const body = el('tbody', {});
      const equivalentCount = cs => cs.filter(c => S(c[VERDICT]) === 'equivalent').length;
      contradicted.sort((a, b) => equivalentCount(b) - equivalentCount(a));
      for (const cs of contradicted.slice(0, 20)) {
        const expected = S(cs[0][EXPECTED]) || '';
        body.append(el('tr', {}, el('td', { class: 'query', title: expected }, expected.length > 120 ? expected.slice(0, 117) + '…' : expected),
          el('td', {}, S((cs[0][TAGS] || {}).db_id) ?? '–'), el('td', { class: 'num' }, String(cs.length)),
          el('td', { class: 'num' }, String(equivalentCount(cs))),
          el('td', { class: 'num' }, String(cs.filter(c => c[LABEL]).length))));
      }
      box.append(el('table', { class: 'contradicted' }, el('thead', {}, el('tr', {}, ...['expected query', 'db_id', 'cases',
        'equivalent, labelled wrong', 'labelled right (any verdict)'].map(h => el('th', {}, h)))), body));
    }
    return box;
  }
  const labelled = files.map(file => file.cases.filter(c => c[LABEL] != null));
  if (labelled.some(list => list.length)) {
    const section = document.querySelector('#agreement');
    files.forEach((file, f) => {
      const list = labelled[f];
      if (!list.length) return;
      const a = agreement(list);
      const block = el('div', { class: 'agreement', 'data-file': file.name }, el('h3', {}, file.name));
      // The confusion table: rows the label, columns the verdict of qdiff.
      block.append(el('table', { class: 'confusion' },
        el('thead', {}, el('tr', {}, el('th', {}, 'label \\ qdiff'), el('th', {}, 'pass'), el('th', {}, 'fail'))),
        el('tbody', {},
          el('tr', {}, el('th', {}, 'right'), el('td', { class: 'num', 'data-cell': 'tp' }, String(a.tp)),
             el('td', { class: 'num', 'data-cell': 'fn' }, String(a.fn))),
          el('tr', {}, el('th', {}, 'wrong'), el('td', { class: 'num', 'data-cell': 'fp' }, String(a.fp)),
             el('td', { class: 'num', 'data-cell': 'tn' }, String(a.tn))))));
      const overall = el('table', { class: 'rates' }, el('thead', {}, agreementHead('')), el('tbody', {}, agreementRow('all', a)));
      block.append(overall);
      // Breakdowns by every tag the cases carry (db_id, difficulty, ...), and by verdict.
      const tagNames = [...new Set(list.flatMap(c => Object.keys(c[TAGS] || {})))].sort();
      const breakdowns = tagNames.map(tag => [tag, c => S((c[TAGS] || {})[tag]) ?? '–']);
      breakdowns.push(['verdict', c => S(c[VERDICT]) ?? '–']);
      for (const [tag, key] of breakdowns) {
        const groups = new Map();
        for (const c of list) { const k = key(c); if (!groups.has(k)) groups.set(k, []); groups.get(k).push(c); }
        const body = el('tbody', {});
        for (const k of [...groups.keys()].sort()) body.append(agreementRow(k, agreement(groups.get(k))));
        block.append(el('table', { class: 'rates', 'data-by': tag }, el('thead', {}, agreementHead(tag)), body));
      }
      // The calibration plot: per bin of the total, the share of cases labelled right.
      const bins = Array.from({ length: BINS }, () => ({ n: 0, right: 0, sum: 0 }));
      for (const c of list) {
        const b = bins[Math.min(BINS - 1, Math.max(0, Math.floor(c[TOTAL] * BINS)))];
        b.n++; b.right += c[LABEL]; b.sum += c[TOTAL];
      }
      const size = 220, plot = svg('svg', { width: size + 40, height: size + 30, class: 'calibration' });
      const x = v => 30 + v * size, y = v => 5 + (1 - v) * size;
      plot.append(svg('line', { x1: x(0), y1: y(0), x2: x(1), y2: y(1), stroke: '#8c959f', 'stroke-dasharray': '4 3' }));
      plot.append(svg('rect', { x: x(0), y: y(1), width: size, height: size, fill: 'none', stroke: '#57606a' }));
      for (const b of bins) {
        if (!b.n) continue;
        const dot = svg('circle', { cx: x(b.sum / b.n), cy: y(b.right / b.n), r: 3 + Math.min(6, Math.log10(b.n) * 2),
                                    fill: '#0969da', 'data-count': b.n });
        dot.append(svg('title', {}, `mean total ${(b.sum / b.n).toFixed(2)}: ${b.n} cases, ${rate(b.right / b.n)} labelled right`));
        plot.append(dot);
      }
      plot.append(svg('text', { x: x(0.5), y: size + 28, 'text-anchor': 'middle', 'font-size': 10 }, 'total (predicted)'));
      plot.append(svg('text', { x: 10, y: y(0.5), 'font-size': 10, transform: `rotate(-90 10 ${y(0.5)})`, 'text-anchor': 'middle' }, 'labelled right'));
      block.append(el('figure', {}, el('figcaption', {}, 'calibration'), plot));
      const suspect = labelsToCheck(list);
      if (suspect) block.append(suspect);
      section.append(block);
    });
    section.hidden = false;
  }
  for (const file of files) {
    const counts = new Array(BINS).fill(0);
    for (const c of file.cases) counts[Math.min(BINS - 1, Math.max(0, Math.floor(c[TOTAL] * BINS)))]++;
    const top = Math.max(1, ...counts);
    const plot = svg('svg', { width: W, height: H + PAD, class: 'histogram', 'data-file': file.name });
    const bw = (W - 10) / BINS;
    counts.forEach((n, i) => {
      const h = (H - 16) * n / top;
      const bar = svg('rect', { x: 5 + i * bw + 1, y: H - h, width: bw - 2, height: h, fill: i === BINS - 1 ? '#2da44e' : '#54aeff', 'data-count': n });
      bar.append(svg('title', {}, `${(i / BINS).toFixed(1)}–${((i + 1) / BINS).toFixed(1)}: ${n} cases`));
      plot.append(bar);
      if (n) plot.append(svg('text', { x: 5 + i * bw + bw / 2, y: H - h - 3, 'text-anchor': 'middle', 'font-size': 10 }, String(n)));
      plot.append(svg('text', { x: 5 + i * bw, y: H + 14, 'font-size': 10, fill: '#57606a' }, (i / BINS).toFixed(1)));
    });
    plot.append(svg('line', { x1: 5, x2: W - 5, y1: H, y2: H, stroke: '#57606a' }));
    document.querySelector('#histograms').append(el('figure', {}, el('figcaption', {}, file.name), plot));
  }

  // ---- mean score per component ---------------------------------------------------------------------
  const compTable = document.querySelector('#components');
  compTable.tHead.append(el('tr', {}, el('th', {}, 'component'), ...files.map(f => el('th', {}, f.name))));
  data.components.forEach((name, ci) => {
    const cells = files.map(file => {
      const scores = [];
      for (const c of file.cases) for (const comp of c[COMPONENTS]) if (comp[0] === ci) scores.push(comp[1]);
      const m = mean(scores);
      return el('td', { class: 'num' }, m == null ? '–' : el('span', { class: 'bar', style: `width:${Math.round(80 * m)}px` }),
                m == null ? null : `${m.toFixed(3)} (${scores.length})`);
    });
    compTable.tBodies[0].append(el('tr', {}, el('td', {}, name), ...cells));
  });

  // ---- most frequent diagnostics --------------------------------------------------------------------
  const codeCounts = new Map();
  files.forEach((file, f) => {
    for (const c of file.cases) for (const code of new Set(c[DIAGS].map(d => S(d[0])))) {
      if (!codeCounts.has(code)) codeCounts.set(code, new Array(files.length).fill(0));
      codeCounts.get(code)[f]++;
    }
  });
  const topCodes = [...codeCounts.entries()].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y)).slice(0, 15);
  const diagTable = document.querySelector('#diagnostics');
  diagTable.tHead.append(el('tr', {}, el('th', {}, 'code'), ...files.map(f => el('th', {}, f.name + ' (cases)'))));
  for (const [code, counts] of topCodes)
    diagTable.tBodies[0].append(el('tr', {}, el('td', {}, code),
      ...counts.map((n, f) => el('td', { class: 'num' }, `${n} (${pct(n, files[f].cases.length)})`))));

  // ---- the case table: filters, sorting, pages ------------------------------------------------------
  const componentSelect = document.querySelector('#filter-component');
  for (const name of data.components) componentSelect.append(el('option', { value: name }, `${name} below 1`));
  const codeSelect = document.querySelector('#filter-code');
  for (const code of [...codeCounts.keys()].sort()) codeSelect.append(el('option', { value: code }, code));

  const state = { text: '', status: 'all', component: '', code: '', sort: 'order', descending: false, page: 0, shown: rows };
  const caseTable = document.querySelector('#cases');
  const sortKeys = [['order', 'line'], ['id', 'id'], ['question', 'question']];
  const headRow = el('tr', {});
  for (const [key, label] of sortKeys) headRow.append(el('th', { class: 'sortable', 'data-sort': key }, label));
  files.forEach((f, i) => headRow.append(el('th', { class: 'sortable num', 'data-sort': 'total' + i }, f.name + ' total')));
  caseTable.tHead.append(headRow);
  headRow.addEventListener('click', ev => {
    const key = ev.target.dataset.sort;
    if (!key) return;
    state.descending = state.sort === key ? !state.descending : false;
    state.sort = key;
    state.page = 0;
    apply();
  });

  function keep(row) {
    if (state.text && !row.search.includes(state.text)) return false;
    const present = row.cases.filter(c => c);
    if (state.status === 'fail' && !present.some(c => !c[PASS])) return false;
    if (state.status === 'pass' && !(present.length === files.length && present.every(c => c[PASS]))) return false;
    if (state.status === 'error' && !present.some(c => c[STATUS])) return false;
    if (state.status === 'disagree' && new Set(row.cases.map(c => (c ? c[PASS] : -1))).size < 2) return false;
    if (state.component && !row.lowComponents.has(state.component)) return false;
    if (state.code && !row.codes.has(state.code)) return false;
    return true;
  }

  function sortValue(row) {
    if (state.sort === 'id') return row.id;
    if (state.sort === 'question') { const c = row.cases.find(x => x); return S(c[QUESTION]) || ''; }
    if (state.sort.startsWith('total')) { const c = row.cases[+state.sort.slice(5)]; return c ? c[TOTAL] : -1; }
    return row.order;
  }

  function apply() {
    let shown = rows.filter(keep);
    if (state.sort !== 'order' || state.descending) {
      const keyed = shown.map(r => [sortValue(r), r]);
      keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1].order - b[1].order));
      if (state.descending) keyed.reverse();
      shown = keyed.map(k => k[1]);
    }
    state.shown = shown;
    renderPage();
  }

  function passCell(c) {
    if (!c) return el('td', { class: 'muted' }, '—');
    const cls = c[STATUS] ? 'error' : c[PASS] ? 'pass' : 'fail';
    return el('td', { class: 'num ' + cls }, `${c[TOTAL].toFixed(3)} ${c[STATUS] ? 'error' : c[PASS] ? 'pass' : 'fail'}`);
  }

  function renderPage() {
    const pages = Math.max(1, Math.ceil(state.shown.length / PAGE_SIZE));
    state.page = Math.min(state.page, pages - 1);
    const body = caseTable.tBodies[0];
    body.replaceChildren();
    for (const row of state.shown.slice(state.page * PAGE_SIZE, (state.page + 1) * PAGE_SIZE)) {
      const first = row.cases.find(c => c);
      const tr = el('tr', { 'data-id': row.id, onclick: () => showCase(row, tr) },
        el('td', { class: 'num' }, String(first[LINE])), el('td', {}, row.id),
        el('td', { class: 'question' }, S(first[QUESTION]) || S(first[EXPECTED]) || ''), ...row.cases.map(passCell));
      body.append(tr);
    }
    document.querySelector('#case-count').textContent = `${state.shown.length} of ${rows.length} cases`;
    document.querySelector('#page-info').textContent = `page ${state.page + 1} of ${pages}`;
    document.querySelector('#page-prev').disabled = state.page === 0;
    document.querySelector('#page-next').disabled = state.page >= pages - 1;
  }

  // ---- one case: both queries highlighted, the components, diagnostics and reasons ----------------
  function marks(c) {
    const expected = [], generated = [];
    for (const comp of c[COMPONENTS]) {
      const name = data.components[comp[0]];
      for (const s of comp[4]) {
        expected.push({ begin: s[0], end: s[1], kind: 'matched', component: name, title: `${name}: matched` });
        generated.push({ begin: s[2], end: s[3], kind: 'matched', component: name, title: `${name}: matched` });
      }
      for (const [e, g, sim, s] of comp[5]) {
        if (!s) continue;
        const title = `${name}: ${S(e)} → ${S(g)} (similarity ${sim.toFixed(3)})`;
        expected.push({ begin: s[0], end: s[1], kind: 'changed', component: name, title });
        generated.push({ begin: s[2], end: s[3], kind: 'changed', component: name, title });
      }
      for (const [t, s] of comp[6]) if (s) expected.push({ begin: s[0], end: s[1], kind: 'missing', component: name, title: `${name}: missing ${S(t)}` });
      for (const [t, s] of comp[7]) if (s) generated.push({ begin: s[0], end: s[1], kind: 'extra', component: name, title: `${name}: invented ${S(t)}` });
    }
    return { expected, generated };
  }

  function atomList(label, items) {
    if (!items.length) return null;
    return el('div', {}, el('h4', {}, label), el('ul', {}, ...items.map(t => el('li', {}, t))));
  }

  function caseBlock(file, c) {
    const m = marks(c);
    const status = c[STATUS] ? 'error' : c[PASS] ? 'pass' : 'fail';
    const block = el('div', { class: 'model', 'data-file': file.name },
      el('h3', {}, `${file.name}: `, el('span', { class: status }, status), ` — total ${fmt(c[TOTAL])}, structural ${fmt(c[STRUCT])}, ` +
        `results match ${fmt(c[RESULTS])}, confidence ${c[CONF] == null ? '–' : c[CONF]} (${S(c[LANGUAGE])}, line ${c[LINE]})`),
      QdiffHighlight.legend(),
      el('div', { class: 'sides' },
        el('div', { class: 'side expected' }, el('h4', {}, 'expected'), QdiffHighlight.render(S(c[EXPECTED]), m.expected)),
        el('div', { class: 'side generated' }, el('h4', {}, 'generated'), QdiffHighlight.render(S(c[GENERATED]), m.generated))));
    if (c[REASONS].length) block.append(el('h4', {}, 'reasons'), el('ul', { class: 'reasons' }, ...c[REASONS].map(r => el('li', {}, S(r)))));
    // An execution profile weighs features, not components: its column is each component's log-odds contribution.
    const logOdds = c[COMPONENTS].some(comp => comp[2] == null && comp[8] != null);
    const table = el('table', { class: 'breakdown' }, el('thead', {}, el('tr', {}, ...['component', 'score', logOdds ? 'log-odds' : 'weight', 'matched', 'changed', 'missing', 'invented'].map(h => el('th', {}, h)))));
    const tbody = el('tbody');
    for (const comp of c[COMPONENTS]) {
      const list = items => (items.length ? el('ul', {}, ...items.map(t => el('li', {}, t))) : '');
      tbody.append(el('tr', { 'data-component': data.components[comp[0]] }, el('td', {}, data.components[comp[0]] + (comp[3] ? ' (absent on both sides)' : '')),
        el('td', { class: 'num' }, fmt(comp[1])), el('td', { class: 'num' }, fmt(logOdds ? comp[8] : comp[2])), el('td', { class: 'num' }, String(comp[4].length)),
        el('td', {}, list(comp[5].map(([e, g, sim]) => `${S(e)} → ${S(g)} (${sim.toFixed(3)})`))),
        el('td', {}, list(comp[6].map(([t]) => S(t)))), el('td', {}, list(comp[7].map(([t]) => S(t))))));
    }
    table.append(tbody);
    block.append(el('h4', {}, 'components'), table);
    if (c[DIAGS].length)
      block.append(el('h4', {}, 'diagnostics'), el('ul', { class: 'diagnostics' }, ...c[DIAGS].map(d =>
        el('li', {}, el('span', { class: 'sev-' + S(d[1]) }, S(d[1])), ` ${S(d[5])} ${d[3]}:${d[4]} ${S(d[2])} [${S(d[0])}]`))));
    return block;
  }

  function showCase(row, tr) {
    for (const r of caseTable.querySelectorAll('tr.selected')) r.classList.remove('selected');
    tr.classList.add('selected');
    const first = row.cases.find(c => c);
    const detail = document.querySelector('#detail');
    detail.replaceChildren(el('h3', {}, `case ${row.id}`), S(first[QUESTION]) ? el('p', { class: 'question' }, S(first[QUESTION])) : null);
    files.forEach((file, f) => { if (row.cases[f]) detail.append(caseBlock(file, row.cases[f])); });
    detail.scrollIntoView({ block: 'start' });
  }

  const onFilter = () => {
    state.text = document.querySelector('#filter-text').value.trim().toLowerCase();
    state.status = document.querySelector('#filter-status').value;
    state.component = componentSelect.value;
    state.code = codeSelect.value;
    state.page = 0;
    apply();
  };
  for (const id of ['#filter-status', '#filter-component', '#filter-code']) document.querySelector(id).addEventListener('change', onFilter);
  document.querySelector('#filter-text').addEventListener('input', onFilter);
  document.querySelector('#page-prev').addEventListener('click', () => { state.page--; renderPage(); });
  document.querySelector('#page-next').addEventListener('click', () => { state.page++; renderPage(); });

  apply();
  document.querySelector('#loading').remove();
  for (const id of ['#overview', '#plots', '#case-section']) document.querySelector(id).hidden = false;
  document.body.dataset.ready = 'true';
  document.body.dataset.loadMs = String(Math.round(performance.now() - started));
})().catch(error => {
  document.body.dataset.error = String(error);
  const p = document.querySelector('#loading');
  if (p) p.textContent = 'This report could not be shown: ' + error;
});
