"""Builds bench/data/blind7/answers.jsonl from its q_*.py chunks with the blind set's builder (its format and law
aliases), then drops what the set's checker refuses without reading the questions: a polarity on a part that is not
yes/no or valid, a figure on a part that is not how-much, a deadline on a part that is not by-when.
Run: .venv/bin/python bench/data/blind7/build_answers.py"""
import importlib.util, json, os
HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('_blind_build', os.path.join(HERE, '..', 'blind', 'build_answers.py'))
_b = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(_b)


def _normalise(path):
    rows, dropped = [], 0
    for line in open(path, encoding='utf-8'):
        q = json.loads(line)
        for p in q['parts']:
            for key, types in (('polarity', ('yes_no', 'valid')), ('figure', ('how_much',)), ('deadline', ('by_when',))):
                if p.get(key) is not None and p['qtype'] not in types:
                    p[key] = None; dropped += 1
        rows.append(q)
    with open(path, 'w', encoding='utf-8') as fo:
        for q in rows:
            fo.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(dropped, 'fields the checker refuses dropped')


if __name__ == '__main__':
    _b.build(HERE)
    _normalise(os.path.join(HERE, 'answers.jsonl'))
