"""A card's premises: the typed facts a card is written for, declared on the card (``premises``), and the
same facts read from a client's words (docs/decisions/answers-card-choice.md).

A premise names one fact of the client's situation that tells neighbouring cards apart — the kind of
proceeding, the relation the dispute arises from, the client's role, what the part asks of one event — and
the value the card is written for. The loader (``legal.cardfile``) rejects a premise not in
:data:`PREMISES` or a value the fact does not take; the matcher (``legal.matcher``) reads the values a part
states with :func:`stated_premises` and

* demotes a card whose declared premise the part's facts contradict, below a close card they do not;
* puts a card whose declared premise the facts meet before a close card that does not declare it (the
  special rule before the general one);
* lowers its confidence when the two closest cards of one file are written for different values of a
  premise the client has not told, so that the answer asks that fact rather than answering the neighbour.

The facts of ``legal.facts.deciding_facts`` (proceeding, entity, lease matter, a minor offender, what is
asked) are premises too; this module adds the relation, the taking of a house, the client's part as a
rescuer and as a guarantor. Each is read only when the words state it, and a fact stated both ways is not
stated.
"""

from __future__ import annotations

import re

from legal.facts import DECIDING_ASKS, deciding_facts

#: Each premise fact and the values it takes.
PREMISES: dict[str, tuple[str, ...]] = {
    "proceeding": ("criminal", "administrative", "civil"),
    "entity": ("partnership", "company"),
    "lease_matter": ("deposit", "termination"),
    "offender": ("minor",),
    "asks": ("finding", "amount", "deadline"),
    # the relation the money or the wrong arises from: a job or a tenancy
    "relation": ("employment", "lease"),
    # a house taken by the state (征收, 拆迁) or sold on the market
    "taking": ("expropriation", "market"),
    # the client was hurt helping someone or stopping a wrong (见义勇为)
    "rescuer": ("yes",),
    # the client's part in a debt: the guarantor of someone else's loan
    "debt_role": ("guarantor",),
    # how far a criminal case has gone: criminal detention (报捕 asked, not yet approved), arrest approved, or the
    # case sent to the procuratorate for prosecution
    "custody_stage": ("detention", "arrested", "prosecution"),
}

#: The one question that settles each premise, asked when two close cards differ on it and the client has not
#: said (the deciding facts' own questions first).
PREMISE_ASKS: dict[str, str] = {
    **DECIDING_ASKS,
    "relation": "这件事是发生在您和用人单位之间（入职、上班、离职），还是在您和房东或租客之间？",
    "taking": "房子是被政府征收、拆迁，还是在市场上买卖（二手房、新房）？",
    "rescuer": "您是在帮助别人、制止违法犯罪（见义勇为）时受的伤吗？",
    "debt_role": "您是借钱的人、出借人，还是为别人的借款做担保的保证人？",
    "custody_stage": "案子现在到哪一步了：刑事拘留（还没批捕）、已经批准逮捕，还是已经移送检察院审查起诉？",
}

_EMPLOYMENT = re.compile(r"入职|上班|员工|离职|辞职|工资|人事|HR|hr|用人单位|招聘|转正|试用期"
                         r"|厂里|老板(?!娘)|经理|工作")
_LEASE = re.compile(r"房东|租客|租房|房租|退租|承租|出租|租(?:了|的)|房客|租期")
_EXPROPRIATION = re.compile(r"征收|拆迁|征地|拆迁办|被拆|安置房|补偿安置")
_MARKET = re.compile(r"二手房|中介|网签|过户|首付|买房|卖房|购房|房贷|期房|开发商")
_RESCUE = re.compile(r"见义勇为|(?:帮|替)[^，,。？?！!]{0,5}(?:抓|追|拦|拽)"
                     r"|追[^，,。？?！!]{0,8}(?:小偷|贼|抢|歹徒|劫匪)|去追|(?:上前|上去|冲上去|跑过去)(?:制止|阻止|拦|抓|帮)|救(?:人|落水|溺水|火)|下水救"
                     r"|抓小偷|抓贼")
_HURT = re.compile(r"被(?:[^，,。？?！!]{0,6})(?:打|推|捅|砍|撞|咬|踢|划|刺|烧|烫)|受(?:了)?伤"
                   r"|摔(?:断|伤|倒|骨折)|骨折|住院|缝了")
