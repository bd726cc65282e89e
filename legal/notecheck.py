"""Does the composed answer read as a lawyer's note? A check of the answer's TEXT, whatever card or wording made
it (docs/decisions/answers-read-as-a-note.md).

One typed finding per defect a practising lawyer marks down as "not lawyerly":

- ``other_situation``: a conclusion clause conditioned on a situation the client's own facts exclude (不满8周岁的…
  for a child of twelve; 已登记结婚的… when the client says they never registered), or a worked example's figure
  the client never gave (例如月收入10000元).
- ``machine_phrase``: the engine's bookkeeping shown to the client — 按您所说（没有领证：是；…）, a ``{slot}``
  left in, a fact's code name.
- ``empty_slot``: a sentence whose figure slot rendered empty or with words (份额为 夫妻共同财产…, 为 元, （）).
- ``repeated``: the same sentence twice — across the parts of the conclusion, between the conclusion and the
  next steps, or within the next steps (two evidence lists saying the same).
- ``confidence_split``: a confident conclusion beside a legal basis marked 把握不足 / 仅作参考 / 不作为结论的依据
  with no assumption stated beside the conclusion.
- ``premise_hedge``: the bracketed premise （前提是本问属于…尚待确认） inside the lead.
- ``risk_note``: a risk note twice (the same mistake in two wordings) or cut off.
- ``fact_readback``: the facts read back wrongly — a double negative (没有共同生活：否), or one phrase of the
  client's read as a fact and as its opposite.

The check never writes: :func:`findings` reads; the composer's repairs (legal/composer.py, :func:`tidy`) change
only the arrangement of what the cards already say — they drop, move or reword, never invent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from legal.cardlint import sentences

KINDS = ("other_situation", "machine_phrase", "empty_slot", "repeated", "confidence_split", "premise_hedge",
         "risk_note", "fact_readback")


@dataclass(frozen=True)
class NoteFinding:
    kind: str
    section: str  # 结论, 法律依据, 下一步, 风险提示, 结合您的情况
    text: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind} [{self.section}] {self.detail} | {self.text[:80]}"


_HEADING = re.compile(r"^###\s*(\S+)\s*$", re.M)


def sections(markdown: str) -> dict[str, str]:
    """The answer's sections by heading (结论, 法律依据, 相关规定, 结合您的情况, 计算, 下一步, 风险提示)."""
    out: dict[str, str] = {}
    marks = list(_HEADING.finditer(markdown))
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(markdown)
        body = markdown[mark.end():end]
        # what follows the risk notes (the citation check, the disclaimer) is not part of the note
        body = body.split("\n**引用核验**", 1)[0].split("\n> ", 1)[0]
        out[mark.group(1)] = body.strip("\n")
    return out


_ITEM_HEAD = re.compile(r"^\s*(?:\d+\.\s*|-\s*)(?:（[^）]*）)?")


def conclusion_parts(markdown: str) -> list[str]:
    """The conclusion's parts, one per question part (numbered lines; the asked part's read-back dropped)."""
    body = sections(markdown).get("结论", "")
    parts = []
    for line in body.splitlines():
        line = line.strip()
        if not line or line.startswith("还需要您告诉我"):
            continue
        parts.append(_ITEM_HEAD.sub("", line, count=1).replace("**", "").strip())
    return parts


def _items(body: str) -> list[str]:
    return [_ITEM_HEAD.sub("", line, count=1).strip() for line in body.splitlines()
            if line.strip() and _ITEM_HEAD.match(line) and _ITEM_HEAD.sub("", line, count=1).strip()]


def words_key(text: str) -> str:
    """A sentence as compared for a repeat: its words and digits only."""
    return re.sub(r"[^\w\u4e00-\u9fff]", "", text.replace("**", ""))


#: A sentence shorter than this (its words only) is too short to count as a repeat (可以。 不一定。).
REPEAT_MIN = 14

# -- machine phrases ---------------------------------------------------------------------------------------
#: The engine's read-back of the facts that decided a case, label by label: 按您所说（没有领证：是；年龄：9，已满8）.
MACHINE_READBACK = re.compile(r"按您所说[（(：:][^）)]*?[：:]\s*(?:是|否)[；;）)]|（按您所说：")
_SLOT = re.compile(r"\{[a-z_]+\}|\b[a-z]+_[a-z_]+\b")


