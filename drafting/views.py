"""Portal pages of 文书起草: choose a template (search, or the suggestions for a chat session handed
over), the draft's form pre-filled from the chat session or matter, a live preview rendered by the
server as fields change (``static/js/drafting.js``), generate, download, version history; and
uploading the firm's own templates.

Views check access through ``drafting.selectors`` (owner or matter team; 404 otherwise) and refuse
compliance officers (they audit, they do no client work).
"""

from __future__ import annotations

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from drafting import forms, selectors, services
from drafting import schema as fs
from drafting.http import docx_response
from drafting.models import Draft
from firm.models import Matter
from firm.permissions import client_work_required
from firm.selectors import matter_get_or_404, matter_list, visible_to

CLIENT_WORK_DENIED = "合规人员不能起草文书"


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None



@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    query = request.GET.get("q", "").strip()
    session_id, matter_id = _int(request.GET.get("session")), _int(request.GET.get("matter"))
    session = selectors.session_for_user(user=request.user, session_id=session_id) if session_id else None
    matter = matter_get_or_404(user=request.user, matter_id=matter_id)
    suggested = []
    if session is not None:
        known = selectors.chat_known(session=session)
        suggested = selectors.template_search(user=request.user, query=" ".join(known.messages), limit=3)
    return render(request, "drafting/index.html", {
        "query": query,
        "templates": selectors.template_list(user=request.user, query=query),
        "suggested": suggested,
        "session": session,
        "matter": matter or (session.matter if session else None),
        "matters": matter_list(user=request.user, status=Matter.Status.OPEN),
        "drafts": selectors.draft_list(user=request.user)[:30],
    })


