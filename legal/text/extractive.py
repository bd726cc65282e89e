"""The extractive composer: the statutes retrieved for a question, read for the kind of question, the
key article and the statement that answers it, and the conclusion written from them without a model
(chat's offline answers and research's synthesis both use it)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from datetime import date
from typing import Any

from knowledge.query_expansion import RULES as EXPANSION_RULES
from knowledge.query_expansion import expand_query, normalize_query
from knowledge.selectors import article_texts
from knowledge.textsearch import index_tokens, query_tokens
from legal.calculators import cn_date
from legal.text.vocabulary import offline_keywords

STATEMENT_CHARS = 180

_WORDS = offline_keywords()

#: Kinds of question, in the order they are tried.
QUESTION_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (kind, tuple(getattr(_WORDS.questions, kind))) for kind in ("legality", "can", "amount", "consequence", "action"))
_PROHIBITIVE = tuple(_WORDS.norms.prohibitive)
_PERMISSIVE = tuple(_WORDS.norms.permissive)

_GENERIC_SUFFIXES = tuple(_WORDS.relevance.generic_suffixes)
_COMMON_BIGRAMS = frozenset(_WORDS.relevance.common_bigrams)

_STRUCTURE = re.compile(r"第[一二三四五六七八九十百千零〇两\d]+[编章节分]+\s*")
_TITLE_SPLIT = re.compile(r"[的和与及、，\s]+")
_ITEM = re.compile(r"^（[一二三四五六七八九十]+）")
_SENTENCE = re.compile(r"(?<=[。；：])|\n")


def with_texts(hits: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    texts = article_texts([hit["article_id"] for hit in hits if hit.get("article_id")])
    return [dict(hit, text=texts.get(hit.get("article_id"), hit.get("text", ""))) for hit in hits]


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip()


def _cite(hit: Mapping[str, Any]) -> str:
    return f"《{hit.get('law')}》{hit.get('article_label')}"


def question_kind(question: str) -> str:
    """legality | can | amount | consequence | action | general (legal/text/vocab/offline.toml [questions])."""
    for kind, words in QUESTION_KINDS:
        if any(word in question for word in words):
            return kind
    return "general"


def question_terms(question: str) -> set[str]:
    """The question's terms of two or more characters, with the legal concepts its everyday words
    stand for (the search's own tokenizer and query expansion)."""
    expanded = expand_query(question[:4000]).text
    return {t for t in query_tokens(expanded) if len(t) >= 2 and not t.isascii()}


def _title(text: Any) -> str:
    return _STRUCTURE.sub(" ", str(text or "")).strip()


def _core(segment: str) -> str:
    for suffix in _GENERIC_SUFFIXES:
        if segment.endswith(suffix) and len(segment) > len(suffix):
            return segment[: -len(suffix)]
    return segment


def _subtypes(hits: list[Mapping[str, Any]], terms: set[str]) -> set[int]:
    """Articles under a chapter that names a kind of a concept of the question by a two-character
    qualifier (融资租赁合同) when another retrieved article's chapter names that concept itself
    (租赁合同): the plain one is meant."""
    cores = {id(h): {_core(s) for s in _TITLE_SPLIT.split(_title(h.get("chapter"))) if s} for h in hits}
    plain = {term for h in hits for term in terms if term in cores[id(h)]}
    return {id(h) for h in hits
            if any(len(core) == len(term) + 2 and core.endswith(term) and core not in terms
                   for core in cores[id(h)] for term in plain)}


def _word_counts(text: str) -> Counter[str]:
    """The article's words (the search tokenizer's, two characters or more) and how often each occurs,
    without those common to most statutes."""
    words = index_tokens(text).split()
    return Counter(t for t in words if len(t) >= 2 and not t.isascii() and t not in _COMMON_BIGRAMS)


def _dominated(hit: Mapping[str, Any], terms: set[str], others: list[Mapping[str, Any]]) -> bool:
    """The article is about something neither the question nor the other articles found speak of:
    its most frequent word (three times or more) is not a term of the question, occurs more often
    than any term that is, and appears in no other retrieved article (保证 among articles on 诉讼时效
    and 借款 for a question about a loan)."""
    counts = _word_counts(str(hit.get("text", "")))
    if not counts:
        return False
    word, top = counts.most_common(1)[0]
    asked = max((counts[t] for t in terms if t in counts), default=0)
    if top < 3 or top <= asked or any(word in t or t in word for t in terms):
        return False
    return not any(word in str(other.get("text", "")) for other in others if other is not hit)


def relevant_hits(hits: list[Mapping[str, Any]], question: str) -> list[Mapping[str, Any]]:
    """The retrieved articles the answer may rely on: those that share a term with the question (or
    the concepts its words stand for), without those about something else — a kind of the
    question's concept when the concept itself was found too (融资租赁 beside 租赁), or an article
    whose main word the question never uses (保证 for a question about a loan). When that leaves
    nothing, the first three that share a term (plain concepts before their kinds); when none shares
    a term (the question's words are not the statutes'), the search's first two."""
    terms = question_terms(question)
    shared = [h for h in hits if any(t in str(h.get("text", "")) for t in terms)]
    subtypes = _subtypes(shared, terms)
    kept = [h for i, h in enumerate(shared)
            if id(h) not in subtypes and (i == 0 or not _dominated(h, terms, shared))]
    return kept or [h for h in shared if id(h) not in subtypes][:3] or list(hits[:2])


def _units(text: str) -> list[tuple[str, str]]:
    """The article's statements: sentences, and enumerated items with the sentence that leads them in."""
    units: list[tuple[str, str]] = []
    lead = ""
    for raw in _SENTENCE.split(str(text)):
        part = raw.strip()
        if not part:
            continue
        if _ITEM.match(part) and lead:
            units.append((lead, _ITEM.sub("", part)))
            continue
        lead = part if part.endswith("：") else ""
        if not lead:
            units.append(("", part))
    return units


def _statement(lead: str, item: str) -> str:
    text = f"{lead}{item}" if lead else item
    text = _clean(text).rstrip("；。，：")
    return text if len(text) <= STATEMENT_CHARS else text[:STATEMENT_CHARS].rstrip("，；、") + "……"


def _best_unit(hit: Mapping[str, Any], terms: set[str], asked: set[str]) -> tuple[float, str]:
    """The article's statement that bears most on the question and its score: terms of the question
    itself count twice those its words stand for; an item counts more than its lead-in."""
    best: tuple[float, int, str] = (0.0, 0, "")
    units = _units(str(hit.get("text", "")))
    weights = [sum((2 if t in asked else 1) * (2 if t in item else 1 if t in lead else 0) for t in terms)
               for lead, item in units]
    for i, (lead, item) in enumerate(units):
        if weights[i] > best[0] or not best[2]:
            # the other items of the same list that bear on the question go with it
            items = [other for j, (other_lead, other) in enumerate(units)
                     if lead and other_lead == lead and (j == i or weights[j] > weights[i] / 2 > 0)]
            best = (float(weights[i]), -i, _statement(lead, "；".join(x.rstrip("；。") for x in items) or item))
    return best[0], best[2]


def key_article(hits: list[Mapping[str, Any]], question: str) -> tuple[Mapping[str, Any] | None, str]:
    """Among the first three relevant articles, the one with the statement that bears most on the
    question, each rank down the search's order weighing half the one before, and that statement."""
    terms, asked = question_terms(question), {t for t in query_tokens(question[:4000]) if len(t) >= 2}
    best: tuple[float, int] | None = None
    chosen: tuple[Mapping[str, Any] | None, str] = (None, "")
    for i, hit in enumerate(hits[:3]):
        score, statement = _best_unit(hit, terms, asked)
        if statement and (best is None or (score * 0.5 ** i, -i) > best):
            best, chosen = (score * 0.5 ** i, -i), (hit, statement)
    return chosen


def asks_about(statement: str, question: str) -> bool:
    """The statement speaks of what was asked: it covers at least half of the question's concepts
    (each group of terms one everyday phrase stands for: 房东 → 租赁、出租人; 押金 → 押金、返还),
    a word of the question itself counting as one more."""
    normalized = normalize_query(question[:4000])
    groups = [rule.terms for rule in EXPANSION_RULES if rule.matches(normalized)]
    covered = sum(any(term in statement for term in group) for group in groups)
    covered += any(t in statement for t in query_tokens(question[:4000]) if len(t) >= 2)
    return covered * 2 >= len(groups) + 1


def _polarity(statement: str) -> str:
    if any(word in statement for word in _PROHIBITIVE):
        return "prohibitive"
    if any(word in statement for word in _PERMISSIVE):
        return "permissive"
    return "neutral"


_LEADS = {
    ("legality", "prohibitive"): "通常不合法：法律对此有禁止性或否定性规定",
    ("legality", "permissive"): "是否合法取决于是否符合法定条件",
    ("legality", "neutral"): "是否合法取决于是否符合法定条件",
    # a prohibition in the rule may bind the other side as well as the asker: no 一般不能
    ("can", "prohibitive"): "能否主张取决于下列法定条件",
    ("can", "permissive"): "一般可以，但须符合法定条件",
    ("can", "neutral"): "能否主张取决于下列法定条件",
    ("consequence", "prohibitive"): "依法可能承担不利后果",
    ("consequence", "permissive"): "依法可能承担下列后果",
    ("consequence", "neutral"): "依法可能承担下列后果",
    ("action", "prohibitive"): "可以依法维权，对方的做法受法律限制",
    ("action", "permissive"): "可以依法主张权利",
    ("action", "neutral"): "可以依法主张权利",
}


def _limitation_conclusion(kind: str, calculation: Mapping[str, Any], article: Mapping[str, Any] | None,
                           question: str) -> str:
    figures = calculation.get("figures", {})
    expires, expired = figures.get("expires_on", ""), bool(figures.get("expired"))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(expires)):
        expires = cn_date(date.fromisoformat(str(expires)))  # an answer's words carry Chinese dates, never ISO
    rule = ""
    if article is not None:
        sentences = [s for lead, s in _units(str(article.get("text", ""))) if "期间" in s or "起计算" in s]
        rule = "，".join(_statement("", s) for s in sentences[:2])
        rule = f"依据{_cite(article)}，{rule}。" if rule else ""
    start = str(calculation.get("start_note", ""))
    asks_suit = kind == "can" or "起诉" in question or "告" in question
    if expired:
        head = ("诉讼时效可能已经届满：仍可起诉，但对方以时效届满抗辩的，法院不再支持；"
                "期间内有催告、对方承认或部分履行等中断事由的，时效重新计算")
        tail = f"{start}，时效已于 {expires} 届满。"
    else:
        head = ("可以起诉，前提是诉讼时效尚未届满" if asks_suit else "诉讼时效尚未届满") + "：时效期间为三年"
        tail = (f"{start}，时效至 {expires} 届满，尚余 {figures.get('days_left')} 天，"
                "请在此之前起诉或书面催告（催告使时效中断、重新计算）。")
    condition = "约定了履行（还款）期限的，一般自期限届满之日起算；没有约定的，自催要后给对方的合理期限届满之日起算。"
    return f"**{head}。** {rule}{tail}{condition}"


