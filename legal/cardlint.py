"""Card text that belongs elsewhere (docs/decisions/card-lint.md).

Four checks over every card's answer texts (conclusions and their cases), evidence, next steps, exceptions
and mistakes:

- ``foreign``: a sentence about another card's topic. A card's *topic words* are its terms that its title
  names; one is distinctive when at most :data:`MAX_TOPIC_CARDS` cards hold it in their title or terms and
  at most :data:`MAX_SPREAD` cards use it anywhere. A sentence naming a distinctive topic word of a card of
  another area, absent from its own card's vocabulary (title, terms, phrasings, summary, elements and
  provisions' ``decides``), speaks of that card's topic when its bigrams weigh (IDF over cards) at least
  :data:`FOREIGN_WEIGHT` on that card and :data:`FOREIGN_RATIO` times more than on its own card. The lint
  flags it unless it also names one of its own card's terms (a cross-reference tied to this issue); the
  composer drops it when the question does not speak of that topic (``legal.composer.own_topic_text``).
- ``figure``: a worked example's figure in a conclusion (例如月收入10000元): a number with a unit in a clause
  an example marker opens, not a threshold (以上, 以下, 起 …) and not stated by the card's provisions.
- ``qtype``: text typed for another question type — a limitation period (诉讼时效三年) in a ``valid`` or
  ``which`` answer, a figure template ({result}, {deadline}, a formula) in a ``which`` or ``valid`` answer.
- ``lead``: a conclusion (or a case's) whose first clause does not answer its question type (:func:`lead_fault`):
  a yes/no question opened by the rule, 合理吗 by the definition, 多少钱 without a figure, 怎么办 by a statement of
  law, 算什么罪 by the elements. The composer runs the same check on a case it borrows from another answer.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from legal.cardfile import Card
from legal.focus import grams
from legal.numerals import cn_number

#: A topic word names the topic of at most this many cards (their titles and terms).
MAX_TOPIC_CARDS = 2
#: ... and at most this many cards use it anywhere in their text.
MAX_SPREAD = 4
#: A sentence speaks of another card's topic when its bigrams weigh this much on that card ...
FOREIGN_WEIGHT = 30.0
#: ... and this many times more than on its own card.
FOREIGN_RATIO = 3.0

TEXT_FIELDS = ("evidence", "next_steps", "exceptions", "mistakes")


@dataclass(frozen=True)
class Finding:
    slug: str
    where: str
    kind: str  # foreign | figure | qtype
    text: str
    detail: str

    def __str__(self) -> str:
        return f"{self.slug}: {self.where}: {self.kind}: {self.detail} | {self.text}"


def own_vocabulary(card: Card) -> str:
    """What a card says its issue is: title, terms, phrasings, summary, elements and provisions' ``decides``."""
    return " ".join([card.title, card.summary, *card.terms, *card.phrasings,
                     *(p.decides for p in card.provisions), *(e.text for e in card.elements)])


def card_texts(card: Card) -> Iterator[tuple[str, str]]:
    """(where, text) of every text the card gives a client."""
    for qtype, answer in card.answers.items():
        yield f"answers.{qtype}", answer.conclusion
        for i, case in enumerate(answer.cases):
            yield f"answers.{qtype}.cases[{i}]", case.conclusion
    for name in TEXT_FIELDS:
        for i, text in enumerate(getattr(card, name)):
            yield f"{name}[{i}]", text


_OPEN, _CLOSE = "（(“", "）)”"


def sentences(text: str) -> list[str]:
    """``text``'s sentences, each with its stop (。；！), never cut inside brackets or quotes."""
    pieces, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth = max(0, depth - 1)
        elif char in "。；！" and depth == 0:
            pieces.append(text[start:index + 1])
            start = index + 1
    pieces.append(text[start:])
    return [p for p in pieces if p.strip()]


