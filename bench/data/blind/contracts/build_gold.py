"""Builds gold.json for a blind contract set from its K(...) files (g_*.py here; another folder and pattern may
be given). Run: .venv/bin/python bench/data/blind/contracts/build_gold.py [FOLDER PATTERN]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
A = {}
exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'build_answers.py'), encoding='utf-8').read().split('def R(')[0])
def B(*refs):
    out = []
    for s in refs:
        law, n = s.rsplit(':', 1); out.append({'law': A.get(law, law), 'article': int(n)})
    return out
CONTRACTS = []
def K(file, ctype, side, risks, lookalikes):
    half = file.split('/')[0]
    rs = []
    for i, r in enumerate(risks, 1):
        clause, quote, kind, desc, basis, sev, fix = r[:7]
        d = dict(id='%s-r%d' % (os.path.splitext(os.path.basename(file))[0], i), clause=clause, quote=quote, kind=kind,
                 description=desc, basis=B(*basis), severity=sev, fix=fix)
        if len(r) > 7: d['for_side'] = r[7]
        rs.append(d)
    ls = [dict(clause=c, quote=q, why=w) for c, q, w in lookalikes]
    CONTRACTS.append(dict(file=file, half=half, contract_type=ctype, side=side, risks=rs, lookalikes=ls))
def build(here, pattern='g_*.py'):
    import glob
    for f in sorted(glob.glob(os.path.join(here, pattern))):
        exec(compile(open(f, encoding='utf-8').read(), f, 'exec'), dict(K=K))
    json.dump({'contracts': CONTRACTS}, open(os.path.join(here, 'gold.json'), 'w', encoding='utf-8'), ensure_ascii=False, indent=1)
    print(len(CONTRACTS), 'contracts', sum(len(c['risks']) for c in CONTRACTS), 'risks')
if __name__ == '__main__':
    if len(sys.argv) > 2:
        build(os.path.abspath(sys.argv[1]), sys.argv[2])
    else:
        build(os.path.dirname(os.path.abspath(__file__)))