def machine_phrases(text: str) -> list[str]:
    return [m.group(0) for m in MACHINE_READBACK.finditer(text)] + [m.group(0) for m in _SLOT.finditer(text)]


# -- empty slots -------------------------------------------------------------------------------------------
#: A figure's slot the composer writes with a space before the number (为 188,000 元): a space then words, a stop
#: or nothing where the number belongs; a unit with no number before it; empty brackets.
EMPTY_SLOT = re.compile(r"(?:为|约|共计|合计|计|得|至|是)\s+(?=[\u4e00-\u9fff（(“])(?![元天日月年个万])"
                        r"|(?:为|约|共计|合计|至)\s+[。；，]"
                        r"|(?<![\d\w）)%])\s+(?:元|天|个月)(?![\u4e00-\u9fff]{0,1}\d)"
                        r"|（\s*）|\(\s*\)|“\s*”")


def empty_slots(text: str) -> list[str]:
    return [m.group(0) for m in EMPTY_SLOT.finditer(text.replace("**", ""))]


# -- premise and doubt -------------------------------------------------------------------------------------
PREMISE = re.compile(r"（前提是本问属于[^）]*(?:）[^）]*)?尚待确认）|（前提是本问属于")
#: The basis note saying the engine doubts its provisions (composer.citation_doubt).
DOUBT_NOTE = re.compile(r"把握不足|仅作参考|不把任何条文作为结论的依据|不作为结论的依据")
#: The assumption a conclusion states after its answer when its basis is doubted (composer.stated_assumption).
ASSUMPTION = re.compile(r"以上按[^。]*作答|以上是按[^。]*回答|以上结论以[^。]*为前提")
_NOTE_PART = re.compile(r"^说明(?:（第(\d+)问）)?：(.*)$", re.M)


def doubted_parts(markdown: str, count: int) -> list[int]:
    """The 0-based indices of the parts the basis section says the engine doubts."""
    basis = sections(markdown).get("法律依据", "")
    out = []
    for m in _NOTE_PART.finditer(basis):
        if DOUBT_NOTE.search(m.group(2)):
            out.append(int(m.group(1)) - 1 if m.group(1) else 0)
    return [i for i in out if 0 <= i < max(count, 1)]


def _decided_lines(markdown: str) -> list[bool]:
    """Per conclusion part: whether it is stated as a decision (the composer bolds a decided part)."""
    body = sections(markdown).get("结论", "")
    return ["**" in line for line in body.splitlines()
            if line.strip() and not line.strip().startswith("还需要您告诉我")]


# -- other situations --------------------------------------------------------------------------------------
_AGE_CLAUSE = re.compile(r"(?P<below>不满|未满|未达)?(?P<n>[\d一二三四五六七八九十]+)\s*周岁(?P<up>以上)?")
_MINOR = re.compile(r"孩子|儿子|女儿|小孩|学生|未成年|闺女|娃|小朋友|孙子|孙女|外孙")
#: Clause conditions a stated fact excludes: fact -> {value: the conditions that value rules out}. A condition is
#: the words before the clause's 的，/的： (已登记结婚的，…).
EXCLUDED_BY: dict[str, dict[bool, re.Pattern[str]]] = {
    "registered": {
        False: re.compile(r"^(?:双方)?(?:已经?|已)(?:办理)?(?:结婚)?登记(?:结婚)?|^(?:已经?|已)领(?:了)?(?:结婚)?证"
                          r"|^登记结婚后"),
        True: re.compile(r"^(?:双方)?(?:未|没有?)(?:办理)?(?:结婚)?登记|^(?:未|没有?)领(?:结婚)?证"),
    },
    "cohabited": {
        True: re.compile(r"^(?:双方)?(?:未|没有?)(?:共同生活|同居|一起生活)"),
        False: re.compile(r"^(?:双方)?(?:已经?|已)(?:共同生活|同居)"),
    },
}
#: A worked example in the conclusion (例如月收入10000元).
_EXAMPLE_FIGURE = re.compile(r"(?:例如|比如|譬如|举例来说)[^。；]*?(\d[\d,.]*)\s*(?:万)?(?:元|块|年|个月|天|日|%)")


