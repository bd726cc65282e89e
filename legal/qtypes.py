"""Question types: what a client's part asks (yes/no, valid, how much, by when, which, forum, what
to do, and what liability or consequence follows), read from its wording. Shared by the matcher (a card that answers the asked type with a
rule of its own is preferred) and the composer (which answer of the card to give)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

#: The question words of an ask (什么, 啥, 哪些, 怎样 …, typed and dialect forms: 甚么, 神马, 哪样).
_WHAT = r"(?:什么|甚么|什麼|神马|啥|哪些|哪种|哪样|何种|怎样的?|怎么样的|多大的?|多重的?)"
#: What a liability or consequence ask asks about (责任, 后果, 处罚, 代价, 下场 …).
_BURDEN = r"(?:法律|刑事|民事|行政)?(?:责任|后果|处罚|处分|惩罚|代价|下场|罪责|影响|麻烦)"
#: A part asking what liability or consequence follows from the act it tells — 要承担什么责任, 会有啥后果, 赔什么,
#: 会怎么处理他, 公司要付出什么代价, 我要负什么责任, 谁来赔, 他会怎么样 — not one telling it (交警说我要承担全部
#: 责任: no question word; 什么责任都不用担: the question word says "none"). A by-when cue told beside it
#: (过了期限会怎样) does not make it a by-when part (:func:`_question_type`).
LIABILITY_ASK = re.compile(
    # 承担/负/担 … 什么 (要承担什么, 负啥责, 担哪些责任: the verb says liability)
    r"(?:承担|担负|负担|负|担|背|付出)(?:些)?" + _WHAT + r"(?:样的?|的)?(?:" + _BURDEN + r"|责|罚)?(?![都也])"
    # 什么后果, 啥责任, 哪些处罚, 会受到怎样的处罚, 会有啥后果
    r"|" + _WHAT + r"(?:样的?|的)?" + _BURDEN + r"(?![都也])"
    # 后果是什么, 责任有哪些, 处罚是啥
    r"|" + _BURDEN + r"(?:是|有|会是|大概是)?" + _WHAT + r"(?![都也])"
    # 赔什么, 要赔偿哪些, 赔啥
    r"|赔(?:偿)?(?:些)?" + _WHAT + r"(?![都也])"
    # 会怎么处理他, 会被咋处罚, 将如何处分 — what is done to someone (该怎么处理 asks what to do: not here)
    r"|(?:会|将|要被|会被|被)(?:怎么|怎样|如何|咋|咋样|啷个)(?:处理|处罚|惩罚|处分|罚|判|追究|办|收拾|定性)"
    # a sentence or a penalty asked (怎么判, 咋罚, 如何量刑)
    r"|(?:怎么|怎样|如何|咋|啷个)(?:判|量刑|处罚|罚|定罪)"
    # 他会怎么样, 不回复会怎样, 会咋样, 要是不去会怎么 (the ask cut short)
    r"|(?:会|将)(?:有|落得?|被)?(?:怎么样|怎样|咋样|如何|怎么)(?=$|[吗呢啊吧了？?。！!，,\s])"
    # who is liable (谁来赔, 该谁负责, 责任归谁, 算谁的责任)
    r"|谁(?:来|去|应该|该|先)?(?:负责|承担|担责|赔偿?|出钱|买单|掏钱|垫付|垫钱)|(?:责任|损失)(?:在|归|算|由)谁|谁的责任")


QTYPE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("which", re.compile(r"什么罪|哪个罪|哪种罪|何罪|罪名|定什么罪|判什么罪|什么案由|属于什么|算什么|哪一类|什么性质")),
    ("by_when", re.compile(r"(?<!判)多久|多长时间|期限|时效|还来得及|(?<![奶品物货酒药菜肉酪糕饮水])过期(?=了|还|后|作废|失效|怎么|吗)|几天内|多少天|多少日|多少个?工作日|什么时候|有效期|截止"
                           r"|最晚|最早|最迟|哪天|哪一天|几号|几月几日|到哪天|有没有时间|还有没有时间|时间限制|过了时间"
                           r"|超过.{0,6}还能|还能.{0,6}(?:年|月)|现在还能.{0,8}(?:告|起诉|仲裁|申请|要|追)|给到.{0,6}多大")),
    ("how_much", re.compile(r"多少|怎么算|按什么算|咋算|怎么赔|咋赔|如何赔|能赔几|如何计算|怎么计算|几倍|标准是|赔偿标准|补偿标准|判几年|判多久|判多少|金额|几个月工资|赔偿多少"
                            # a share asked (对方最多赔几成, 按百分之几, 多大比例)
                            r"|几成|百分之几|多大比例|什么比例|多少比例"
                            # a term of years or months asked (判的话最多几年, 一般关几个月): the sentence's measure
                            r"|(?:判|关|坐|蹲|刑期|最多|最高|最少|最低|大概|一般)(?:个)?几(?:年|个月)(?![前后来])"
                            # the standard a figure is computed by (误工费按什么标准, 按啥标准赔)
                            r"|(?:按|是|用)(?:什么|啥|哪个)标准|(?:什么|啥)标准(?:赔|算|给|计算)"
                            # which of two remedies gives more (选哪个能拿得多, 怎么选最划算): the figures compared
                            r"|(?:选|要)哪(?:个|种|样).{0,6}(?:划算|合算|多|有利)|怎么选.{0,4}(?:划算|合算|有利|多)"
                            r"|哪(?:个|种|样)(?:更|最)(?:划算|合算|多|有利)")),
    ("liability", LIABILITY_ASK),
    ("forum", re.compile(r"去哪|到哪|找哪|哪个部门|向谁|哪里告|哪告|在哪.{0,4}(?:起诉|告|申请|投诉)|哪个法院|管辖|什么程序|怎么起诉|如何起诉|流程|找谁|投诉")),
    ("valid", re.compile(r"合法吗|违法吗|有效吗|算不算|是否有效|是否合法|合不合法|合理吗|违不违法|有没有效|是不是违法|犯法吗|侵权吗|算.{0,6}吗|违法|无效"
                         r"|(?:合法|有效|合理|犯法)(?:么|嘛|不(?![\u4e00-\u9fff]{2})|没|不合法|不合理|无效)"
                         # whether another's act is allowed ("公司这样扣可以吗", "物业能这样吗", "只发最低工资 对吗")
                         r"|(?:这样|这么).{0,4}(?:可以|行|对|合理|正常)(?:吗|么|不)|能这样|可以这样|对吗|对不对|正常吗"
                         # whether a clause, an agreement or a contract holds ("这条有用吗", "合同成立吗")
                         r"|有用吗|管用吗|有没有用|算数吗|算不算数|有.{0,4}效力吗|成立吗|成立了吗|成不成立"
                         # whether the law upholds it ("这个利息法院认不认", "法院支不支持")
                         r"|认不认|承不承认|支不支持|保不保护|受不受.{0,2}保护|认可吗|支持吗")),
    ("what_to_do", re.compile(r"怎么办|该怎么|如何处理|怎么处理|咋办|怎么做|如何维权|怎么维权|应该怎样|怎样处理"
                              # what the client may claim or must prepare (我能要求什么, 要准备什么)
                              r"|(?:能|可以|该|应该)(?:要求|主张)(?:些)?(?:什么|啥|哪些)|准备(?:什么|哪些|啥)|(?:哪些|什么|啥)(?:证据|材料)")),
    ("yes_no", re.compile(r"能不能|可以吗|可不可以|能否|能吗|是否|要不要|有没有权|需要|还能|可以|能|吗|会不会|用不用"
                          r"|([\u4e00-\u9fff])[不没]\1")),
)


#: The types that ask more than yes or no: a yes/no clause after one of them in the same part follows from it.
SPECIFIC_ASKS = ("by_when", "how_much", "which", "forum", "valid", "liability")


#: 过期 of goods (辣条过期了能赔多少) asks how much, not by when: a how-much cue wins over it.
_GOODS_EXPIRED = re.compile(r"过期")
_GOODS = re.compile(r"买|超市|商店|商品|食品|零食|饮料|牛奶|保质期|吃")
#: A part that asks outright whether something is valid or lawful ("这个期限有效吗") asks that, though
#: it names a period; a by-when cue of its own (多久, 还来得及, 最晚 …) still makes it a by-when part.
ASKS_VALIDITY = re.compile(r"(?:合法|有效|合理|违法|犯法)(?:吗|么|不|嘛)|是否(?:合法|有效)|合不合法|有没有效|有效没")
STRONG_BY_WHEN = re.compile(r"(?<!判)多久|多长时间|时效|还来得及|几天内|多少天|什么时候|最晚|最迟|哪天|截止")


#: Where a clause asks: a question word, a closing particle, an A-not-A form (能不能, 解没解除, 有没有).
#: Words that only look like questions: 几乎, 哪怕, 这么, 什么都, 前几天 / 十几张 / 几年前 (a few), a
#: question told, not asked (合同里没写怎么算, 说不出哪条).
NOT_ASKING = re.compile(
    r"几乎|哪怕|[这那要多]么|没什么|什么(?=都|也|的)|不怎么|怎么(?=也|都)|(?<=[十前这那好早过头末有])几|几(?=[十百千万])"
    r"|几个?(?:年|月|天|日|周|次|回)(?:前|后|来|以来)"
    r"|(?:没有?|不|也不)(?:写|说|讲|约定|规定|提|告诉我?)[^，,。；;！!？?]{0,4}?(?:怎么|什么|哪|多少|几)"
    r"|说不(?:出|清)[^，,。；;！!？?]{0,3}?(?:怎么|什么|哪|多少|几)")
_ASKS = re.compile(r"吗|么|嘛|呢|多少|多久|多长|怎么|如何|是否|能否|哪|什么|几|咋|([\u4e00-\u9fff])[不没]\1")
_CLAUSE = re.compile(r"[，,。；;！!？?、\s]+")


def asking_clause(text: str) -> str:
    """The clause of ``text`` that asks (a Chinese question puts its asking last): the last clause with
    a question word that is not one only in look (前几天, 没写什么时候还), and what follows it; "" when
    no clause asks."""
    clauses = [c for c in _CLAUSE.split(text) if c]
    asking = [i for i, clause in enumerate(clauses) if _ASKS.search(NOT_ASKING.sub("", clause))]
    if not asking:
        return ""
    last = asking[-1]
    if _question_type(clauses[last]) in ("", "yes_no", "what_to_do", "liability"):
        # two asks in one part (宽限期最短得给多久 过了能把他除名吗): the specific one (a period, a
        # figure, a forum) is what the answer must give; the yes/no after it follows from it
        specific = next((i for i in reversed(asking[:-1])
                         if _question_type(clauses[i]) in SPECIFIC_ASKS
                         and _question_type(clauses[i]) != _question_type(clauses[last])), None)
        if specific is not None:
            return "，".join(clauses[specific:])
    return "，".join(clauses[last:])


def final_ask_type(text: str) -> str:
    """The type the last asking clause of ``text`` names by itself ("" when none asks): what the client's
    closing question wants first, whatever a more specific clause before it asks (借条上没写担保多长时间…我还要还吗
    ends on a yes/no)."""
    clauses = [c for c in _CLAUSE.split(text) if c]
    asking = [c for c in clauses if _ASKS.search(NOT_ASKING.sub("", c))]
    return _question_type(asking[-1]) if asking else ""


def question_type(text: str) -> str:
    """What ``text`` asks: the type its asking clause names (a story's 期限 or 什么时候 told before the
    question does not make it a by-when question), else the type the whole text names."""
    clause = asking_clause(text)
    if clause and clause != text:
        own = _question_type(clause)
        if own:
            return own
    return _question_type(text)


def _question_type(text: str) -> str:
    for qtype, pattern in QTYPE_CUES:
        # a consequence told, not asked (没说要承担什么责任), asks nothing
        m = pattern.search(NOT_ASKING.sub("", text) if qtype == "liability" else text)
        if m:
            if qtype == "by_when" and _GOODS_EXPIRED.fullmatch(m.group(0)) and not pattern.search(
                    text.replace("过期", "")) and (dict(QTYPE_CUES)["how_much"].search(text) or _GOODS.search(text)):
                # 牛奶过期了…能要十倍赔偿吗: spoiled goods, the part asks what the rest of it asks
                return _question_type(text.replace("过期", "")) or "yes_no"
            if qtype == "by_when" and ASKS_VALIDITY.search(text) and not STRONG_BY_WHEN.search(text):
                return "valid"
            if qtype == "by_when" and LIABILITY_ASK.search(text) and not STRONG_BY_WHEN.search(text):
                return "liability"  # 过了期限会怎样: the consequence asked, a period told
            return qtype
    return ""


#: Who is liable (谁来赔, 该谁负责, 责任归谁): the card's classification of the liability answers first.
_WHO_LIABLE = re.compile(r"谁(?:来|去|应该|该|先)?(?:负责|承担|担责|赔偿?|出钱|买单|掏钱|垫付|垫钱)"
                         r"|(?:责任|损失)(?:在|归|算|由)谁|谁的责任")
#: What must be paid (赔什么, 赔偿哪些, 付出什么代价, 出什么钱): the card's measure answers first.
_MONEY_BURDEN = re.compile(r"赔(?:偿)?(?:些)?" + _WHAT + r"|代价|出.{0,2}钱|掏.{0,2}钱|经济责任|赔偿责任")
#: What follows from not acting or letting time pass (不回复会怎样, 过了会怎么样, 逾期不交有什么后果): the lapse the
#: card's by-when answer states (视为放弃, 视为撤回) answers first.
_LAPSE = re.compile(r"(?:不|没|未)(?:回复|答复|回应|表态|去|领|交|缴|办|申请|起诉|上诉|异议|理会?|管)|过了|逾期|超过|超期|到期")
#: A penalty asked (怎么判, 什么处罚, 会怎么处理他): a crime's card answers with its sentence first.
_PENALTY = re.compile(r"判|量刑|处罚|惩罚|处分|罚|坐牢|刑事|拘留|定罪|处理")
#: The card answers a liability ask is given, in order, by what it asks (docs/decisions/answers-multi-part.md).
LIABILITY_ANSWERS = {
    "who": ("which", "yes_no", "valid", "how_much", "what_to_do"),
    "lapse": ("by_when", "yes_no", "valid", "how_much", "what_to_do"),
    "money": ("how_much", "yes_no", "valid", "which", "what_to_do"),
    "penalty": ("how_much", "which", "yes_no", "valid", "what_to_do"),
    "general": ("yes_no", "valid", "how_much", "which", "what_to_do"),
}
#: Domains whose cards answer a liability ask with the penalty (the sentence, the punishment).
PENALTY_DOMAINS = ("criminal", "criminal_procedure", "administrative")


def liability_kind(text: str, domain: str = "") -> str:
    """What a liability ask wants: "who" is liable, what follows a "lapse" (not acting, time let pass), "money"
    owed, the "penalty" (an ask naming one, or any liability ask answered by a card of a penalty domain), else
    "general" (whether and what liability)."""
    clause = asking_clause(text) or text
    if _WHO_LIABLE.search(clause):
        return "who"
    if _LAPSE.search(clause):
        return "lapse"
    if domain in PENALTY_DOMAINS[:2] or (_PENALTY.search(clause) and not _MONEY_BURDEN.search(clause)):
        return "penalty"
    if _MONEY_BURDEN.search(clause):
        return "money"
    return "general"


def liability_answer(answers: Iterable[str], text: str, domain: str = "") -> str:
    """The card answer (one of ``answers``, the card's types) a liability ask in ``text`` is given on a card of
    ``domain``: by :data:`LIABILITY_ANSWERS` of its :func:`liability_kind`; "" when the card has none of them."""
    have = set(answers)
    return next((t for t in LIABILITY_ANSWERS[liability_kind(text, domain)] if t in have), "")


#: A part that names no ask of its own but asks on (那押金呢, 那如果他不还呢, 还有利息呢): the question before it is
#: asked again of what it names.
ELIDED_ASK = re.compile(r"^(?:那|那么|那要是|那如果|还有|另外|再就是)|呢[？?。！!~～\s]*$")


def part_types(parts: Sequence[str]) -> list[str]:
    """Each part's own question type (:func:`question_type`); a part that names none and asks on (its subject
    or its predicate elided: 那押金呢, 要是他不还呢) the type of the part before it — what it asks again of its
    own matter; else ""."""
    types: list[str] = []
    for part in parts:
        own = question_type(part)
        if not own and types and ELIDED_ASK.search(part.strip()):
            own = types[-1]
        types.append(own)
    return types


#: A part's number as the client wrote it (1. / 2、/ （一）/ ① / 第二， / 问题2：), left out when its ask is read back.
_NUMBERING = re.compile(r"^\s*(?:[1-9]\s*[、.．)）]?(?=[\u4e00-\u9fff])|[（(][1-9一二三四五][）)]|[①②③④⑤⑥⑦⑧⑨]"
                        r"|问题[1-9一二三四五][：:、.．，,]?|第[一二三四五](?:个问题|点)?[，,、是：:]?|其[一二三四五][，,、是：:]?"
                        r"|[一二三四五][、.．])\s*")
#: The longest read-back of a part's ask (characters): a longer ask is read back by its last words.
READ_BACK_MAX = 28


def read_back(part: str) -> str:
    """``part``'s own ask read back briefly, as the heading of its answer (这算工伤吗？, 厂里要承担什么责任？): its asking
    clause (:func:`asking_clause`; the whole part when no clause asks or the clause names too little), without the
    client's numbering, courtesy and closing punctuation, at most :data:`READ_BACK_MAX` characters (a longer one
    by its last words, after "…"), ending on "？"."""
    text = _NUMBERING.sub("", part.strip(), count=1)
    clause = asking_clause(text)
    if len(re.findall(r"[\u4e00-\u9fff]", clause)) < 4:
        clause = text
    clause = re.sub(r"^(?:请问|想问一下|想问|问一下|我想问)[，,\s]*", "", clause.strip(" ，,、"))
    clause = clause.rstrip("？?。！!~～…，,、 ")
    if len(clause) > READ_BACK_MAX:
        tail = clause[-READ_BACK_MAX:]
        cut = max(tail.find(c) for c in "，,；; ")
        clause = "…" + (tail[cut + 1:] if 0 <= cut < READ_BACK_MAX - 6 else tail)
    return f"{clause}？" if clause else ""
