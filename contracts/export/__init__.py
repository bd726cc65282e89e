"""Exports of a reviewed contract: the annotated .docx (comments + tracked changes), the review
report .docx, JSON and Markdown. Pure functions of :mod:`contracts.types` values and plain dicts
(no Django), so the API, the console and the benches call the same code."""

from contracts.export.annotate import annotated_docx
from contracts.export.data import to_json
from contracts.export.report import report_docx, to_markdown

__all__ = ["annotated_docx", "report_docx", "to_json", "to_markdown"]
