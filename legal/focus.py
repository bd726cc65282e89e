"""Each part of a question answered on its own (docs/decisions/parts-own-answer.md).

A card's conclusion for a question type is one paragraph that often answers several things a client
asks about the issue (能直接开除吗 … 也不需要支付经济补偿). When two parts of one question land on the
same answer of the same card, the later part got a copy of the earlier one's conclusion, led by the
earlier part's yes or no; when a part asks a figure or a period and its card has no answer of that
type, it got the card's yes/no paragraph. Here such a part is answered from the sentence of the
paragraph that speaks of what the part itself asks — the clause naming the part's own words (补偿,
担保, 运费, 医疗费), or, for a part asking how much or by when that names nothing of its own, the clause
stating a measure or a period — led by the yes or no that clause gives. No such clause: the text stays
as it was (the paragraph may answer both parts; suppressing it loses that).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: The question words, particles and pronouns of a part: what is left names what the part asks about.
_ASK_WORDS = re.compile(
    r"多少钱?|多久|多长时间?|什么时候|哪一?天|几号|哪里|哪儿|哪个|哪些|几倍|几成|几年|几个月|几天|最晚|最迟|最多|最少"
    r"|大概|大约|一共|总共|可不可以|可以|能不能|能否|能|要不要|需不需要|需要|用不用|会不会|会|是不是|有没有|算不算"
    r"|怎么办|怎么|如何|吗|呢|么|吧|啊|还|到底|应该|该|请问|问一下|一下|那|这个|这样|这|我们|我|他们|他|她|您|你"
    r"|时间限制|时间|期限|有效期|法律上|法律|依法"
    r"|对方|的|了|得|要|就|也|都|给|让|把|被|去|是|有|没|不")
_RUN = re.compile(r"[\u4e00-\u9fff]+")
#: A clause that states a measure (a figure, a cap, a standard) — what a how-much part asks.
_MEASURE = re.compile(r"\d|[一二三四五六七八九十百千万两]+(?:元|倍|成|个月|年|日|天)|百分之|范围内|为限|限额|标准"
                      r"|数额|金额|按[^，。；]{1,16}(?:计算|算|支付|赔偿|确定)|倍|酌定")
#: A clause that states a period — what a by-when part asks.
_PERIOD = re.compile(r"[\d一二三四五六七八九十百两半]+\s*(?:个工作日|个小时|小时|个月|日|天|年|周)"
                     r"(?:内|以内|之内|后|届满)?|期限|时效|期间|届满|之日起")
#: The yes or no a clause gives, by its modal word (the first one in the clause decides).
_MODALS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"不需要|无需|无须|不用|不必"), "不需要"),
    (re.compile(r"不得|不能|不可以|不可|禁止|无权|不允许|不准"), "不能"),
    (re.compile(r"(?<![不无])(?:必须|应当|须|需要|需)"), "需要"),
    (re.compile(r"(?<![不无])(?:可以|有权|能够|允许)"), "可以"),
)
_SENTENCE_END = "。；！"
_CLAUSE_END = "，,：:；;。！!？?"
_OPEN, _CLOSE = "（(“", "）)”"
_CONNECTIVE = re.compile(r"^(?:另外|此外|同时|而且|并且|但是|但|不过|而)[，,]?")
#: Sentences an answer adds from the facts (a computed figure, a deadline): kept when the part is trimmed.
_COMPUTED = re.compile(r"按您所述|按您提供的数据|届满|尚余|按今天")


def grams(text: str) -> set[str]:
    """The character bigrams of ``text``'s runs of Chinese (none across a removed word or a stop)."""
    return {run[i:i + 2] for run in _RUN.findall(text) for i in range(len(run) - 1)}


def own_words(part: str, earlier: Sequence[str] = ()) -> set[str]:
    """The bigrams naming what ``part`` asks about and no earlier part named: the part without its
    question words, less the bigrams of the earlier parts."""
    words = grams(_ASK_WORDS.sub(" ", part))
    for text in earlier:
        words -= grams(text)
    return words