class TopicIndex:
    """The distinctive topic words of a set of cards and the IDF of their vocabulary's bigrams."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = {c.slug: c for c in cards}
        self.vocab = {c.slug: own_vocabulary(c) for c in cards}
        self.grams = {slug: grams(text) for slug, text in self.vocab.items()}
        counts = Counter(g for bigrams in self.grams.values() for g in bigrams)
        total = max(len(cards), 1)
        self.idf = {g: math.log(total / n) for g, n in counts.items()}
        topics = {c.slug: " ".join([c.title, *c.terms]) for c in cards}
        everything = {c.slug: self.vocab[c.slug] + " ".join(t for _, t in card_texts(c)) for c in cards}
        homes: dict[str, set[str]] = defaultdict(set)
        for c in cards:
            for term in c.terms:
                if len(term) >= 2 and term in c.title:
                    homes[term].add(c.slug)
        self.homes = {w: frozenset(h) for w, h in homes.items()
                      if sum(w in t for t in topics.values()) <= MAX_TOPIC_CARDS
                      and sum(w in t for t in everything.values()) <= MAX_SPREAD}

    def weight(self, bigrams: set[str], slug: str, minus: set[str] = frozenset()) -> float:  # type: ignore[assignment]
        own = self.grams.get(slug, set())
        return sum(self.idf.get(g, 0.0) for g in bigrams if g in own and g not in minus)

    def foreign(self, card: Card, sentence: str) -> list[tuple[str, str]]:
        """(topic word, its card) for each other card's topic ``sentence`` speaks of (module docstring)."""
        mine = self.vocab.get(card.slug) or own_vocabulary(card)
        own_grams = self.grams.get(card.slug) or grams(mine)
        area = card.slug.split(".", 1)[0]
        bigrams = grams(sentence)
        own_weight = sum(self.idf.get(g, 0.0) for g in bigrams if g in own_grams)
        found = []
        for word, homes in self.homes.items():
            if word not in sentence or word in mine:
                continue
            for home in sorted(homes):
                if home == card.slug or home.split(".", 1)[0] == area:
                    continue
                weight = self.weight(bigrams, home, own_grams)
                if weight >= FOREIGN_WEIGHT and weight > FOREIGN_RATIO * own_weight:
                    found.append((word, home))
        return found

    def speaks_of(self, text: str, slug: str, words: Sequence[str] = ()) -> bool:
        """Whether ``text`` (a question) speaks of card ``slug``'s topic: names one of ``words`` or its terms."""
        card = self.cards.get(slug)
        terms = card.terms if card is not None else ()
        return any(w and w in text for w in (*words, *terms))


_INDEXES: dict[tuple[int, ...], tuple[tuple[Card, ...], TopicIndex]] = {}


def topic_index(cards: Sequence[Card]) -> TopicIndex:
    """The :class:`TopicIndex` of ``cards`` (cached per set of card objects)."""
    kept = tuple(cards)
    key = tuple(id(c) for c in kept)
    if key not in _INDEXES:
        if len(_INDEXES) >= 4:
            _INDEXES.pop(next(iter(_INDEXES)))
        _INDEXES[key] = (kept, TopicIndex(kept))
    return _INDEXES[key][1]


# -- worked example figures ----------------------------------------------------------------------------------
_FIGURE = re.compile(r"(\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千]+)\s*"
                     r"(万元|万|千元|元|块|个工作日|个月|年|日|天|小时|周岁|岁|%|倍)"
                     r"(?!\s*(?:以上|以下|以内|之内|内|起|至|到|–|-|~))")
#: Any figure with its unit, threshold or not: what a provision states.
_STATED = re.compile(_FIGURE.pattern.split("(?!")[0])
#: What opens a worked example: 例如, 比如 …, an 如 or a 写 (借条写10万) right before a figure.
_EXAMPLE_MARK = re.compile(r"例如|比如|譬如|假设|假如|举例|(?<![例比譬假])如(?=每|\d)|写(?=\d)")
_CLAUSE = re.compile(r"[^。；]+")


def _figures(text: str) -> set[tuple[object, str]]:
    return {(cn_number(m.group(1)), m.group(2)) for m in _STATED.finditer(text)}


def example_figures(card: Card, text: str) -> list[str]:
    """The figures of worked examples in ``text`` (a conclusion) that no provision of ``card`` states."""
    stated = _figures(" ".join(f"{p.decides} {' '.join(p.keywords)}" for p in card.provisions))
    found = []
    for clause in _CLAUSE.findall(text):
        mark = _EXAMPLE_MARK.search(clause)
        if mark is None:
            continue
        for m in _FIGURE.finditer(clause, mark.end()):
            if (cn_number(m.group(1)), m.group(2)) not in stated:
                found.append(m.group(0))
    return found


