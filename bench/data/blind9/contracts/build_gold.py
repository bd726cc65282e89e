"""Builds gold.json for the hidden blind9 contract set from its k_*.py files with the blind set's builder.
Run: .venv/bin/python bench/data/blind9/contracts/build_gold.py"""
import importlib.util, os
HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('_blind_gold', os.path.join(HERE, '..', '..', 'blind', 'contracts', 'build_gold.py'))
_b = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(_b)
if __name__ == '__main__':
    _b.build(HERE, 'k_*.py')