def modal_head(clause: str) -> str:
    """The yes or no ``clause`` gives (需要, 不需要, 可以, 不能), "" when it names no modal."""
    found = [(m.start(), head) for pattern, head in _MODALS if (m := pattern.search(clause)) is not None]
    return min(found)[1] if found else ""


def _split(text: str, ends: str, keep: bool) -> list[str]:
    """``text`` cut after (``keep``) or at each of ``ends`` outside brackets and quotes."""
    pieces, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth = max(0, depth - 1)
        elif char in ends and depth == 0:
            pieces.append(text[start:index + 1] if keep else text[start:index])
            start = index + 1
    pieces.append(text[start:])
    return [p.strip() for p in pieces if p.strip()]


def _sentences(text: str) -> list[str]:
    return _split(text, _SENTENCE_END, keep=True)


def focused_sentence(text: str, words: set[str], require: re.Pattern[str] | None = None) -> tuple[int, str] | None:
    """The sentence of ``text`` (its index, and its clause that matched) whose clause shares the most of
    ``words`` (bigrams; none given: the first clause ``require`` finds), only clauses ``require`` finds
    counting when given — a figure or a period asked: each item of a list (、) is a clause of its own.
    None when no clause qualifies."""
    best: tuple[int, int, str] | None = None
    ends = _CLAUSE_END + ("、" if require is not None else "")
    for index, sentence in enumerate(_sentences(text)):
        for clause in _split(sentence, ends, keep=False):
            if require is not None and not require.search(clause):
                continue
            shared = len(words & grams(clause))
            if words and not shared:
                continue
            if best is None or shared > best[0]:
                best = (shared, index, clause)
    return (best[1], best[2]) if best is not None else None


#: Characters that name nothing a part asks about (particles, pronouns, measure words).
_STOP_CHARS = set("的了是在有和与或及等个这那些吗呢吧啊么我你他她它们能会可以要不没也都还就把被给让对去来到上下里中")


def _sentence_by_characters(part: str, text: str, earlier: Sequence[str]) -> tuple[int, str] | None:
    """A later part on an earlier part's paragraph that shares no two-character word with it (送东西 beside 寄送):
    the sentence after the first with a modal and the most of the part's own characters (none an earlier part
    used), so the part is led by what speaks of it rather than by the earlier part's answer. None when no
    sentence shares one."""
    own = set(_ASK_WORDS.sub("", part)) - _STOP_CHARS - set("".join(earlier))
    own = {c for c in own if "\u4e00" <= c <= "\u9fff"}
    best: tuple[int, int, str] | None = None
    for index, sentence in enumerate(_sentences(text)):
        if index == 0:
            continue
        for clause in _split(sentence, _CLAUSE_END, keep=False):
            shared = len(own & set(clause))
            if shared and modal_head(clause) and (best is None or shared > best[0]):
                best = (shared, index, clause)
    return (best[1], best[2]) if best is not None else None


