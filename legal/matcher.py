"""The card matcher: which issue card(s) a client's question is about, part by part.

A question is split into its parts (each asks one thing: "能赔多少？去哪里申请？"); each part is
scored against every card by

* meaning — the project's embedding backend: the part against the card's title and lay phrasings
  (the best phrasing counts) and against the card as a whole (the centroid of its title and
  phrasings, which one odd phrasing does not move);
* wording — the card's legal terms and short cues found in the part (longer terms and terms
  fewer cards share weigh more; a term that only says what is asked counts for nothing), and the
  characters it shares with the closest phrasing (misspelt and colloquial variants keep most of
  their bigrams);
* question type — a card that answers what the part asks (by when, how much, which, where,
  valid), best with a rule of its own (a deadline rule, a calculator);
* exclusions — the card's ``not_terms``, and the homonym list (``legal/homonyms.toml``: 公积金,
  复议, 精神, 登记 …): a card of the wrong sense of a homonym the question uses is pushed down;
* agreement — when the statutes retrieval found for the question include the card's controlling
  provisions.

The combined score and its margin over the runner-up become a calibrated confidence (a logistic
curve fitted on the tuning set, docs/decisions/issue-cards.md). Below :data:`THRESHOLD` the part is
not decided: the engine says what it could not decide instead of guessing. A part belongs to its
question: its typed facts are read from the whole question, and a part after a narrative or other
parts is scored by its own words and read with what precedes it, the two blended
(:data:`OWN_SHARE`), so "去哪里申请？" keeps its question's issue and "停工留薪期多久？" its own.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import math
import os
import pickle
import re
import sys
import threading
import tomllib
from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from legal.cardfile import Card
from legal.lexicon import correct
from legal.qtypes import LIABILITY_ASK, asking_clause, liability_answer, part_types, question_type
from legal.qtypes import NOT_ASKING as _NOT_ASKING

logger = logging.getLogger(__name__)

HOMONYMS_FILE = Path(__file__).resolve().parent / "homonyms.toml"
#: Confidence at or above which a part is decided.
THRESHOLD = 0.5
#: Question texts whose vectors a matcher keeps (the least recently used is dropped first).
QUERY_VECTORS_KEPT = 256
#: Logistic calibration of (score, margin) -> probability the top card is right (fitted on the tuning set).
CALIBRATION = {"bias": -3.38, "score": 3.31, "margin": 5.25, "agreement": -0.13}
WEIGHTS = {"embedding": 0.5, "centroid": 0.75, "bigrams": 0.6, "terms": 0.19, "not_terms": 0.35, "homonym": 0.3,
           "agreement": 0.08, "qtype": 0.1, "side": 0.12, "facts": 0.12, "computable": 0.1, "consequence": 0.12}
#: What the part asks about the act it tells: whether it is a crime (判刑, 坐牢, 犯罪吗, 刑事责任) — the
#: criminal cards answer that, not the civil cards of the same fight, accident or debt —, or how much is
#: owed (赔多少, 医药费) with no word of crime asked — the civil cards answer that.
ASKS_CRIME = re.compile(r"判刑|坐牢|蹲监狱|进监狱|判几年|判多久|刑事责任|犯罪|犯法|构成.{0,6}罪|什么罪|罪名|罪吗|留案底"
                        r"|案底|抓起来|被抓|拘留|追究|量刑|缓刑|自首|从轻|轻判|判轻|轻点|轻一点|少判|减刑|怎么判|会判|判多重|判多少|判几个月")
#: A client who says he wants the other side punished as a criminal (想让他坐牢, 能不能告他诈骗罪, 把他送进去)
#: asks about the crime wherever in the part he says it, even when the question itself is 报警有用吗.
WANTS_PUNISHMENT = re.compile(r"(?:让|叫|把|送|告)(?:他|她|对方|他们|这人|那人|老公|丈夫|老婆)[^，,。？?！!]{0,4}"
                              r"(?:坐牢|判刑|进监狱|蹲监狱|吃牢饭|送进去|关进去|进去坐|负刑事责任)"
                              r"|告(?:他|她|对方|他们)[^，,。？?！!]{0,6}罪")
ASKS_MONEY = re.compile(r"赔多少|赔偿|赔钱|赔我|要多少|医药费|医疗费|误工费|护理费|精神损失|索赔|怎么赔|能赔|要赔|得赔")
CRIME_DOMAINS = ("criminal", "criminal_procedure")
#: Domains whose cards answer the civil side of an act that may also be a crime.
CIVIL_DOMAINS = ("personal_injury", "tort", "traffic_accident", "debt", "contract", "consumer", "marriage_family",
                 "medical", "real_estate")
#: A card's side is read from its phrasings when at least this many of them say whose question it is
#: and at least :data:`SIDE_SHARE` of those say the same side.
SIDE_MIN_PHRASINGS = 3
SIDE_SHARE = 0.8
#: The domain in which each pair of sides opposes: a tenant's question pushes a landlord's card down
#: among the tenancy cards, never a card of another domain that happens to read from one side.
SIDE_DOMAINS = {"employee": "labor", "employer": "labor", "tenant": "real_estate", "landlord": "real_estate",
                "lender": "debt", "borrower": "debt", "victim": "criminal", "offender": "criminal"}
#: Question types a card must answer with a rule of its own (a deadline rule, a calculator) or at all
#: for the part's type to count as agreement: most cards answer yes/no and what-to-do.
SPECIFIC_QTYPES = ("by_when", "how_much", "which", "forum", "valid")
#: A term that only says what kind of question is asked (赔多少, 多久之内, 怎么办) names no issue.
QUESTION_ONLY_TERM = re.compile(
    r"^(?:[能可会要该赔补判]?.{0,2}(?:多少钱?|多久之内|多久|几年|怎么办|怎么算|吗|能不能|可不可以))$")
#: Deciding between neighbours (docs/decisions/matcher-unseen-wordings.md): the cards within ``gap`` of the
#: top card's score among the first ``top`` that are its family — they share a controlling provision, or
#: are cards of the same file whose centroids are at least ``similar`` alike — are told apart by the
#: words one of them has and the others do not (``weight`` times each one's difference from their mean).
FAMILY = {"top": 5, "gap": 0.25, "similar": 0.7, "weight": 2.0}
#: The signals by which a card answers what the part asks (a rule of its own for the asked type, a
#: calculator that runs on the stated facts): the family's words never put a sibling weaker in these first.
ANSWERS_ASKED = ("qtype", "computable")
#: The premise step (docs/decisions/answers-card-choice.md): among the cards within ``gap`` of the top card, a
#: card whose declared premise the part's facts contradict goes below the best close card they do not, and a
#: card of the top card's file whose declared premise they meet goes before the top card when the top card does
#: not declare that fact (``cross_gap``: a card of another file, closer still). When the two closest cards of one
#: file (within ``open_gap``) are written for different values of a premise the part does not state, the top
#: card's confidence is at most ``open_confidence`` — below the citing line: the answer asks that fact.
PREMISE = {"gap": 0.3, "cross_gap": 0.1, "open_gap": 0.06, "open_confidence": 0.7}
#: The premise values that name a special situation with rules of its own (a rescuer's injury, a house taken by
#: the state, a guarantor's debt, a minor's offence): met, they put their card before a close card that is not
#: written for that fact (within ``gap`` in its file, ``cross_gap`` in another). A broad value — the proceeding,
#: the relation, what is asked, a sale on the market — holds for most cards of a file alike and only demotes the
#: card it contradicts: met, it lifts nothing.
SPECIAL_PREMISES = frozenset({("rescuer", "yes"), ("taking", "expropriation"), ("debt_role", "guarantor"),
                              ("offender", "minor")})
MAX_PARTS = 4
SHORT_PART = 14
#: A space-separated question shorter than this, right after another and naming at most two characters
#: of its own, narrows that one (能要赔偿吗 能赔多少).
SPACED_FOLLOW_UP = 8
#: The share of a part's own words in its score when it is read in its question as well (a short part
#: tells less by itself).
OWN_SHARE = 0.5
OWN_SHARE_SHORT = 0.3

_SPLIT = re.compile(r"(?<=[？?！!；;。\n])"
                    r"|(?:另外|还有就是|还有(?!没有|没|天理|王法)|此外|以及|再问一下|顺便问一下|同时想问)")
#: An enumerated question ("1.…2.…", "一、…二、…", "第一，…第二，…", "一是…二是…", "1 …2 …"): each
#: number starts a part.
_ENUMERATION = re.compile(
    r"(?:(?<=^)|(?<=[\s：:，,。？?！!；;）)]))(?=(?:[1-9]\s*[、.．)）](?!\d)|[1-9]\s+(?!\d)|[（(][1-9一二三四五][）)]"
    r"|[1-9](?=[\u4e00-\u9fff])(?![万千百年月日号个块元岁天周次期分点斤米倍级层楼条项])"
    r"|[①②③④⑤⑥⑦⑧⑨]|问题[1-9一二三四五][：:、.．，,]|其[一二三四五][，,、是：:]"
    r"|第[一二三四五](?:个问题|点)?[，,、是：:]|[一二三四五][、.．是]|[一二三四五]\s+)\S)")
_QUESTION_CUE = re.compile(
    r"[？?]|吗|么|多少|多久|多长|多大|多重|怎么|怎样|如何|是否|能否|能不能|可不可以|可以|哪|什么|几|要不要|有没有|咋|算不算|是不是|会不会"
    r"|用不用|行不行|合法|违法|有效")
#: A sentence closed by "。" asks only with one of these (a statement that says 违法 or 可以 tells).
_ASKING = re.compile(r"[？?]|吗|么|多少|多久|怎么|如何|是否|能否|能不能|可不可以|哪|什么|几|要不要|有没有|咋|算不算"
                     r"|是不是|会不会")
_CJK = re.compile(r"[\u4e00-\u9fff]")
#: A run of spaces between two clauses of a question written without punctuation.
_SPACES = re.compile(r"(?<=[\u4e00-\u9fff\d%）)])\s+(?=[\u4e00-\u9fff])")
#: A clause that asks with its last words (…吗, …多少钱, …几成, …怎么办, …行不行, …对不对).
_CLOSING_ASK = re.compile(r"(?:吗|么|呢|多少钱?|多久|多长时间|多大|几[成倍年个天次]?|怎么办|怎么算|怎么赔|咋办|咋整"
                          r"|如何处理|行不行|能不能|可不可以|有没有用|对不对|是不是|算不算|合理不|合法不|有效不|哪天|找谁|告谁"
                          r"|(?:哪里|哪儿|哪个部门|哪个法院|去哪)[\u4e00-\u9fff]{0,3})"
                          r"[啊呀呢吧嘛]?[？?!！。~～]*$")
#: A tag question: it asks about the sentence before it (我听说能要2N。对吧？).
_TAG = re.compile(r"(?:对吧|对吗|对不对|是吧|是吗|是不是|是不是啊|没错吧|是这样吗|对么)[？?。！!~～\s]*")
#: What only asks for an answer: thanks, urgency, a call for someone who knows.
_COURTESY = re.compile(
    r"谢谢|多谢|感谢|麻烦(?:了|大家|您|你)?|辛苦(?:了|您)?|拜托|急+|在线等|求(?:解答|助|帮助|指点|大神|回复)"
    r"|(?:有没有|有)(?:懂|知道)(?:法|行|的)*(?:人|朋友|律师|大神)?|谁(?:能|可以)?(?:告诉|帮帮?|解答)(?:我|一下)?"
    r"|请(?:律师)?(?:帮忙|解答|指教|指点)|大神们?|各位|律师(?:们|朋友)?|你好|您好|[吗呢啊呀吧哈了！!？?。，,~～…\s]")
#: Indignation inside a story (凭什么啊？这还有天理吗？) — a question only when nothing else asks.
_RHETORICAL = re.compile(r"凭什么|难道|有没有天理|还有天理|有没有王法|还有王法|这叫什么事|什么道理|像话|岂有此理"
                         r"|哪有这样|怎么能这样|怎么可以这样|这不是欺负人")
#: An alternative offered to the question before it (…能让他一次付清吗？或者直接解除合同).
_ALTERNATIVE = re.compile(r"(?:或者|或是|还是说|还是)")
#: A follow-up about another situation (如果他不同意呢？要是直接去法院告呢？).
_CONDITIONAL = re.compile(r"(?:那|那么)?(?:如果|要是|假如|万一|假设|若)")
#: A clause that turns to another matter or situation (那利息能要吗, 那如果他不还呢, 还有押金呢): its own part.
_TURN = re.compile(r"(?:那|那么|还有|另外|再就是)(?!个|些|天|时|边|里|种|样|么多)|(?:如果|要是|假如|万一|假设)")
#: A part asking whether there is still time (还能告吗, 过时效了吗, 会不会失效, 有期限吗).
_ABOUT_TIME = re.compile(r"还能|还来得及|来不及|时效|期限|失效|过期|追究|追诉|时间|晚了|有效期")
#: The question words and pronouns of a follow-up: what is left is the matter it names.
_ASK_WORDS = re.compile(
    r"多少钱?|多久|多长时间|什么时候|哪一?天|几号|哪里|哪儿|几倍|最晚|最迟|最多|最少|大概|大约|一共|总共|可不可以|可以"
    r"|能不能|能|要|会|吗|呢|么|吧|啊|还|到|应该|该|是不是|有没有|怎么办|怎么|如何|去|办|的|了|得|我们|我|他们|他|她"
    r"|对方|期限|时间|截止|一下|请问|那|这个|这")


@dataclass
class CardScore:
    card: Card
    score: float
    confidence: float = 0.0
    signals: dict[str, float] = field(default_factory=dict)

    def to_ref(self, card_id: Any = None) -> dict[str, Any]:
        return {"id": card_id, "slug": self.card.slug, "title": self.card.title,
                "confidence": round(self.confidence, 3)}


@dataclass
class PartMatch:
    text: str
    scores: list[CardScore]
    decided: bool
    context_used: bool = False
    #: the part's own question type (an elided part, 那押金呢, takes the type of the part before it)
    qtype: str = ""

    @property
    def best(self) -> CardScore | None:
        return self.scores[0] if self.scores else None


@dataclass
class Homonym:
    word: str
    senses: list[tuple[tuple[str, ...], tuple[str, ...]]]  # (areas, cues)

    def sense(self, text: str) -> int:
        counts = [sum(cue in text for cue in cues) for _, cues in self.senses]
        best = max(range(len(counts)), key=lambda i: (counts[i], -i))
        return best if counts[best] else 0


@cache
def homonyms() -> tuple[Homonym, ...]:
    data = tomllib.loads(HOMONYMS_FILE.read_text(encoding="utf-8"))
    return tuple(Homonym(h["word"], [(tuple(s["areas"]), tuple(s["cues"])) for s in h["senses"]])
                 for h in data.get("homonym", []))


def bigrams(text: str) -> set[str]:
    chars = "".join(_CJK.findall(text))
    return {chars[i:i + 2] for i in range(len(chars) - 1)}


def area(card: Card) -> str:
    return card.slug.split(".", 1)[0]


def split_parts(question: str) -> tuple[str, list[str]]:
    """The question's narrative (sentences that ask nothing) and its parts (each asks one thing),
    at most :data:`MAX_PARTS`; a question that asks one thing is one part (the whole text).

    The rules (docs/decisions/split-parts.md): numbers (1. 2. / 一是…二是 / 第一…第二 / ①②) mark
    the parts when each numbered piece asks; else the text is cut into sentences and a sentence asks
    when it ends with "？", or, closed by "。"/"！", when its last clause asks with a strong cue (a
    question word inside a narrative sentence — 前几天, 没写怎么算, 什么裁定，不是判决 — asks nothing).
    Courtesy (谢谢, 急, 在线等) and indignation (凭什么啊？) beside a real question ask nothing; a tag
    (对吧？是不是？) belongs to the sentence before it; a short follow-up that only restates or narrows
    the part before it (能要几倍？多少钱？ / 还能告吗？最晚哪天？) is that part; a conditional follow-up
    (如果…呢？) and an alternative (或者…) ask their own part."""
    chunks = [c.strip(" ，,、") for c in _ENUMERATION.split(question) if c.strip(" ，,、")]
    numbered = chunks[1:] if _ENUMERATION.match(question) is None else chunks
    if len(numbered) >= 2 and all(_QUESTION_CUE.search(_plain(c)) for c in numbered):
        # an enumerated question: the numbers mark its parts, what comes before them is the narrative
        return "".join(chunks[: len(chunks) - len(numbered)]), numbered[:MAX_PARTS]
    pieces = _pieces(chunks)
    asks = [_asks(p, pieces[i - 1] if i else "") for i, p in enumerate(pieces)]
    if sum(asks) > 1:
        # indignation inside the story (凭什么啊？) asks nothing beside a real question
        asks = [a and not _rhetorical(p) for a, p in zip(asks, pieces, strict=True)]
    asking = [p for p, a in zip(pieces, asks, strict=True) if a]
    if len(asking) <= 1:
        spaced = _spaced_pieces(pieces)
        if spaced is None:
            return "", [question.strip()]
        pieces, asks = spaced
        asking = [p for p, a in zip(pieces, asks, strict=True) if a]
    narrative = "".join(p for p, a in zip(pieces, asks, strict=True) if not a and not _courtesy(p))
    parts: list[str] = []
    for piece in asking:
        # a clause split off by a comma-less conjunction that asks nothing new joins the one before
        if parts and (len(piece) < 4 or _follows_up(parts[-1], piece)):
            parts[-1] += piece
        else:
            parts.append(piece)
    return narrative, parts[:MAX_PARTS]


#: A question word no told clause carries asks wherever it stands in a spaced clause (驾照多少年不能考,
#: 最晚哪天前要交), not only at its end.
_STRONG_ASK = re.compile(r"多少|多久|多长时间|什么时候|哪天|哪一天|最晚|最迟|怎么办|咋办"
                         # an A-not-A question (能不能复核, 是不是就不用执行了, 有没有时间限制) asks where it
                         # stands — unless someone else's words are told (他说能不能, 不知道有没有, 问他是不是)
                         r"|(?<![说问知道看商量])(?<!问我)(?<!问他)(?<!问她)(?<!问你)"
                         r"(?:能不能|可不可以|可以不可以|会不会|是不是|有没有|要不要|该不该|用不用|算不算|行不行)"
                         r"(?![用事])"
                         # who pays, who is liable (运费谁出, 该谁负责, 算谁的) — not who did it (查不到是谁)
                         r"|谁(?:出|付|掏|负责|承担|赔|来赔|来出|来付|买单|的责任|担)|算谁的"
                         # a choice between remedies (选哪个能拿得多, 哪个更划算)
                         r"|选哪(?:个|种|样)|哪(?:个|种|样)(?:更|划算|合算|好|合适|对我)")


def _spaced_pieces(pieces: list[str]) -> tuple[list[str], list[bool]] | None:
    """Clients who write without punctuation separate their clauses with spaces (…被查了 血检出来90多
    会判多久 驾照还能要回来吗): the sentences cut at the spaces as well, a clause asking only when its
    question word closes it (…吗, …多少, …几成, …怎么办 — a question word inside the story, 不知道什么
    原因, asks nothing). None unless two clauses ask this way."""
    clauses: list[str] = []
    for piece in pieces:
        clauses.extend(c for c in _SPACES.split(piece) if c.strip(" ，,、"))
    if len(clauses) <= len(pieces):
        return None  # no clause was cut at a space: the punctuation has said what asks

    merged: list[str] = []
    asks: list[bool] = []
    for clause in clauses:
        plain = _plain(clause)
        asking = not _courtesy(clause) and not _rhetorical(clause) and bool(
            _CLOSING_ASK.search(plain) or _STRONG_ASK.search(plain) or LIABILITY_ASK.search(plain))
        if (asking and asks and asks[-1] and len(_CJK.findall(clause)) < SPACED_FOLLOW_UP
                and not _TURN.match(clause)
                and (kind := question_type(clause)) not in ("forum", "by_when", "which")
                and kind == question_type(merged[-1])
                and len({c for c in _CJK.findall(_ASK_WORDS.sub("", clause)) if c not in merged[-1]}) <= 2):
            # 能赔多少 多少钱: a short question of the same type right after another, naming nothing new,
            # narrows it (能要利息吗 能要多少 asks whether and how much: two answers, as with punctuation;
            # 押金能全退吗 names a matter of its own; 去哪里投诉 asks where, not whether)
            merged[-1] += clause
            continue
        merged.append(clause)
        asks.append(asking)
    if sum(asks) < 2:
        return None
    return merged, asks


def _pieces(chunks: list[str]) -> list[str]:
    """The sentences of the question (cut at ？！；。, a line break and 另外/还有…), a tag question
    (对吧？) joined to the sentence it asks about."""
    pieces: list[str] = []
    for chunk in chunks:
        for piece in _SPLIT.split(chunk):
            piece = piece.strip(" ，,、")
            if not piece:
                continue
            if pieces and _TAG.fullmatch(piece):
                pieces[-1] += piece
            else:
                pieces.append(piece)
    return pieces


def _plain(text: str) -> str:
    """The text without the words that only look like questions (几乎, 前几天, 十几张, 没写怎么算)."""
    return _NOT_ASKING.sub("", text)


def _asks(piece: str, before: str = "") -> bool:
    """Whether a sentence asks: "？" asks; a sentence closed by "。"/"！" asks when its last clause
    has a strong cue; an open one (the last, or cut at 另外/；) with any cue, a closing 呢, or as an
    alternative (或者…) to the question before it."""
    text = piece.rstrip()
    if _courtesy(text):
        return False
    if text.endswith(("？", "?")):
        return True
    plain = _plain(text)
    if text.endswith(("。", "！", "!")):
        last = re.split(r"[，,：:]", plain.rstrip("。！! "))[-1]
        return bool(_ASKING.search(last))
    if _ALTERNATIVE.match(text) and before and _asks(before):
        return True
    return bool(_QUESTION_CUE.search(plain) or plain.endswith("呢"))


def _courtesy(piece: str) -> bool:
    """谢谢 / 急急急 / 在线等 / 有懂的吗: a piece that only asks for an answer asks no question."""
    return not _CJK.search(_COURTESY.sub("", piece))


def _rhetorical(piece: str) -> bool:
    """Whether the sentence's asking clause is only indignation (…说辞就辞，凭什么啊？): a rhetorical
    word and at most two characters besides the question words."""
    last = re.split(r"[，,]", piece.rstrip("？?！!。 "))[-1]
    return bool(_RHETORICAL.search(last)) and _residue(last, _RHETORICAL) <= 2


def _residue(piece: str, words: re.Pattern[str]) -> int:
    """How many characters of the piece are left once ``words`` and the question words are gone."""
    return len(_CJK.findall(_ASK_WORDS.sub("", words.sub("", piece))))


def _follows_up(previous: str, piece: str) -> bool:
    """A short follow-up that names nothing new and asks the same type of question (几倍赔偿？多少钱？:
    at most one character the part before does not carry) — or asks by when after a part about
    whether there is still time (还能告吗？追诉期到哪天？: at most three) — restates or narrows that
    part. A conditional (如果…呢) asks of another situation and never follows up; another item of the
    same type (误工费多少？陪护费多少？) names something new."""

    if len(piece) >= SHORT_PART or _CONDITIONAL.match(piece):
        return False
    new = {c for c in _CJK.findall(_ASK_WORDS.sub("", piece)) if c not in previous}
    asked, before = question_type(piece), question_type(previous)
    if asked == "by_when" and _ABOUT_TIME.search(previous):
        return len(new) <= 3
    # a figure, a date, a place or a name asked twice (几倍？多少钱？); two yes/no questions are two
    return asked == before and asked in ("how_much", "by_when", "forum", "which") and len(new) <= 1


class Matcher:
    """Scores questions against a set of cards. Build once per card set (it embeds the phrasings)."""

    def __init__(self, cards: Sequence[Card], *, embedder: Any = None) -> None:
        self.cards = list(cards)
        self.embedder = embedder
        self._texts: list[str] = []
        self._owner: list[int] = []
        for index, card in enumerate(self.cards):
            for text in (card.title, *card.phrasings):
                self._texts.append(text)
                self._owner.append(index)
        self._owner_arr = np.array(self._owner, dtype=np.int64)
        self.sides, self.deciding = _card_reads(self.cards)
        # a card's declared premises are its deciding facts, over what its phrasings say
        self.deciding = [{**values, **card.premises} for values, card in zip(self.deciding, self.cards, strict=True)]
        self.crime = [card_consequence(card) for card in self.cards]
        self._bigrams = [[bigrams(p) for p in (card.title, *card.phrasings)] for card in self.cards]
        # each bigram -> the (card, size) of every wording holding it: a question's overlap with every wording is
        # counted from its own bigrams once, not by intersecting it with each wording of each card
        self._gram_index: dict[str, list[int]] = {}
        self._wordings: list[tuple[int, int]] = []  # each wording's card and number of bigrams
        for index, grams in enumerate(self._bigrams):
            for phr in grams:
                for gram in phr:
                    self._gram_index.setdefault(gram, []).append(len(self._wordings))
                self._wordings.append((index, len(phr)))
        self._controlling_keys = [tuple((p.law, p.article) for p in card.controlling) for card in self.cards]
        self._vectors: np.ndarray | None = None
        self._profile_cache: list[set[str]] | None = None
        self._centroids: np.ndarray | None = None
        # a turn matches the same question twice (search ranks by its cards, then the answer reads them):
        # the question's vectors are kept for the latest texts rather than embedded again
        self._query_vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._query_lock = threading.Lock()
        # a term many cards share (违约金, 诉讼时效, 起诉) tells less about which card is meant than one
        # only this card uses: each term weighs 1/sqrt(number of cards using it)
        counts: dict[str, int] = {}
        for card in self.cards:
            for term in set(card.terms):
                counts[term] = counts.get(term, 0) + 1
        self._term_weight = {t: (0.0 if QUESTION_ONLY_TERM.match(t) else min(len(t), 4) / 4 / math.sqrt(n))
                             for t, n in counts.items()}
        # likewise a controlling provision many cards share (道路交通安全法 76 for every traffic card) tells
        # little when retrieval finds it: agreement through it weighs 1/sqrt(number of cards it controls)
        holders: dict[tuple[str, Any], int] = {}
        for card in self.cards:
            for provision in {(p.law, p.article) for p in card.controlling}:
                holders[provision] = holders.get(provision, 0) + 1
        self._provision_weight = {key: 1 / math.sqrt(n) for key, n in holders.items()}

    # -- families ------------------------------------------------------------------------------------------
    def _profiles(self) -> list[set[str]]:
        """Each card's words (bigrams) as the card says them: title, terms, summary, elements, phrasings."""
        if self._profile_cache is None:
            self._profile_cache = [
                bigrams(correct("".join((card.title, *card.terms, card.summary, *(e.text for e in card.elements),
                                         *card.phrasings))))
                for card in self.cards]
        return self._profile_cache

    def siblings(self, first: int, second: int) -> bool:
        """Whether two cards are one family: they rest on a shared controlling provision, or they are
        cards of the same file about nearly the same thing (their centroids at least
        ``FAMILY["similar"]`` alike)."""
        a, b = self.cards[first], self.cards[second]
        if {(p.law, p.article) for p in a.controlling} & {(p.law, p.article) for p in b.controlling}:
            return True
        if area(a) != area(b):
            return False
        centroids = self.centroids()
        return float(centroids[first] @ centroids[second]) >= FAMILY["similar"]

    def distinct_scores(self, text: str, members: Sequence[int]) -> list[float]:
        """How much of ``text`` each of ``members`` (one family) says and its siblings do not: the
        text's bigrams against each card's words, each bigram weighted by how few of the members use
        it (a bigram all of them use — the family's shared subject — weighs nothing), as a cosine."""
        query = bigrams(correct(text))
        if not query or len(members) < 2:
            return [0.0] * len(members)
        profiles = [self._profiles()[i] for i in members]
        count = len(members)
        used_by = Counter(gram for profile in profiles for gram in profile)  # members using each bigram
        scores = []
        for profile in profiles:
            dot = norm = 0.0
            for gram in profile:
                idf = math.log((1 + count) / (1 + used_by[gram]))
                if idf <= 0:
                    continue
                norm += idf * idf
                if gram in query:
                    dot += idf * idf
            scores.append(dot / math.sqrt(norm * len(query)) if norm else 0.0)
        return scores

    def close_family(self, row: Sequence[CardScore]) -> list[int]:
        """The top card of ``row`` (cards' order) and its siblings among the next cards within
        ``FAMILY["gap"]`` of its score (indices into ``row``, best first) — but not a sibling that answers
        what the part asks less well than the top card (:data:`ANSWERS_ASKED`): a how-much part keeps the
        sibling whose calculator answers it over one that only names the rule."""
        order = sorted(range(len(row)), key=lambda i: -row[i].score)[:FAMILY["top"]]
        if not order:
            return []
        top = order[0]
        close = [i for i in order[1:] if row[top].score - row[i].score <= FAMILY["gap"]
                 and all(row[i].signals.get(n, 0.0) >= row[top].signals.get(n, 0.0) for n in ANSWERS_ASKED)]
        return [top] + [i for i in close if self.siblings(top, i)]

    def rank_family(self, row: Sequence[CardScore], texts: Sequence[tuple[str, float]]) -> list[CardScore]:
        """:meth:`rank`, after the top card's close family is told apart by what distinguishes its
        members (:meth:`distinct_scores` of ``texts``: (text, share) — a part read alone and in its
        context) rather than by the similarity they share."""
        members = self.close_family(row)
        if len(members) < 2:
            return self._premised(row, texts)
        distinct = np.zeros(len(members))
        for text, share in texts:
            distinct += share * np.array(self.distinct_scores(text, members))
        centred = distinct - distinct.mean()
        out = list(row)
        for member, value in zip(members, centred, strict=True):
            mine = row[member]
            out[member] = CardScore(mine.card, mine.score + FAMILY["weight"] * float(value),
                                    signals={**mine.signals, "family": float(value)})
        ordered = _deciding_first(_own_side_first(out, members), members, self.stated(texts), self.deciding)
        return self._premised(ordered, texts)

    def _premised(self, row: Sequence[CardScore], texts: Sequence[tuple[str, float]]) -> list[CardScore]:
        """:meth:`rank` of ``row`` after the premise step (:data:`PREMISE`, :func:`premise_order`), with the top
        card's confidence lowered when its closest sibling is written for another value of a premise the part
        does not state (:func:`premise_open`)."""
        stated = self.stated_premises(texts)
        ranked = self.rank(premise_order(row, stated))
        if ranked and (name := premise_open(ranked, stated)):
            top = ranked[0]
            top.signals = {**top.signals, "premise_open": 1.0, f"premise_open:{name}": 1.0}
            top.confidence = min(top.confidence, PREMISE["open_confidence"])
        return ranked

    def stated_premises(self, texts: Sequence[tuple[str, float]]) -> dict[str, str]:
        """The premise facts a part states (``legal.premises.stated_premises``), read as ``stated`` reads them."""
        from legal.premises import stated_premises

        return _read_part(texts, stated_premises)

    def stated(self, texts: Sequence[tuple[str, float]]) -> dict[str, str]:
        """The deciding facts a part states (``legal.facts.deciding_facts``)."""
        from legal.facts import deciding_facts

        return _read_part(texts, deciding_facts)

    # -- embeddings ----------------------------------------------------------------------------------------
    def _embedder(self) -> Any:
        if self.embedder is None:
            from knowledge.embeddings import get_embedder

            self.embedder = get_embedder()
        return self.embedder

    def fingerprint(self) -> str:
        digest = hashlib.sha256("\n".join(self._texts).encode()).hexdigest()[:16]
        embedder = self._embedder()
        return f"{getattr(embedder, 'backend', 'x')}-{getattr(embedder, 'model', 'x')}-{digest}"

    def vectors(self) -> np.ndarray:
        if self._vectors is None:
            self._vectors = self._load_or_embed()
        return self._vectors

    def _load_or_embed(self) -> np.ndarray:
        """The phrasings' vectors from the disk cache, else embedded and cached. Processes that start
        together (N daphne, M workers, a test run's workers) embed once: the first holds the cache's
        lock while it embeds, the others wait for it and read the file."""
        if not self._texts:
            return np.zeros((0, 1), dtype=np.float32)
        folder = _cache_dir()
        if folder is None:
            return self._embed_all()
        path = folder / f"card-vectors-{self.fingerprint()}.npy"
        loaded = _load_vectors(path, len(self._texts))
        if loaded is not None:
            return loaded
        try:
            lock = open(folder / "card-vectors.lock", "a")
        except OSError:
            return self._embed_all()
        with lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            loaded = _load_vectors(path, len(self._texts))
            if loaded is not None:
                return loaded
            matrix = self._embed_all()
            partial = path.with_suffix(f".{os.getpid()}.part")
            try:
                with open(partial, "wb") as handle:
                    np.save(handle, matrix)
                os.replace(partial, path)
            except OSError:
                logger.warning("legal: could not cache card vectors at %s", path)
                partial.unlink(missing_ok=True)
        return matrix

    def _embed_all(self) -> np.ndarray:
        return np.asarray(self._embedder().embed(self._texts), dtype=np.float32)

    def centroids(self) -> np.ndarray:
        """(len(cards), dim): each card's title and phrasings averaged and normalised — what the card
        is about as a whole, which one odd phrasing does not move."""
        if self._centroids is None:
            matrix = self.vectors()
            sums = np.zeros((len(self.cards), matrix.shape[1]), dtype=np.float32)
            np.add.at(sums, self._owner_arr, matrix)
            norms = np.linalg.norm(sums, axis=1, keepdims=True)
            self._centroids = sums / np.where(norms > 0, norms, 1.0)
        return self._centroids

    def _embedding_scores(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Two (len(texts), len(cards)) arrays: the best cosine of each text against each card's
        phrasings, and its cosine against the card's centroid (:meth:`centroids`)."""
        matrix = self.vectors()
        out = np.zeros((len(texts), len(self.cards)), dtype=np.float32)
        if not len(self.cards):
            return out, out.copy()
        queries = self._embed_queries(texts)
        sims = queries @ matrix.T
        for row in range(len(texts)):
            np.maximum.at(out[row], self._owner_arr, sims[row])
        return out, queries @ self.centroids().T

    def _embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.vectors().shape[1]), dtype=np.float32)
        with self._query_lock:
            known = {t: self._query_vectors[t] for t in texts if t in self._query_vectors}
        missing = list(dict.fromkeys(t for t in texts if t not in known))
        if missing:
            fresh = np.asarray(self._embedder().embed(missing), dtype=np.float32)
            known.update(zip(missing, fresh, strict=True))
        with self._query_lock:
            for text in texts:
                self._query_vectors[text] = known[text]
                self._query_vectors.move_to_end(text)
            while len(self._query_vectors) > QUERY_VECTORS_KEPT:
                self._query_vectors.popitem(last=False)
        return np.stack([known[t] for t in texts]).astype(np.float32, copy=False)

    # -- scoring ----------------------------------------------------------------------------------------
    def _grams_best(self, query: set[str]) -> list[float]:
        """Each card's best wording overlap with ``query`` (the value :meth:`_lexical` computes per card), for
        every card at once through the bigram index: the same counts, the same quotients."""
        shared: dict[int, int] = {}
        for gram in query:
            for wording in self._gram_index.get(gram, ()):
                shared[wording] = shared.get(wording, 0) + 1
        best = [0.0] * len(self.cards)
        for wording, count in shared.items():
            index, size = self._wordings[wording]
            best[index] = max(best[index], count / math.sqrt(len(query) * size))
        return best

    def _lexical(self, text: str, card_index: int, query: set[str],
                 grams: float | None = None) -> tuple[float, float, float]:
        """Terms, wording and excluded terms of ``text`` against one card; ``query``: the text's
        bigrams, read once per text rather than once per card; ``grams``: the card's wording overlap when
        already read for every card (:meth:`_grams_best`)."""
        card = self.cards[card_index]
        found = {t for t in card.terms if t and t in text}
        terms = min(1.0, sum(self._term_weight.get(t, 0.0) for t in found) / 1.5)
        best = 0.0
        if grams is not None:
            best = grams
        elif query:
            for phr in self._bigrams[card_index]:
                if phr:
                    best = max(best, len(query & phr) / math.sqrt(len(query) * len(phr)))
        excluded = 1.0 if any(t and t in text for t in card.not_terms) else 0.0
        return terms, best, excluded

    def _homonym(self, text: str, card: Card, present: Sequence[Homonym] | None = None) -> float:
        """``present``: the homonyms ``text`` contains, when already known (read once per text)."""
        adjustment = 0.0
        for homonym in homonyms() if present is None else present:
            if homonym.word not in text:
                continue
            uses = homonym.word in card.title or any(homonym.word in t for t in card.terms)
            if not uses:
                continue
            areas, _ = homonym.senses[homonym.sense(text)]
            adjustment += 0.05 if (area(card) in areas or card.domain in areas) else -1.0
        return adjustment

    def score_texts(self, texts: Sequence[str], *, retrieved: Iterable[tuple[str, int]] = (),
                    asked: Sequence[str] | None = None, facts_from: Sequence[str] | None = None
                    ) -> list[list[CardScore]]:
        """Every card scored for each text, best first, with a calibrated confidence on the first.
        ``asked``: the question type of each text when it is not read from the text itself (a part
        read with its narrative asks what the part asks, not what the narrative mentions);
        ``facts_from``: the text each one's typed facts (whose question it is, the situation) are
        read from, when not the text itself (a part states them in the question it belongs to)."""
        return [self.rank(row) for row in self._score_all(texts, retrieved=retrieved, asked=asked,
                                                          facts_from=facts_from)]

    def _score_all(self, texts: Sequence[str], *, retrieved: Iterable[tuple[str, int]] = (),
                   asked: Sequence[str] | None = None, facts_from: Sequence[str] | None = None
                   ) -> list[list[CardScore]]:
        """Every card scored for each text, in the cards' order (no confidence yet)."""
        from legal.facts import extract_facts, sides_said, situation

        agreed = set(retrieved)
        # a misspelt legal word (劳动和同) or a dialect word (俺, 唔) is read as the word meant
        texts = [correct(t) for t in texts]
        emb, centre = self._embedding_scores(texts)
        results = []
        for row, text in enumerate(texts):
            qtype = asked[row] if asked is not None else question_type(text)
            source = facts_from[row] if facts_from is not None else text
            said = sides_said(source)
            facts = extract_facts(source)
            present = set(situation(facts))
            asks = asked_consequence(text)
            query = bigrams(text)
            in_source = [h for h in homonyms() if h.word in source]
            scored = []
            overlaps = self._grams_best(query)
            for index, card in enumerate(self.cards):
                terms, grams, excluded = self._lexical(text, index, query, overlaps[index])
                agreement = max((self._provision_weight.get(key, 1.0) for key in self._controlling_keys[index]
                                 if key in agreed), default=0.0) if agreed else 0.0
                signals = {"embedding": float(emb[row, index]), "centroid": float(centre[row, index]),
                           "bigrams": grams, "terms": terms, "not_terms": excluded,
                           "homonym": self._homonym(source, card, in_source), "agreement": agreement,
                           "qtype": _answers_type(card, qtype),
                           "side": _side_agreement(asker := _asker(said, card.domain), self.sides[index]),
                           # not weighed: which sibling is written for the client's side (the family step)
                           "own_side": float(bool(asker) and asker == self.sides[index]),
                           "facts": (float(any(f in present for f in card.when_facts))
                                     - float(any(f in present for f in card.unless_facts))),
                           "computable": _computable(card, qtype, facts),
                           "consequence": _consequence(asks, self.crime[index])}
                scored.append(CardScore(card, _combine(signals), signals=signals))
            results.append(scored)
        return results

    @staticmethod
    def rank(scored: Sequence[CardScore], kept: int = 8) -> list[CardScore]:
        """``scored`` best first (the first ``kept``), with calibrated confidences on the first four."""
        ranked = sorted(scored, key=lambda s: -s.score)
        if ranked:
            # the runner-up that counts is the best card resting on other provisions: two cards
            # sharing a controlling provision (违法解除 and 经济补偿) do not make the match doubtful
            top = {(p.law, p.article) for p in ranked[0].card.controlling}
            rival = next((o.score for o in ranked[1:]
                          if not top & {(p.law, p.article) for p in o.card.controlling}), 0.0)
            ranked[0].confidence = calibrate(ranked[0].score, ranked[0].score - rival, ranked[0].signals["agreement"])
            for other in ranked[1:4]:
                other.confidence = calibrate(other.score, other.score - ranked[0].score, other.signals["agreement"])
        return ranked[:kept]

    def match(self, question: str, *, retrieved: Iterable[tuple[str, int]] = (),
              threshold: float = THRESHOLD) -> list[PartMatch]:
        """The question's parts, each with its cards (best first) and whether it is decided.

        A part belongs to its question: its typed facts (whose question it is, the situation) are
        read from the whole question; a part with a narrative or earlier parts before it is scored
        both by its own words and read with them (:data:`OWN_SHARE` of each card's score from the
        part alone), so a follow-up keeps the issue (and the card family) of its question while the
        words it adds ("停工留薪期", "仲裁要交钱吗") still choose among that issue's cards."""
        question = correct(question)
        narrative, parts = split_parts(question)
        retrieved = list(retrieved)
        # a later part is read with what came before it (the narrative and the earlier parts)
        contexts = [f"{narrative}{''.join(parts[:i])}{p}" if (narrative or i) else "" for i, p in enumerate(parts)]
        with_context = [i for i, c in enumerate(contexts) if c]

        asked = part_types(parts)
        whole = question if len(parts) > 1 or narrative else None
        texts = [*parts, *(contexts[i] for i in with_context)]
        scored = self._score_all(texts, retrieved=retrieved, asked=[*asked, *(asked[i] for i in with_context)],
                                 facts_from=[whole or t for t in texts])
        matches: list[PartMatch] = []
        for i, part in enumerate(parts):
            row, used = scored[i], False
            if i in with_context:
                share = OWN_SHARE if len(part) >= SHORT_PART else OWN_SHARE_SHORT
                row, used = _blend(row, scored[len(parts) + with_context.index(i)], share), True
            read = [(part, share), (contexts[i], 1 - share)] if used else [(part, 1.0)]
            own = self.rank_family(row, read)
            decided = bool(own) and own[0].confidence >= threshold
            previous = matches[-1] if matches else None
            if not decided and previous is not None and previous.decided and len(part) < SHORT_PART:
                # a short follow-up ("能赔多少？去哪里申请？") asks about the issue just decided
                inherited = CardScore(previous.scores[0].card, previous.scores[0].score,
                                      previous.scores[0].confidence * 0.95, {"inherited": 1.0})
                own, decided, used = [inherited, *[s for s in own if s.card is not inherited.card]], True, True
            matches.append(PartMatch(part, own, decided, used, asked[i]))
        return matches


