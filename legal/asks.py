"""A client's yes/no ask read as typed parts, and the decision a card's yes/no answer gives
(docs/decisions/answers-yes-no-in-the-clients-frame.md).

A yes/no ask is who would act (the client, the other party, a third person), the modal it asks of (may, must,
is it so, will it happen), whether it is asked in the negative (能不还吗, 不用赔吗, 不算旷工吗) and the act. A
card's yes/no answer decides one such question too: the act and the actor of its own title (用人单位能否要求竞业限制:
the employer, may, 要求竞业限制), or the ``actor`` / ``act`` its answer declares where the title does not say. The
composer maps the card's decision onto the client's ask when the two are the same question, or one follows from
the other (a party that may demand X means the other must do X); when they are not, the lead says the card's
decision in full words, never a bare 可以 the client would read as the answer to his own question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from legal.cardfile import Answer, Card

SELF, OTHER, THIRD = "self", "other", "third"
MAY, MUST, IS, WILL = "may", "must", "is", "will"
#: A lead that says whether an act is lawful or valid (合法, 无效): it answers a may and an is alike.
LAWFUL = "lawful"

#: Words naming the client himself.
SELF_WORDS = ("我们", "我", "俺们", "俺", "咱们", "咱", "本人", "自己", "我方", "我家")
#: Words naming a third person the client speaks for (after 我: 我老公, 我儿子).
THIRD_WORDS = ("老公", "老婆", "丈夫", "妻子", "爱人", "孩子", "儿子", "女儿", "爸爸", "妈妈", "爸", "妈", "父亲",
               "母亲", "朋友", "哥哥", "姐姐", "弟弟", "妹妹", "哥", "姐", "弟", "妹", "家人", "亲戚", "爷爷", "奶奶",
               "同事", "侄子", "外甥")
#: Words naming the other party.
OTHER_WORDS = ("对方", "他们", "他", "她", "人家", "公司", "单位", "用人单位", "老板", "领导", "厂里", "房东", "物业",
               "商家", "店家", "卖家", "买家", "银行", "医院", "学校", "开发商", "平台", "中介", "保险公司", "债主",
               "员工", "租客", "房客", "借款人", "出借人", "男方", "女方", "前夫", "前妻", "被告", "原告", "欠款人",
               "借钱的人", "肇事方", "司机", "出租人", "承租人", "买方", "卖方", "债务人", "债权人", "劳动者")
#: Role words a card's title names its actor by, and the side each is.
ROLE_SIDES = {"用人单位": "employer", "单位": "employer", "公司": "employer", "老板": "employer",
              "劳动者": "employee", "员工": "employee", "职工": "employee",
              "出租人": "landlord", "房东": "landlord", "承租人": "tenant", "租客": "tenant", "租户": "tenant",
              "出借人": "lender", "债权人": "lender", "借款人": "borrower", "债务人": "borrower",
              "卖方": "seller", "卖家": "seller", "出卖人": "seller", "买方": "buyer", "买家": "buyer",
              "买受人": "buyer", "消费者": "consumer", "商家": "business", "经营者": "business"}
#: The side a role word names only in the domains where it means that side (公司 is the employer at work only).
_ROLE_DOMAINS = {"公司": ("labor",), "单位": ("labor",), "老板": ("labor",)}

#: Adverbs that may stand between the subject and the modal (他就能, 我还要, 公司凭什么能).
_ADVERB = re.compile(r"(?:就|还|也|真的|到底|都|难道|凭什么|又|再|是不是|究竟|现在|以后|一定)+$")
#: Where an ask ends: a question particle, a mark, a clause's end.
_END = r"(?=吗|么|嘛|呢|吧|啊|呀|[？?，,。！!\s]|$)"
_ACT = r"(?P<act>[\u4e00-\u9fffA-Za-z0-9]{1,14}?)"
_Q = r"(?:吗|么|嘛|呢|吧|啊|呀|[？?]|$)"

#: (modal, negated, pattern), negatives first: the first that matches reads the ask.
_PATTERNS: tuple[tuple[str, bool, re.Pattern[str]], ...] = tuple((m, n, re.compile(p)) for m, n, p in (
    (MAY, True, rf"(?:能不能|可不可以|可以不可以|能否|可否|是否可以|是否能|是不是可以|是不是能)不(?![能会行可是])"
                rf"{_ACT}{_END}"),
    (MAY, True, rf"(?<!不)(?:能|可以)不(?![能会行可是了])(?!用|需|必){_ACT}{_Q}"),
    (MAY, True, r"(?<![能会要可])不(?![能会行可是用需必算属构要])(?P<act2>[\u4e00-\u9fff]{1,8}?)"
                r"(?:行不行|行吗|可以吗|可不可以|也行吗|没事吧|行不|成吗|可以不)"),
    (MUST, True, rf"(?<![用需])(?:不用|不需要|不必|无需|无须|用不着|不需)(?!要){_ACT}{_Q}"),
    (IS, True, rf"(?<![算属构是])(?:不算|不属于|不构成|不是)(?!吗){_ACT}{_Q}"),
    (WILL, True, rf"(?<!会)不会{_ACT}{_Q}"),
    (MUST, False, rf"(?:要不要|需不需要|需要不需要|用不用|该不该|应不应该|应不应当|是否需要|是否要|是否应当|是不是要"
                  rf"|是不是得|是不是必须|是不是还要|是不是还得){_ACT}{_END}"),
    (MAY, False, rf"(?:能不能|可不可以|可以不可以|能否|可否|是否可以|是否能|有没有权利?|有没有资格|是不是可以|是不是能"
                 rf"|有权利?){_ACT}{_END}"),
    (IS, False, rf"(?:算不算|属不属于|构不构成|是否属于|是否构成|是否算|是不是属于|是不是算){_ACT}{_END}"),
    (WILL, False, rf"会不会{_ACT}{_END}"),
    (MAY, False, rf"(?P<act>[\u4e00-\u9fff]得(?:成|了|到|赢|回来|回|掉)){_Q}"),
    (MUST, False, rf"(?:需要|必须|应该|应当|还得|(?<![\u4e00-\u9fff])得|还要|要)(?![求不])(?!是){_ACT}{_Q}"),
    (MAY, False, rf"(?:能|可以)(?![不])(?!是){_ACT}{_Q}"),
    (IS, False, rf"(?<![不还就要])(?:算|属于|构成)(?!不){_ACT}{_Q}"),
    (WILL, False, rf"(?<!不)会(?!不){_ACT}{_Q}"),
))
#: An act that itself classifies (能算工伤吗, 可以认定为…吗): the ask is whether it is so.
_CLASSIFYING_ACT = re.compile(r"^(?:算|属于|构成|被认定|认定为|定为|被定|被判)")


@dataclass(frozen=True)
class Ask:
    """A yes/no ask: who would act, what is asked of the act (may / must / is / will), negated or not, the act."""

    actor: str      # self | other | third | "" (nobody named: a thing is asked about, or the subject is left out)
    subject: str    # the words naming the actor as the client wrote them ("" when none)
    modal: str      # may | must | is | will
    negated: bool
    act: str

    def answer(self, yes: bool) -> str:
        """The client's own ask said back as a decision, without its subject: 可以不还 / 不能不还 / 要赔 / 不算旷工."""
        neg = "不" if self.negated else ""
        act = f"{neg}{self.act}"
        if self.modal == MAY:
            return f"{'可以' if yes else '不能'}{act}"
        if self.modal == MUST:
            if self.negated:  # 不用赔吗: yes means need not
                return f"{'不用' if yes else '要'}{self.act}"
            return f"{'要' if yes else '不用'}{self.act}"
        if self.modal == IS:
            if self.negated:  # 不算旷工吗: yes means it is not
                return f"{'不算' if yes else '算'}{self.act}" if not self.act.startswith("属于") else \
                    f"{'不' if yes else ''}{self.act}"
            return f"{'算' if yes else '不算'}{self.act}"
        if self.negated:
            return f"{'不会' if yes else '会'}{self.act}"
        return f"{'会' if yes else '不会'}{self.act}"