def _condition(clause: str) -> str:
    """The situation a clause is conditioned on: its words before 的，/的：/的; ("" when it states none)."""
    m = re.match(r"^[（(]?([^，,：:；。]{2,40}?)的[，,：:]", clause.strip("* "))
    return m.group(1) if m else ""


def _age_fails(clause: str, age: Any) -> bool:
    found = [m for m in _AGE_CLAUSE.finditer(_condition(clause)) if m.group("below") or m.group("up")]
    if len(found) != 1:
        return False
    from legal.numerals import cn_number

    limit = cn_number(found[0].group("n"))
    if limit is None:
        return False
    return not (age < limit if found[0].group("below") else age >= limit)


_NEGATOR = r"(?:未|没有|没|不是|并非|非|无|不|确未)"


def _core(label: str) -> str:
    """The words of a yes/no fact's label a condition names it by (已登记结婚 -> 登记结婚, 平台自营 -> 平台自营)."""
    core = re.sub(r"（[^）]*）", "", label).removeprefix("说明")
    return re.sub(r"^(?:已经|已)", "", core)


#: The words a condition names a yes/no fact by beyond its label's (fact -> (holding, the opposite holding)).
NAMED_BY: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "registered": (("登记", "领证", "领了证", "结婚证"), ()),
    "cohabited": (("共同生活", "同居", "住在一起", "一起住", "一起生活"), ()),
    "before_marriage": (("婚前",), ("婚后",)),
    "self_operated": (("自营",), ("第三方", "入驻商家", "平台内经营者")),
    "in_probation": (("试用期内", "试用期间"), ("转正后",)),
    "online_purchase": (("网购", "网上购买", "线上购买"), ("实体店", "线下购买")),
    "quit_voluntarily": (("主动辞职", "自己辞职"), ("被辞退", "被解除", "单位解除")),
    "fled_scene": (("逃逸", "逃离现场"), ()),
    "full_payment": (("全额出资", "全款"), ("部分出资",)),
}


def _said_of(cond: str, name: str, core: str) -> bool | None:
    """Whether the condition ``cond`` names the yes/no fact ``name`` (its label's words ``core`` or :data:`NAMED_BY`)
    as holding (True), denied (False), or not at all (None)."""
    holding, opposite = NAMED_BY.get(name, ((), ()))
    for words, sense in [*((w, True) for w in dict.fromkeys((core, *holding)) if w), *((w, False) for w in opposite)]:
        at = cond.find(words)
        if at < 0:
            continue
        negated = bool(re.search(_NEGATOR + r"[\u4e00-\u9fff]{0,2}$", cond[max(0, at - 4):at]))
        return sense != negated
    return None


def excluded_clause(clause: str, values: dict[str, Any], minor: bool) -> str:
    """Why the client's facts exclude the situation ``clause`` is conditioned on ("" when they do not): an age the
    stated age fails, a curated condition a stated fact rules out (:data:`EXCLUDED_BY`), or a yes/no fact the
    condition names by its label's words (已登记结婚 / 未登记) said the other way."""
    cond = _condition(clause)
    if not cond:
        return ""
    age = values.get("age")
    if minor and isinstance(age, int | float) and age < 18 and _age_fails(clause, age):
        return f"年龄{age}"
    for name, table in EXCLUDED_BY.items():
        value = values.get(name)
        if isinstance(value, bool) and value in table and table[value].search(cond):
            return f"{name}={value}"
    from legal.facts import LABELS

    # a condition of alternatives (逃逸或死亡二人以上的) is excluded only when every alternative is
    why = []
    for alternative in re.split(r"或者|或", cond):
        for name, value in values.items():
            core = _core(LABELS.get(name, ""))
            if not isinstance(value, bool) or not 2 <= len(core) <= 6 or re.match(_NEGATOR, core):
                continue
            said = _said_of(alternative, name, core)
            if said is not None and said != value:
                why.append(f"{name}={value}")
                break
        else:
            return ""
    return "；".join(dict.fromkeys(why))


