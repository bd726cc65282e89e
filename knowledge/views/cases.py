"""Portal page 案例库: upload, list, delete (with confirmation) and search of the firm's judgments."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from core.validation import is_int_id
from firm.models import Matter
from firm.roles import does_client_work
from firm.selectors import team_matter_ids
from knowledge.casefiles import ALLOWED_EXTENSIONS, CaseUploadError, max_bytes
from knowledge.exceptions import CasePermissionDenied, InvalidQuery
from knowledge.models import CaseDocument
from knowledge.selectors import case_can_delete, case_chunks, case_get, case_list, case_search
from knowledge.services import case_delete, case_upload

PAGE_TOP_K = 10
LIST_PAGE_SIZE = 20


def _user_matters(user):
    return Matter.objects.filter(pk__in=team_matter_ids(user=user)).order_by("-created_at")


def _page(request: HttpRequest, *, form_error: str = "", form: dict | None = None, status: int = 200) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    matter = request.GET.get("matter", "").strip()
    matter_id = int(matter) if is_int_id(matter) else None
    hits, search_error = None, ""
    if query:
        try:
            hits = case_search(user=request.user, query=query, top_k=PAGE_TOP_K, matter_id=matter_id)
        except InvalidQuery as exc:
            search_error = str(exc)
            status = 400
    visible = case_list(user=request.user, matter_id=matter_id)  # a read: lost extractions are the sweep's
    page = Paginator(visible.annotate(n_chunks=Count("chunks")), LIST_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "documents": [(d, case_can_delete(user=request.user, document=d)) for d in page], "page": page,
        "matters": _user_matters(request.user), "query": query, "matter_id": matter_id, "hits": hits,
        "search_error": search_error, "form_error": form_error, "form": form or {},
        "can_upload": does_client_work(request.user), "accept": ",".join(ALLOWED_EXTENSIONS),
        "max_mb": max_bytes() // (1024 * 1024),
    }
    return render(request, "knowledge/cases.html", context, status=status)


@login_required
def cases(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request)
    form = {"title": request.POST.get("title", "").strip(), "matter": request.POST.get("matter", "").strip()}
    upload = request.FILES.get("file")
    if upload is None:
        return _page(request, form_error="请选择要上传的文件", form=form, status=400)
    matter = None
    if form["matter"]:
        matter = _user_matters(request.user).filter(pk=form["matter"]).first() if is_int_id(form["matter"]) else None
        if matter is None:
            return _page(request, form_error="只能关联到您所在团队的案件", form=form, status=400)
    try:
        document = case_upload(actor=request.user, file=upload, title=form["title"], matter=matter)
    except CaseUploadError as exc:
        return _page(request, form_error=str(exc), form=form, status=400)
    except CasePermissionDenied as exc:
        return _page(request, form_error=str(exc), form=form, status=403)
    messages.success(request, f"已上传案例“{document.title}”，正在后台提取文字并分段，完成后即可检索")
    return redirect("knowledge:cases")


@login_required
def case_detail(request: HttpRequest, document_id: int) -> HttpResponse:
    try:
        document = case_get(user=request.user, document_id=document_id)
    except CaseDocument.DoesNotExist:
        raise Http404("案例不存在") from None
    return render(request, "knowledge/case.html", {
        "document": document, "chunks": case_chunks(document=document),
        "can_delete": case_can_delete(user=request.user, document=document),
    })


@login_required
@require_POST
def case_remove(request: HttpRequest, document_id: int) -> HttpResponse:
    try:
        document = case_get(user=request.user, document_id=document_id)
    except CaseDocument.DoesNotExist:
        raise Http404("案例不存在") from None
    if request.POST.get("confirm") != "yes":
        messages.error(request, "请勾选确认后再删除")
        return redirect("knowledge:case", document_id=document.pk)
    try:
        case_delete(actor=request.user, document=document)
    except CasePermissionDenied as exc:
        raise PermissionDenied(str(exc)) from None  # as the API: 403, not a redirect
    messages.success(request, f"已删除案例“{document.title}”")
    return redirect("knowledge:cases")