def _actor(before: str) -> tuple[str, str]:
    """(actor, words) the text just before a modal names as its subject."""
    before = _ADVERB.sub("", before.rstrip())
    for word in sorted(THIRD_WORDS, key=len, reverse=True):
        if before.endswith(word) and re.search(r"(?:我|俺|咱)(?:们|的|家)?$", before[:-len(word)]):
            return THIRD, before[-len(word) - 1:]
    for word in sorted(SELF_WORDS, key=len, reverse=True):
        if before.endswith(word):
            return SELF, word
    for word in sorted(OTHER_WORDS, key=len, reverse=True):
        if before.endswith(word):
            return OTHER, word
    return "", ""


def _read(modal: str, negated: bool, m: re.Match[str], text: str) -> Ask | None:
    act = (m.groupdict().get("act") or m.groupdict().get("act2") or "").rstrip("了呀啊")
    if re.search(r"得(?:成|了|到|赢|回来|回|掉)$", act):
        act = act.replace("得", "", 1)  # 告得成吗: may he win the suit
    if not act:
        return None
    if modal == MAY and not negated and act.startswith("不") and not act.startswith(("不会", "不是")) and len(act) > 1:
        negated, act = True, act[1:]  # 有权不退押金吗: may he not return it
    if modal in (MAY, MUST) and _CLASSIFYING_ACT.match(act) and not negated:
        modal = IS if not act.startswith(("被判",)) else WILL
        act = re.sub(r"^(?:算|被认定为?|认定为)", "", act) or act
    actor, subject = _actor(text[:m.start()])
    return Ask(actor, subject, modal, negated, act)


