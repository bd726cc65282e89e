"""Portal pages for matters (案件/事项)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from core.audit import audit_event_latest
from firm import selectors, services
from firm.forms import MatterForm, MemberForm
from firm.roles import does_client_work


@login_required
def matter_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    matters = selectors.matter_list(user=request.user, search=query)
    form = MatterForm(request.POST or None) if does_client_work(request.user) else None
    if request.method == "POST":
        if form is None:
            raise PermissionDenied("合规人员不能创建案件")
        if form.is_valid():
            matter = services.matter_create(actor=request.user, **form.cleaned_data)
            messages.success(request, f"已创建案件 {matter.number}")
            return redirect(matter)
    return render(request, "firm/matter_list.html", {"matters": matters, "form": form, "q": query})


@login_required
def matter_detail(request: HttpRequest, matter_id: int) -> HttpResponse:
    matter = selectors.matter_get_or_404(user=request.user, matter_id=matter_id)
    can_manage = selectors.matter_can_manage(user=request.user, matter=matter)
    lifted = None  # the lead's standing notice: who lifted the privileged flag, and when
    if not matter.privileged and selectors.matter_is_member(user=request.user, matter=matter):
        lifted = audit_event_latest(event_type="matter.privilege_lifted", object_type="firm.matter",
                                    object_id=matter.pk)
    return render(
        request,
        "firm/matter_detail.html",
        {"matter": matter, "can_manage": can_manage, "member_form": MemberForm() if can_manage else None,
         "privilege_lifted": lifted},
    )


@login_required
@require_POST
def matter_member_add(request: HttpRequest, matter_id: int) -> HttpResponse:
    matter = selectors.matter_get_or_404(user=request.user, matter_id=matter_id)
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            services.matter_member_add(
                actor=request.user, matter=matter,
                user=form.cleaned_data["username"], team_role=form.cleaned_data["team_role"],
            )
            messages.success(request, "已加入团队")
        except ValidationError as exc:
            messages.error(request, "；".join(exc.messages))
    else:
        messages.error(request, "；".join(e for errors in form.errors.values() for e in errors))
    return redirect(matter)