def confirmed_clause(clause: str, values: dict[str, Any], minor: bool) -> bool:
    """Whether the client's facts confirm the situation ``clause`` is conditioned on: its condition (one, no
    alternatives) names at least one of his yes/no facts or his age, and every one it names agrees."""
    cond = _condition(clause)
    if not cond or "或" in cond or excluded_clause(clause, values, minor):
        return False
    from legal.facts import LABELS

    named = 0
    age = values.get("age")
    bounds = [m for m in _AGE_CLAUSE.finditer(cond) if m.group("below") or m.group("up")]
    if minor and isinstance(age, int | float) and bounds:
        named += 1
    for name, value in values.items():
        core = _core(LABELS.get(name, ""))
        if isinstance(value, bool) and 2 <= len(core) <= 6 and not re.match(_NEGATOR, core):
            said = _said_of(cond, name, core)
            if said is not None:
                named += 1
    return named > 0


def other_situations(text: str, question: str, values: dict[str, Any]) -> list[str]:
    """The clauses of a conclusion (after its first sentence, which answers) conditioned on a situation the client's
    facts exclude; a worked example's figure the question never states."""
    out = []
    minor = bool(_MINOR.search(question))
    for index, piece in enumerate(re.split(r"(?<=[。；])", text)):
        if index and excluded_clause(piece, values, minor):
            out.append(piece)
    from legal.normalise import amounts

    said = amounts(question)
    for m in _EXAMPLE_FIGURE.finditer(text):
        if m.group(1).replace(",", "") not in said.replace(",", ""):
            out.append(m.group(0))
    return out


# -- facts read back ---------------------------------------------------------------------------------------
_NEGATED_LABEL = re.compile(r"(?:^|[；：])\s*(?:说明)?(?:没有|没|未|不是|无)([^；：]{1,16})：否")


def readback_faults(facts_line: str) -> list[str]:
    return [m.group(0).lstrip("；：").strip() for m in _NEGATED_LABEL.finditer(facts_line)]


# -- risk notes --------------------------------------------------------------------------------------------
def risk_key(text: str) -> str:
    """A risk note's topic: a mistake note's words before its first colon (超过六十日才起诉撤销：…), else the note."""
    head = re.split(r"[：:]", text, maxsplit=1)[0]
    return words_key(head if len(head) < len(text) and len(words_key(head)) >= 6 else text)


def risk_faults(body: str) -> list[str]:
    out, seen = [], set()
    for item in _items(body):
        key = risk_key(item)
        if key in seen:
            out.append(item)
        seen.add(key)
        if not re.search(r"[。！？）”]$", item) or re.search(r"[，、：；（][。]?$", item):
            out.append(item)
    return out


# -- repeats -----------------------------------------------------------------------------------------------
def _keys(text: str) -> list[str]:
    return [k for k in (words_key(s) for s in sentences(text)) if len(k) >= REPEAT_MIN]


def _same(a: str, b: str) -> bool:
    """One sentence holding the other, the shorter at least 60 % of the longer."""
    return (a in b or b in a) and min(len(a), len(b)) >= 0.6 * max(len(a), len(b))


def repeats(markdown: str) -> list[str]:
    """Sentences said twice: across the conclusion's parts or within one, a computed figure or date of the conclusion
    again in the next steps, or a step twice (an evidence list given twice)."""
    out: list[str] = []
    seen: set[str] = set()
    for part in conclusion_parts(markdown):
        for sentence in sentences(part):
            key = words_key(sentence)
            if len(key) >= REPEAT_MIN and key in seen and not ASSUMPTION.match(sentence.strip("* ")):
                out.append(sentence)
            seen.add(key)
    steps = _items(sections(markdown).get("下一步", ""))
    step_keys: set[str] = set()
    evidence = 0
    for step in steps:
        evidence += step.startswith("**证据**")
        for sentence in sentences(step.replace("**证据**：", "").replace("**期限**：", "")):
            key = words_key(sentence)
            if len(key) < REPEAT_MIN:
                continue
            computed = bool(re.search(r"\d", sentence))
            if key in step_keys or computed and any(_same(key, c) for c in seen if len(c) >= REPEAT_MIN):
                out.append(sentence)
            step_keys.add(key)
    if evidence > 1:
        out.append("（下一步有两份证据清单）")
    return out