def read_ask(clause: str) -> Ask | None:
    """The yes/no ask of ``clause`` (the part's asking clause), or None when it asks none of these ways: a negative
    ask first (能不能不还 is not 能不能还), else the positive ask that comes first in the clause (能要回来吗 asks may,
    not must)."""
    text = re.sub(r"\s+", "，", clause.strip())
    found: list[tuple[int, int, str, re.Match[str]]] = []
    for order, (modal, negated, pattern) in enumerate(_PATTERNS):
        m = pattern.search(text)
        if m is None:
            continue
        if negated:
            ask = _read(modal, negated, m, text)
            if ask is not None:
                return ask
            continue
        found.append((m.start(), order, modal, m))
    for _start, _order, modal, m in sorted(found, key=lambda t: (t[0], t[1])):
        ask = _read(modal, False, m, text)
        if ask is not None:
            return ask
    return None


# -- the decision a card's yes/no answer gives -------------------------------------------------------------------
@dataclass(frozen=True)
class CardDecision:
    """Whom a card's yes/no answer decides of, and what: ``actor`` a side (employer …), "asker" (the party the
    card is written for, unnamed), "none" (a thing is classified: 算不算工伤), "" when the card does not say."""

    actor: str
    party: str      # the words naming the actor ("" when none)
    modal: str
    act: str


#: A card title's ask: its subject, its modal, its act (用人单位能否要求竞业限制, 借钱不还算不算诈骗).
_TITLE_MODALS: tuple[tuple[str, str], ...] = (
    ("能否", MAY), ("能不能", MAY), ("可否", MAY), ("可不可以", MAY), ("是否可以", MAY), ("有没有权", MAY),
    ("要不要", MUST), ("是否要", MUST), ("是否需要", MUST), ("需不需要", MUST), ("用不用", MUST),
    ("算不算", IS), ("是否属于", IS), ("是否构成", IS), ("属不属于", IS), ("是否有效", IS), ("是否", IS),
    ("会不会", WILL),
)


def _side_of_role(words: str, domain: str) -> tuple[str, str]:
    for role in sorted(ROLE_SIDES, key=len, reverse=True):
        if words.endswith(role) and domain in _ROLE_DOMAINS.get(role, (domain,)):
            return ROLE_SIDES[role], role
    return "", ""


@cache
def _title_decision(title: str, domain: str) -> CardDecision | None:
    if len(re.findall(r"能否|能不能|可否|是否|要不要|算不算|会不会|可不可以|需不需要", title)) > 1:
        return None  # two asks in one title (租客能不能转租、房东能否解约): which one an answer decides is not read
    for clause in re.split(r"[，,：:；;（(、]", title):
        for word, modal in sorted(_TITLE_MODALS, key=lambda t: -len(t[0])):
            at = clause.find(word)
            if at < 0:
                continue
            act = re.split(r"[，,：:；;（(、及和与]|还能否|能否", clause[at + len(word):])[0]
            if not act:
                continue
            subject = re.sub(r"(?:还|又|再|也)$", "", clause[:at])
            side, role = _side_of_role(subject, domain)
            if side:
                return CardDecision(side, role, modal, act)
            if modal == IS:
                # a thing is classified (借钱不还算不算诈骗): nobody acts; the thing is named with the act
                return CardDecision("none", subject, modal, act)
            # no party named: a may is the asker's own (超过诉讼时效的欠款还能否要回); whose duty a must is, is not said
            return CardDecision("asker" if modal == MAY else "", "", modal, act)
    return None


def card_decision(card: Card, answer: Answer | None = None) -> CardDecision | None:
    """What ``card``'s yes/no answer decides: its declared ``actor`` / ``act``, else read from its title
    (None when neither says)."""
    answer = answer if answer is not None else card.answers.get("yes_no")
    if answer is not None and answer.qtype != "yes_no" and not answer.actor:
        return None  # the title's ask is the card's yes/no question, not its validity or other answers'
    read = _title_decision(card.title, card.domain)
    if answer is not None and answer.actor:
        from legal.sides import PARTY

        party = "" if answer.actor in ("none", "asker") else PARTY.get(answer.actor, "")
        return CardDecision(answer.actor, party, read.modal if read else MAY, answer.act or (read.act if read else ""))
    return read


