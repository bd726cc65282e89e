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
    from docx import Document
    from docx.oxml.ns import qn
    from docx.shared import Pt

    document = Document()
    style = document.styles["Normal"]
    style.font.name = "SimSun"
    style.font.size = Pt(11)
    style.element.rPr.rFonts.set(qn("w:eastAsia"), "宋体")
    document.add_heading(str(session), level=1)
    if session.matter:
        document.add_paragraph(f"案件：{session.matter}")
    if session.summary:
        document.add_heading("摘要", level=2)
        document.add_paragraph(session.summary)
    for message in session.messages.all():
        who = "问" if message.role == Message.Role.USER else "答"
        stamp = timezone.localtime(message.created_at).strftime("%Y-%m-%d %H:%M")
        document.add_heading(f"{who}（{stamp}）", level=2)
        for paragraph in (message.content or "（无内容）").split("\n"):
            document.add_paragraph(paragraph)
        for citation in message.citations:
            document.add_paragraph(
                f"{_citation_mark(citation)} 《{citation.get('law', '')}》{citation.get('article', '')}",
                style="List Bullet",
            )
        if message.disclaimer:
            document.add_paragraph(message.disclaimer).italic = True
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