# -- the check ---------------------------------------------------------------------------------------------
def findings(markdown: str, question: str = "", values: dict[str, Any] | None = None) -> list[NoteFinding]:
    """Every defect of ``markdown`` (a composed answer) that keeps it from reading as a lawyer's note. ``values``:
    the question's facts (``Facts.values()``); read from ``question`` when None."""
    if values is None:
        from legal.facts import extract_facts

        values = extract_facts(question).values() if question else {}
    found: list[NoteFinding] = []
    parts = conclusion_parts(markdown)
    conclusion = sections(markdown).get("结论", "")
    for part in parts:
        found += [NoteFinding("other_situation", "结论", c) for c in other_situations(part, question, values)]
        found += [NoteFinding("empty_slot", "结论", part, s) for s in empty_slots(part)]
    for name, body in sections(markdown).items():
        if name in ("法律依据", "相关规定"):
            continue  # statutes quoted verbatim
        found += [NoteFinding("machine_phrase", name, body[:80], p) for p in machine_phrases(body)]
        if name != "结论":
            found += [NoteFinding("empty_slot", name, item, s) for item in _items(body) for s in empty_slots(item)]
    found += [NoteFinding("repeated", "结论/下一步", s) for s in repeats(markdown)]
    if PREMISE.search(conclusion):
        found.append(NoteFinding("premise_hedge", "结论", PREMISE.search(conclusion).group(0)))  # type: ignore[union-attr]
    decided = _decided_lines(markdown)
    for index in doubted_parts(markdown, len(parts)):
        pointer = re.search(r"同第(\d+)问", parts[index]) if index < len(parts) else None
        if pointer and 0 < int(pointer.group(1)) <= len(parts) and ASSUMPTION.search(parts[int(pointer.group(1)) - 1]):
            continue  # "其余同第1问的回答": the assumption part 1 states is this part's too
        if index < len(decided) and decided[index] and index < len(parts) and not ASSUMPTION.search(parts[index]):
            found.append(NoteFinding("confidence_split", "法律依据", parts[index][:60], f"第{index + 1}问"))
    found += [NoteFinding("risk_note", "风险提示", r) for r in risk_faults(sections(markdown).get("风险提示", ""))]
    facts_line = sections(markdown).get("结合您的情况", "")
    found += [NoteFinding("fact_readback", "结合您的情况", r) for r in readback_faults(facts_line)]
    return found


def kinds(found: Sequence[NoteFinding]) -> set[str]:
    return {f.kind for f in found}


# -- card texts --------------------------------------------------------------------------------------------
def card_findings(cards: Sequence[Any]) -> list[str]:
    """What a card's own texts would put in an answer that does not read as a note (scripts/check_cards.py): the
    label-by-label read-back written into a conclusion, a sentence twice within one conclusion, a risk note (its
    exceptions and mistakes together, as the answer shows them) twice in other words."""
    out: list[str] = []
    for card in cards:
        for qtype, answer in card.answers.items():
            texts = [answer.conclusion, *(case.conclusion for case in answer.cases)]
            for text in texts:
                phrase = MACHINE_READBACK.search(text)
                if phrase:
                    out.append(f"{card.slug}: answers.{qtype}: machine_phrase: {phrase.group(0)}")
                keys = [k for k in (words_key(s) for s in sentences(text)) if len(k) >= REPEAT_MIN]
                twice = {k for k in keys if keys.count(k) > 1}
                if twice:
                    out.append(f"{card.slug}: answers.{qtype}: repeated: {sorted(twice)[0][:40]}")
        notes = [*getattr(card, "exceptions", ()), *getattr(card, "mistakes", ())]
        keys = [risk_key(str(n)) for n in notes]
        twice = {k for k in keys if keys.count(k) > 1}
        if twice:
            out.append(f"{card.slug}: risk_note: {sorted(twice)[0][:40]}")
    return out


