"""The compare page: a contract against the firm's standard text or against an earlier draft (thin: the
services do the work, contracts.services.compare)."""

from __future__ import annotations

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from contracts.selectors.contracts import contract_list
from contracts.services.compare import compare_versions, compare_with_template
from contracts.views.review import _contract_or_404

STATUS_LABELS = {"matches": "一致", "deviates": "偏离", "missing": "缺失", "added": "新增"}


@login_required
@require_http_methods(["GET", "POST"])
def compare(request: HttpRequest, contract_id: int) -> HttpResponse:
    contract = _contract_or_404(request, contract_id)
    others = contract_list(user=request.user).exclude(pk=contract.pk)
    context = {"contract": contract, "templates": others.filter(is_template=True),
               "drafts": others.filter(is_template=False, contract_type=contract.contract_type)[:50],
               "labels": STATUS_LABELS}
    if request.method == "POST":
        kind, other_id = request.POST.get("kind", ""), request.POST.get("other", "")
        if not other_id.isdigit() or kind not in ("template", "against"):
            flash.error(request, "请选择要比对的本所标准文本或上一稿")
            return redirect("contracts:compare", contract_id=contract.pk)
        other = _contract_or_404(request, int(other_id))
        try:
            if kind == "template":
                context["items"] = compare_with_template(actor=request.user, contract=contract, template=other)
            else:
                result = compare_versions(actor=request.user, contract=contract, earlier=other)
                context.update(items=result["items"], carried=result["carried"], closed=result["closed"])
        except ValidationError as exc:
            flash.error(request, "；".join(exc.messages))
            return redirect("contracts:compare", contract_id=contract.pk)
        context.update(other=other, kind=kind)
    return render(request, "contracts/compare.html", context)