def relation(actor: str, client_side: str, card_side: str) -> str:
    """The card's ``actor`` relative to the client: SELF, OTHER or "" (unknown, or nobody acts)."""
    from legal.sides import OPPOSITE

    if actor in ("", "none"):
        return ""
    if actor == "asker":
        actor = card_side
        if not actor:
            return SELF  # the card answers its asker's question, and the matcher chose it for the client's
    own = client_side or card_side
    if not own:
        return ""
    if actor == own:
        return SELF
    if OPPOSITE.get(own) == actor:
        return OTHER
    return ""


#: A card act that demands something of the other party (要求还款, 要回借款, 主张利息): the other must do it.
_DEMAND = re.compile(r"^(?:要求|请求|主张|要回|讨回|追回|拿回|索要|索赔|追讨|让|叫|逼|催)"
                     r"(?:对方|他|其|借款人|劳动者|员工|承租人|出借人|用人单位)?")
#: An act of giving, with no object but money (还, 还钱, 付款, 赔): it gives whatever was demanded.
_GIVING = re.compile(r"(?:还|付|给|退|交|赔|返还|支付|偿还|归还|退还)(?:钱|款|给我|我|了)?")


def demands(act: str) -> bool:
    """Whether a card act demands something of the other party (要求还款, 要回借款)."""
    return bool(_DEMAND.match(act))


def owed_by_demand(card_act: str, ask_act: str) -> bool:
    """Whether ``ask_act`` (the other party's act the client asks of) is what ``card_act`` demands: the same act in
    other words (要求还款 / 还), or an act of giving what it demands (要回借款 / 还)."""
    m = _DEMAND.match(card_act)
    if m is None:
        return False
    owed = card_act[m.end():]
    return same_act(ask_act, owed) or bool(_GIVING.fullmatch(ask_act))


def same_act(a: str, b: str) -> bool:
    """Whether two acts are the same act in other words: one holds the other, or they share a two-character word,
    or one is one character that opens the other (还 / 还款)."""
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    pairs = {a[i:i + 2] for i in range(len(a) - 1)}
    return any(b[i:i + 2] in pairs for i in range(len(b) - 1))


# -- the decision word a lead opens with ------------------------------------------------------------------------
#: The modal a decision word answers: may (可以, 不能, 有权), must (需要, 不用), is (属于, 不算), will (会, 不会).
_WORD_MODALS: tuple[tuple[str, str], ...] = tuple(sorted((
    *((w, MAY) for w in ("可以", "不可以", "能", "不能", "有权", "无权", "可", "不得", "不行", "还能", "还可以")),
    *((w, MUST) for w in ("需要", "不需要", "要", "不用", "无需", "不必", "应当", "不应当", "应", "不应", "必须", "得",
                               "承担", "不承担", "负", "不负", "赔", "不赔")),
    *((w, IS) for w in ("属于", "不属于", "构成", "不构成", "算", "不算", "是", "不是", "视为", "不视为", "成立",
                             "不成立")),
    *((w, LAWFUL) for w in ("合法", "不合法", "有效", "无效", "违法", "不违法", "合理", "不合理")),
    *((w, WILL) for w in ("会", "不会", "可能", "未必", "不一定")),
), key=lambda item: -len(item[0])))
#: Modal families a lead may answer across: may and must (能要回吗 — 需要退还), is and will (会判刑吗 — 构成…罪).
#: Whether an act is lawful answers whether it may be done (公司能扣我工资吗 — 不合法).
FAMILY = {MAY: "act", MUST: "act", LAWFUL: "act", IS: "state", WILL: "state"}


def lead_word(head: str) -> tuple[str, str]:
    """(word, modal) of the decision word ``head`` opens with at its very start (("", "") when a subject stands
    before it or it opens with none)."""
    return next(((w, m) for w, m in _WORD_MODALS if head.startswith(w)), ("", ""))


#: What ends a decision word standing alone (可以。 可以（…）：): the act it decides is not in its words.
BARE_END = "。；，,：:（("


def bare_word(head: str) -> tuple[str, str]:
    """(word, modal) of a lead whose decision word stands alone, its act not in its words (("", "") otherwise)."""
    word, modal = lead_word(head)
    return (word, modal) if word and head[len(word):][:1] in BARE_END else ("", "")