def rerouted(match: PartMatch, excluded: Collection[str], threshold: float = THRESHOLD, *,
             earlier: Sequence[str] = ()) -> PartMatch:
    """``match`` routed away from the cards ``excluded`` (slugs: the card whose answer an earlier part already gave it
    word for word): the next-best card that answers the part's own type (:func:`answers_own_type`), decided when it
    is confident beside every other card — the one set aside included (its margin over the best of them it shares
    no provision with): a runner-up the matcher ranked well below the card set aside is no answer. Else the part is
    left undecided on its cards (the composer then says what it needs to answer it rather than repeat).
    docs/decisions/answers-multi-part.md."""
    asked = match.qtype or question_type(match.text)
    left = sorted((s for s in match.scores if s.card.slug not in excluded), key=lambda s: -s.score)
    pick = next((s for s in left if answers_own_type(s.card, asked)), None)
    # the part's own words (less the earlier parts'): the card it moves to must speak of them more than the one set
    # aside (上诉的话是不是先不用执行 never moves from the appeal card to the retrial card, which speaks of 执行 only)
    own = own_matter(match.text, earlier)
    aside = max((len(own & card_words(s.card)) for s in match.scores if s.card.slug in excluded), default=0)
    if pick is not None and (not own or len(own & card_words(pick.card)) <= aside):
        pick = None  # naming nothing of its own, a part repeating an earlier one moves nowhere
    confidence = 0.0
    if pick is not None:
        # its rivals: every other card (the one set aside too) resting on other provisions
        top = {(p.law, p.article) for p in pick.card.controlling}
        rival = max((o.score for o in match.scores if o.card is not pick.card
                     and not top & {(p.law, p.article) for p in o.card.controlling}), default=0.0)
        confidence = calibrate(pick.score, pick.score - rival, pick.signals.get("agreement", 0.0))
    if pick is None or confidence < threshold:
        # no other card is confident: the part stays on its cards, undecided (the composer says what it needs)
        return PartMatch(match.text, list(match.scores), False, match.context_used, match.qtype)
    chosen = CardScore(pick.card, pick.score, confidence, {**pick.signals, "rerouted": 1.0})
    rest = [s for s in match.scores if s.card is not pick.card]
    return PartMatch(match.text, [chosen, *rest], True, match.context_used, match.qtype)


