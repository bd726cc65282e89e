"""The family a client names, read from the DECEDENT's side (民法典 1127-1130, 1153).

A client says 我爸去世了…我奶奶还在世, 我妈和我还有我妹妹: the people are named from the asker's side, but the
law orders them by their relation to the one who died — 奶奶 is the decedent's mother (first order), 我妈 his
spouse, 我 and 妹妹 his children. :func:`read_family` maps each named relative to that relation (alive or dead),
and :func:`applied` states the order applied to them: who inherits, whether the second order comes in, 代位继承
for a child who died first, the equal share (1130) and the surviving spouse's own half of a house bought during
the marriage (1153). No decedent read, no answer: :func:`decedent_ask` asks who died.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

# relations to the decedent
SPOUSE, CHILD, PARENT, SIBLING, GRANDPARENT, GRANDCHILD, IN_LAW_CHILD = (
    "配偶", "子女", "父母", "兄弟姐妹", "祖父母、外祖父母", "孙子女、外孙子女", "丧偶儿媳、女婿")

#: Who died, as the client names them (typos and spoken forms beside), → a decedent kind.
_DECEDENT_WORDS: dict[str, tuple[str, ...]] = {
    "father": ("我爸", "我爹", "我老爸", "爸爸", "父亲", "老爸", "我父亲", "家父", "老父亲"),
    "mother": ("我妈", "我娘", "我老妈", "妈妈", "母亲", "老妈", "我母亲", "家母", "老母亲"),
    "husband": ("我老公", "老公", "丈夫", "我丈夫", "孩子他爸", "孩子爸", "我先生"),
    "wife": ("我老婆", "老婆", "妻子", "我妻子", "媳妇儿", "我媳妇", "我爱人", "爱人", "孩子他妈", "孩子妈"),
    "p_grandparent": ("爷爷", "奶奶", "祖父", "祖母"),
    "m_grandparent": ("外公", "外婆", "姥姥", "姥爷", "外祖父", "外祖母"),
    "sibling": ("我哥", "我姐", "我弟", "我妹", "哥哥", "姐姐", "弟弟", "妹妹"),
    "child": ("我儿子", "我女儿", "儿子", "女儿", "我闺女", "闺女"),
    "parent_in_law": ("公婆", "岳父母", "公公", "婆婆", "岳父", "岳母", "丈人", "丈母娘", "老丈人"),
}
_DEATH = r"(?:去世|过世|走了|离世|病故|病逝|没了|死了|不在了|不在人世|身故|身亡|遇难|过身|仙逝|走得|去逝|病死|逝世)"
#: The decedent's own mentions masked in the text read for relatives: a death word after the decedent's name
#: (婆婆 现在公公也走了) is the decedent's, not the relative's named before it.
_MASK = "※"
_EARLY = r"(?:早就|早已|早年|早些年|之前就|前几年|多年前|先|已经先|年轻时就|很早就|早)"
_ALIVE = r"(?:还在世|在世|健在|还活着|还在|活着|身体还好)"

#: Each named relative (asker's words) → relation to the decedent, per decedent kind.
_KIN: dict[str, dict[str, str]] = {
    "father": {
        "我妈": SPOUSE, "妈妈": SPOUSE, "母亲": SPOUSE, "我娘": SPOUSE, "老妈": SPOUSE, "继母": SPOUSE, "后妈": SPOUSE,
        "奶奶": PARENT, "爷爷": PARENT, "祖母": PARENT, "祖父": PARENT,
        "叔叔": SIBLING, "伯伯": SIBLING, "大伯": SIBLING, "姑姑": SIBLING, "小叔": SIBLING, "二叔": SIBLING,
    },
    "mother": {
        "我爸": SPOUSE, "爸爸": SPOUSE, "父亲": SPOUSE, "我爹": SPOUSE, "老爸": SPOUSE, "继父": SPOUSE, "后爸": SPOUSE,
        "外婆": PARENT, "外公": PARENT, "姥姥": PARENT, "姥爷": PARENT, "外祖母": PARENT, "外祖父": PARENT,
        "舅舅": SIBLING, "姨妈": SIBLING, "小姨": SIBLING, "大姨": SIBLING, "阿姨": SIBLING, "舅": SIBLING,
    },
    "husband": {
        "儿子": CHILD, "女儿": CHILD, "孩子": CHILD, "闺女": CHILD,
        "公婆": PARENT, "公公": PARENT, "婆婆": PARENT, "他爸": PARENT, "他妈": PARENT, "他爸妈": PARENT,
        "他父母": PARENT,
        "小叔子": SIBLING, "大伯子": SIBLING, "小姑子": SIBLING, "大姑姐": SIBLING, "他哥": SIBLING, "他弟": SIBLING,
        "他姐": SIBLING, "他妹": SIBLING,
    },
    "wife": {
        "儿子": CHILD, "女儿": CHILD, "孩子": CHILD, "闺女": CHILD,
        "岳父母": PARENT, "岳父": PARENT, "岳母": PARENT, "丈人": PARENT, "丈母娘": PARENT, "老丈人": PARENT,
        "她爸": PARENT,
        "她妈": PARENT, "她爸妈": PARENT, "她父母": PARENT,
        "小舅子": SIBLING, "大舅子": SIBLING, "小姨子": SIBLING, "她哥": SIBLING, "她弟": SIBLING, "她姐": SIBLING,
        "她妹": SIBLING,
    },
    "p_grandparent": {
        "奶奶": SPOUSE, "爷爷": SPOUSE, "我爸": CHILD, "爸爸": CHILD, "父亲": CHILD, "叔叔": CHILD, "伯伯": CHILD,
        "大伯": CHILD, "姑姑": CHILD, "二叔": CHILD, "小叔": CHILD, "堂哥": GRANDCHILD, "堂姐": GRANDCHILD,
        "堂弟": GRANDCHILD, "堂妹": GRANDCHILD,
    },
    "m_grandparent": {
        "外婆": SPOUSE, "外公": SPOUSE, "姥姥": SPOUSE, "姥爷": SPOUSE, "我妈": CHILD, "妈妈": CHILD, "母亲": CHILD,
        "舅舅": CHILD, "姨妈": CHILD, "小姨": CHILD, "大姨": CHILD, "表哥": GRANDCHILD, "表姐": GRANDCHILD,
        "表弟": GRANDCHILD, "表妹": GRANDCHILD,
    },
    "sibling": {
        "我爸": PARENT, "我妈": PARENT, "爸妈": PARENT, "父母": PARENT, "爸爸": PARENT, "妈妈": PARENT,
        "嫂子": SPOUSE, "姐夫": SPOUSE, "弟媳": SPOUSE, "妹夫": SPOUSE,
        "侄子": CHILD, "侄女": CHILD, "外甥": CHILD, "外甥女": CHILD,
        "爷爷": GRANDPARENT, "奶奶": GRANDPARENT, "外公": GRANDPARENT, "外婆": GRANDPARENT,
    },
    "child": {
        "我老公": PARENT, "我老婆": PARENT, "老伴": PARENT, "孩子他爸": PARENT, "孩子他妈": PARENT,
        "儿媳": SPOUSE, "儿媳妇": SPOUSE, "女婿": SPOUSE,
        "孙子": CHILD, "孙女": CHILD, "外孙": CHILD, "外孙女": CHILD,
    },
    "parent_in_law": {
        "我老公": CHILD, "我丈夫": CHILD, "我老婆": CHILD, "我妻子": CHILD, "老公": CHILD, "丈夫": CHILD,
        "小叔子": CHILD, "大伯子": CHILD,
        "小姑子": CHILD, "大姑姐": CHILD, "小舅子": CHILD, "大舅子": CHILD, "小姨子": CHILD,
        "公公": SPOUSE, "婆婆": SPOUSE, "岳父": SPOUSE, "岳母": SPOUSE, "丈母娘": SPOUSE, "老丈人": SPOUSE,
        "孙子": GRANDCHILD, "孙女": GRANDCHILD, "外孙": GRANDCHILD, "外孙女": GRANDCHILD,
    },
}
#: The asker's own siblings (children of a decedent parent, grandchildren of a grandparent).
_OWN_SIBLINGS = ("我哥", "我姐", "我弟", "我妹", "哥哥", "姐姐", "弟弟", "妹妹", "大哥", "二哥", "大姐", "二姐",
                 "小妹", "小弟")
_ASKER = {"father": CHILD, "mother": CHILD, "husband": SPOUSE, "wife": SPOUSE, "p_grandparent": GRANDCHILD,
          "m_grandparent": GRANDCHILD, "sibling": SIBLING, "child": PARENT, "parent_in_law": IN_LAW_CHILD}
#: The asker's spouse as the client names them: the child of a parent-in-law who died.
_ASKERS_SPOUSE = ("我老公", "我丈夫", "我老婆", "我妻子", "老公", "丈夫")
_ROLE = {SPOUSE: "配偶", CHILD: "子女", PARENT: "父母", IN_LAW_CHILD: "丧偶儿媳或女婿"}
_INHERIT = re.compile(r"遗产|继承|遗嘱|留下|留了|分(?:房|钱|财产|遗产)?|有份|份额|能拿|能分|归谁|过户")
_ASKS_WHO = re.compile(r"(能不能分|能分吗|有没有份|有份吗|能继承吗|能不能继承|可以分吗|可以继承吗|有继承权吗|"
                       r"有没有继承权|分得到吗|能分到吗|该不该分|也能分|要不要分给)")
_MARRIED_HOUSE = re.compile(r"婚后(?:买|购|一起|共同)|结婚(?:以)?后(?:买|购)"
                            r"|(?:夫妻|两口子|爸妈|父母)(?:一起|共同)?(?:买|购)|共同财产")


@dataclass
class Relative:
    word: str
    relation: str
    alive: bool = True
    count: int = 1


@dataclass
class Family:
    decedent: str
    word: str
    relatives: list[Relative] = field(default_factory=list)

    def of(self, relation: str, alive: bool = True) -> list[Relative]:
        return [r for r in self.relatives if r.relation == relation and r.alive == alive]


def _dead_at(text: str, start: int) -> bool:
    # the death words must follow this person, not another one the clause goes on to name (叔叔说我爸不在了)
    return bool(re.match(rf"[^。，,；;？?！!说我他她{_MASK}]{{0,8}}?{_DEATH}", text[start:])) and not re.match(
        rf"[^。，,；;？?！!]{{0,3}}{_ALIVE}", text[start:])


def _death_mentions(text: str) -> list[tuple[int, str, str, bool]]:
    """(position, kind, word, early) for each relative said dead."""
    found: list[tuple[int, str, str, bool]] = []
    for kind, words in _DECEDENT_WORDS.items():
        for word in sorted(words, key=len, reverse=True):
            for m in re.finditer(re.escape(word), text):
                tail = text[m.end():]
                d = re.match(rf"(?:[^。，,；;？?！!]{{0,8}}?)({_DEATH})", tail)
                if not d or re.match(rf"[^。，,；;？?！!]{{0,3}}{_ALIVE}", tail):
                    continue
                if any(p <= m.start() < p + len(w) for p, _, w, _ in found):
                    continue
                early = bool(re.search(_EARLY, tail[:d.start(1)]))
                found.append((m.start(), kind, word, early))
    return sorted(found)


def read_family(text: str) -> Family | None:
    """The decedent and each named relative's relation to them; None when no decedent is read."""
    if not _INHERIT.search(text):
        return None
    deaths = _death_mentions(text)
    if not deaths:
        return None
    # the estate said after the death, in the same sentence (公公今年走了，留下120万)
    estate = [d for d in deaths if re.match(r"[^。；;？?！!]{0,12}(?:留下|留了|遗产|名下|的房|没(?:留|立)遗嘱)",
                                            text[d[0]:])]
    later = [d for d in deaths if not d[3]]
    also = [d for d in deaths if re.match(r"[^。，,；;？?！!]{0,4}也", text[d[0] + len(d[2]):])]
    pos, kind, word, _ = (also or estate or later or deaths)[0]
    owner = re.search(r"(公婆|岳父母|公公|婆婆|岳父|岳母|爷爷|奶奶|外公|外婆|姥姥|姥爷|我爸|我妈|父亲|母亲)的"
                      r"(?:房|遗产|存款|财产|老房)", text)
    if owner and owner.group(1) != word and not word.endswith(owner.group(1)):
        # the estate named is another relative's: read as that one's death when said dead, else not read
        said = [d for d in deaths if d[2].endswith(owner.group(1)) or owner.group(1).endswith(d[2])]
        if not said:
            return None
        pos, kind, word, _ = said[-1]
    family = Family(kind, word)
    table = _KIN[kind]
    # the decedent, however often named, is not one of the relatives
    bare = word[1:] if word.startswith("我") and len(word) > 2 else word
    rest = text.replace(bare, _MASK * len(bare))
    for term in sorted(table, key=len, reverse=True):
        hits = [m for m in re.finditer(re.escape(term), rest)
                if not (m.start() > 0 and rest[m.start() - 1] in "他她" and not term.startswith(("他", "她"))
                        and kind not in ("husband", "wife"))
                # 公公婆婆 names the two, not the pair word inside it
                and not (term == "公婆" and m.start() > 0 and rest[m.start() - 1] == "公")]
        if hits:
            # one person however often named: dead when any mention says so
            alive = not any(_dead_at(rest, m.end()) for m in hits)
            pair = 2 if term.endswith(("爸妈", "父母", "公婆")) else 1
            family.relatives.append(Relative(term, table[term], alive, pair))
            rest = rest.replace(term, "、" * len(term))
    if kind in ("father", "mother", "p_grandparent", "m_grandparent"):
        relation = CHILD if kind in ("father", "mother") else GRANDCHILD
        own = re.search(r"(?:我们)?(?:兄弟姐妹|兄妹|姐弟|兄弟|姐妹)(?:一共|共)?(\d|[两二三四五六七八九])个", rest)
        if own:
            n = "0123456789".find(own.group(1)) if own.group(1).isdigit() else "零一二三四五六七八九".find(
                own.group(1).replace("两", "二"))
            family.relatives.append(Relative("我们兄弟姐妹", relation, True, max(n, 1)))
        else:
            family.relatives.append(Relative("我", relation))
            for term in sorted(_OWN_SIBLINGS, key=len, reverse=True):
                hits = list(re.finditer(re.escape(term), rest))
                if hits:
                    family.relatives.append(Relative(term, relation, not any(_dead_at(rest, m.end()) for m in hits)))
                    rest = rest.replace(term, "、" * len(term))
    else:
        family.relatives.append(Relative("我", _ASKER[kind]))
    if kind in ("husband", "wife"):
        _child_count(family, text)
    if kind in ("father", "mother") and not family.of(SPOUSE) + family.of(SPOUSE, alive=False) and re.search(
            r"爸妈|父母(?:的|婚后|一起|共同|结婚)", text):
        # 我爸妈婚后买的: the other parent named in the pair, alive unless said dead
        other = "我妈" if kind == "father" else "我爸"
        gone = re.search(rf"{other[1]}[^。，,；;？?！!说我他她]{{0,6}}{_DEATH}", text.replace("爸妈", ""))
        family.relatives.append(Relative(other, SPOUSE, not gone))
    if kind in ("p_grandparent", "m_grandparent", "parent_in_law"):
        _children_total(family, text)
    if kind in ("p_grandparent", "m_grandparent"):
        # the client's parent who died first: the client (and siblings) take that parent's place (1128)
        for r in family.relatives:
            if r.relation == CHILD and r.word in ("我爸", "爸爸", "父亲", "我妈", "妈妈", "母亲"):
                r.alive = r.alive and not re.search(rf"{r.word}[^。，,；;？?！!]{{0,8}}{_DEATH}", text)
    return family


