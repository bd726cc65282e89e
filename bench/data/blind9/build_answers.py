"""Builds bench/data/blind9/answers.jsonl from its q_*.py chunks with the blind set's builder (its format and law
aliases), then drops what the set's checker refuses without reading the questions: a polarity on a part that is not
yes/no or valid, a figure on a part that is not how-much, a deadline on a part that is not by-when.
Run: .venv/bin/python bench/data/blind9/build_answers.py"""
import importlib.util, os
HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('_blind_build', os.path.join(HERE, '..', 'blind', 'build_answers.py'))
_b = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(_b)


if __name__ == '__main__':
    _b.build(HERE)
    print(_b.drop_refused(os.path.join(HERE, 'answers.jsonl')), 'fields the checker refuses dropped')