def own_matter(part: str, earlier: Sequence[str] = ()) -> set[str]:
    """The bigrams naming what ``part`` asks about and no earlier part named (``legal.focus.own_words``)."""
    from legal.focus import own_words

    return own_words(correct(part), [correct(t) for t in earlier])


def card_words(card: Card) -> set[str]:
    """The bigrams of a card's own words: title, terms, summary and phrasings (read once per card)."""
    return _words_of(card.title, card.terms, card.summary, card.phrasings)


@cache
def _words_of(title: str, terms: tuple[str, ...], summary: str, phrasings: tuple[str, ...]) -> frozenset[str]:
    return frozenset(bigrams(correct("".join((title, *terms, summary, *phrasings)))))


def answers_own_type(card: Card, qtype: str) -> bool:
    """Whether ``card`` has an answer of its own for a part asking ``qtype``: a specific type (by when, how much,
    which, forum, valid) its answer of that type; a liability ask one of the answers that state it
    (``legal.qtypes.LIABILITY_ANSWERS``); yes/no, what to do or no type any card."""
    if qtype == "liability":
        return bool(liability_answer(card.answers, "", card.domain))
    if qtype in SPECIFIC_QTYPES:
        return qtype in card.answers
    return True


def _blend(own: Sequence[CardScore], context: Sequence[CardScore], share: float) -> list[CardScore]:
    """Each card's score and signals as ``share`` of the part's own and the rest of the part read in
    its context (both rows in the cards' order)."""
    out = []
    for mine, theirs in zip(own, context, strict=True):
        signals = {k: share * mine.signals.get(k, 0.0) + (1 - share) * theirs.signals.get(k, 0.0)
                   for k in mine.signals.keys() | theirs.signals.keys()}
        out.append(CardScore(mine.card, share * mine.score + (1 - share) * theirs.score, signals=signals))
    return out