_CN = "零一二三四五六七八九"
_CHILDREN = re.compile(r"(\d|[一两二三四五六七八九俩])\s*个?\s*(孩子|子女|儿女|小孩|儿子|女儿|闺女)")


def _child_count(family: Family, text: str) -> None:
    """一个儿子一个女儿, 两个孩子, 俩孩子, 一儿一女: the children of a spouse who died, by number."""
    counted = 0
    for m in _CHILDREN.finditer(text):
        digit = m.group(1)
        counted += int(digit) if digit.isdigit() else 2 if digit == "俩" else _CN.find(digit.replace("两", "二"))
    if not counted and re.search(r"一儿一女|一女一儿|儿女双全|龙凤胎|双胞胎", text):
        counted = 2
    if counted:
        family.relatives = [r for r in family.relatives if r.relation != CHILD]
        family.relatives.append(Relative("子女", CHILD, True, counted))


def _children_total(family: Family, text: str) -> None:
    """爷爷一共三个孩子, 公公就俩儿子: the decedent's children by number; those not named are counted alive."""
    m = re.search(r"(?:一共|总共|共|就|只有|有)(\d|[一两二三四五六七八九俩])个?(?:孩子|子女|儿女|儿子|女儿)", text)
    if not m:
        return
    digit = m.group(1)
    total = int(digit) if digit.isdigit() else 2 if digit == "俩" else _CN.find(digit.replace("两", "二"))
    named = family.of(CHILD) + family.of(CHILD, alive=False)
    if total > len(named):
        family.relatives.append(Relative("其他子女", CHILD, True, total - len(named)))


