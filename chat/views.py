"""Portal pages of 法律咨询: the session list, one session's workspace and the fragments its script
fetches (a rendered message, the analysis panel of an answer).

Views check access through ``chat.selectors`` (owner or matter team; 404 otherwise) and refuse
compliance officers outright (they audit traces, they do no client work). The live part — tokens,
the timeline, the analysis panel while a turn runs — is ``static/js/chat.js`` on the websocket;
what it shows after a turn is the same HTML these views render on reload.
"""

from __future__ import annotations

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from chat import selectors, services
from chat.models import ChatSession, Message
from chat.presenters import (  # noqa: F401 - entity_groups and timeline are the page's helpers too
    AGENT_LABELS,
    AMOUNT_KINDS,
    DURATION_KINDS,
    LAYER_LABELS,
    analysis_for,
    entity_groups,
    timeline,
    with_html,
)
from firm.models import Matter
from firm.permissions import client_work_required
from firm.selectors import matter_get_or_404, matter_list
from legal.text.domains import DOMAINS, INTENTS
from legal.text.wording import TOOL_LABELS

SIDEBAR_SESSIONS = 50

# --- access ----------------------------------------------------------------------------------------
CLIENT_WORK_DENIED = "合规人员不能使用法律咨询"


def _session_or_404(request: HttpRequest, session_id: int) -> ChatSession:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    return selectors.session_get_or_404(user=request.user, session_id=session_id)


def _message_or_404(session: ChatSession, message_id: int) -> Message:
    message = selectors.session_messages(session=session).select_related("reply_to").filter(pk=message_id).first()
    if message is None:
        raise Http404("消息不存在")
    return message


# --- pages -----------------------------------------------------------------------------------------
@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    return _index_page(request)


def _index_page(request: HttpRequest, *, status: int = 200) -> HttpResponse:
    sessions = selectors.session_list(user=request.user).annotate(message_count=Count("messages"))
    return render(request, "chat/index.html", {
        "sessions": sessions,
        "matters": matter_list(user=request.user, status=Matter.Status.OPEN),
        "selected_matter": request.GET.get("matter", ""),
    }, status=status)


@login_required
@require_POST
def session_create(request: HttpRequest) -> HttpResponse:
    """Start a consultation. With a question (``content``, the ask box of this page and of the home
    page) the session is created with it as its first turn and the page opens on the answer as it
    streams; without one, an empty session is created."""
    client_work_required(request.user, CLIENT_WORK_DENIED)
    raw_matter = request.POST.get("matter", "").strip()
    matter = matter_get_or_404(user=request.user, matter_id=int(raw_matter) if raw_matter.isdigit() else None)
    if raw_matter and not raw_matter.isdigit():
        raise Http404("案件不存在或无权查看")
    content = "" if request.POST.get("blank") else request.POST.get("content", "")
    try:
        session = services.session_ask(actor=request.user, title=request.POST.get("title", ""), matter=matter,
                                       content=content)
    except ValidationError as exc:  # the page again, with the reason and a 400 (nothing was created)
        flash.error(request, "；".join(exc.messages))
        return _index_page(request, status=400)
    return redirect(session)


@login_required
@require_POST
def session_delete(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_or_404(request, session_id)
    title = str(session)
    services.session_delete(actor=request.user, session=session)
    flash.success(request, f"已删除会话「{title}」")
    return redirect("chat:index")


@login_required
@require_http_methods(["GET", "POST"])
def session_detail(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_or_404(request, session_id)
    if request.method == "POST":  # without JavaScript: queue the question, come back to the page
        try:
            services.turn_start(actor=request.user, session=session, content=request.POST.get("content", ""))
        except ValidationError as exc:
            flash.error(request, "；".join(exc.messages))
        return redirect(session)

    chat_messages = with_html(list(selectors.session_messages(session=session)), user=request.user)
    inflight = next((m for m in chat_messages if m.is_assistant and m.in_flight), None)
    answered = [m for m in chat_messages if m.is_assistant and not m.in_flight]
    focus = inflight or (answered[-1] if answered else None)
    sessions = selectors.session_list(user=request.user)[:SIDEBAR_SESSIONS]
    config = {
        "sessionId": session.pk,
        "untitled": not session.title,
        "wsPath": f"/ws/chat/{session.pk}/",
        "csrfToken": get_token(request),
        "messageUrl": reverse("chat:message", args=[session.pk, 0]),
        "analysisUrl": reverse("chat:analysis", args=[session.pk, 0]),
        "feedbackUrl": reverse("api-chat-feedback", args=[session.pk, 0]),
        "inflight": {"messageId": inflight.pk, "turnId": str(inflight.turn_id)} if inflight else None,
        "labels": {"agents": AGENT_LABELS, "tools": TOOL_LABELS, "layers": LAYER_LABELS, "domains": dict(DOMAINS),
                   "intents": dict(INTENTS), "amountKinds": AMOUNT_KINDS, "durationKinds": DURATION_KINDS},
    }
    return render(request, "chat/session.html", {
        "session": session,
        "sessions": sessions,
        "chat_messages": chat_messages,
        "inflight": inflight,
        "analysis": analysis_for(session=session, message=focus),
        "exports": [(label, export_url(session.pk, kind))
                    for label, kind in (("JSON", "json"), ("Markdown", "md"), ("Word", "docx"))],
        "is_owner": session.owner_id == request.user.pk,
        "chat_config": config,
    })


def export_url(session_id: int, kind: str) -> str:
    """The API's history export, ``…/export/<kind>``."""
    return reverse("api-chat-export", args=[session_id, kind])


@login_required
@require_GET
def message_fragment(request: HttpRequest, session_id: int, message_id: int) -> HttpResponse:
    """One rendered message (what the script swaps in on ``final``); ``?turn=1`` on an answer
    renders its question too (a turn started in another window)."""
    session = _session_or_404(request, session_id)
    message = _message_or_404(session, message_id)
    shown = [message]
    if request.GET.get("turn") and message.reply_to is not None:
        shown = [message.reply_to, message]
    return render(request, "chat/_messages.html", {
        "session": session, "chat_messages": with_html(shown, user=request.user),
    })


@login_required
@require_GET
def analysis_fragment(request: HttpRequest, session_id: int, message_id: int) -> HttpResponse:
    session = _session_or_404(request, session_id)
    message = _message_or_404(session, message_id)
    if message.role != Message.Role.ASSISTANT:
        raise Http404("只有回答有分析")
    return render(request, "chat/_analysis.html", {"analysis": analysis_for(session=session, message=message)})


