"""Builds gold.json for the blind3 hidden contract set from g_*.py (K(...) calls).
Law aliases are read from bench/data/blind/build_answers.py (the part before `def R(`).
Run from the repository root: .venv/bin/python bench/data/blind3/contracts/build_gold.py"""
import json, os, glob
HERE = os.path.dirname(os.path.abspath(__file__))
ALIASES = os.path.join(HERE, '..', '..', 'blind', 'build_answers.py')
_ns = {}
exec(open(ALIASES, encoding='utf-8').read().split('def R(')[0], _ns)
A = _ns['A']
def B(*refs):
    out = []
    for s in refs:
        law, n = s.rsplit(':', 1)
        out.append({'law': A.get(law, law), 'article': int(n)})
    return out
CONTRACTS = []
def K(file, ctype, side, risks, lookalikes):
    half = file.split('/')[0]
    stem = os.path.splitext(os.path.basename(file))[0]
    rs = []
    for i, r in enumerate(risks, 1):
        clause, quote, kind, desc, basis, sev, fix = r[:7]
        d = dict(id='%s-r%d' % (stem, i), clause=clause, quote=quote, kind=kind,
                 description=desc, basis=B(*basis), severity=sev, fix=fix)
        if len(r) > 7:
            d['for_side'] = r[7]
        rs.append(d)
    ls = [dict(clause=c, quote=q, why=w) for c, q, w in lookalikes]
    CONTRACTS.append(dict(file=file, half=half, contract_type=ctype, side=side, risks=rs, lookalikes=ls))
if __name__ == '__main__':
    for f in sorted(glob.glob(os.path.join(HERE, 'g_*.py'))):
        exec(compile(open(f, encoding='utf-8').read(), f, 'exec'), dict(K=K))
    json.dump({'contracts': CONTRACTS}, open(os.path.join(HERE, 'gold.json'), 'w', encoding='utf-8'),
              ensure_ascii=False, indent=1)
    print(len(CONTRACTS), 'contracts', sum(len(c['risks']) for c in CONTRACTS), 'risks',
          sum(len(c['lookalikes']) for c in CONTRACTS), 'look-alikes')
