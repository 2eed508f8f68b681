// The page of `qdiff serve`: sends the queries to POST /api/analyze as the person types (debounced,
// stale answers dropped) and shows diagnostics with fix-its, the diff, tokens, parse tree and AST.
'use strict';
(() => {
  const $ = s => document.querySelector(s);
  const el = (tag, attrs, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children) if (c != null) e.append(c);
    return e;
  };
  const fmt = v => (v == null ? '–' : Number(v).toFixed(3));
  let sent = 0, shown = 0, timer = null;

  fetch('/api/options').then(r => r.json()).then(o => {
    for (const d of o.dialects) $('#dialect').append(el('option', { value: d }, d));
    // The languages come from the server's table (languages.def); 'auto' is in the page already.
    for (const l of o.languages.filter(l => l !== 'auto')) $('#lang').append(el('option', { value: l }, l));
  });

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(analyze, 200);
  }

  async function analyze() {
    const query = $('#query').value;
    if (!query.trim()) { $('#status').textContent = 'type a query'; return; }
    const id = ++sent;
    const started = performance.now();
    $('#status').textContent = 'analyzing…';
    const body = { query, lang: $('#lang').value, dialect: $('#dialect').value || 'generic', expected: $('#expected').value };
    let answer;
    try {
      const response = await fetch('/api/analyze', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      answer = await response.json();
      if (!response.ok) throw new Error(answer.error || response.statusText);
    } catch (error) {
      if (id === sent) $('#status').textContent = 'error: ' + error.message;
      return;
    }
    if (id < shown) return;  // an older request answered late
    shown = id;
    show(query, answer);
    $('#status').textContent = `updated in ${Math.round(performance.now() - started)} ms`;
    document.body.dataset.updates = String(+(document.body.dataset.updates || 0) + 1);
  }

  function show(query, a) {
    const g = a.generated;
    $('#verdict').textContent = `${g.language}: ${g.valid ? 'valid' : 'invalid'}, confidence ${g.confidence}`;
    const marks = g.diagnostics.map(d => ({ begin: d.offset, end: d.offset + Math.max(1, d.length), kind: d.severity === 'error' ? 'error' : 'warning', title: d.message }));
    $('#highlighted').replaceChildren(QdiffHighlight.render(query, marks));
    $('#diagnostics').replaceChildren(...g.diagnostics.map(d => el('li', { class: 'diagnostic', 'data-code': d.code },
      el('span', { class: 'sev-' + d.severity }, d.severity), ` ${d.line}:${d.column} ${d.message} [${d.code}]`,
      ...(d.notes || []).map(n => el('div', { class: 'muted' }, 'note: ' + n.message)),
      ...(d.fixits || []).map(f => el('div', { class: 'fixit' }, `fix-it: replace '${new TextDecoder().decode(new TextEncoder().encode(query).subarray(f.offset, f.offset + f.length))}' with '${f.replacement}'`)))));

    $('#token-count').textContent = g.token_count > g.tokens.length ? `(first ${g.tokens.length} of ${g.token_count})` : `(${g.token_count})`;
    $('#tokens tbody').replaceChildren(...g.tokens.map((t, i) => el('tr', t.hidden ? { class: 'hidden' } : {},
      el('td', {}, String(i)), el('td', {}, t.type), el('td', {}, t.text), el('td', {}, String(t.offset)))));
    $('#tree').textContent = g.tree + (g.tree_bytes > g.tree.length ? `\n… (${g.tree_bytes} bytes in all)` : '');
    $('#ast').textContent = g.ast ? JSON.stringify(g.ast, null, 1) : g.ast_bytes > 4 ? `(an AST of ${g.ast_bytes} bytes: not shown)` : '(no AST: the query does not parse)';
    showDiff(query, a);
  }

  const noted = x => (x.note ? `${x.text} (${x.note})` : x.text);

  function showDiff(query, a) {
    const d = a.diff;
    $('#diff-section').hidden = !d;
    if (!d) return;
    $('#score').textContent = d.ok ? `score ${fmt(d.score)} (profile ${d.profile})` : `score 0: ${d.reasons.join('; ')}`;
    const expected = [], generated = [];
    const rows = [];
    for (const [name, c] of Object.entries(d.components || {})) {
      const at = (list, kind, x) => list.push({ begin: x.span[0], end: x.span[1], kind, component: name, title: `${name}: ${kind} ${x.text}` });
      for (const p of c.matched) { at(expected, 'matched', p.expected); at(generated, 'matched', p.generated); }
      for (const p of c.changed) { at(expected, 'changed', p.expected); at(generated, 'changed', p.generated); }
      for (const x of c.missing) at(expected, 'missing', x);
      for (const x of c.extra) at(generated, 'extra', x);
      const list = items => (items.length ? el('ul', {}, ...items.map(t => el('li', {}, t))) : '');
      rows.push(el('tr', { 'data-component': name }, el('td', {}, name + (c.absent ? ' (absent)' : '')), el('td', { class: 'num' }, fmt(c.score)),
        // An execution profile weighs features: its components show their log-odds contribution.
        el('td', { class: 'num' }, c.weight == null && c.contribution != null ? `log-odds ${fmt(c.contribution)}` : fmt(c.weight)),
        el('td', { class: 'num' }, String(c.matched.length)),
        // Two atoms shown alike carry a note saying what differs (`under AND` → `under OR`).
        el('td', {}, list(c.changed.map(p => `${noted(p.expected)} → ${noted(p.generated)} (${fmt(p.similarity)})`))),
        el('td', {}, list(c.missing.map(x => x.text))), el('td', {}, list(c.extra.map(x => x.text)))));
    }
    $('#diff-legend').replaceChildren(QdiffHighlight.legend());
    $('#diff-expected').replaceChildren(QdiffHighlight.render($('#expected').value, expected));
    $('#diff-generated').replaceChildren(QdiffHighlight.render(query, generated));
    $('#diff-components tbody').replaceChildren(...rows);
  }

  for (const id of ['#query', '#expected']) $(id).addEventListener('input', schedule);
  for (const id of ['#lang', '#dialect']) $(id).addEventListener('change', schedule);
})();
