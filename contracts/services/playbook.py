"""Writes of the firm's playbook: create, update, enable/disable and reset-to-starter of a rule, and
loading the starter set. Each change is validated (parameters per detection kind, every basis article
looked up in the corpus) and leaves an audit event ``playbook_rule.<action>``. Only admins change
rules; everyone reads them (contracts.selectors.playbook)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from contracts.models import PlaybookRule
from contracts.playbook.spec import RuleInvalid, RuleSpec, basis_from_json, basis_to_json
from contracts.playbook.starter import retired_rules, rule_from_dict, starter_rule, starter_rules
from firm.roles import is_admin
from knowledge.exceptions import KnowledgeError
from knowledge.selectors import article_lookup, law_resolve
from tracing.services import audit_event_record

#: The fields a rule is made of (the form, the admin and the audit diff use the same list).
RULE_FIELDS = ("title", "contract_types", "detection", "params", "category", "severity", "description",
               "suggestion", "basis", "enabled")
#: Who changed a rule when no user did (migrate, the load command).
SYSTEM_ACTOR = "playbook"


def _require_admin(actor: Any) -> None:
    if actor is not None and not is_admin(actor):
        raise PermissionDenied("只有管理员可以修改审查规则")


def _values(rule: PlaybookRule) -> dict[str, Any]:
    return {name: getattr(rule, name) for name in RULE_FIELDS}


def _spec_values(spec: RuleSpec) -> dict[str, Any]:
    return {
        "title": spec.title, "contract_types": list(spec.contract_types), "detection": spec.detection,
        "params": spec.parsed.model_dump(exclude_defaults=True) if spec.parsed is not None else spec.params,
        "category": spec.category, "severity": spec.severity, "description": spec.description,
        "suggestion": spec.suggestion, "basis": basis_to_json(spec.basis), "enabled": spec.enabled,
    }


def basis_check(spec: RuleSpec) -> RuleSpec:
    """Every basis article must exist in the corpus (laws and the second corpus); the law is stored
    under its full name. A citation naming its versions (docs/decisions/laws-in-force-on-a-date.md) is checked
    in each version it names, and must name the text in force today. Raises ValidationError naming ``basis[i]``."""
    from contracts.selectors.playbook import basis_ref_on
    from knowledge.selectors import law_versions_named
    from knowledge.selectors import versions as rule

    for i, ref in enumerate(spec.basis):
        if ref.editions:
            stored = law_versions_named(ref.law)
            for day, article in ref.editions:
                named = rule.cited_version(stored, day)
                if named is None:
                    raise ValidationError({f"basis[{i}]": f"《{ref.law}》没有{day.isoformat()}施行的版本"})
                try:
                    article_lookup(law=named, article=article)
                except KnowledgeError as exc:
                    message = f"依据《{ref.law}》第{article}条（{day.isoformat()}施行的版本）未在法规库中找到：{exc}"
                    raise ValidationError({f"basis[{i}]": message}) from None
            if basis_ref_on(ref, versions=stored) is None:
                raise ValidationError({f"basis[{i}]": f"依据《{ref.law}》第{ref.article}条没有写明现行有效版本的条文"})
            spec.basis[i] = replace(ref, law=law_resolve(name=ref.law).name)
            continue
        try:
            found = article_lookup(law=ref.law, article=ref.article)
        except KnowledgeError as exc:
            message = f"依据《{ref.law}》第{ref.article}条未在法规库中找到：{exc}"
            raise ValidationError({f"basis[{i}]": message}) from None
        _require_in_force(found, f"basis[{i}]")
        spec.basis[i] = type(ref)(law=found.law.name, article=found.number)
    # The alternative bases a rule chooses by the words of the finding (params.basis_by) are cited too.
    for i, alternative in enumerate((spec.params or {}).get("basis_by") or []):
        for j, ref in enumerate(basis_from_json(alternative.get("basis"))):
            try:
                found = article_lookup(law=ref.law, article=ref.article)
            except KnowledgeError as exc:
                message = f"依据《{ref.law}》第{ref.article}条未在法规库中找到：{exc}"
                raise ValidationError({f"params.basis_by[{i}].basis[{j}]": message}) from None
            _require_in_force(found, f"params.basis_by[{i}].basis[{j}]")
    return spec


def _require_in_force(article: Any, key: str) -> None:
    """A rule's basis is a text in force today (its status computed from the law's versions' dates): never a
    text published but not yet in force, nor a repealed one."""
    law = article.law
    if not law.in_force:
        note = law.status_note or f"（{law.time_status}）"
        raise ValidationError({key: f"依据《{law.name}》{article.label}{note}目前不在施行，不能作为审查依据"})


def playbook_rule_validate(data: dict[str, Any], *, verify_basis: bool = True) -> RuleSpec:
    """The rule ``data`` describes, validated (params per detection kind, basis in the corpus); raises
    ValidationError keyed by the field (``params.max``, ``basis[0]``)."""
    try:
        spec = rule_from_dict(data)
    except RuleInvalid as exc:
        raise ValidationError({exc.field: exc.message}) from None
    return basis_check(spec) if verify_basis else spec


def _changes(old: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    keys = [k for k in new if old.get(k) != new[k]]
    return {k: old.get(k) for k in keys}, {k: new[k] for k in keys}


@transaction.atomic
def playbook_rule_create(*, actor: AbstractBaseUser, data: dict[str, Any]) -> PlaybookRule:
    """A new firm rule from ``{code, title, detection, params, ...}`` (the starter TOML's shape)."""
    _require_admin(actor)
    if PlaybookRule.objects.filter(code=data.get("code", "")).exists():
        raise ValidationError({"code": "规则代码已存在"})
    spec = playbook_rule_validate(data)
    rule = PlaybookRule.objects.create(code=spec.code, updated_by=actor, **_spec_values(spec))
    audit_event_record(actor=actor, event_type="playbook_rule.created", obj=rule, new=_values(rule))
    return rule


@transaction.atomic
def playbook_rule_update(*, actor: AbstractBaseUser, rule: PlaybookRule, data: dict[str, Any]) -> PlaybookRule:
    """Change any of RULE_FIELDS (fields not in ``data`` keep their value). The code never changes."""
    _require_admin(actor)
    rule = PlaybookRule.objects.select_for_update().get(pk=rule.pk)
    old = _values(rule)
    merged = {**old, **{k: v for k, v in data.items() if k in RULE_FIELDS}, "code": rule.code}
    unknown = set(data) - set(RULE_FIELDS) - {"code"}
    if unknown:
        raise ValidationError({sorted(unknown)[0]: "未知字段"})
    spec = playbook_rule_validate(merged)
    new = _spec_values(spec)
    before, after = _changes(old, new)
    if not after:
        return rule
    for name, value in new.items():
        setattr(rule, name, value)
    rule.updated_by = actor
    rule.save()
    audit_event_record(actor=actor, event_type="playbook_rule.updated", obj=rule, old=before, new=after)
    return rule


@transaction.atomic
def playbook_rule_set_enabled(*, actor: AbstractBaseUser, rule: PlaybookRule, enabled: bool) -> PlaybookRule:
    _require_admin(actor)
    rule = PlaybookRule.objects.select_for_update().get(pk=rule.pk)
    if rule.enabled == enabled:
        return rule
    rule.enabled = enabled
    rule.updated_by = actor
    rule.save(update_fields=["enabled", "updated_by", "updated_at"])
    audit_event_record(actor=actor, event_type="playbook_rule.enabled" if enabled else "playbook_rule.disabled",
                       obj=rule, old={"enabled": not enabled}, new={"enabled": enabled})
    return rule


@transaction.atomic
def playbook_rule_reset(*, actor: AbstractBaseUser | None, rule: PlaybookRule) -> PlaybookRule:
    """Restore a starter rule to the shipped version (its enabled flag included)."""
    _require_admin(actor)
    starter = starter_rule(rule.code)
    if starter is None:
        raise ValidationError({"code": "该规则不是初始规则，无法恢复"})
    rule = PlaybookRule.objects.select_for_update().get(pk=rule.pk)
    old = _values(rule)
    new = _spec_values(starter)
    before, after = _changes(old, new)
    for name, value in new.items():
        setattr(rule, name, value)
    rule.updated_by = actor
    rule.save()
    audit_event_record(actor=actor, actor_name=SYSTEM_ACTOR, event_type="playbook_rule.reset", obj=rule,
                       old=before, new=after)
    return rule


def playbook_load_starter(*, actor: AbstractBaseUser | None = None, audit: bool = True) -> list[str]:
    """Add the starter rules whose code the table lacks; a rule already there (edited or disabled by the
    firm) is left as it is. Returns the codes added. ``audit=False`` for the post-migrate load, which
    installs shipped data the way Django installs permissions."""
    _require_admin(actor)
    with transaction.atomic():
        present = set(PlaybookRule.objects.values_list("code", flat=True))
        added = [s for s in starter_rules() if s.code not in present]
        PlaybookRule.objects.bulk_create(
            [PlaybookRule(code=s.code, updated_by=actor, **_spec_values(s)) for s in added],
            ignore_conflicts=True)
        if added and audit:
            audit_event_record(actor=actor, actor_name=SYSTEM_ACTOR, event_type="playbook_rule.loaded",
                               object_type="contracts.playbookrule", object_id="starter",
                               detail={"codes": [s.code for s in added]})
        _retire(actor)
    return [s.code for s in added]


def _retire(actor: AbstractBaseUser | None) -> list[str]:
    """Disable the retired starter rules a database still has enabled (retired.toml: another rule reads
    their risk now, and two rules on one risk report it twice); each one leaves an audit event."""
    retired = retired_rules()
    stale = list(PlaybookRule.objects.select_for_update().filter(code__in=retired, enabled=True))
    for rule in stale:
        rule.enabled = False
        rule.updated_by = actor
        rule.save(update_fields=["enabled", "updated_by", "updated_at"])
        audit_event_record(actor=actor, actor_name=SYSTEM_ACTOR, event_type="playbook_rule.retired",
                           object_type="contracts.playbookrule", object_id=rule.code,
                           old={"enabled": True}, new={"enabled": False}, detail={"read_by": retired[rule.code]})
    return [r.code for r in stale]
