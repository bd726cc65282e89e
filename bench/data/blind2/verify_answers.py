"""Checks answers.jsonl: schema, and that every cited (law, article) exists in force
(laws.db rows with status 现行有效, or a law stored in one non-repealed version only; else the
judicial/administrative corpus with status 现行有效). Standard library only."""
import json, os, sys, collections
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lk import get
DOMAINS = set("marriage_family labor traffic_accident debt criminal contract real_estate tort company medical demolition administrative construction intellectual_property personal_injury foreign maritime consumer security_interest general".split())
QT = {"yes_no", "valid", "how_much", "by_when", "which", "forum", "what_to_do"}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'answers.jsonl')
errs = []; n = 0; cites = 0; ids = set()
cnt = {k: collections.Counter() for k in ('domain', 'style', 'qtype')}
for ln, line in enumerate(open(path, encoding='utf-8'), 1):
    q = json.loads(line); n += 1
    if q['id'] in ids: errs.append(f"{q['id']}: duplicate id")
    ids.add(q['id'])
    if q['domain'] not in DOMAINS: errs.append(f"{q['id']}: domain {q['domain']}")
    if q['style'] not in ('colloquial', 'fact_pattern', 'multi_part'): errs.append(f"{q['id']}: style")
    if q['style'] == 'multi_part' and len(q['parts']) < 2: errs.append(f"{q['id']}: multi_part with one part")
    if not q['parts']: errs.append(f"{q['id']}: no parts")
    cnt['domain'][q['domain']] += 1; cnt['style'][q['style']] += 1
    for p in q['parts']:
        cnt['qtype'][p['qtype']] += 1
        if p['qtype'] not in QT: errs.append(f"{q['id']}: qtype {p['qtype']}")
        if not 1 <= len(p['controlling']) <= 3: errs.append(f"{q['id']}: {len(p['controlling'])} controlling")
        if p['qtype'] in ('yes_no', 'valid') and p['polarity'] not in ('positive', 'negative'): errs.append(f"{q['id']}: polarity missing")
        if p['qtype'] not in ('yes_no', 'valid') and p['polarity'] is not None: errs.append(f"{q['id']}: polarity on {p['qtype']}")
        if p['qtype'] == 'by_when' and not p['deadline']: errs.append(f"{q['id']}: deadline missing")
        if not p['conclusion']: errs.append(f"{q['id']}: conclusion missing")
        for r in p['controlling'] + p['also_ok']:
            cites += 1
            if not get(r['law'], r['article']):
                errs.append(f"{q['id']}: not in force / not found: {r['law']} 第{r['article']}条")
for e in errs: print('ERROR', e)
print(f"{n} questions, {sum(cnt['qtype'].values())} parts, {cites} citations checked, {len(errs)} errors")
for k, c in cnt.items(): print(k, dict(sorted(c.items(), key=lambda x: -x[1])))
sys.exit(1 if errs else 0)