#: The asker's words for a parent or spouse, in the note's words.
_SAID = {"我爸": "您父亲", "我爹": "您父亲", "我老爸": "您父亲", "爸爸": "父亲", "我妈": "您母亲", "我娘": "您母亲",
         "我老妈": "您母亲", "妈妈": "母亲", "我老公": "您丈夫", "老公": "丈夫", "我老婆": "您妻子", "老婆": "妻子",
         "我哥": "您哥哥", "我姐": "您姐姐", "我弟": "您弟弟", "我妹": "您妹妹"}
_FEMALE = re.compile(r"妈|母|奶|婆|姥姥|娘")


def _name(word: str) -> str:
    if word in _SAID:
        return _SAID[word]
    if word == "我":
        return "您"
    if word == "我们兄弟姐妹":
        return "您（及兄弟姐妹）"
    return "您" + word[1:] if word.startswith("我") else word


def _decedent_name(word: str) -> str:
    said = _name(word)
    return said if said.startswith("您") else "您" + said


def _names(rs: list[Relative]) -> str:
    return "、".join(_name(r.word) + (f"（{r.count}人）" if r.count > 1 else "") for r in rs)


@dataclass
class Order:
    """The first order applied to a family: who shares, and into how many equal shares (民法典 1127-1130)."""
    family: Family
    first: list[Relative]
    in_law: list[Relative]
    grand: list[Relative]
    represented: int

    @property
    def heads(self) -> int:
        return sum(r.count for r in self.first) + self.represented + len(self.in_law)


