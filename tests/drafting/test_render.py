"""Every shipped template rendered with its sample data: the values in place, no template syntax
left, Chinese court typography, numbering that restarts, and LibreOffice headless turns it into a
PDF (its first page kept as a PNG under tmp/artifacts/drafting, or $DRAFTING_ARTIFACTS)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from docx import Document
from docx.oxml.ns import qn
from docx.shared import Mm, Pt

from drafting import convert, render
from drafting import schema as fs
from drafting.catalog import SHIPPED
from drafting.services import TEMPLATES_DIR
from drafting.typography import build

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("DRAFTING_ARTIFACTS", ROOT / "tmp" / "artifacts" / "drafting"))


def rendered(template) -> bytes:
    cleaned, errors = fs.validate(template.fields, template.sample)
    assert errors == {}
    assert fs.missing(template.fields, cleaned) == []
    return render.render((TEMPLATES_DIR / f"{template.slug}.docx").read_bytes(), cleaned, template.fields)


def east_asia(run) -> str | None:
    fonts = run._element.find(qn("w:rPr") + "/" + qn("w:rFonts"))
    return None if fonts is None else fonts.get(qn("w:eastAsia"))


@pytest.mark.parametrize("template", SHIPPED, ids=lambda t: t.slug)
def test_shipped_template_renders_with_court_typography(template):
    data = rendered(template)
    text = render.document_text(data)
    assert not render.has_leftover(text), [line for line in text.splitlines() if render.has_leftover(line)]
    document = Document(io.BytesIO(data))
    section = document.sections[0]
    for side, mm in (("top_margin", 37), ("bottom_margin", 35), ("left_margin", 28), ("right_margin", 26)):
        assert abs(getattr(section, side) - Mm(mm)) < Mm(0.1), side
    title = next(p for p in document.paragraphs if p.text.strip())
    assert title.alignment is not None and title.alignment == 1  # centred
    for run in title.runs:
        assert run.font.size == Pt(22) and east_asia(run) == "宋体"
    body_runs = [run for p in document.paragraphs[1:] for run in p.runs if run.text.strip()]
    assert body_runs
    for run in body_runs:
        assert run.font.size == Pt(16), run.text
        assert east_asia(run) == "仿宋", run.text
    normal = document.styles["Normal"]
    assert normal.element.rPr.find(qn("w:rFonts")).get(qn("w:eastAsia")) == "仿宋"
    # sample values are in the document
    for value in ("sign_date",):
        if value in template.sample:
            assert render.cn_date(template.sample[value]) in text


def test_amounts_dates_and_copies_in_a_complaint():
    template = next(t for t in SHIPPED if t.slug == "complaint-private-loan")
    text = render.document_text(rendered(template))
    assert "50,000.00元（人民币伍万元整）" in text
    assert "2024年1月10日" in text
    assert "附：本诉状副本1份" in text
    assert "此致" in text and "具状人（签字）：王小明" in text


def test_numbering_restarts_in_each_list():
    template = next(t for t in SHIPPED if t.slug == "civil-complaint")
    values = dict(template.sample, claims=[{"text": "请求甲"}, {"text": "请求乙"}, {"text": "请求丙"}],
                  defendants=[{"name": "甲"}, {"name": "乙"}])
    cleaned, _ = fs.validate(template.fields, values)
    lines = render.document_text(render.render((TEMPLATES_DIR / "civil-complaint.docx").read_bytes(), cleaned,
                                               template.fields)).splitlines()
    assert [line for line in lines if line.startswith(("1. ", "2. ", "3. "))] == [
        "1. 请求甲", "2. 请求乙", "3. 请求丙", "1. 借条（证明借款事实）", "2. 转账记录（证明款项已交付）"]
    assert "附：本诉状副本2份" in lines


def test_every_shipped_template_converts_with_libreoffice(tmp_path):
    """Fails (never skips) without LibreOffice: a court must be able to open what we file."""
    files = []
    for template in SHIPPED:
        path = tmp_path / f"{template.slug}.docx"
        path.write_bytes(rendered(template))
        files.append(path)
    pdfs = convert.to_pdf(files, tmp_path / "pdf")
    failed = [path.name for path, pdf in pdfs.items() if pdf is None]
    assert failed == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for path, pdf in pdfs.items():
        png = ARTIFACTS / f"{path.stem}.png"
        pages, width = convert.first_page_png(pdf, png)
        assert pages >= 1 and width > 500
        assert png.stat().st_size > 5_000


def test_build_script_reproduces_the_committed_templates(tmp_path):
    """The committed .docx files are what scripts/build_templates.py writes from the catalogue."""
    for template in SHIPPED:
        built = io.BytesIO()
        build(template.blocks).save(built)
        assert render.document_text(built.getvalue()) == render.document_text(
            (TEMPLATES_DIR / f"{template.slug}.docx").read_bytes()), template.slug


@pytest.mark.parametrize("template", SHIPPED, ids=lambda t: t.slug)
def test_shipped_template_passes_the_lint_and_uses_only_schema_fields(template):
    used = {placeholder.name for placeholder in render.lint((TEMPLATES_DIR / f"{template.slug}.docx").read_bytes())}
    declared = {spec["name"] for spec in template.fields} | {"copies"}
    assert used <= declared | {"p", "a", "c", "e", "k", "t", "line", "loop"}
