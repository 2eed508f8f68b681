#!/usr/bin/python3
"""Compare the scratch driver's verdicts with Kusto.Language's on the KQL corpus.

usage: tests/kql_grammar/compare.py DRIVER [--show N]
Reads /work/shared/corpus/kql (or $QDIFF_KQL_CORPUS); reference verdicts are computed with
kusto_verdicts.js and cached in .cache/ref/. Management commands (first token `.` + word, as
detected by the driver) are skipped and counted."""
import json, os, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
corpus = os.environ.get('QDIFF_KQL_CORPUS', '/work/shared/corpus/kql')
files = ['docs/blocks.jsonl', 'nl2kql/Defender_Evaluation.jsonl', 'nl2kql/Sentinel_Evaluation.jsonl',
         'm365-defender/queries.jsonl']
driver = sys.argv[1]
show = int(sys.argv[sys.argv.index('--show') + 1]) if '--show' in sys.argv else 1000

def run(cmd, inp):
    return subprocess.run(cmd, input=inp, capture_output=True, text=True, check=True).stdout

for f in files:
    path = os.path.join(corpus, f)
    if not os.path.exists(path):
        print(f'{f}: corpus file absent, skipped'); continue
    text = open(path, encoding='utf-8').read()
    lines = [l for l in text.split('\n') if l.strip()]
    ref_path = os.path.join(root, '.cache/ref', f.replace('.jsonl', '.verdicts.jsonl'))
    if not os.path.exists(ref_path) or os.path.getmtime(ref_path) < os.path.getmtime(path):
        os.makedirs(os.path.dirname(ref_path), exist_ok=True)
        open(ref_path, 'w').write(run(['node', os.path.join(root, 'tests/kql_grammar/kusto_verdicts.js')], text))
    ref = [json.loads(l) for l in open(ref_path)]
    ours = [json.loads(l) for l in run([driver, 'check'], text).split('\n') if l.strip()]
    assert len(ref) == len(ours) == len(lines), (len(ref), len(ours), len(lines))
    n = cmd = agree = 0; fa = fr = 0; kus_ok = our_ok = 0; cmd_mismatch = []
    dis = []
    for i, (r, o) in enumerate(zip(ref, ours)):
        if o['command']:
            cmd += 1
            if not r['command']: cmd_mismatch.append(i)
            continue
        n += 1; kus_ok += r['ok']; our_ok += o['ok']
        if r['ok'] == o['ok']: agree += 1
        else:
            dis.append((i, r, o))
            if o['ok']: fa += 1
            else: fr += 1
    print(f'== {f}: {len(lines)} blocks, {cmd} management commands skipped, {n} queries; '
          f'Kusto accepts {kus_ok}, we accept {our_ok}; agreement {agree}/{n} = {100.0*agree/max(n,1):.2f}% '
          f'(we accept/Kusto rejects: {fa}, we reject/Kusto accepts: {fr})')
    if cmd_mismatch: print(f'   command detected but Kusto parsed as query: {cmd_mismatch}')
    for i, r, o in dis[:show]:
        q = json.loads(lines[i]); q = q.get('code') or q.get('baseline')
        if o['ok']:
            e = r['errors'][0]; pos = e['start']
            print(f'-- [{i}] WE ACCEPT, Kusto: {e["message"]} @{pos}: {q[max(0,pos-50):pos]!r} >>> {q[pos:pos+30]!r}')
        else:
            e = o['error']; pos = e['offset']
            print(f'-- [{i}] WE REJECT {e["line"]}:{e["column"]} {e["message"][:100]}: {q[max(0,pos-60):pos]!r} >>> {q[pos:pos+30]!r}')