def own_answer(part: str, text: str, asked: str, *, earlier: Sequence[str] = (), repeated: bool = False,
               answered: str = "", computed: bool = False) -> str:
    """``text`` answering ``part`` on its own: led by the sentence that speaks of the part's own words
    (a yes/no part's led by that clause's yes or no), or — a part asking how much or by when answered
    by a paragraph of another type (``answered``) — by the sentence stating a measure or a period.
    ``repeated``: the paragraph is an earlier part's already; only the focused sentence and what the
    facts computed are kept. ``computed``: the facts computed the part's figure or deadline, which
    answers it. Returns ``text`` unchanged when no sentence speaks of the part."""
    if computed:
        return text  # the facts computed the figure or the period the part asks: that answers it
    words = own_words(part, earlier)
    figure = asked in ("how_much", "by_when")
    wrong_type = figure and answered not in ("", asked)
    cue = (_MEASURE if asked == "how_much" else _PERIOD) if figure else None
    # the clause naming the part's words (stating a figure or a period when one is asked); a part asking
    # one that names nothing of its own (他能要多少, 有没有时间限制): the first clause stating one
    found = focused_sentence(text, words, cue) if words or cue is not None else None
    if found is None and repeated and asked in ("yes_no", ""):
        found = _sentence_by_characters(part, text, earlier)
    if found is None or (not repeated and not wrong_type):
        return text
    index, clause = found
    sentences = _sentences(text)
    if index == 0 and not repeated:
        return text  # the paragraph already leads with it
    # moved to the front, a sentence drops the connective that tied it to the one before (另外, 但)
    lead = _CONNECTIVE.sub("", sentences[index].rstrip("。；！ ")) + "。"
    if figure and repeated and len(lead) > 2 * len(clause) + 10:
        lead = clause.rstrip("。；！ ") + "。"  # one item of a list the earlier part was given whole
    head = modal_head(clause) if asked in ("yes_no", "") else ""
    if index == 0 and lead.rstrip("。") == sentences[0].rstrip("。；！ ") and not head:
        return text  # the paragraph's first sentence is what speaks of the part: nothing to lead with
    if head and not lead.startswith(head):
        lead = f"{head}。{lead}"
    if repeated:
        kept = [s for i, s in enumerate(sentences) if i != index and _COMPUTED.search(s)]
        return lead + "".join(s if s.endswith(("。", "；", "！")) else s + "。" for s in kept)
    rest = "".join(s for i, s in enumerate(sentences) if i != index)
    return lead + rest


#: A part asking what to prepare (要准备什么, 需要哪些证据, 准备什么材料): the card's evidence answers it.
PREPARE_ASK = re.compile(r"准备(?:什么|哪些|啥)|(?:什么|哪些|啥)(?:证据|材料)"
                         r"|证据.{0,4}(?:有哪些|要哪些|怎么找|怎么准备)")


def evidence_answer(part: str, evidence: Sequence[str]) -> str:
    """The answer to a part asking what to prepare: the card's evidence, one item after another ("" when
    the part asks something else or the card lists none)."""
    if not evidence or not PREPARE_ASK.search(part):
        return ""
    return "需要准备：" + "；".join(e.rstrip("。；") for e in evidence) + "。"



# -- The answer first (docs/decisions/answers-read-as-a-note.md) ------------------------------------------------
#: What is left of a sentence once the stated figure or period is taken out of it: a dangling colon or comma.
_DANGLING = re.compile(r"[：:，,]\s*(?=[。；])|[：:，,]\s*$")


def _tidy(text: str) -> str:
    """``text`` with the gaps a removed phrase leaves closed: no empty sentence, no colon before a full stop."""
    text = _DANGLING.sub("", text)
    text = re.sub(r"按您(?:提供的数据|所述)计算(?=[。；]|$)[。；]?", "", text)  # the figure's own stub, emptied
    text = re.sub(r"（\s*）", "", text)
    text = re.sub(r"[；;]\s*。", "。", text)
    text = re.sub(r"。\s*[；;。]+", "。", text)
    text = re.sub(r"^[。；;，,\s]+", "", text)
    return text.strip()


def stated_first(text: str, lead: str, stated: Sequence[str] = ()) -> str:
    """``text`` led by ``lead`` — what the facts computed (the figure, the last day), the answer to the part —
    with each of ``stated`` (the same figure or period as the card's words placed it, further in) taken out
    of the rest, so the note says it once, first, and gives its reasons after. ``text`` unchanged when it
    already leads with ``lead``'s first clause or ``lead`` is empty."""
    lead = lead.strip().rstrip("。；") + "。" if lead.strip() else ""
    if not lead:
        return text
    first = _split(lead, _CLAUSE_END, keep=False)[0]
    if text.lstrip("*（( ").startswith(first):
        return text
    rest = text
    for piece in sorted({s for s in stated if s}, key=len, reverse=True):
        rest = rest.replace(piece, "")
    # a sentence left saying only what the lead says (the label the figure stood after: "二倍工资差额。") goes
    rest = "".join(s for s in _sentences(_tidy(rest)) if s.rstrip("。；！ ") not in lead)
    return lead + rest if rest and rest != "。" else lead
