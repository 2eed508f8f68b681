#!/usr/bin/env node
// Reference verdicts from Microsoft's Kusto.Language (the official KQL parser, compiled to JS).
//
// Usage: node kusto_verdicts.js [--field NAME[,NAME...]] [--bench N] [--pkg DIR] < queries.jsonl > verdicts.jsonl
//   Input: one JSON value per line: a string (the query) or an object whose query is in the first
//   present field of --field (default: code,baseline,query).
//   Output: one line per input line:
//     {"index":i,"ok":bool,"command":bool,"errors":[{"code","message","start","length"}]}
//   ok = Kusto.Language.KustoCode.Parse(text).GetDiagnostics() holds no diagnostic of Error severity.
//   command = the parser saw a management command (text starting with '.').
//   --bench N: parse every query N more times after the first pass and report the warm mean
//   microseconds per query on stderr.
// The package comes from `npm install @kusto/language-service-next` into a folder outside git;
// default: <repo>/.cache/node/node_modules/@kusto/language-service-next, or $KUSTO_LANGUAGE_PKG.
'use strict';
const fs = require('fs'), vm = require('vm'), path = require('path');

const args = process.argv.slice(2);
let fields = ['code', 'baseline', 'query'], bench = 0;
let pkg = process.env.KUSTO_LANGUAGE_PKG ||
  path.resolve(__dirname, '../../.cache/node/node_modules/@kusto/language-service-next');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--field') fields = args[++i].split(',');
  else if (args[i] === '--bench') bench = parseInt(args[++i], 10);
  else if (args[i] === '--pkg') pkg = args[++i];
  else { process.stderr.write(`unknown argument ${args[i]}\n`); process.exit(2); }
}

// The package is a Bridge.NET build: bridge.min.js defines the runtime (global Bridge, System),
// Kusto.Language.Bridge.min.js defines global Kusto. Both expect to run as plain scripts in the
// global scope, so evaluate them with vm.runInThisContext rather than require().
for (const f of ['bridge.min.js', 'Kusto.Language.Bridge.min.js'])
  vm.runInThisContext(fs.readFileSync(path.join(pkg, f), 'utf8'), { filename: f });
const K = global.Kusto.Language;

function queryOf(line) {
  const v = JSON.parse(line);
  if (typeof v === 'string') return v;
  for (const f of fields) if (typeof v[f] === 'string') return v[f];
  return null;
}

function verdict(text) {
  const code = K.KustoCode.Parse(text);
  const ds = code.GetDiagnostics();
  const errors = [];
  for (let i = 0; i < ds.Count; i++) {
    const d = ds.getItem(i);
    if (String(d.Severity) === 'Error')
      errors.push({ code: d.Code, message: d.Message, start: d.Start, length: d.Length });
  }
  return { ok: errors.length === 0, command: String(code.Kind) === 'Command', errors };
}

const lines = fs.readFileSync(0, 'utf8').split('\n').filter(l => l.trim() !== '');
const texts = lines.map(queryOf);
const out = [];
texts.forEach((t, i) => {
  if (t === null) { out.push(JSON.stringify({ index: i, ok: false, command: false, errors: [{ code: 'NOQUERY', message: 'no query field', start: 0, length: 0 }] })); return; }
  out.push(JSON.stringify(Object.assign({ index: i }, verdict(t))));
});
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));

if (bench > 0) {
  const qs = texts.filter(t => t !== null);
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < bench; r++)
    for (const t of qs) K.KustoCode.Parse(t).GetDiagnostics();
  const us = Number(process.hrtime.bigint() - t0) / 1e3 / (bench * qs.length);
  process.stderr.write(`kusto.language warm: ${us.toFixed(1)} us/query (${qs.length} queries x ${bench})\n`);
}