def _combine(signals: dict[str, float]) -> float:
    """A card's score from its signals (:data:`WEIGHTS`; exclusions subtract)."""
    return sum((-1 if name == "not_terms" else 1) * weight * signals.get(name, 0.0) for name, weight in WEIGHTS.items())


def _answers_type(card: Card, qtype: str) -> float:
    """1 when the card answers the part's (specific) question type — a by-when part with a deadline
    rule of its own, a how-much part with a calculator —, 0.5 when it answers it in words, else 0."""
    if qtype not in SPECIFIC_QTYPES or qtype not in card.answers:
        return 0.0
    answer = card.answers[qtype]
    if qtype == "by_when" and answer.deadline or qtype == "how_much" and answer.calculator:
        return 1.0
    return 0.5


_CRIME_WORDS = re.compile(r"罪|判刑|坐牢|刑事|拘留|监狱|判了|缓刑")


def card_consequence(card: Card) -> str:
    """"crime" for a card that answers whether an act is a crime (criminal and criminal-procedure cards),
    "civil" for a civil card whose clients seldom ask that (under a third of its phrasings speak of
    crime: the debt-or-fraud card is asked 会坐牢吗 and is neither), else ""."""
    if card.domain in CRIME_DOMAINS:
        return "crime"
    if card.domain in CIVIL_DOMAINS:
        speaking = sum(1 for p in card.phrasings if _CRIME_WORDS.search(p))
        return "civil" if speaking * 3 < max(1, len(card.phrasings)) else ""
    return ""


