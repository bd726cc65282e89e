"""The chat's Word export: the answers' Markdown becomes Word structure, never Markdown text."""

from __future__ import annotations

import io

import pytest
from docx import Document

from chat import services
from chat.export import session_as_docx
from chat.models import Message
from contracts.export.libreoffice import docx_to_pdf, pdf_text
from core.wordmd import add_markdown, styled_document

pytestmark = pytest.mark.django_db

ANSWER = """【离线模式】

### 结论

**可以。** 公司无法定理由辞退，属于*违法解除*，可主张赔偿金（2N）。

### 法律依据

1. 《中华人民共和国劳动合同法》第八十七条：违法解除的，按经济补偿标准的二倍支付赔偿金。
2. 《中华人民共和国劳动合同法》第四十七条：经济补偿按工作年限计算。

- 劳动合同
- 解除通知

| 项目 | 金额 |
| --- | --- |
| 赔偿金 | 48000 元 |

> 本回答不构成正式法律意见。
"""


def _document(text: str):
    document = styled_document()
    add_markdown(document, text, heading_offset=1)
    out = io.BytesIO()
    document.save(out)
    return Document(io.BytesIO(out.getvalue()))


def test_markdown_becomes_word_styles_and_runs():
    document = _document(ANSWER)
    styled = [(p.style.name, p.text) for p in document.paragraphs]
    assert ("Heading 2", "结论") in styled and ("Heading 2", "法律依据") in styled
    numbered = [t for s, t in styled if s == "List Number"]
    assert numbered[0].startswith("《中华人民共和国劳动合同法》第八十七条") and len(numbered) == 2
    assert [t for s, t in styled if s == "List Bullet"] == ["劳动合同", "解除通知"]
    assert ("Quote", "本回答不构成正式法律意见。") in styled
    conclusion = next(p for p in document.paragraphs if p.text.startswith("可以。"))
    assert [r.text for r in conclusion.runs if r.bold] == ["可以。"]
    assert [r.text for r in conclusion.runs if r.italic] == ["违法解除"]
    table = document.tables[0]
    assert [c.text for c in table.rows[1].cells] == ["赔偿金", "48000 元"]
    everything = "\n".join(p.text for p in document.paragraphs)
    for syntax in ("###", "**", "| ---", "> "):
        assert syntax not in everything, syntax
    assert document.styles["Heading 2"].element.rPr.rFonts.get(
        "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}eastAsia") == "黑体"


def test_raw_html_and_control_characters_stay_inert_text():
    document = _document("<script>alert(1)</script> 文本\x01结束")
    text = "\n".join(p.text for p in document.paragraphs)
    assert "<script>alert(1)</script>" in text and "\x01" not in text


def test_the_chat_export_renders_in_libreoffice_without_markdown(make_user):
    lawyer = make_user("staff")
    session = services.session_create(actor=lawyer, title="辞退赔偿")
    _question, answer = services.turn_create(actor=lawyer, session=session, content="公司辞退我能赔多少？")
    Message.objects.filter(pk=answer.pk).update(status=Message.Status.COMPLETE, content=ANSWER,
                                                disclaimer=services.DISCLAIMER)
    data = session_as_docx(session)
    styles = [p.style.name for p in Document(io.BytesIO(data)).paragraphs]
    assert styles[0] == "Title" and "Heading 1" in styles and "Heading 2" in styles and "List Number" in styles
    text = pdf_text(docx_to_pdf(data))
    assert "结论" in text and "赔偿金" in text and "第八十七条" in text
    for syntax in ("###", "**", "| ---"):
        assert syntax not in text, syntax
