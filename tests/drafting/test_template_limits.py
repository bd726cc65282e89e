"""Firm template uploads go through the shared reader guard, with a template's own caps, before
python-docx and docxtpl parse them: a bomb, a lying part, entity declarations and too much text are
refused with a clear 400 (API) or message (page), and nothing is stored."""

from __future__ import annotations

import io

import pytest
from django.test import Client

from drafting import render
from drafting.models import DocumentTemplate
from tests import docx_bombs

MB = 1024 * 1024
TEMPLATES = "/api/v1/drafting/templates"


def _file(data: bytes, name: str = "模板.docx") -> io.BytesIO:
    stream = io.BytesIO(data)
    stream.name = name
    return stream


def _firm_templates() -> int:
    return DocumentTemplate.objects.filter(source=DocumentTemplate.Source.FIRM).count()


@pytest.mark.django_db
@pytest.mark.parametrize(("make", "words"), [
    (lambda: docx_bombs.zip_bomb(12 * MB), "压缩炸弹"),
    (docx_bombs.lying_part, "实际大小与声明不符"),
    (docx_bombs.billion_laughs, "XML 实体声明"),
    (lambda: docx_bombs.text_heavy(render.TEMPLATE_MAX_TEXT_CHARS + 10_000), "文字过多"),
])
def test_hostile_templates_are_refused_before_they_are_parsed(staff_user, client_for, monkeypatch, make, words):
    monkeypatch.setattr(render, "Document", None)  # python-docx must never see these files
    monkeypatch.setattr(render, "DocxTemplate", None)
    response = client_for(staff_user).post(TEMPLATES, {"file": _file(make()), "name": "恶意模板"}, format="multipart")
    assert response.status_code == 400
    assert words in response.json()["fields"]["file"]
    assert _firm_templates() == 0


@pytest.mark.django_db
def test_the_page_shows_the_refusal(staff_user):
    client = Client()
    client.force_login(staff_user)
    followed = client.post("/drafting/templates/upload", {"file": _file(docx_bombs.billion_laughs()), "name": "x"},
                           follow=True).content.decode()
    assert "模板未上传" in followed and "XML 实体声明" in followed
    assert _firm_templates() == 0


@pytest.mark.django_db
def test_an_honest_template_still_uploads(staff_user, client_for):
    data = docx_bombs.base_docx(["借条", "今借到{{ 出借人 }}人民币{{ 借款金额 }}元。"])
    response = client_for(staff_user).post(TEMPLATES, {"file": _file(data), "name": "借条"}, format="multipart")
    assert response.status_code == 201, response.json()
    assert [f["name"] for f in response.json()["fields"]] == ["出借人", "借款金额"]
