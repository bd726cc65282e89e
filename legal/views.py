"""Portal pages: 法律要点卡片 — the list, one card with its versions, editing (a new draft version as
TOML) and approval (admins)."""

from __future__ import annotations

import json
import tomllib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from firm.roles import is_admin
from legal import selectors, services
from legal.cardfile import DOMAINS
from legal.models import IssueCard, IssueCardVersion


def _toml(data: dict) -> str:
    """A card's data as the [[card]] TOML the files use (JSON-compatible values only)."""
    lines = ["[[card]]"]
    tables = {}
    for key, value in data.items():
        if isinstance(value, dict) or (isinstance(value, list) and value and isinstance(value[0], dict)):
            tables[key] = value
        else:
            lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    for key, value in tables.items():
        if isinstance(value, list):
            for item in value:
                lines += ["", f"[[card.{key}]]"]
                lines += [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in item.items()]
        else:
            for sub, body in value.items():
                lines += ["", f"[card.{key}.{sub}]"] + [f"{k} = {json.dumps(v, ensure_ascii=False)}"
                                                         for k, v in body.items()]
    return "\n".join(lines) + "\n"


@login_required
def card_index(request: HttpRequest) -> HttpResponse:
    q, domain = request.GET.get("q", "")[:200], request.GET.get("domain", "")
    rows = selectors.card_list(q=q, domain=domain if domain in DOMAINS else "")
    pending = selectors.card_versions_pending(limit=50)
    return render(request, "legal/index.html", {"cards": rows[:500], "count": rows.count(), "q": q, "domain": domain,
                                                "domains": DOMAINS, "pending": pending,
                                                "unversioned": selectors.firm_cards_unversioned()})


@login_required
def card_page(request: HttpRequest, card_id: int) -> HttpResponse:
    card = get_object_or_404(IssueCard.objects.select_related("current"), pk=card_id)
    error = ""
    text = _toml(card.current.data) if card.current else ""
    if request.method == "POST":
        text = request.POST.get("toml", "")[:100_000]
        try:
            parsed = tomllib.loads(text).get("card", [])
            if len(parsed) != 1:
                raise ValidationError("请只提交一张卡片（一个 [[card]]）")
            services.card_edit(actor=request.user, card=card, data=parsed[0], note=request.POST.get("note", ""))
        except tomllib.TOMLDecodeError as exc:
            error = f"TOML 格式错误：{exc}"
        except ValidationError as exc:
            error = "；".join(exc.messages)
        except PermissionDenied as exc:
            raise exc
        else:
            messages.success(request, "已保存为待审批的新版本；管理员批准后生效。")
            return redirect(card.get_absolute_url())
    versions = card.versions.select_related("author", "approved_by").all()
    unversioned = selectors.unversioned_message(selectors.card_row_unversioned(card))  # "" when none
    return render(request, "legal/card.html", {"card": card, "data": card.current.data if card.current else {},
                                               "versions": versions, "text": text, "error": error,
                                               "unversioned": unversioned,
                                               "can_approve": is_admin(request.user)},
                  status=400 if error else 200)


def _version(card_id: int, version_id: int) -> IssueCardVersion:
    return get_object_or_404(IssueCardVersion, pk=version_id, card_id=card_id)


@login_required
@require_POST
def version_approve(request: HttpRequest, card_id: int, version_id: int) -> HttpResponse:
    try:
        services.card_version_approve(actor=request.user, version=_version(card_id, version_id))
        messages.success(request, "已批准，新版本生效。")
    except ValidationError as exc:
        messages.error(request, "；".join(exc.messages))
    return redirect("legal:card", card_id=card_id)


@login_required
@require_POST
def version_reject(request: HttpRequest, card_id: int, version_id: int) -> HttpResponse:
    try:
        services.card_version_reject(actor=request.user, version=_version(card_id, version_id),
                                     reason=request.POST.get("reason", ""))
        messages.success(request, "已驳回。")
    except ValidationError as exc:
        messages.error(request, "；".join(exc.messages))
    return redirect("legal:card", card_id=card_id)
