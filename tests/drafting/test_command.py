"""``manage.py draft TEMPLATE --fields FILE.json --out FILE.docx``."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from drafting import render
from drafting.catalog import BY_SLUG
from tracing.models import AuditEvent


@pytest.mark.django_db
def test_draft_command_writes_the_docx(tmp_path):
    fields = tmp_path / "fields.json"
    fields.write_text(json.dumps(BY_SLUG["lawyer-letter"].sample, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "letter.docx"
    call_command("draft", "lawyer-letter", "--fields", str(fields), "--out", str(out))
    text = render.document_text(out.read_bytes())
    assert "律师函" in text and "120,000.00元（人民币壹拾贰万元整）" in text
    assert AuditEvent.objects.filter(event_type="drafting.document_rendered").count() == 1


@pytest.mark.django_db
def test_draft_command_reports_invalid_and_missing_fields(tmp_path):
    fields = tmp_path / "fields.json"
    fields.write_text(json.dumps({"recipient": "某公司", "contact": "123"}, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError, match="contact"):
        call_command("draft", "lawyer-letter", "--fields", str(fields), "--out", str(tmp_path / "x.docx"))
    fields.write_text(json.dumps({"recipient": "某公司"}, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError, match="firm: 必填：律师事务所"):
        call_command("draft", "lawyer-letter", "--fields", str(fields), "--out", str(tmp_path / "x.docx"))
    assert not (tmp_path / "x.docx").exists()
    with pytest.raises(CommandError, match="no template"):
        call_command("draft", "no-such-template", "--fields", str(fields), "--out", str(tmp_path / "x.docx"))
