"""Imports point one way: no module of the project imports, directly or through others, a module
that imports it back - counting imports inside functions too (those only hide a cycle)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.support import ROOT

APPS = ("agents", "chat", "contracts", "core", "drafting", "firm", "integrations", "knowledge", "legal", "legalsite",
        "research", "tracing")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    }


def _type_checking_block(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def imported_modules(tree: ast.AST, module: str, is_package: bool, known: set[str] | None = None) -> set[str]:
    """Every module imported anywhere in ``tree`` (functions included), except under
    ``if TYPE_CHECKING:``. ``from pkg import name`` counts as ``pkg.name`` when that is one of
    ``known`` (a submodule), else as ``pkg``."""
    known = known or set()
    found: set[str] = set()
    pending = [tree]
    while pending:
        node = pending.pop()
        if _type_checking_block(node):
            pending.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
        pending.extend(ast.iter_child_nodes(node))
    return found


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        imported = imported_modules(tree, name, path.name == "__init__.py", known)
        graph[name] = (imported & known) - {name}
    return graph


@functools.cache
def project_graph() -> dict[str, set[str]]:
    """The project's import graph, walked once per process: the three tests below read the same files (each
    parsed every module of the project, several seconds of CPU a walk). Read only, never changed."""
    return import_graph(project_modules())


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(found)


def test_the_cycle_finder_finds_a_cycle_through_three_modules_and_none_in_a_chain():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_function_level_imports_count_and_type_checking_imports_do_not():
    source = ("import os\n\ndef f():\n    from chat import services, DISCLAIMER\n\n"
              "if TYPE_CHECKING:\n    import knowledge\n")
    found = imported_modules(ast.parse(source), "x.y", False, {"chat", "chat.services"})
    assert found == {"os", "chat", "chat.services"}


def test_the_project_has_no_import_cycle():
    modules = project_modules()
    assert len(modules) > 100  # the walk sees the whole project
    graph = project_graph()
    assert set(graph) == set(modules)
    assert "chat.services" in graph and graph["chat.services"], "the walk must see chat.services' imports"
    assert cycles(graph) == []


def test_no_two_apps_import_each_other():
    """Between apps too, imports point one way: collapsed to one node per app, the graph has no cycle."""
    graph = project_graph()
    apps: dict[str, set[str]] = {}
    for name, imported in graph.items():
        app = name.split(".")[0]
        apps.setdefault(app, set()).update(m.split(".")[0] for m in imported)
    apps = {app: imported - {app} for app, imported in apps.items()}
    assert apps["firm"] and apps["legalsite"], "the walk must see the apps' imports"
    assert cycles(apps) == []


def test_the_core_and_the_sweep_import_no_app():
    """``core`` lies below the apps (the job kernel lives there), and the sweep walks the job kinds
    the apps registered instead of importing them."""
    graph = project_graph()
    apps = {app for app in APPS if app not in ("core", "legalsite")}
    below = {name: imported for name, imported in graph.items()
             if name == "core" or name.startswith("core.") or name == "legalsite.sweep"}
    assert "core.jobs" in below and "legalsite.sweep" in below
    assert {name: sorted(m for m in imported if m.split(".")[0] in apps) for name, imported in below.items()} == {
        name: [] for name in below}