def first_order(text: str) -> Order | None:
    """The first order of the family the client names; None when the family does not read well enough to apply."""
    family = read_family(text)
    if family is None or len(family.relatives) < 2 and family.decedent in ("father", "mother"):
        return None
    first = family.of(SPOUSE) + family.of(CHILD) + family.of(PARENT)
    dead_children = family.of(CHILD, alive=False)
    grand = family.of(GRANDCHILD)
    represented = len(dead_children) if dead_children and grand else 0
    if family.decedent in ("p_grandparent", "m_grandparent") and not dead_children:
        # the client's own parent, the decedent's child, not said dead: that parent inherits, not the client
        parent_words = ("我爸", "爸爸", "父亲") if family.decedent == "p_grandparent" else ("我妈", "妈妈", "母亲")
        if not any(w in text for w in parent_words):
            return None
    in_law = family.of(IN_LAW_CHILD)
    if any(r.word in _ASKERS_SPOUSE for r in family.of(CHILD)):
        # the asker's own spouse, the decedent's child, is alive: the asker is no widowed in-law (1129), the
        # spouse inherits
        in_law = []
    return Order(family, first, in_law, grand, represented)


def heads(text: str) -> tuple[int, str] | None:
    """The number of equal shares of the first order and the people counted, in the note's words; None when the
    family does not read, or names too few heirs to count (the facts then read the client's own count)."""
    order = first_order(text)
    # the asker alone, or only a represented or in-law heir named: the rest of the family is not told
    if order is None or not order.first or order.heads < 2:
        return None
    return order.heads, _names(order.first + order.in_law)


