"""Project-level pages: the dashboard and the health endpoint."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from chat.selectors import session_list
from contracts.selectors.contracts import contract_list_with_counts
from core.health import health_check
from drafting.selectors import draft_list
from firm.roles import does_client_work
from firm.selectors import matter_list
from legalsite.middleware import error_response, is_api_path
from research.selectors import task_list

#: How many items of each kind of recent work the home page lists.
RECENT = 5


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The home page: an ask box, the user's recent work of every kind (only what the selectors let
    them see) and their open matters. Compliance officers do no client work: they get the audit links."""
    user = request.user
    context: dict[str, object] = {"matters": matter_list(user=user, status="open")[:8]}
    if does_client_work(user):
        context.update({
            "sessions": session_list(user=user).order_by("-updated_at")[:RECENT],
            "contracts": contract_list_with_counts(user=user)[:RECENT],
            "tasks": task_list(user=user).order_by("-updated_at")[:RECENT],
            "drafts": draft_list(user=user).order_by("-updated_at")[:RECENT],
        })
    return render(request, "portal/dashboard.html", context)


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    report = health_check()
    return JsonResponse(
        report, status=200 if report["status"] == "ok" else 503, json_dumps_params={"ensure_ascii": False}
    )


# --- errors: JSON under /api/, the usual pages elsewhere (docs/decisions/schema-testing.md) -------
def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api_path(request.path):
        return error_response(request, 404, "未找到")
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api_path(request.path):
        return error_response(request, 500, "服务器内部错误")
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api_path(request.path):
        return error_response(request, 400, "请求不合法")
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api_path(request.path):
        return error_response(request, 403, str(exception) or "无权执行此操作")
    return defaults.permission_denied(request, exception)