# -- text typed for another question type ----------------------------------------------------------------------
_PERIOD = re.compile(r"(?:诉讼时效|时效期间|时效)[^。；，]{0,6}?[\d一二三四五六七八九十两半]+\s*(?:年|个月|日|天)")
_TEMPLATE = re.compile(r"\{result\}|\{deadline\}|[×÷]|=\s*\d")


def wrong_type(qtype: str, text: str) -> str:
    """What in ``text`` (an answer of ``qtype``) is typed for another question type ("" for nothing)."""
    if qtype in ("valid", "which"):
        if m := _PERIOD.search(text):
            return f"a limitation period ({m.group(0)}) in a {qtype} answer"
        if m := _TEMPLATE.search(text):
            return f"a figure template ({m.group(0)}) in a {qtype} answer"
    return ""


def lint(cards: Sequence[Card], index: TopicIndex | None = None) -> list[Finding]:
    """Every finding of the four checks over ``cards`` (module docstring)."""
    index = index or topic_index(cards)
    findings: list[Finding] = []
    for card in cards:
        for where, text in card_texts(card):
            for sentence in sentences(text):
                hits = index.foreign(card, sentence)
                if hits and not any(term in sentence for term in card.terms if len(term) >= 2):
                    detail = ", ".join(f"{word} ({home})" for word, home in hits)
                    findings.append(Finding(card.slug, where, "foreign", sentence, detail))
            if where.startswith("answers."):
                qtype = where.split(".")[1]
                figures = example_figures(card, text)
                if figures:
                    findings.append(Finding(card.slug, where, "figure", text[:120],
                                            "worked example " + "、".join(figures)))
                typed = wrong_type(qtype, text)
                if typed:
                    findings.append(Finding(card.slug, where, "qtype", text[:120], typed))
    return findings + lead_findings(cards)


# -- the first clause answers the question type ----------------------------------------------------------------
#: A plain decision a yes/no or validity answer opens with (polarity: True yes / lawful, False no / unlawful),
#: longest first so 不可以 is read before 可以. 要看 / 看 (one condition) is neither.
_DECISIONS: tuple[tuple[str, bool | None], ...] = tuple(sorted((
    *((w, False) for w in ("不可以", "不能", "不合法", "违法", "无效", "不需要", "不用", "不必", "不会", "不属于",
                           "不构成", "无权", "不成立", "不是", "不算", "不应", "不得", "没有", "不要", "不行", "不受",
                           "不承担", "不负", "不予", "未必", "不一定", "不支持", "不违法", "不应当", "不视为", "不享有",
                           "不当然", "不全", "不发生效力", "领不到", "拿不到", "要不回", "分不到", "不影响", "不停止",
                           "不能一概", "免于", "无需", "不赔")),
    *((w, True) for w in ("可以", "能", "合法", "有效", "需要", "要", "会", "属于", "构成", "有权", "成立", "是", "算",
                          "应当", "应", "必须", "有", "支持", "受", "承担", "负", "视为", "享有", "可能", "得", "仍",
                          "照", "合理", "部分有效", "部分无效", "超过部分无效", "超出部分无效", "原则上", "一般",
                          "已经", "已", "仍然", "适合", "还能", "还可以", "赔")),
    *((w, None) for w in ("要看", "看", "取决于", "分两步", "视")),
), key=lambda item: -len(item[0])))
#: Words that answer only as the first word: after a subject they define or describe (格式条款是…, 对方有…).
_DEFINING = frozenset({"是", "有", "为"})
#: What may stand before the decision word in a first clause: a short subject (公司, 对方, 您, 交强险, 对公司).
_SUBJECT_MAX = 8
#: A first clause that opens with a rule or a definition, not with the answer.
_RULE_OPENERS = re.compile(r"^(?:根据|依照|依据|按照法律|法律规定|依法|《|第[一二三四五六七八九十百]+条|民法典|刑法"
                           r"|.{0,12}?规定[，：:])")