def conclusion(kind: str, key: Mapping[str, Any] | None, statement: str, calculations: list[dict[str, Any]],
               basis: list[dict[str, Any]], question: str) -> str:
    """The direct answer to what was asked, with its conditions, grounded in the articles quoted below."""
    limitation = next((c for c in calculations if c.get("name") == "诉讼时效"), None)
    if limitation is not None:
        article = next((b for b in basis if b.get("reason", "").startswith("诉讼时效")), None)
        return _limitation_conclusion(kind, limitation, article, question)
    amount = next((c for c in calculations if c.get("amount")), None)
    if amount is not None:
        cited = "、".join(b.get("text", "") for b in amount.get("legal_basis", []))
        return (f"**按您提供的数据，{amount.get('name')}为 {amount['amount']} 元。** 依据{cited}计算，"
                "计算过程见下；实际数额以查明的工资基数与工作年限为准。")
    if key is None or not statement:
        return ""
    if kind == "amount":
        return f"**数额按法定标准确定：** 依据{_cite(key)}，“{statement}”。补充具体数额、期间等要素后可以精确计算。"
    lead = _LEADS.get((kind, _polarity(statement)))
    if not asks_about(statement, question):
        # the closest rule found does not speak of what was asked: say so instead of stretching it
        path = "协商不成的，可以起诉或依约定申请仲裁。" if kind in ("action", "can") else ""
        return (f"**{lead or '需结合具体事实判断'}。** 检索到的条文没有直接规定您所问的情形，"
                f"最接近的是{_cite(key)}（见下）。{path}建议补充事实或咨询律师。")
    if lead is None:
        return f"**依据{_cite(key)}：** “{statement}”。"
    return f"**{lead}。** 依据{_cite(key)}，“{statement}”。以上以您所述事实属实为前提。"
