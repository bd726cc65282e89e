"""Builds answers.jsonl from the q_*.py chunk files of the blind3 set.
Law aliases are reused from bench/data/blind/build_answers.py.
Run: .venv/bin/python bench/data/blind3/build.py"""
import json, glob, os, re, importlib.util
HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('_blind_build', os.path.join(HERE, '..', 'blind', 'build_answers.py'))
_b = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(_b)
A = dict(_b.A)
def R(s):
    law, n = s.split(':'); return {'law': A.get(law, law), 'article': int(n)}
QS = []
def P(qtype, ctrl, concl, also=(), pol=None, fig=None, dl=None, text=None):
    return dict(text=text, qtype=qtype, controlling=[R(x) for x in ctrl], also_ok=[R(x) for x in also],
                polarity=pol, figure=fig, deadline=dl, conclusion=concl)
def Q(domain, style, question, *parts):
    parts = list(parts)
    for p in parts:
        if p['text'] is None:
            assert len(parts) == 1, question
            p['text'] = question
    if len(parts) > 1: style = 'multi_part'
    QS.append(dict(question=question, domain=domain, style=style, parts=parts))
C, F, M = 'colloquial', 'fact_pattern', 'multi_part'
def chunks():
    fs = glob.glob(os.path.join(HERE, 'q_*.py'))
    return sorted(fs, key=lambda f: int(re.search(r'q_(\d+)\.py$', f).group(1)))
if __name__ == '__main__':
    for f in chunks():
        exec(compile(open(f, encoding='utf-8').read(), f, 'exec'), dict(Q=Q, P=P, C=C, F=F, M=M))
    with open(os.path.join(HERE, 'answers.jsonl'), 'w', encoding='utf-8') as fo:
        for i, q in enumerate(QS, 1):
            q = dict(id='q-%03d' % i, **q)
            fo.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(len(QS), 'questions')