#: ... or with the conditions of the rule ("…的，" / "…时，" before any answer).
_CONDITIONAL_OPEN = re.compile(r"^[^，。；：]{2,40}?(?:的|时|后)[，：]")
#: A figure: digits, a Chinese numeral with a unit, a fraction or a multiple, a placeholder the engine fills.
_ANY_FIGURE = re.compile(
    r"\{result\}|\d|[零〇一二两三四五六七八九十百千万半]+\s*(?:万元|元|块|倍|个月|月|年|日|天|小时|成|%|周岁|岁|档)"
    r"|百分之|分之|[2２]?N|全额|全部|双倍|加倍|一半|减半|同等|等额|对半|均分|平分|各半|[×=＝]"
    r"|不予赔偿|不用赔|不赔|不退|不需要|无需|不用|没有|零|不会判|不判|免除|免于|分不到|拿不到|为限|不超过|不低于|不少于|最多|最高|上限|等于|相当于")
#: How-much answers that say what is missing for the figure ("需要X才能算", "无法计算，因为缺…").
_NEEDS_INPUT = re.compile(r"需要.{1,20}才能(?:算|计算|确定|分)|无法计算|先要|取决于|要看"
                          r"|按.{1,24}(?:计算|确定|算|赔|支付|返还|折抵|认定|补偿|结算|分)")
#: A date or a period (by when).
_PERIOD_FORM = re.compile(
    r"\{deadline\}|\d|[零〇一二两三四五六七八九十百千半]+\s*(?:个工作日|个月|月|年|日|天|小时|周|周岁|岁)"
    r"|之日|以前|之前|前|届满|期满|当日|当天|当场|立即|随时|任何(?:时候|阶段)|诉讼中|一并提出|没有(?:期限|时效|截止)"
    r"|不受.{0,4}(?:时效|期限)|不适用.{0,4}时效|终身|永久")
#: A crime, an offence or the answer that none is committed (which crime).
_CRIME_FORM = re.compile(r"罪|不构成犯罪|不是犯罪|不算犯罪|治安|行政处罚|违法行为|拘留|不追究|纠纷|自首"
                         r"|立功|累犯|防卫|避险|缓刑|从轻|减轻|不负刑事责任|强制措施|主刑|附加刑")
#: A which answer that opens by sorting the kinds (分三类：…) instead of naming the client's.
_SORTS = re.compile(r"^.{0,6}分[一二三四五六七八九两几\d]+(?:类|种|块|项|步|档)")
#: A forum: where to go, whom to ask.
_FORUM_FORM = re.compile(r"向|到|去|找|在|法院|仲裁|委员会|公安|派出所|检察|人社|监察|市场监管|12315|12345|民政|局"
                         r"|部门|机关|中心|政府|机构|银行|保险|交警|调解|协会|平台|医院|学校|税务|信访|起诉|报警|报案|投诉|申请")
#: A first act (what to do): a step marker or a verb the client does.
_ACT_FORM = re.compile(
    r"^(?:[^，。；：]{1,8}[：:])?(?:[^，。；]{0,14}?)(?:先|第一|首先|立即|立刻|马上|尽快|及时|赶紧|当场|可以先|可以直接|可以向|可以要求|可以申请"
    r"|保存|保留|收集|固定|截图|截屏|拍照|录音|录像|留存|申请|向|到|去|报警|报案|拨打|打|起诉|要求|书面|带|找|签|查|调取|复制|核对|协商"
    r"|委托|拒绝|不要|别|不签|停止|写|提交|提出|督促|通知|催告|投诉|举报|发|做|办|请|联系|咨询|登记|鉴定|治疗|就医|准备|整理|算|计算"
    r"|确认|索要|索取|要|交|补|退|取|撤|送|寄|告|上诉|申诉|复议|执行|留|守|避免|注意|等|回|拿|让|把|将)")


_BRACKETED = re.compile(r"（[^（）]*）|\([^()]*\)")


def first_clause(text: str) -> str:
    """The conclusion's first sentence (up to its first 。 or ；, never cut inside brackets), its bracketed
    asides left out: "要赔（孩子不满8周岁的，…）：…" opens with 要赔, not with a condition."""
    first = sentences(text.strip())[0] if text.strip() else ""
    return _BRACKETED.sub("", first).rstrip("。；")


def decision(text: str) -> bool | None:
    """The decision a yes/no or validity conclusion opens with: True (可以, 合法, 有效 …), False (不可以, 不合法 …),
    None for none or a condition (要看…). A short subject may stand before it (公司不能, 对公司无效)."""
    head = first_clause(text)
    if _RULE_OPENERS.search(head) or _CONDITIONAL_OPEN.search(head):
        return None
    for start in range(0, min(_SUBJECT_MAX, len(head)) + 1):
        if start and head[start - 1] in "，。；：（(":
            break
        for word, polarity in _DECISIONS:
            if head.startswith(word, start) and not (start and word in _DEFINING):
                return polarity
    return None


