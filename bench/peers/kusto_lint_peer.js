#!/usr/bin/env node
// Kusto.Language's semantic analysis as the reference for our unknown-table/unknown-column
// diagnostics: builds a GlobalState holding one database per NL2KQL schema, runs ParseAndAnalyze on
// every case, and compares the names it reports unknown (KS204: unknown table, KS142: unknown
// column/name) with ours.
//
// Usage: node kusto_lint_peer.js CASES.jsonl NL2KQL_DIR [--pkg DIR]
//   CASES.jsonl: {"set","origin","kind","query","ours":[names]} per line (written by the test
//   "KQL mutations of the NL2KQL gold..." with QDIFF_KUSTO_PEER_OUT set).
//   Prints the agreement rate, overall and per kind, and every disagreement.
'use strict';
const fs = require('fs'), vm = require('vm'), path = require('path');

const args = process.argv.slice(2);
let pkg = process.env.KUSTO_LANGUAGE_PKG ||
  path.resolve(__dirname, '../../.cache/node/node_modules/@kusto/language-service-next');
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--pkg') pkg = args[++i];
  else positional.push(args[i]);
}
if (positional.length !== 2) { process.stderr.write('usage: kusto_lint_peer.js CASES.jsonl NL2KQL_DIR [--pkg DIR]\n'); process.exit(2); }
const [casesPath, nl2kqlDir] = positional;

for (const f of ['bridge.min.js', 'Kusto.Language.Bridge.min.js'])
  vm.runInThisContext(fs.readFileSync(path.join(pkg, f), 'utf8'), { filename: f });
const K = global.Kusto.Language, S = K.Symbols;

// NL2KQL schemas name CLR types.
const kustoType = {
  'System.String': 'string', 'System.Int64': 'long', 'System.Int32': 'int', 'System.Double': 'real', 'Double': 'real',
  'System.DateTime': 'datetime', 'System.Object': 'dynamic', 'System.SByte': 'bool', 'Boolean': 'bool',
  'System.Boolean': 'bool', 'System.TimeSpan': 'timespan', 'System.Guid': 'guid',
};
const quote = name => "['" + name.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "']";

function globalsFor(set) {
  const db = JSON.parse(fs.readFileSync(path.join(nl2kqlDir, `${set}_Schema.json`), 'utf8'))[0];
  const tables = db.Tables.map(t => new S.TableSymbol.$ctor7(t.Table,
    '(' + t.Columns.map(c => `${quote(c.Name)}:${kustoType[c.Type] || 'dynamic'}`).join(', ') + ')', null));
  return K.GlobalState.Default.WithDatabase(new S.DatabaseSymbol.$ctor1(db.Database || 'DB', tables));
}

// The names Kusto.Language reports unknown, by the text they cover.
function unknownNames(text, globals) {
  const ds = K.KustoCode.ParseAndAnalyze(text, globals).GetDiagnostics();
  const names = new Set();
  for (let i = 0; i < ds.Count; i++) {
    const d = ds.getItem(i);
    if (String(d.Severity) === 'Error' && (d.Code === 'KS142' || d.Code === 'KS204'))
      names.add(text.substr(d.Start, d.Length).replace(/^\['(.*)'\]$/, '$1'));
  }
  return [...names].sort();
}

const globals = {};
const byKind = {};
const disagreements = [];
for (const line of fs.readFileSync(casesPath, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const c = JSON.parse(line);
  globals[c.set] = globals[c.set] || globalsFor(c.set);
  const theirs = unknownNames(c.query, globals[c.set]);
  const ours = [...c.ours].sort();
  const agree = JSON.stringify(theirs) === JSON.stringify(ours);
  const k = byKind[c.kind] = byKind[c.kind] || { agree: 0, total: 0 };
  k.total++;
  if (agree) k.agree++;
  else disagreements.push(`${c.origin} ${c.kind}: ours [${ours.join(', ')}] kusto [${theirs.join(', ')}]`);
}
let agree = 0, total = 0;
for (const [kind, k] of Object.entries(byKind)) {
  agree += k.agree; total += k.total;
  console.log(`${kind}: ${k.agree} / ${k.total} agree (${(100 * k.agree / k.total).toFixed(1)}%)`);
}
console.log(`agreement with Kusto.Language on unknown tables/columns: ${agree} / ${total} (${(100 * agree / total).toFixed(2)}%)`);
for (const d of disagreements) console.log('  disagree: ' + d);