def asked_consequence(text: str) -> str:
    """What the asking clause of ``text`` asks about the act: "crime" (会判刑吗, 算犯罪吗, or a wish to see
    the other side punished anywhere in the part: 想让他坐牢), "money" (能赔多少, 医药费谁出) with no word of
    crime, else ""."""

    clause = asking_clause(text) or text
    if ASKS_CRIME.search(clause) or WANTS_PUNISHMENT.search(text):
        return "crime"
    if ASKS_MONEY.search(clause):
        return "money"
    return ""


def _consequence(asks: str, card: str) -> float:
    """+1 for a card that answers the consequence asked, −1 for one that answers the other (a criminal
    card for a how-much question, a civil card for 会判刑吗), else 0."""
    if not asks or not card:
        return 0.0
    if asks == "crime":
        return 1.0 if card == "crime" else -1.0
    return -1.0 if card == "crime" else 0.0


def _computable(card: Card, qtype: str, facts: Any) -> float:
    """1 when the part asks how much and the card's calculator can run on the facts the part states
    (误工两个月 and 月薪8000 compute 误工费: the lost-earnings card, not the accident-finding card)."""
    if qtype != "how_much" or "how_much" not in card.answers or not card.answers["how_much"].calculator:
        return 0.0
    from legal.rules import calculate

    answer = card.answers["how_much"]
    return 1.0 if calculate(answer.calculator, facts.values(), inputs=answer.inputs).ok else 0.0


