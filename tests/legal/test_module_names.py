"""A module-level name bound twice in the legal engine or the playbook silently replaces the first
binding for every function that reads it (two readers both named ``_DISMISSED`` meant the dismissal
reader ran with the maternity reader's words). A rebinding that transforms the name's own value
(``PARTY_ROLES = _with_variants(PARTY_ROLES)``) is allowed: it reads the first binding."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted([*ROOT.glob("legal/*.py"), *ROOT.glob("legal/text/*.py"), *ROOT.glob("contracts/playbook/*.py"),
                  *ROOT.glob("chat/offline/*.py")])


def rebound(source: str) -> list[str]:
    bound: set[str] = set()
    twice: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            value = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names, value = [node.target.id], node.value
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names, value = [node.name], None
        else:
            continue
        reads = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)} if value is not None else set()
        for name in names:
            if name in bound and name not in reads:
                twice.append(name)
            bound.add(name)
    return twice


def test_the_check_finds_a_second_binding():
    assert rebound("A = 1\ndef f():\n    return A\nA = 2\n") == ["A"]
    assert rebound("A = (1,)\nA = tuple(x for x in A)\n") == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_level_name_is_bound_twice(path: Path):
    assert rebound(path.read_text(encoding="utf-8")) == []