def applied(text: str) -> str:
    """The order of 民法典 1127 applied to the people the client names; "" when the family does not read."""
    order = first_order(text)
    if order is None:
        return ""
    family, first, in_law, grand, represented = order.family, order.first, order.in_law, order.grand, order.represented
    spouse = family.of(SPOUSE)
    parents = family.of(PARENT)
    count = order.heads
    lines: list[str] = []
    if in_law:
        lines.append("丧偶儿媳、女婿对公婆或岳父母尽了主要赡养义务的，作为第一顺序继承人（民法典第1129条）")
    if count:
        who = _names(first)
        if represented:
            who += f"{'，以及' if who else ''}先去世子女的位置由其子女（{_names(grand)}）代位继承（民法典第1128条）"
        if who:
            lines.insert(0, f"按被继承人（{_decedent_name(family.word)}）来看，第一顺序继承人是：{who}"
                            f"（配偶、子女、父母，民法典第1127条）")
        else:
            # only a widowed in-law named: the in-law's own line leads, never an empty list
            lines[0] = (f"按被继承人（{_decedent_name(family.word)}）来看，{_names(in_law)}作为丧偶儿媳、女婿，"
                        f"对其尽了主要赡养义务的，是第一顺序继承人（民法典第1129条）")
        second = [r for r in family.relatives if r.relation in (SIBLING, GRANDPARENT) and r.alive]
        if second:
            lines.append(f"{_names(second)}属于第二顺序，有第一顺序继承人时不继承")
        heads = count
        share = Fraction(1, heads)
        if heads > 1:
            lines.append(f"没有遗嘱的，同一顺序一般均等分配（民法典第1130条），共{heads}份，"
                         f"每份{share.numerator}/{share.denominator}")
        else:
            # one heir named: the others of the first order are not told, so no share is stated
            lines.append("没有遗嘱的，同一顺序一般均等分配（民法典第1130条）；被继承人的配偶、其他子女、父母在世的，"
                         "都要算进人数")
        if spouse and _MARRIED_HOUSE.search(text):
            half = share / 2
            lines.append(f"房子是婚后买的夫妻共同财产的，先分出一半归在世配偶（民法典第1153条），另一半才是遗产，"
                         f"每人各得全房的{half.numerator}/{half.denominator}，配偶合计得"
                         f"{(Fraction(1, 2) + half).numerator}/{(Fraction(1, 2) + half).denominator}")
        elif spouse and re.search(r"房|存款|车", text):
            lines.append("如果财产是婚姻期间取得的夫妻共同财产，要先分出一半归在世配偶（民法典第1153条），另一半才按上面均分")
        if family.decedent in ("father", "mother") and not parents:
            lines.append("被继承人的父母如果还在世，也是第一顺序继承人，要算进人数")
    else:
        second = [r for r in family.relatives if r.relation in (SIBLING, GRANDPARENT) and r.alive]
        if not second:
            return ""
        lines.append(f"被继承人没有在世的配偶、子女、父母，由第二顺序继承人继承：{_names(second)}（民法典第1127条）")
    lead = ""
    ask = _ASKS_WHO.search(text)
    if ask:
        before = text[:ask.start()]
        asked = max((r for r in family.relatives if r.word != "我" and r.word in before[-8:]),
                    key=lambda r: before.rfind(r.word), default=None)
        if asked is None and re.search(r"我[^。，,；;？?！!]{0,3}$", before):
            asked = next((r for r in family.relatives if r.word == "我"), None)
        if asked is not None:
            name = _name(asked.word)
            if asked in first or asked in in_law:
                role = _ROLE[asked.relation]
                if asked.relation == PARENT and asked.count == 1:
                    role = "母亲" if _FEMALE.search(asked.word) else "父亲"
                lead = f"能。{name}是被继承人的{role}，属于第一顺序继承人。"
            elif asked.relation in (SIBLING, GRANDPARENT) and count:
                lead = f"不能。{name}对被继承人来说是第二顺序继承人，有第一顺序继承人时不继承。"
            elif asked in grand and represented:
                lead = f"能。{name}代位继承先去世父母应得的份额。"
    return lead + "；".join(lines) + "。"


def decedent_ask(text: str) -> str:
    """One precise question when the client asks about an inheritance but who died cannot be read."""
    if _INHERIT.search(text) and not _death_mentions(text) and re.search(r"遗产|继承", text):
        return "请问去世的是哪一位（是您的父亲、母亲、配偶，还是其他亲属）？继承人要按与去世的人的关系来定。"
    return ""
