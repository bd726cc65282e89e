"""Citation verification: every statute citation in a text, resolved against the corpus, with a verdict.

``citations_verify(text=..., default_law=None)`` extracts citations with
:func:`knowledge.citations.extract_citations` (《X法》第N条, X法第N条, 第N条第M款第K项, ranges,
lists, 本法/该法 from context) and checks each one:

* the law is in the corpus (else ``law_unknown``; 合同法 and the other laws folded into 民法典 say
  so), its name points at one document (else ``law_ambiguous``, naming every document a shared short
  name such as 行政诉讼法解释 could mean - never a guess), and 本法/该法 can be tied to a law (else
  ``law_unresolved``);
* the article exists in the version cited — the default (current) version unless the citation
  names a year, as in 《商标法》（2019年）第五十七条 (else ``article_missing`` with the law's size,
  or ``historical_only`` when only an old version has that number);
* the paragraph (款) and item (项) exist: paragraphs are the lines of the article's text that are
  not items, items are the lines starting with （一）（二）… under the paragraph;
* the law's status on today's date, computed from its versions' dates (knowledge.selectors.versions,
  docs/decisions/laws-in-force-on-a-date.md): the default version is the one in force today, never a text
  published but not yet in force. 已废止 (``repealed``), superseded versions (``historical``) and texts not
  yet in force (``not_yet_effective``, e.g. 商标法 2026年版 before 2027-01-01) are invalid - a citation of
  them is shown with its status and is never the basis of an answer; texts in force but marked 已被修改
  (刑法, 2020 text) and texts in force whose successor is published (``superseded_pending``) are valid
  **and flagged**.

Reasons are in Chinese for the people (and models) reading them. docs/decisions/citation-verification.md.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from django.conf import settings
from django.db.models import Max
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from knowledge import selectors
from knowledge.citations import Citation, extract_citations
from knowledge.exceptions import InvalidQuery, LawNotFound
from knowledge.lawnames import SUPERSEDED_BY, normalize_name, short_name
from knowledge.models import Article, Law, LawStatus
from knowledge.numerals import CN_NUMERAL_CHARS, article_label, cn_to_int, int_to_cn
from knowledge.selectors.versions import (
    IN_FORCE,
    PENDING,
    SUPERSEDED,
    default_version,
    shown_status,
    status_note,
    status_on,
    version_start,
)

EXCERPT_CHARS = 120

#: Verdict codes. Valid ones: ok, amended, superseded_pending (never not_yet_effective: a text not in force).
OK = "ok"
AMENDED = "amended"
NOT_YET_EFFECTIVE = "not_yet_effective"
SUPERSEDED_PENDING = "superseded_pending"
LAW_UNKNOWN = "law_unknown"
LAW_UNRESOLVED = "law_unresolved"
LAW_AMBIGUOUS = "law_ambiguous"
ARTICLE_MISSING = "article_missing"
HISTORICAL_ONLY = "historical_only"
PARAGRAPH_MISSING = "paragraph_missing"
ITEM_MISSING = "item_missing"
REPEALED = "repealed"
HISTORICAL = "historical"
VALID_CODES = frozenset({OK, AMENDED, SUPERSEDED_PENDING})

_ITEM_LINE_RE = re.compile(rf"^\s*[（(]\s*([{CN_NUMERAL_CHARS}]+)\s*[）)]")
_INLINE_ITEM_RE = re.compile(rf"[（(]([{CN_NUMERAL_CHARS}]+)[）)]")
_VERSION_NOTE_RE = re.compile(r"[（(]\s*(?P<year>(?:19|20)\d{2})\s*年?[^（）()第]{0,12}[）)]\s*$")
_GROUP_GAP_RE = re.compile(r"^[\s、，,和及与或以至到～~－—\-第条款项之一二三四五六七八九十百千零〇0-9]*$")
_CONTEXT_WORDS = ("本法", "本条例", "本规定", "本办法", "本解释", "本决定", "本法典",
                  "该法", "同法", "此法", "上述法律", "前述法律", "该条例", "该规定", "该办法", "该解释")


@dataclass(frozen=True)
class VerifiedCitation:
    """One citation and its verdict. ``valid`` False means do not rely on it; ``flagged`` means look again."""

    text: str
    span: tuple[int, int]
    law: str | None
    law_text: str | None
    article: str
    article_no: int
    suffix: int
    paragraph: int | None
    item: int | None
    valid: bool
    flagged: bool
    code: str
    reason: str
    status: str | None = None
    via: str = "explicit"
    law_id: int | None = None
    law_version: str = ""
    is_current_version: bool | None = None
    article_id: int | None = None
    article_label: str = ""
    excerpt: str = ""
    paragraphs: int | None = None
    url: str = ""
    suggestions: list[str] = field(default_factory=list)
    #: （2027年1月1日起施行） / （已废止） / （已被修订） for a text not in force today, else ""
    status_note: str = ""

    @property
    def cited(self) -> str:
        """The citation written out in full: 《中华人民共和国劳动合同法》第四十七条第一款."""
        law = f"《{self.law}》" if self.law else (f"《{self.law_text}》" if self.law_text else "")
        if self.law and self.is_current_version is False and self.law_version:
            law += f"（{self.law_version}）"
        para = f"第{int_to_cn(self.paragraph)}款" if self.paragraph else ""
        item = f"第{int_to_cn(self.item)}项" if self.item else ""
        note = self.status_note if self.code in (NOT_YET_EFFECTIVE, REPEALED) else ""
        return f"{law}{self.article}{para}{item}{note}"

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["span"] = list(self.span)
        data["cited"] = self.cited
        return data


# -- article structure -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Paragraph:
    text: str
    items: int


def article_paragraphs(text: str) -> list[Paragraph]:
    """The 款 of an article: its non-empty lines that are not items; items （一）（二）… belong to the
    paragraph above them. A paragraph with its items written inline counts those instead."""
    paragraphs: list[list[str]] = []
    item_counts: list[int] = []
    for line in (text or "").split("\n"):
        if not line.strip():
            continue
        item = _ITEM_LINE_RE.match(line)
        if item and paragraphs:
            item_counts[-1] += 1
            paragraphs[-1].append(line)
            continue
        paragraphs.append([line])
        item_counts.append(0)
    out: list[Paragraph] = []
    for lines, items in zip(paragraphs, item_counts, strict=True):
        if not items:
            items = _inline_items(lines[0])
        out.append(Paragraph("\n".join(lines), items))
    return out


def _inline_items(line: str) -> int:
    """（一）…；（二）… written in one line: the length of the run 一, 二, 三 … from the first marker."""
    expected = 1
    for match in _INLINE_ITEM_RE.finditer(line):
        try:
            value = cn_to_int(match[1])
        except ValueError:
            continue
        if value == expected:
            expected += 1
    return expected - 1


# -- the verifier ------------------------------------------------------------------------------------


def _today() -> dt.date:
    return timezone.localdate()


def _version_name(law: Law) -> str:
    return law.version_label or (f"{law.version_date.year}年版" if law.version_date else law.status)


def _date_cn(day: dt.date) -> str:
    return f"{day.year}年{day.month}月{day.day}日"


def _excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class _Resolver:
    """Per-call memo of laws, their versions, sizes and the articles cited (a few queries per law)."""

    def __init__(self, today: dt.date) -> None:
        self.cache = selectors.corpus_cache()
        self.today = today
        self._versions: dict[str, list[Law]] = {}
        self._articles: dict[int, dict[tuple[int, int], Article]] = {}
        self._loaded: dict[int, set[int]] = {}
        self._sizes: dict[int, tuple[int, str]] = {}

    def versions(self, name: str) -> list[Law]:
        if name not in self._versions:
            laws = self.cache.recall(("versions", name))
            if laws is selectors.MISSING:
                ids = self.cache.version_ids.get(name, [])
                laws = list(Law.objects.filter(pk__in=ids)) if ids else list(Law.objects.filter(name=name))
                laws.sort(key=lambda v: (-(v.version_date or dt.date.min).toordinal(), -v.pk))
                self.cache.remember(("versions", name), laws)
            # The default version on the verifier's day (selectors.versions): the one in force, never a text
            # published but not yet in force.
            chosen = default_version(laws, self.today)
            default = chosen.pk if chosen is not None else None
            self._versions[name] = sorted(laws, key=lambda v: v.pk != default)
        return self._versions[name]

    def prefetch(self, wanted: dict[int, set[int]]) -> None:
        """Load the cited article numbers of each law at once."""
        for law_id, numbers in wanted.items():
            self._load(law_id, numbers)

    def _load(self, law_id: int, numbers: Iterable[int]) -> None:
        found = self._articles.setdefault(law_id, {})
        loaded = self._loaded.setdefault(law_id, set())
        missing = set(numbers) - loaded
        if not missing:
            return
        loaded.update(missing)
        rows: list[Article] = []
        for number in sorted(missing):  # the articles of a number, as remembered for this generation
            remembered = self.cache.recall(("numbered", law_id, number))
            if remembered is not selectors.MISSING:
                rows.extend(remembered)
                missing.discard(number)
        if missing:
            read = list(Article.objects.filter(law_id=law_id, number__in=sorted(missing)).only(
                "id", "law_id", "number", "suffix", "label", "text", "ordinal"))
            for number in missing:
                self.cache.remember(("numbered", law_id, number), [a for a in read if a.number == number])
            rows.extend(read)
        for article in sorted(rows, key=lambda a: a.ordinal):
            key = (article.number, article.suffix)
            # A numbered label (第七条) wins over an item label (条目七) with the same number.
            if key not in found or (not found[key].label.startswith("第") and article.label.startswith("第")):
                found[key] = article

    def article(self, law: Law, number: int, suffix: int) -> Article | None:
        self._load(law.pk, [number])
        return self._articles[law.pk].get((number, suffix))

    def size(self, law: Law) -> tuple[int, str]:
        """(number of articles, label of the highest-numbered one)."""
        if law.pk not in self._sizes:
            highest = Article.objects.filter(law=law, number__isnull=False).aggregate(m=Max("number"))["m"]
            count = law.article_count or Article.objects.filter(law=law).count()
            self._sizes[law.pk] = (count, article_label(highest) if highest else "")
        return self._sizes[law.pk]


def _in_force_now(law: Law, versions: list[Law], today: dt.date) -> bool:
    """Whether ``law``'s text applies today (computed from the versions' dates, selectors.versions)."""
    return status_on(law, versions, today) == IN_FORCE


def _pending_successor(law: Law, versions: list[Law], today: dt.date) -> Law | None:
    """The published version that will replace ``law`` (in force today), if any."""
    start = version_start(law) or dt.date.min
    pending = [v for v in versions if v.pk != law.pk and status_on(v, versions, today) == PENDING
               and (version_start(v) or dt.date.min) > start]
    return min(pending, key=lambda v: (version_start(v) or dt.date.min, v.pk), default=None)


def _version_years(text: str, citations: list[Citation]) -> list[int | None]:
    """The year of a version note (《商标法》（2019年修正）第五十七条) for each citation; later citations of
    the same group (、第N条, 至第M条) inherit it."""
    years: list[int | None] = []
    previous: Citation | None = None
    for c in citations:
        year: int | None = None
        start, end = c.span
        segment = text[start:end].replace("(", "（").replace(")", "）")
        head = segment.split("第", 1)[0] if "第" in segment else ""
        note = _VERSION_NOTE_RE.search(head)
        names_law = bool(segment) and not (segment.startswith("第") or segment[0].isdigit())
        if note:
            year = int(note["year"])
        elif previous is not None and years and previous.law == c.law and not names_law:
            # Same group: 、第N条 / 至第M条 right after the previous citation (a range shares its span).
            gap = text[previous.span[1] : start] if start > previous.span[1] else ""
            if len(gap) <= 12 and _GROUP_GAP_RE.match(gap):
                year = years[-1]
        years.append(year)
        previous = c
    return years


def validate_text(text: str | None) -> str:
    if text is None or not str(text).strip():
        raise InvalidQuery("请输入要核验的文本")
    limit = settings.KNOWLEDGE_MAX_QUERY_CHARS
    if len(text) > limit:
        raise InvalidQuery(f"文本过长（{len(text)} 字），上限为 {limit} 字")
    return text


def citations_verify(*, text: str, default_law: str | None = None) -> list[VerifiedCitation]:
    """Every citation in ``text`` with its verdict, in order of appearance.

    ``default_law`` (any name the law index resolves) is the law 本法 and a bare 第N条 refer to when the
    text itself does not say. Raises InvalidQuery (empty or over 30,000 characters) and LawNotFound
    (``default_law`` unknown).
    """
    text = validate_text(text)
    index = selectors.law_index()
    default_full = None
    if default_law:
        default_full = index.resolve(default_law)
        if default_full is None:
            raise LawNotFound(default_law, index.suggest(default_law, 5))
    citations = extract_citations(text, index, default_law=default_full)
    if not citations:
        return []
    today = _today()
    resolver = _Resolver(today)
    years = _version_years(text, citations)
    chosen: list[tuple[Law | None, str]] = []
    wanted: dict[int, set[int]] = {}
    for c, year in zip(citations, years, strict=True):
        law, note = _choose_version(resolver, c.law, year)
        chosen.append((law, note))
        if law is not None:
            wanted.setdefault(law.pk, set()).add(c.article.number)
    resolver.prefetch(wanted)
    return [
        _verify_one(text, c, law, note, resolver, index, today)
        for c, (law, note) in zip(citations, chosen, strict=True)
    ]


def _choose_version(resolver: _Resolver, name: str | None, year: int | None) -> tuple[Law | None, str]:
    if name is None:
        return None, ""
    versions = resolver.versions(name)
    if not versions:
        return None, ""
    if year is not None:
        for v in versions:
            if year in {d.year for d in (v.version_date, v.publish_date, v.effective_date) if d}:
                return v, ""
        return versions[0], f"法规库中没有该法的{year}年版本，按{_version_name(versions[0])}核验；"
    return versions[0], ""


def _verify_one(text: str, c: Citation, law: Law | None, note: str, resolver: _Resolver, index: Any,
                today: dt.date) -> VerifiedCitation:
    base: dict[str, Any] = {
        "text": text[c.span[0] : c.span[1]], "span": c.span, "law": c.law, "law_text": c.law_text,
        "article": c.article.label, "article_no": c.article.number, "suffix": c.article.suffix,
        "paragraph": c.paragraph, "item": c.item, "via": c.via,
    }
    if law is None:
        return _unknown_law(base, c, index)
    versions = resolver.versions(law.name)
    default = versions[0] if versions else law
    status = status_on(law, versions, today)
    base.update(status=shown_status(law.status, status), law_id=law.pk, law_version=law.version_label,
                is_current_version=law.pk == default.pk, status_note=status_note(status, version_start(law)))
    name = f"《{law.name}》"
    if law.status == LawStatus.REPEALED:
        article = resolver.article(law, c.article.number, c.article.suffix)
        missing = "" if article else f"（且该法没有{c.article.label}）"
        return _verdict(base, REPEALED, f"{note}{name}已废止，不能作为现行法律依据引用{missing}", article)
    article = resolver.article(law, c.article.number, c.article.suffix)
    if article is None:
        return _missing_article(base, c, law, versions, note, resolver, today)
    parts = article_paragraphs(article.text)
    base["paragraphs"] = len(parts)
    where = f"{name}{article.label}"
    if c.paragraph and c.paragraph > len(parts):
        return _verdict(base, PARAGRAPH_MISSING,
                        f"{note}{where}只有{len(parts)}款，没有第{int_to_cn(c.paragraph)}款", article)
    if c.item:
        scope = [parts[c.paragraph - 1]] if c.paragraph else parts
        items = max((p.items for p in scope), default=0)
        if c.item > items:
            para = f"第{int_to_cn(c.paragraph)}款" if c.paragraph else ""
            have = f"只有{items}项" if items else "没有分项"
            return _verdict(base, ITEM_MISSING, f"{note}{where}{para}{have}，没有第{int_to_cn(c.item)}项", article)
    excerpt_text = parts[c.paragraph - 1].text if c.paragraph else article.text
    return _status_verdict(base, law, versions, note, where, article, today, excerpt_text)


def _status_verdict(base: dict[str, Any], law: Law, versions: list[Law], note: str, where: str, article: Article,
                    today: dt.date, excerpt_text: str) -> VerifiedCitation:
    status = status_on(law, versions, today)
    current = next((v for v in versions if status_on(v, versions, today) == IN_FORCE), None)
    now = f"；目前施行的是{_version_name(current)}" if current is not None and current.pk != law.pk else ""
    if status == PENDING:
        start = version_start(law)
        when = f"自{_date_cn(start)}起施行" if start else "尚未施行"
        none = "" if now else "；该法目前没有施行中的版本，不能作为现行法律依据"
        return _verdict(base, NOT_YET_EFFECTIVE,
                        f"{note}条文存在；但{_version_name(law)}{when}，尚未生效{now}{none}", article, excerpt_text)
    if status == SUPERSEDED:
        newer = f"，现行版本为{_version_name(current)}" if current else ""
        return _verdict(base, HISTORICAL,
                        f"{note}引用的是{where}的历史版本（{_version_name(law)}），该版本已被取代{newer}；请引用现行版本",
                        article, excerpt_text)
    successor = _pending_successor(law, versions, today)
    if successor is not None:
        start = version_start(successor)
        when = f"自{_date_cn(start)}起施行" if start else "已公布、尚未施行"
        return _verdict(base, SUPERSEDED_PENDING,
                        f"{note}条文存在，现行有效（{_version_name(law)}）；新版本（{_version_name(successor)}）{when}，"
                        "届时本条可能改号或改写", article, excerpt_text)
    if law.status == LawStatus.AMENDED:
        when = f"{_date_cn(law.version_date)}的" if law.version_date else ""
        return _verdict(base, AMENDED,
                        f"{note}条文存在；该法时效性为“已被修改”（法规库收录的是{when}文本），此后的修正可能改动本条，"
                        "请核对最新修正案", article, excerpt_text)
    return _verdict(base, OK, f"{note}条文存在，现行有效", article, excerpt_text)


def _missing_article(base: dict[str, Any], c: Citation, law: Law, versions: list[Law], note: str,
                     resolver: _Resolver, today: dt.date) -> VerifiedCitation:
    count, last = resolver.size(law)
    size = f"（该法共{count}条，条号止于{last}）" if last else f"（该法共{count}条）"
    default = versions[0] if versions else law
    if law.pk != default.pk:
        in_default = resolver.article(default, c.article.number, c.article.suffix)
        hint = f"；现行版本（{_version_name(default)}）有{c.article.label}" if in_default else ""
        return _verdict(base, ARTICLE_MISSING,
                        f"{note}《{law.name}》{_version_name(law)}没有{c.article.label}{size}{hint}", None)
    for other in versions:
        if other.pk == law.pk:
            continue
        hit = resolver.article(other, c.article.number, c.article.suffix)
        if hit is None:
            continue
        status = status_on(other, versions, today)
        base.update(status=shown_status(other.status, status), law_id=other.pk, law_version=other.version_label,
                    is_current_version=False,
                    status_note=status_note(status, version_start(other)))
        if status == IN_FORCE:  # the default is a text not yet in force; this one applies today
            return _verdict(base, SUPERSEDED_PENDING,
                            f"{note}《{law.name}》{_version_name(law)}没有{c.article.label}{size}；该条见于"
                            f"{_version_name(other)}，该版本目前仍在施行", hit)
        if status == PENDING:
            start = version_start(other)
            when = f"{_date_cn(start)}起施行" if start else "尚未施行"
            return _verdict(base, NOT_YET_EFFECTIVE,
                            f"{note}现行《{law.name}》（{_version_name(law)}）没有{c.article.label}{size}；该条号只见于"
                            f"尚未施行的{_version_name(other)}（{when}），不能作为现行法律依据", hit)
        return _verdict(base, HISTORICAL_ONLY,
                        f"{note}现行《{law.name}》没有{c.article.label}{size}；该条号只见于已失效的"
                        f"{_version_name(other)}（{status}）", hit)
    return _verdict(base, ARTICLE_MISSING, f"{note}《{law.name}》没有{c.article.label}{size}", None)


def _unknown_law(base: dict[str, Any], c: Citation, index: Any) -> VerifiedCitation:
    written = c.law_text or ""
    if not written or written in _CONTEXT_WORDS:
        word = f"“{written}”" if written else "该条文"
        return _verdict(base, LAW_UNRESOLVED,
                        f"无法确定{word}指哪部法律：文中此前没有提到法律，也没有指定默认法律", None)
    candidates = index.candidates(written)
    if candidates:
        listed = "、".join(f"《{name}》" for name in candidates)
        return _verdict({**base, "suggestions": candidates}, LAW_AMBIGUOUS,
                        f"“{written}”可能指{len(candidates)}部文件：{listed}；无法确定所指，请写明文件全称", None)
    key = short_name(normalize_name(written))
    successor = SUPERSEDED_BY.get(key)
    suggestions = index.suggest(written, 5)
    if successor and index.resolve(successor):
        successor_name = index.resolve(successor)
        return _verdict({**base, "status": LawStatus.REPEALED.value, "suggestions": [successor_name]}, LAW_UNKNOWN,
                        f"《{written}》已废止，法规库未收录；其内容已编入《{successor_name}》，请改引民法典相应条文",
                        None)
    hint = f"；相近的法律：{'、'.join(suggestions[:3])}" if suggestions else ""
    return _verdict({**base, "suggestions": suggestions}, LAW_UNKNOWN, f"法规库中没有《{written}》{hint}", None)


def _verdict(base: dict[str, Any], code: str, reason: str, article: Article | None,
             excerpt_text: str | None = None) -> VerifiedCitation:
    valid = code in VALID_CODES
    extra: dict[str, Any] = {}
    if article is not None:
        extra = {"article_id": article.pk, "article_label": article.label,
                 "excerpt": _excerpt(excerpt_text if excerpt_text is not None else article.text),
                 "url": article_url(article.pk)}
    return VerifiedCitation(**{**base, **extra}, valid=valid, flagged=code != OK, code=code, reason=reason)


def article_url(article_id: int) -> str:
    """The portal page of an article ("" while the knowledge pages are not routed)."""
    try:
        return reverse("knowledge:article", args=[article_id])
    except NoReverseMatch:
        return ""


def verification_summary(results: list[VerifiedCitation]) -> dict[str, int]:
    return {
        "total": len(results),
        "valid": sum(r.valid for r in results),
        "invalid": sum(not r.valid for r in results),
        "flagged": sum(r.valid and r.flagged for r in results),
    }
