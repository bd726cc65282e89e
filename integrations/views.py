"""The 系统状态 page (admins): knowledge, agents, worker and LLM endpoint."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from firm.roles import is_admin
from integrations import selectors


@never_cache
@login_required
def system_status(request: HttpRequest) -> HttpResponse:
    if not is_admin(request.user):
        raise PermissionDenied("只有管理员可以查看系统状态")
    return render(request, "integrations/status.html", {"report": selectors.system_status()})
