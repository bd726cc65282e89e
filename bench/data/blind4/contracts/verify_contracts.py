"""Checks the blind4 contract set: every cited (law, article) exists in force, every risk/look-alike quote and
clause label occurs verbatim in its contract file. Reuses the article loader of bench/data/blind/verify.py.
Run: .venv/bin/python bench/data/blind4/contracts/verify_contracts.py"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'blind'))
from verify import load_articles
def main():
    arts = load_articles(); errs = []
    g = json.load(open(os.path.join(HERE, 'gold.json'), encoding='utf-8'))
    nr = nl = 0
    for c in g['contracts']:
        fp = os.path.join(HERE, c['file'])
        if not os.path.exists(fp): errs.append('missing ' + c['file']); continue
        text = open(fp, encoding='utf-8').read()
        if c['half'] != 'hidden' or not c['file'].startswith('hidden/'): errs.append(c['file'] + ' half mismatch')
        if not 2500 <= len(text) <= 5000: errs.append('%s length %d' % (c['file'], len(text)))
        for r in c['risks']:
            nr += 1
            if r['quote'] not in text: errs.append('%s %s quote not found: %s' % (c['file'], r['id'], r['quote'][:40]))
            if r['clause'] not in text: errs.append('%s %s clause not found: %s' % (c['file'], r['id'], r['clause']))
            if not 1 <= len(r['basis']) <= 3: errs.append('%s %s basis count' % (c['file'], r['id']))
            for b in r['basis']:
                if (b['law'], b['article']) not in arts: errs.append('%s %s not in force: %s 第%s条' % (c['file'], r['id'], b['law'], b['article']))
        for l in c['lookalikes']:
            nl += 1
            if l['quote'] not in text: errs.append('%s look-alike quote not found: %s' % (c['file'], l['quote'][:40]))
        print('%s: %d chars, %d risks (%d other side), %d look-alikes' % (c['file'], len(text), len(c['risks']),
              sum(1 for r in c['risks'] if r.get('for_side') == 'other'), len(c['lookalikes'])))
    print('gold.json: %d contracts, %d risks, %d look-alikes checked' % (len(g['contracts']), nr, nl))
    for e in errs: print('ERROR', e)
    print('OK' if not errs else '%d errors' % len(errs))
    return 1 if errs else 0
if __name__ == '__main__':
    sys.exit(main())
