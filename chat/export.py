"""History export of a chat session: JSON, Markdown and Word (.docx)."""

from __future__ import annotations

import io
from typing import Any

from django.utils import timezone

from chat.models import ChatSession, Message


def _citation_mark(citation: dict[str, Any]) -> str:
    return "✓" if citation.get("valid") else "✗"


def session_as_dict(session: ChatSession) -> dict[str, Any]:
    return {
        "id": session.pk,
        "title": str(session),
        "matter": session.matter.number if session.matter else None,
        "owner": session.owner.username,
        "created_at": session.created_at.isoformat(),
        "exported_at": timezone.now().isoformat(),
        "summary": session.summary,
        "state": session.state,
        "messages": [
            {
                "id": m.pk, "role": m.role, "content": m.content, "status": m.status,
                "created_at": m.created_at.isoformat(), "intent": m.intent, "sources": m.sources,
                "citations": m.citations, "disclaimer": m.disclaimer,
                "trace_id": str(m.trace_id) if m.trace_id else None,
            }
            for m in session.messages.all()
        ],
    }


def session_as_markdown(session: ChatSession) -> str:
    lines = [f"# {session}", ""]
    if session.matter:
        lines += [f"案件：{session.matter}", ""]
    if session.summary:
        lines += ["## 摘要", "", session.summary, ""]
    for message in session.messages.all():
        who = "问" if message.role == Message.Role.USER else "答"
        stamp = timezone.localtime(message.created_at).strftime("%Y-%m-%d %H:%M")
        lines += [f"## {who}（{stamp}）", "", message.content or "（无内容）", ""]
        if message.citations:
            lines.append("引用核验：")
            lines += [f"- {_citation_mark(c)} 《{c.get('law', '')}》{c.get('article', '')}" for c in message.citations]
            lines.append("")
        if message.disclaimer:
            lines += [f"> {message.disclaimer}", ""]
    return "\n".join(lines)


def session_as_docx(session: ChatSession) -> bytes:
    """The session as a Word file: the answers' Markdown rendered as Word structure (标题 styles,
    bold, lists, tables; :mod:`core.wordmd`) in the typography of LegalSite's other Word outputs."""
    from core.typography import xml_safe
    from core.wordmd import add_heading, add_markdown, add_title, styled_document

    document = styled_document()
    add_title(document, str(session))
    if session.matter:
        document.add_paragraph(f"案件：{session.matter}")
    if session.summary:
        add_heading(document, "摘要", 1)
        add_markdown(document, session.summary, heading_offset=1)
    for message in session.messages.all():
        who = "问" if message.role == Message.Role.USER else "答"
        stamp = timezone.localtime(message.created_at).strftime("%Y-%m-%d %H:%M")
        add_heading(document, f"{who}（{stamp}）", 1)
        if message.role == Message.Role.USER:
            for line in (message.content or "（无内容）").split("\n"):
                document.add_paragraph(xml_safe(line))
        else:
            add_markdown(document, message.content or "（无内容）", heading_offset=1)
        if message.citations:
            document.add_paragraph("引用核验：")
            for citation in message.citations:
                document.add_paragraph(
                    f"{_citation_mark(citation)} 《{citation.get('law', '')}》{citation.get('article', '')}",
                    style="List Bullet")
        if message.disclaimer:
            document.add_paragraph(message.disclaimer, style="Quote")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
