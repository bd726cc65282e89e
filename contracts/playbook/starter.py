"""The starter playbook shipped with LegalSite, read as :class:`RuleSpec` values: ``starter.toml`` (the
general rules and the first contract types) and one file per contract family under ``rules/``."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from contracts.playbook.spec import RuleInvalid, RuleSpec, basis_from_json, validate_rule

STARTER_PATH = Path(__file__).with_name("starter.toml")
RULES_DIR = Path(__file__).with_name("rules")


def rule_from_dict(data: dict[str, Any]) -> RuleSpec:
    """One rule from its TOML/JSON shape, validated (raises RuleInvalid naming the field)."""
    unknown = set(data) - {"code", "title", "contract_types", "detection", "params", "category", "severity",
                           "description", "suggestion", "basis", "basis_keywords", "enabled"}
    if unknown:
        raise RuleInvalid(sorted(unknown)[0], "未知字段")
    rule = RuleSpec(
        code=str(data.get("code", "")), title=str(data.get("title", "")), detection=str(data.get("detection", "")),
        params=dict(data.get("params") or {}), category=str(data.get("category", "")),
        severity=str(data.get("severity", "")), description=str(data.get("description", "")),
        suggestion=str(data.get("suggestion", "")), basis=basis_from_json(data.get("basis")),
        contract_types=list(data.get("contract_types") or []), enabled=bool(data.get("enabled", True)),
        basis_keywords=list(data.get("basis_keywords") or []),
    )
    return validate_rule(rule)


PROTECTS_PATH = Path(__file__).with_name("protects.toml")


@lru_cache(maxsize=1)
def protects_table() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(defaults by contract type, per rule) from ``protects.toml``."""
    with open(PROTECTS_PATH, "rb") as fh:
        data = tomllib.load(fh)
    return dict(data.get("types", {})), dict(data.get("rules", {}))


def _with_protects(rule: RuleSpec) -> RuleSpec:
    """Whose interest the rule protects (``params.protects``): the rule's own, else ``protects.toml`` —
    the rule's line, else the default of its contract type(s) when it has no ``party`` of its own."""
    if "protects" in rule.params:
        return rule
    by_type, by_rule = protects_table()
    protects = by_rule.get(rule.code)
    if protects is None and rule.contract_types and rule.params.get("party", "any") == "any":
        defaults = [by_type.get(t) for t in rule.contract_types]
        # A rule for several types protects their defaults only when every type has one.
        if all(defaults):
            protects = sorted({p for d in defaults for p in d})
    if protects and protects != ["any"]:
        rule.params = {**rule.params, "protects": list(protects)}
        validate_rule(rule)
    return rule


def _with_deciding_keywords(rule: RuleSpec) -> RuleSpec:
    """A rule may cite the articles of the deciding table (``deciding.toml``) and of its own ``basis_by``:
    their words join the rule's ``basis_keywords``, so the corpus check covers every article it can cite."""
    from contracts.playbook.deciding import SETTINGS, deciding_table, rule_entries

    words = list(rule.basis_keywords)
    for entry in (*rule_entries(rule.params), *deciding_table()):
        if entry.types and rule.contract_types and not (entry.types & (set(rule.contract_types) | SETTINGS)):
            continue
        words.extend(k for k in entry.keywords if k not in words)
    rule.basis_keywords = words
    return rule


@lru_cache(maxsize=4)
def _starter(paths: tuple[str, ...]) -> tuple[RuleSpec, ...]:
    rules = []
    seen = set()
    for path in paths:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        for i, item in enumerate(data.get("rule", [])):
            where = f"{Path(path).name} rule[{i}]"
            try:
                rule = rule_from_dict(item)
            except RuleInvalid as exc:
                raise RuleInvalid(f"{where} {item.get('code', '')} {exc.field}", exc.message) from None
            if rule.code in seen:
                raise RuleInvalid(f"{where}.code", f"规则代码重复：{rule.code}")
            seen.add(rule.code)
            rules.append(_with_deciding_keywords(_with_protects(rule)))
    return tuple(rules)


def starter_paths() -> tuple[str, ...]:
    return (str(STARTER_PATH), *sorted(str(p) for p in RULES_DIR.glob("*.toml")))


def _fresh(r: RuleSpec) -> RuleSpec:
    return RuleSpec(**{**r.__dict__, "basis": list(r.basis), "contract_types": list(r.contract_types),
                       "basis_keywords": list(r.basis_keywords), "params": dict(r.params)})


def starter_rules(path: Path | None = None) -> list[RuleSpec]:
    """The starter set, validated; a fresh copy each call (callers may change them)."""
    return [_fresh(r) for r in _starter((str(path),) if path else starter_paths())]


@lru_cache(maxsize=4)
def _starter_by_code(paths: tuple[str, ...]) -> dict[str, RuleSpec]:
    return {r.code: r for r in _starter(paths)}


def starter_rule(code: str) -> RuleSpec | None:
    """One starter rule, a fresh copy (only that one is copied: ``rule_spec`` asks once per stored rule)."""
    rule = _starter_by_code(starter_paths()).get(code)
    return _fresh(rule) if rule is not None else None


RETIRED_PATH = Path(__file__).with_name("retired.toml")


def retired_rules() -> dict[str, str]:
    """Starter codes retired because another rule reads their risk now: code → the rule that does."""
    with RETIRED_PATH.open("rb") as fh:
        return dict(tomllib.load(fh).get("retired", {}))