@login_required
@require_POST
def draft_new(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    template = selectors.template_get(user=request.user, template_id=request.POST.get("template", ""))
    session_id = _int(request.POST.get("session"))
    session = selectors.session_for_user(user=request.user, session_id=session_id) if session_id else None
    matter = matter_get_or_404(user=request.user, matter_id=_int(request.POST.get("matter")))
    version = selectors.template_current(template=template)
    if version is None:
        raise Http404("模板尚未批准")
    try:
        draft = services.draft_create(actor=request.user, version=version, matter=matter, session=session)
    except services.DraftingError as exc:
        flash.error(request, exc.message)
        return redirect("drafting:index")
    if draft.prefilled:
        flash.info(request, f"已根据{'咨询会话' if session else '案件'}预填 {len(draft.prefilled)} 项，请核对。")
    return redirect(draft)


def _draft_or_404(request: HttpRequest, draft_id: int) -> Draft:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    return selectors.draft_get_or_404(user=request.user, draft_id=draft_id)


def _page(request: HttpRequest, draft: Draft, *, errors: dict[str, str] | None = None,
          values: dict | None = None, status: int = 200) -> HttpResponse:
    schema = draft.template_version.fields
    values = draft.fields if values is None else values
    missing = fs.missing(schema, values)
    html, preview_errors, _ = services.preview_html(version=draft.template_version, values=values)
    source = draft.chat_session  # shown only to a viewer who may open it (the wall is the session's)
    sessions = Draft.chat_session.field.related_model  # chat's session model, named by the foreign key
    if source is not None and not visible_to(sessions, user=request.user).filter(pk=source.pk).exists():
        source = None
    return render(request, "drafting/draft.html", {
        "draft": draft,
        "source_session": source,
        "rows": forms.form_rows(schema, values, errors=errors or preview_errors, missing=missing,
                                sources=draft.prefilled),
        "missing": missing,
        "missing_labels": services.missing_reasons(schema, missing),
        "preview": html,
        "versions": selectors.draft_versions(draft=draft),
        "generated": int(request.GET["generated"]) if request.GET.get("generated", "").isdigit() else None,
        "notes": draft.notes,
        "citations": draft.notes.get("citations", []),
        "config": {"previewUrl": reverse("drafting:preview", args=[draft.pk]), "wsPath": f"/ws/drafting/{draft.pk}/",
                   "assistStatus": (draft.notes or {}).get("assist", {}).get("status", "")},
    }, status=status)


@login_required
def draft_page(request: HttpRequest, draft_id: int) -> HttpResponse:
    """GET: the form and preview. POST: save the form (every field as posted)."""
    draft = _draft_or_404(request, draft_id)
    if request.method == "POST":
        values = forms.values_from_post(draft.template_version.fields, request.POST)
        try:
            services.draft_update(actor=request.user, draft=draft, values=values, replace=True)
        except services.DraftingError as exc:
            flash.error(request, "有字段填写不正确，请修改标红的字段。")
            return _page(request, draft, errors=exc.fields, values=values, status=400)
        flash.success(request, "已保存")
        return redirect(draft)
    return _page(request, draft)


@login_required
@require_POST
def draft_preview(request: HttpRequest, draft_id: int) -> JsonResponse:
    """The live preview of the form as it is now (nothing saved): HTML, invalid and missing fields."""
    draft = _draft_or_404(request, draft_id)
    values = forms.values_from_post(draft.template_version.fields, request.POST)
    html, errors, missing = services.preview_html(version=draft.template_version, values=values)
    return JsonResponse({"html": html, "errors": errors, "missing": missing,
                         "missing_labels": services.missing_reasons(draft.template_version.fields, missing)},
                        json_dumps_params={"ensure_ascii": False})


@login_required
@require_POST
def draft_render(request: HttpRequest, draft_id: int) -> HttpResponse:
    """Save the form, then generate a new version of the Word file."""
    draft = _draft_or_404(request, draft_id)
    values = forms.values_from_post(draft.template_version.fields, request.POST)
    try:
        if request.POST:
            draft = services.draft_update(actor=request.user, draft=draft, values=values, replace=True)
        version = services.draft_render(actor=request.user, draft=draft)
    except services.DraftingError as exc:
        flash.error(request, "缺少必填字段：" + "、".join(exc.fields.values()) if exc.missing
                    else "有字段填写不正确，请修改标红的字段。")
        return _page(request, draft, errors=exc.fields, values=values, status=400)
    flash.success(request, f"已生成第 {version.number} 版，正在下载")
    # the page downloads the version it generated (static/js/drafting.js clicks its link once)
    return redirect(f"{draft.get_absolute_url()}?generated={version.number}")


@login_required
@require_POST
def draft_assist(request: HttpRequest, draft_id: int) -> HttpResponse:
    """Queue the drafting assistant's turn (a worker runs it; the page follows on the draft's socket).
    The page's script posts with ``Accept: application/json`` and gets 202; without JavaScript the
    form posts and comes back to the page, which shows the turn in progress."""
    draft = _draft_or_404(request, draft_id)
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        services.draft_assist_start(actor=request.user, draft=draft, message=request.POST.get("message", ""))
    except (services.DraftingError, ValidationError) as exc:
        text = "；".join(exc.fields.values()) if isinstance(exc, services.DraftingError) else "；".join(exc.messages)
        if wants_json:
            return JsonResponse({"error": "invalid_input", "detail": text}, status=409 if "正在补全" in text else 400)
        flash.error(request, text)
        return redirect(draft)
    if wants_json:
        return JsonResponse({"status": "queued", "ws": f"/ws/drafting/{draft.pk}/"}, status=202)
    return redirect(draft)


@login_required
@require_GET
def draft_download(request: HttpRequest, draft_id: int, number: int) -> HttpResponse:
    draft = _draft_or_404(request, draft_id)
    version = selectors.draft_version_get_or_404(draft=draft, number=number)
    services.draft_downloaded(actor=request.user, version=version)
    return docx_response(bytes(version.docx), f"{draft.title or draft.template.name}-v{version.number}.docx")


@login_required
@require_POST
def template_upload(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    upload = request.FILES.get("file")
    if upload is None:
        flash.error(request, "请选择 .docx 模板文件")
        return redirect("drafting:index")
    try:
        version = services.template_upload(actor=request.user, name=request.POST.get("name", "") or upload.name,
                                           data=upload.read(), category=request.POST.get("category", "") or "本所模板")
    except services.DraftingError as exc:
        flash.error(request, "模板未上传：" + "；".join(exc.fields.values()))
        return redirect("drafting:index")
    fields = "、".join(f"{f['label']}（{f['type']}）" for f in version.fields)
    flash.success(request, f"模板「{version.template.name}」已上传，识别出字段：{fields}。经管理员批准后可用。")
    return redirect("drafting:index")