def lead_fault(qtype: str, text: str, domain: str = "") -> str:
    """What is wrong with the first clause of ``text`` (an answer of ``qtype``) as the answer to its question
    type ("" when it carries the type's answer form): a yes/no or validity answer opens with 可以 / 不可以 /
    合法 / 不合法 / 要看…(one condition); a how-much answer carries a figure or says what it needs to compute one;
    a by-when answer a date or a period; a which answer in criminal matters a crime's name (elsewhere the
    category); a forum answer where to go; a what-to-do answer the first act."""
    head = first_clause(text)
    if not head:
        return "an empty conclusion"
    if qtype in ("yes_no", "valid"):
        if decision(text) is not None:
            return ""
        for start in range(0, min(_SUBJECT_MAX, len(head)) + 1):
            if any(head.startswith(word, start) for word, polarity in _DECISIONS if polarity is None):
                return ""
        return "opens without 可以/不可以/合法/不合法/要看…"
    if qtype == "how_much":
        if _ANY_FIGURE.search(head) or _NEEDS_INPUT.search(head):
            return ""
        return "opens without a figure or what it needs"
    if qtype == "by_when":
        return "" if _PERIOD_FORM.search(head) else "opens without a date or a period"
    if qtype == "which":
        if _CONDITIONAL_OPEN.search(head) or _RULE_OPENERS.search(head):
            return "opens with the elements, not the answer"
        if _SORTS.search(head):
            return "opens by sorting the kinds, not with the client's"
        if domain == "criminal":
            return "" if _CRIME_FORM.search(head) else "opens without a crime's name"
        return ""
    if qtype == "forum":
        return "" if _FORUM_FORM.search(head) else "opens without a forum"
    if qtype == "what_to_do":
        if _RULE_OPENERS.search(head):
            return "opens with a statement of law, not the first step"
        return "" if _ACT_FORM.search(head) else "opens without a first act"
    return ""


def frame_fault(card: Card, qtype: str, text: str, default: str = "") -> str:
    """What is wrong with the polarity of ``text`` (a yes/no answer of ``card``, or one of its cases beside the
    ``default`` conclusion) as the decision of the card's own question (legal/asks.py): a decision word standing alone
    that answers another kind of question than the card's — 可以 where its title asks 是否有效 (is it so), 会 where it
    asks 能否 (may one) — or a case whose bare word answers another kind than the default's (需要遵守 beside 不会). The
    composer maps a decision onto the client's ask by its kind: a word of the wrong kind maps onto nothing ("" when
    the polarity is mappable)."""
    from legal import asks

    if qtype != "yes_no":
        return ""
    word, modal = asks.bare_word(first_clause(text) + "。")
    if not word or modal == asks.LAWFUL:
        return ""
    made = asks.card_decision(card, card.answers.get("yes_no"))
    if made is not None and asks.FAMILY.get(made.modal) != asks.FAMILY.get(modal):
        return f"a bare {word} ({modal}) answers another kind of question than the card's ({made.modal}: {made.act})"
    own, own_modal = asks.lead_word(default) if default else ("", "")
    if own and own_modal != asks.LAWFUL and asks.FAMILY.get(own_modal) != asks.FAMILY.get(modal):
        return f"a case's bare {word} ({modal}) answers another kind of question than the default's {own} ({own_modal})"
    return ""


def lead_findings(cards: Sequence[Card]) -> list[Finding]:
    """A ``lead`` finding for every answer (and case) whose first clause does not answer its question type, or whose
    decision does not map onto the card's own question (:func:`frame_fault`)."""
    findings = []
    for card in cards:
        for qtype, answer in card.answers.items():
            texts = [(f"answers.{qtype}", answer.conclusion),
                     *((f"answers.{qtype}.cases[{i}]", case.conclusion) for i, case in enumerate(answer.cases))]
            for where, text in texts:
                fault = lead_fault(qtype, text, card.domain) or frame_fault(
                    card, qtype, text, answer.conclusion if text != answer.conclusion else "")
                if fault:
                    findings.append(Finding(card.slug, where, "lead", first_clause(text)[:60], fault))
    return findings