def card_side(card: Card) -> str:
    """Whose question ``card`` answers: its ``asker`` when the file says (``any``: both sides), else
    the side its phrasings speak from when they agree (:data:`SIDE_SHARE`), else ''. Read once per card
    (the matcher at start-up, the composer per answer): cached on the fields it reads."""
    return _side_of(card.asker, card.domain, card.phrasings)


@cache
def _side_of(asker: str, domain: str, phrasings: tuple[str, ...]) -> str:
    from legal.facts import side

    if asker:
        return "" if asker == "any" else asker
    said = [found[0] for text in phrasings if (found := side(text)) is not None]
    if len(said) < SIDE_MIN_PHRASINGS:
        return ""
    best = max(set(said), key=said.count)
    if said.count(best) < SIDE_SHARE * len(said) or SIDE_DOMAINS.get(best) != domain:
        return ""
    return best


def _asker(said: Sequence[tuple[str, str]], domain: str) -> str:
    """The client's side for a card of ``domain``: the first side the words tell whose pair opposes in
    that matter (``legal.facts.SIDE_AREAS``: 我工资 beside 男方家要我们退彩礼 is no worker in the gift's
    matter), else the first side told."""
    from legal.facts import SIDE_AREAS

    return next((name for name, _ in said if domain in SIDE_AREAS.get(name, ())), said[0][0] if said else "")


