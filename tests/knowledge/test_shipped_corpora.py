"""Every record of both shipped corpora fits the tables the first start writes it to.

The suite's ``manage.py up`` from nothing imports one law of each corpus (``KNOWLEDGE_FIRST_RUN_LAWS`` in
tests/legalsite/test_up.py); what the whole import could still trip on is data: a name or heading longer
than its column, an empty required value, a status outside the choices, a number out of range, a key used
twice. This checks each record as the importer would write it, against the model's own field definitions,
without a database.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.postgres.fields import ArrayField
from django.db import models

from knowledge.importers import (
    BUNDLED_SOURCE,
    JUDICIAL_ADMIN_SOURCE,
    SHIPPED_CORPORA,
    LawRecord,
    bundled_records,
    jsonl_read,
)
from knowledge.models import Article, Law
from knowledge.services.imports import _law_values

#: The largest value of each integer column type (PostgreSQL).
INTEGER_LIMITS = {models.PositiveSmallIntegerField: 32_767, models.PositiveIntegerField: 2_147_483_647}
ARTICLE_FIELDS = ("ordinal", "chapter", "section", "number", "suffix", "label", "text", "text_hash", "source_id")


def _problems(model: type[models.Model], values: dict[str, Any], where: str) -> list[str]:
    problems = []
    for name, value in values.items():
        field = model._meta.get_field(name)
        if value is None:
            if not field.null:
                problems.append(f"{where}: {name} is empty")
            continue
        items = value if isinstance(field, ArrayField) else [value]
        column = field.base_field if isinstance(field, ArrayField) else field
        for item in items:
            if column.max_length is not None and len(item) > column.max_length:
                problems.append(f"{where}: {name} has {len(item)} characters, the column {column.max_length}")
            limit = INTEGER_LIMITS.get(type(column))
            if limit is not None and not 0 <= item <= limit:
                problems.append(f"{where}: {name} = {item} is outside 0…{limit}")
            if column.choices and item not in {choice for choice, _ in column.choices}:
                problems.append(f"{where}: {name} = {item!r} is not one of the choices")
        if not field.blank and value in ("", []):
            problems.append(f"{where}: {name} is blank")
    return problems


def _corpus_problems(records: list[LawRecord]) -> list[str]:
    problems = []
    source_ids: dict[str, str] = {}
    for record in records:
        where = f"{record.name} ({record.source_id})"
        if record.source_id in source_ids:
            problems.append(f"{where}: source id also used by {source_ids[record.source_id]}")
        source_ids[record.source_id] = record.name
        problems += _problems(Law, {**_law_values(record), "source_id": record.source_id}, where)
        ordinals: set[int] = set()
        for article in record.articles:
            at = f"{where} {article.label} (ordinal {article.ordinal})"
            if article.ordinal in ordinals:
                problems.append(f"{at}: ordinal used twice")
            ordinals.add(article.ordinal)
            values = {name: getattr(article, name) for name in ARTICLE_FIELDS}
            problems += _problems(Article, values, at)
    return problems


@pytest.mark.parametrize("corpus", [BUNDLED_SOURCE, JUDICIAL_ADMIN_SOURCE])
def test_every_record_of_the_shipped_corpus_fits_its_tables(corpus):
    records = list(bundled_records()) if corpus == BUNDLED_SOURCE else jsonl_read(SHIPPED_CORPORA[corpus])
    assert len(records) > 300  # the whole corpus, not a slice
    problems = _corpus_problems(records)
    assert not problems, f"{len(problems)} values the import could not write:\n" + "\n".join(problems[:40])


def test_the_check_finds_a_value_its_column_cannot_hold():
    record = next(bundled_records(names={"中华人民共和国劳动合同法"}))
    assert _corpus_problems([record]) == []
    record.version_label = "版" * 101
    record.articles[1].ordinal = record.articles[0].ordinal
    record.articles[2].label = ""
    record.status = "不明"
    problems = "\n".join(_corpus_problems([record, record]))
    for expected in ("version_label has 101 characters, the column 100", "ordinal used twice", "label is blank",
                     "status = '不明' is not one of the choices", "source id also used by"):
        assert expected in problems