_GUARANTOR = re.compile(r"担保人|保证人|做(?:了|的)?担保|作(?:了|的)?担保"
                        r"|(?:给|为|帮)[^，,。？?！!]{0,8}(?:做|作|当)?(?:了)?担保|担保合同|保证合同|签(?:了)?(?:个)?担保|连带(?:责任)?保证|一般保证")

# the stages of a criminal case, the latest one told deciding (刑拘后又批捕了 is arrested)
_PROSECUTION = re.compile(r"审查起诉|移送(?:到)?(?:了)?检察院|移送起诉|公诉")
_ARRESTED = re.compile(r"(?<![没不未])(?<!没有)(?:批捕了|批捕的|被批捕|已经批捕|逮捕了|被逮捕|批准逮捕"
                       r"|逮捕(?:以|之)?后)")
_DETAINED = re.compile(r"刑事拘留|刑拘|被拘留|报捕|提请(?:批准)?逮捕|提请批捕|拘留了")
# administrative (public-security) detention is no criminal case, unless the story tells one
_ADMIN_DETENTION = re.compile(r"行政拘留|治安拘留|治安(?:管理)?处罚|治安案件")
_STRONG_CRIMINAL = re.compile(r"刑事|刑拘|判刑|坐牢|(?<!得)罪(?!过)|检察院|逮捕|批捕|报捕|起诉|看守所")


def stated_premises(text: str, asking: str | None = None) -> dict[str, str]:
    """The premise facts ``text`` states, each with its value (what is asked from ``asking``, the clause that
    asks, when given): the deciding facts of ``legal.facts`` and :data:`PREMISES`' own. Only a stated fact is
    returned; a relation told both ways (a job and a tenancy) is none."""
    out = deciding_facts(text, asking)
    if _ADMIN_DETENTION.search(text) and not _STRONG_CRIMINAL.search(text):
        out["proceeding"] = "administrative"
    # the stage is the story's, not the step the client asks about (公安什么时候要移送检察院 asks of the next one)
    story = _story(text)
    stages = [(m.start(), stage) for stage, pattern in (("detention", _DETAINED), ("arrested", _ARRESTED),
                                                        ("prosecution", _PROSECUTION)) for m in pattern.finditer(story)]
    if stages:
        # the furthest stage the story reaches, whatever order it tells them in
        out["custody_stage"] = max(stages, key=lambda s: PREMISES["custody_stage"].index(s[1]))[1]
    employment, lease = bool(_EMPLOYMENT.search(text)), bool(_LEASE.search(text))
    if employment != lease:
        out["relation"] = "employment" if employment else "lease"
    if _EXPROPRIATION.search(text):
        # a taking is compared with the market (旁边同样的二手房): the taking is the matter
        out["taking"] = "expropriation"
    elif _MARKET.search(text):
        out["taking"] = "market"
    if _RESCUE.search(text) and _HURT.search(text):
        out["rescuer"] = "yes"
    if _GUARANTOR.search(text):
        out["debt_role"] = "guarantor"
    return out


def _story(text: str) -> str:
    """``text`` without the clause that asks (``legal.qtypes.asking_clause``), when something is left."""
    from legal.lexicon import correct
    from legal.qtypes import asking_clause

    asking = asking_clause(correct(text))
    if not asking:
        return text
    plain = re.sub(r"[\s，,。？?！!]", "", text)
    rest = plain.replace(re.sub(r"[\s，,。？?！!]", "", asking), "")
    return rest or text


def premise_problems(premises: object) -> list[str]:
    """What is wrong with a card's ``premises`` table as written (empty when it is valid): a table of
    premise facts (:data:`PREMISES`), each with one of its values."""
    if not isinstance(premises, dict):
        return ["must be a table of premise facts"]
    problems = []
    for name, value in premises.items():
        if name not in PREMISES:
            problems.append(f"{name!r} is not a premise fact ({', '.join(PREMISES)})")
        elif value not in PREMISES[name]:
            problems.append(f"{name} = {value!r} must be one of {', '.join(PREMISES[name])}")
    return problems