def _own_side_first(row: list[CardScore], members: Sequence[int]) -> list[CardScore]:
    """``row`` with each sibling written for the side opposite the client's (its ``side`` signal below
    zero) moved just below the best sibling written for the client's own side (``own_side``): among
    neighbouring cards, a landlord's question never lands on the tenant's card when the family has the
    landlord's. The family's words decide among the rest."""
    own = [row[i].score for i in members if row[i].signals.get("own_side", 0.0) > 0]
    if not own:
        return row
    floor = max(own)
    out = list(row)
    for i in members:
        mine = row[i]
        if mine.signals.get("side", 0.0) < 0 and mine.score >= floor:
            out[i] = CardScore(mine.card, floor - 1e-3, signals={**mine.signals, "own_side_step": 1.0})
    return out


#: A card's value of a deciding fact (``legal.facts.DECIDING_FACTS``) is read from its title and phrasings when
#: at least this many of them state the fact and at least :data:`SIDE_SHARE` of those state the same value.
DECIDING_MIN_PHRASINGS = 2
#: The deciding facts read from what a part asks (its own asking clause), not from its story.
ASKED_FACTS = ("asks",)


def card_deciding(card: Card) -> dict[str, str]:
    """The deciding facts ``card`` is written for, read from its title and lay phrasings by the same typed
    readers as a client's question (``legal.facts.deciding_facts``): a value most of the phrasings that
    state the fact agree on (:data:`SIDE_SHARE`); a fact the card's phrasings state both ways is none of
    its own (the family's general card). The card's declared ``premises`` are its values over what its phrasings
    say. Read once per card (cached on its title and phrasings); a copy."""
    return {**dict(_deciding_of(card.title, card.phrasings)), **card.premises}