# -- the parts audit ---------------------------------------------------------------------------------------
#: The audit of a composed answer part by part (docs/decisions/answers-parts-and-sides.md), beside the note's defects:
#: - ``cross_part``: two parts' conclusions share a sentence (one part answered with another's text);
#: - ``wrong_type``: a part's conclusion is not of the type its question asks (how much → a figure or the one missing
#:   input; by when → a date or a period; can / valid → a yes or no first; where → a forum; what to do → steps);
#: - ``asked_back``: an ask line (还需要您告诉我, 请补充, 待确认) asking for a fact the question states;
#: - ``other_side``: a step, an evidence line or a risk note only the party opposite the client takes.
AUDIT_KINDS = ("cross_part", "wrong_type", "asked_back", "other_side")

_PART_LINE = re.compile(r"^(\d+)\.\s*(?:（([^）]*)）)?(.*)$")
#: An ask line of the answer: the one question a part asks, or a missing input named in its text.
ASK_LINE = re.compile(r"还需要您告诉我[：:]\s*(?P<a>[^\n]+)|请补充[：:]\s*(?P<b>[^\n；。]+)|待确认——(?P<c>[^\n]+)"
                      r"|需(?:要)?(?:先)?知道(?P<d>[^\n，。；]{2,20}?)(?:后|才能)(?:计算|确定|判断)")
#: A part the engine left undecided (it says what decides it, or that it cannot judge): of no type to check.
UNDECIDED_PART = re.compile(r"^(?:\*\*)?(?:无法可靠判断|尚不能|还不能判断|这一问|一问与第|要看|取决于|不一定|视情况)")
#: What a conclusion of each type states first or at all.
_FIGURE = re.compile(r"\d|[零一二两三四五六七八九十百千万半]+\s*(?:元|倍|成|个月|年|日|天|%)"
                     r"|百分之|全额|全部|一半|不超过")
_TIME = re.compile(r"\d+\s*(?:个工作日|日|天|个月|月|年|周|小时)"
                   r"|[一二两三四五六七八九十百半]+\s*(?:个工作日|日|天|个月|年|周|小时)"
                   r"|届满|时效|期限|之日起|以前|之前|随时|立即|当天|不受.{0,4}限制")
_YES_NO_HEAD = re.compile(r"^(?:\*\*)?[^。；：，,]{0,14}?(?:不|没|无|非|可以|能|会|要|需|应|得|必须|有权|有效|合法"
                          r"|违法|属于|构成|算|是|对|成立|支持|用|行|来得及|承担|赔|退|返还|追究|判|已)")
_FORUM = re.compile(r"法院|仲裁|公安|派出所|检察院|市场监|12315|12345|12378|监察|部门|委员会|居委|村委|街道|住建"
                    r"|民政|人社|信访|调解|消协|消费者协会|物业|业委会|交警|税务|金融监管|保险监管|机关|局|所在地|平台|客服")
_STEPS = re.compile(r"先|可以|应当|要|申请|起诉|报警|报案|投诉|协商|保留|收集|书面|通知|提交|委托|找|去|办理")
_CHECKS: dict[str, re.Pattern[str]] = {"how_much": _FIGURE, "by_when": _TIME, "yes_no": _YES_NO_HEAD,
                                       "valid": _YES_NO_HEAD, "forum": _FORUM, "what_to_do": _STEPS}


def part_blocks(markdown: str) -> list[tuple[str, str, str]]:
    """The conclusion's parts as (read-back of the part's ask, its conclusion, its ask lines) — a one-part answer is one
    block with no read-back."""
    body = sections(markdown).get("结论", "")
    blocks: list[list[str]] = []
    for line in body.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        m = _PART_LINE.match(stripped)
        if m and (not blocks or not line.startswith(" ")):
            blocks.append([m.group(2) or "", m.group(3).strip(), ""])
        elif not blocks:
            blocks.append(["", stripped, ""])
        elif ASK_LINE.search(stripped):
            blocks[-1][2] += stripped
        else:
            blocks[-1][1] += stripped
    return [(a, c.replace("**", ""), k) for a, c, k in blocks]


def _bigrams(text: str) -> set[str]:
    key = words_key(text)
    return {key[i:i + 2] for i in range(len(key) - 1)}


