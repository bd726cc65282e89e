"""Builds answers.jsonl from the question sources q_*.py (compact notation, law aliases in aliases.py)."""
import json, os, sys, glob, importlib.util
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aliases import A
QS = []
def refs(s):
    out = []
    for grp in (s or '').split('|'):
        grp = grp.strip()
        if not grp: continue
        law, arts = grp.split(':')
        for a in arts.split(','):
            out.append({"law": A.get(law.strip(), law.strip()), "article": int(a)})
    return out
def P(text, qtype, ctrl, also='', pol=None, fig=None, dl=None, c=''):
    return {"text": text, "qtype": qtype, "controlling": refs(ctrl), "also_ok": refs(also),
            "polarity": pol, "figure": fig, "deadline": dl, "conclusion": c}
def Q(domain, style, question, *parts):
    QS.append({"domain": domain, "style": style, "question": question, "parts": list(parts)})
if __name__ == '__main__':
    here = os.path.dirname(os.path.abspath(__file__))
    for f in sorted(glob.glob(os.path.join(here, 'q_*.py'))):
        src = open(f, encoding='utf-8').read()
        exec(compile(src, f, 'exec'), {'P': P, 'Q': Q})
    with open(os.path.join(here, 'answers.jsonl'), 'w', encoding='utf-8') as fh:
        for i, q in enumerate(QS, 1):
            fh.write(json.dumps({"id": f"b2-{i:03d}", **q}, ensure_ascii=False) + "\n")
    print(len(QS), 'questions written')