@cache
def _deciding_of(title: str, phrasings: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    from legal.facts import deciding_facts

    said: dict[str, list[str]] = {}
    for text in (title, *phrasings):
        text = correct(text)
        for name, value in deciding_facts(text, asking_clause(text) or text).items():
            said.setdefault(name, []).append(value)
    out = []
    for name, values in said.items():
        best = max(set(values), key=values.count)
        if len(values) >= DECIDING_MIN_PHRASINGS and values.count(best) >= SIDE_SHARE * len(values):
            out.append((name, best))
    return tuple(out)


def deciding_question(first: Card, second: Card, question: str, part: str = "") -> str:
    """The one question that decides between two neighbouring cards the engine is unsure between: the
    question of the first deciding fact (``legal.facts.DECIDING_FACTS``) both cards are written for with
    different values and that neither ``question`` nor ``part`` states — "是刑事案件还是民事纠纷？" between
    the two legal-aid cards. "" when they differ on no such fact, or the client already said it."""
    from legal.premises import PREMISE_ASKS, PREMISES, stated_premises

    stated = set(stated_premises(correct(question)))
    own = correct(part)
    if own:
        stated |= set(stated_premises(own, asking_clause(own) or own))
    a, b = card_deciding(first), card_deciding(second)
    for name in PREMISES:
        if name not in stated and name in a and name in b and a[name] != b[name]:
            return PREMISE_ASKS[name]
    return ""


def _deciding_first(row: list[CardScore], members: Sequence[int], stated: dict[str, str],
                    written: Sequence[dict[str, str]]) -> list[CardScore]:
    """``row`` with the best sibling written for the value of a deciding fact the part states (``stated``;
    ``written``: each card's own values, :func:`card_deciding`) lifted just above every sibling written for
    another value: legal aid asked in a criminal case never lands on the civil legal-aid card when the
    family has the criminal one, a partner's exit never on the shareholder's. A sibling that does not say
    the fact keeps its place."""
    out = list(row)
    for name, value in stated.items():
        agreeing = [i for i in members if written[i].get(name) == value]
        contrary = [out[i].score for i in members if written[i].get(name, value) != value]
        if not agreeing or not contrary:
            continue
        best = max(agreeing, key=lambda i: out[i].score)
        mine = out[best]
        if mine.score <= max(contrary):
            # lifted just above the contrary sibling rather than the sibling pushed down: the step orders the
            # family among itself and never lets a card outside it overtake
            out[best] = CardScore(mine.card, max(contrary) + 1e-3, signals={**mine.signals, "deciding_step": 1.0})
    return out


def _contradicted(card: Card, stated: dict[str, str]) -> bool:
    """Whether the part's stated facts contradict one of ``card``'s declared premises."""
    return any(name in stated and stated[name] != value for name, value in card.premises.items())


def _met(card: Card, stated: dict[str, str]) -> set[str]:
    """The premises of ``card`` the part's stated facts meet."""
    return {name for name, value in card.premises.items() if stated.get(name) == value}


def premise_order(row: Sequence[CardScore], stated: dict[str, str]) -> list[CardScore]:
    """``row`` (any order) with the premise step applied (:data:`PREMISE`): the top card, when its declared
    premise is contradicted by ``stated``, goes just below the best card within ``gap`` that is not contradicted
    and meets a premise or is of its file (the one meeting the most premises first); then a card within ``gap``
    of the top card's file (``cross_gap`` of another) that meets a special premise (:data:`SPECIAL_PREMISES`) the
    top card is not written for goes just above it — the special card before the general one. A lift, never a
    push: no other card moves."""
    out = list(row)
    if not stated or not out:
        return out
    order = sorted(range(len(out)), key=lambda i: -out[i].score)
    top = order[0]

    def near(i: int, gap: float) -> bool:
        return out[top].score - out[i].score <= gap

    first = out[top].card
    if _contradicted(first, stated):
        fits = [i for i in order[1:] if near(i, PREMISE["gap"]) and not _contradicted(out[i].card, stated)
                and (_met(out[i].card, stated) or area(out[i].card) == area(first))]
        if fits:
            best = max(fits, key=lambda i: (len(_met(out[i].card, stated)), out[i].score))
            mine = out[best]
            out[best] = CardScore(mine.card, out[top].score + 1e-3, signals={**mine.signals, "premise_step": 1.0})
            top = best
            first = mine.card
    written = set(card_deciding(first))  # the facts the top card is written for, declared or read from its phrasings

    def special(i: int) -> bool:
        card = out[i].card
        met = {(name, card.premises[name]) for name in _met(card, stated) - written} & SPECIAL_PREMISES
        return bool(met) and not _contradicted(card, stated) and near(
            i, PREMISE["gap"] if area(card) == area(first) else PREMISE["cross_gap"])

    specials = [i for i in order if i != top and special(i)]
    if specials:
        best = max(specials, key=lambda i: out[i].score)
        mine = out[best]
        out[best] = CardScore(mine.card, out[top].score + 1e-3, signals={**mine.signals, "premise_step": 1.0})
    return out


def premise_open(ranked: Sequence[CardScore], stated: dict[str, str]) -> str:
    """The premise the two closest cards of one file are written for with different values and the part does
    not state (within :data:`PREMISE` ``open_gap``), or ''."""
    if len(ranked) < 2:
        return ""
    first = ranked[0]
    for other in ranked[1:4]:
        if first.score - other.score > PREMISE["open_gap"]:
            break
        if area(other.card) != area(first.card):
            continue
        for name, value in first.card.premises.items():
            theirs = other.card.premises.get(name)
            if theirs is not None and theirs != value and name not in stated:
                return name
    return ""


def _side_agreement(asker: str, card_side: str) -> float:
    """−1 when the part speaks from the side opposite the card's, else 0 (a card of the client's own
    side does not gain over a card both sides ask about)."""
    from legal.facts import SIDES

    if not asker or not card_side:
        return 0.0
    if asker == card_side:
        return 0.0
    return -1.0 if SIDES.get(asker) == card_side else 0.0


def calibrate(score: float, margin: float, agreement: float = 0.0) -> float:
    """The probability that a card with this score, margin and retrieval agreement is the right one."""
    z = (CALIBRATION["bias"] + CALIBRATION["score"] * score + CALIBRATION["margin"] * margin
         + CALIBRATION["agreement"] * agreement)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _cache_dir() -> Path | None:
    try:
        from django.conf import settings

        path = Path(settings.CACHE_DIR)
        path.mkdir(parents=True, exist_ok=True)
        return path
    except Exception:  # no settings (a script): no disk cache
        return None


#: A card set this large or larger keeps its cards' sides and deciding facts on disk (:func:`_card_reads`);
#: a smaller one (a test's few cards) reads them faster than a file is written.
READS_CACHE_MIN_CARDS = 50
#: The code and word lists a card's side and deciding facts are read by (``legal.facts``, the lexicon, the
#: asking clause, the numerals): a change to any of them names a new cache file.
_READER_SOURCES = ("*.py", "*.toml", "text/*.py", "text/vocab/*.toml")


def _card_reads(cards: Sequence[Card]) -> tuple[list[str], list[dict[str, str]]]:
    """Each card's side (:func:`card_side`) and deciding facts (:func:`card_deciding`), as the matcher keeps
    them. Reading them costs ~2 s of CPU for the shipped cards (10,000 phrasings through ``legal.facts``) in
    every process that answers (each daphne, worker, ``manage.py`` child): a set of
    :data:`READS_CACHE_MIN_CARDS` or more is kept in the cache dir beside the cards' vectors, in a file named
    by the hash of the fields read and of the code that reads them, so a changed card or reader is a new name."""
    path = _reads_path(cards) if len(cards) >= READS_CACHE_MIN_CARDS else None
    if path is not None:
        try:
            # written by this site into its own cache dir, as the parsed cards and the vectors are
            sides, deciding = pickle.loads(path.read_bytes())  # noqa: S301
            if len(sides) == len(deciding) == len(cards):
                return list(sides), [dict(values) for values in deciding]
        except Exception:  # noqa: S110 - missing, truncated or from another version: read again
            pass
    sides = [card_side(card) for card in cards]
    deciding = [card_deciding(card) for card in cards]
    if path is not None:
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        try:
            part.write_bytes(pickle.dumps((sides, deciding), protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(part, path)  # readers see the whole file or none
        except OSError:
            logger.warning("legal: could not cache card reads at %s", path)
            part.unlink(missing_ok=True)
    return sides, deciding


def _reads_path(cards: Sequence[Card]) -> Path | None:
    folder = _cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(_reader_digest().encode())
    for card in cards:
        digest.update("\x1e".join((card.asker, card.domain, card.title, *card.phrasings, "\x1d")).encode())
    return folder / f"card-reads-{digest.hexdigest()[:32]}.pickle"


@cache
def _reader_digest() -> str:
    """The hash of the readers' code and word lists (:data:`_READER_SOURCES` under ``legal/``, and
    ``knowledge/*.py``), once per process."""
    here = Path(__file__).resolve().parent
    files = sorted({*(p for pattern in _READER_SOURCES for p in here.glob(pattern)),
                    *here.parent.joinpath("knowledge").glob("*.py")})
    digest = hashlib.sha256(f"{sys.version_info[:2]}".encode())
    for path in files:
        content = path.read_bytes()
        digest.update(f"{path.relative_to(here.parent)}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def _load_vectors(path: Path, rows: int) -> np.ndarray | None:
    """A cached matrix of ``rows`` vectors, or None (missing, unreadable, or for another card set)."""
    try:
        loaded = np.load(path)
    except (OSError, ValueError):
        return None
    return loaded if loaded.shape[0] == rows else None


def _read_part(texts: Sequence[tuple[str, float]], reader: Callable[..., dict[str, str]]) -> dict[str, str]:
    """What a part states by ``reader``: the situation from the part in its context (the fullest of ``texts``),
    what it asks from the part's own asking clause."""
    own = correct(texts[0][0])
    fullest = correct(max((t for t, _ in texts), key=len))
    stated = {k: v for k, v in reader(fullest).items() if k not in ASKED_FACTS}
    asked = reader(own, asking_clause(own) or own)
    stated.update({k: v for k, v in asked.items() if k in ASKED_FACTS})
    return stated