def shared_sentence(a: str, b: str) -> str:
    """A sentence of ``a`` that ``b`` says too (word for word, one holding most of the other, or the same sentence with
    a numeral written otherwise: 二倍 / 2倍) — "" when none. A pointer to the other part (其余同第N问) is none."""
    theirs = [(words_key(s), _bigrams(s)) for s in sentences(b) if len(words_key(s)) >= REPEAT_MIN]
    for sentence in sentences(a):
        key = words_key(sentence)
        if len(key) < REPEAT_MIN or "同第" in sentence:
            continue
        grams = _bigrams(sentence)
        for other, other_grams in theirs:
            if _same(key, other) or len(grams & other_grams) >= 0.8 * max(len(grams), len(other_grams)):
                return sentence
    return ""


def of_type(conclusion: str, ask_lines: str, qtype: str) -> bool:
    """Whether a part's conclusion is of ``qtype`` (an unchecked type, an undecided part and a figure or a period
    missing one asked input are): see :data:`AUDIT_KINDS`."""
    check = _CHECKS.get(qtype)
    text = conclusion.strip()
    if check is None or not text or UNDECIDED_PART.match(text):
        return True
    if qtype in ("how_much", "by_when") and ask_lines:
        return True  # the one missing input asked
    if qtype in ("yes_no", "valid"):
        return bool(check.match(sentences(text)[0] if sentences(text) else text))
    return bool(check.search(text))


def asked_back(ask_lines: str, question: str, names: Sequence[str] = ()) -> list[str]:
    """The questions of ``ask_lines`` the ``question`` already answers (:func:`legal.mentions.told`)."""
    from legal import mentions

    out = []
    for m in ASK_LINE.finditer(ask_lines):
        ask = next(g for g in m.groups() if g)
        out += [s for s in re.findall(r"[^？?]+[？?]?", ask) if s.strip() and mentions.told(question, names, ask=s)]
    return out


def part_types_of(question: str, blocks: Sequence[tuple[str, str, str]]) -> list[str]:
    """Each block's question type: the split question's parts when they are as many as the blocks, else each block's
    read-back of its ask (a one-block answer: the whole question's)."""
    from legal.matcher import split_parts
    from legal.qtypes import part_types, question_type

    _narrative, parts = split_parts(question) if question else ("", [])
    if len(parts) == len(blocks):
        return part_types(parts)
    if len(blocks) == 1:
        return [question_type(question)]
    return [question_type(read.lstrip("…")) if read else "" for read, _c, _k in blocks]


def part_audit(markdown: str, question: str, domain: str = "", names: Sequence[str] | None = None
               ) -> list[NoteFinding]:
    """The parts audit of a composed answer (:data:`AUDIT_KINDS`): the client's side read from the question's facts in
    the matter of ``domain`` (the answering card's) as the composer reads it; ``names`` the typed facts read (read from
    the question when None)."""
    from legal.facts import extract_facts
    from legal.sides import client_side, for_other_side

    facts = extract_facts(question) if question else None
    names = list(facts.items) if names is None and facts is not None else list(names or ())
    side = client_side(facts, question, domain) if domain else ""
    found: list[NoteFinding] = []
    blocks = part_blocks(markdown)
    types = part_types_of(question, blocks)
    for index, (_read, conclusion, ask_lines) in enumerate(blocks):
        for earlier in blocks[:index]:
            copy = shared_sentence(conclusion, earlier[1])
            if copy:
                found.append(NoteFinding("cross_part", "结论", copy, f"第{index + 1}问"))
                break
        qtype = types[index] if index < len(types) else ""
        if not of_type(conclusion, ask_lines, qtype):
            found.append(NoteFinding("wrong_type", "结论", conclusion[:60], f"第{index + 1}问 {qtype}"))
    asks = "\n".join(m.group(0) for m in ASK_LINE.finditer(markdown))
    found += [NoteFinding("asked_back", "结论", s) for s in asked_back(asks, question, names)]
    if side:
        parts = sections(markdown)
        for name in ("下一步", "风险提示"):
            found += [NoteFinding("other_side", name, item, side) for item in _items(parts.get(name, ""))
                      if for_other_side(item, side)]
    return found
