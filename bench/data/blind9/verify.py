"""Checks the hidden blind9 set with the blind set's checker: every cited (law, article) exists in force, the
answers' schema, and the contracts' quotes and clause labels (bench/data/blind9/contracts/gold.json).
Run: .venv/bin/python bench/data/blind9/verify.py"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'blind'))
from verify import main  # noqa: E402
if __name__ == '__main__':
    sys.exit(main(HERE))
