"""Project-level pages: the dashboard and the health endpoint."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from firm.selectors import matter_list
from legalsite.health import health_check


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    matters = matter_list(user=request.user, status="open")[:8]
    return render(request, "portal/dashboard.html", {"matters": matters})


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    report = health_check()
    return JsonResponse(
        report, status=200 if report["status"] == "ok" else 503, json_dumps_params={"ensure_ascii": False}
    )
