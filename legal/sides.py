"""The client's side of the dispute, and the evidence and next steps written for it.

A card's ``evidence`` and ``next_steps`` are written for the side the card answers (the dismissed
worker, the tenant who wants the deposit back, the lender who wants his money). A client on the
other side — the employer asking about the same dismissal, the landlord, the borrower, a suspect's
family — must not be told the other party's steps. So:

* :func:`client_side` reads whose question it is: the typed ``side`` fact (``legal.facts.side``), with
  the accused and his accuser read in a criminal matter (a borrower told he will be reported for fraud
  is the accused, whoever lent);
* :func:`step_sides` types a step by the acts it names that only one side of a pair takes (申请仲裁要求
  单位支付 is the worker's, 答辩 the respondent's, 取保候审 the suspect's, 报案 the victim's);
* :func:`steps_for` gives the client's evidence and steps from a card: its ``[card.sides.<side>]`` when
  the file gives them; else its own lines, minus those only the other side takes — and when the card is
  written for the other side, only its lines for the client's own side, completed by
  :data:`SIDE_DEFAULTS`.

Needs no Django.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from legal.cardfile import Card
from legal.facts import SIDE_LABELS, SIDES, Facts

#: Domains of a criminal matter: there the sides are the accused (``offender``) and the victim.
CRIMINAL_DOMAINS = ("criminal", "criminal_procedure")
#: A civil side in a criminal matter: the borrower accused of fraud is the accused, the lender his accuser.
CRIMINAL_SIDE = {"borrower": "offender", "lender": "victim"}
#: The client accused by the other side (他要告我诈骗, 说要报警抓我, 说我敲诈): in a criminal matter, the accused.
_ACCUSED = re.compile("|".join((
    r"(?:告|举报|报警抓|起诉)我(?:[^，,。？?！!]{0,4}(?:诈骗|敲诈|盗窃|偷|骗|罪))?",
    r"说我(?:诈骗|敲诈|盗窃|偷|骗)", r"(?:报警|报案)(?:说|称)?(?:是)?我")))


def _acts(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(alternatives))


#: The acts only one side of each pair takes. A step naming one is that side's step.
ACTS: dict[str, re.Pattern[str]] = {
    "employee": _acts(r"(?:申请|提起)(?:劳动)?仲裁[^。；]{0,24}(?:要求|主张)(?:单位|公司|用人单位)?[^。；]{0,6}"
                      r"(?:支付|赔偿|补|恢复|继续履行)",
                      r"劳动(?:保障)?监察", r"要求(?:公司|单位|用人单位|老板)",
                      r"向(?:公司|单位|用人单位)(?:主张|索要|要求)",
                      r"主张[^。；]{0,6}(?:违法解除)?(?:赔偿金|经济补偿|二倍工资|加班费|工资差额|2N|N\+1)",
                      r"被迫解除"),
    "employer": _acts(r"(?:规章制度|员工手册)[^。；]{0,10}(?:公示|告知|签收|民主程序)", r"(?:通知|征求)工会",
                      r"向(?:劳动者|员工)(?:送达|发出)", r"答辩"),
    "lender": _acts(r"起诉(?:借款人|对方|债务人)?[^。；]{0,6}(?:还款|归还|偿还|还钱)", r"支付令", r"(?:财产|诉前)保全",
                    r"催(?:告|款)(?:借款人|对方|债务人)?", r"(?:借条|借款合同)[^。；]{0,6}(?:原件|保管)"),
    "borrower": _acts(r"抗辩", r"要求出借人", r"向出借人", r"(?:冲抵|抵扣)本金",
                      r"超出部分[^。；]{0,10}(?:不予支持|拒付|返还)"),
    "victim": _acts(r"报案", r"报警", r"控告", r"附带民事", r"不予谅解", r"立案监督", r"伤情鉴定",
                    r"(?:起诉|要求)[^。；]{0,8}(?:赔偿|赔)(?!被害人)"),
    "offender": _acts(r"投案", r"取保候审", r"辩护", r"认罪认罚", r"自首", r"退赃", r"退赔", r"取得[^。；]{0,6}谅解",
                      r"变更强制措施", r"会见", r"争取[^。；]{0,6}(?:从轻|缓刑|不起诉)", r"赔偿被害人"),
    "consumer": _acts(r"12315", r"消费者协会", r"消协",
                      r"向(?:商家|经营者|卖家|店家|平台)[^。；]{0,8}(?:要求|索赔|主张)",
                      r"要求(?:商家|经营者|卖家|店家|平台)", r"(?:投诉|举报)[^。；]{0,6}市场监(?:管|督)"),
    "business": _acts(r"(?:答复|回应|处理)[^。；]{0,4}(?:投诉|顾客|消费者)", r"与(?:顾客|消费者|买家)协商",
                      r"下架", r"召回", r"进货(?:查验|凭证|来源)"),
    "tenant": _acts(r"要求(?:房东|出租人)", r"(?:向|起诉)(?:房东|出租人)", r"与房东"),
    "landlord": _acts(r"催告(?:承租人|租客|租户)", r"收回房屋", r"腾房", r"(?:向|起诉)(?:承租人|租客|租户)"),
}


@dataclass(frozen=True)
class Steps:
    evidence: tuple[str, ...] = ()
    next_steps: tuple[str, ...] = ()


#: The client's steps when the card has none for his side: what any client on that side does first.
SIDE_DEFAULTS: dict[str, Steps] = {
    "employer": Steps(
        ("劳动合同、考勤与工资支付记录；经民主程序制定并向员工公示（签收）的规章制度；所作处理或解除决定的事实依据及其书面送达凭证",),
        ("先核对所作处理的事实依据和程序是否合法（解除的，是否属于劳动合同法第三十九条至第四十一条的情形、是否事先通知工会、是否书面送达），"
         "不合法的及时协商纠正，以免承担二倍赔偿金",
         "劳动者申请仲裁的，自收到仲裁申请书副本之日起十日内向仲裁委员会提交答辩书并举证（劳动争议调解仲裁法第三十条）；"
         "解除、减少劳动报酬、计算工作年限等决定由用人单位负举证责任")),
    "employee": Steps(
        ("劳动合同、工资流水、社保记录等劳动关系证明；与单位交涉的聊天记录、通知、录音",),
        ("先书面向单位主张并保留记录；协商不成的，向用人单位所在地或劳动合同履行地的劳动人事争议仲裁委员会申请仲裁"
         "（一般自知道权利被侵害之日起一年内）",)),
    "landlord": Steps(
        ("租赁合同、押金收据与租金收付记录；催告、解除通知及其送达凭证；房屋交接照片、损坏和维修费用票据",),
        ("先书面催告承租人并保留送达凭证；符合合同约定或法定解除条件的，书面通知解除",
         "协商不成的，向房屋所在地基层人民法院起诉（不动产纠纷由不动产所在地法院专属管辖），不要自行断水断电、换锁或扣留物品")),
    "tenant": Steps(
        ("租赁合同、押金与租金的付款凭证；与出租人沟通的聊天记录；房屋现状、交接的照片视频",),
        ("先书面（微信）向出租人提出要求并保留记录；不成的，可申请人民调解或向房屋所在地基层人民法院起诉",)),
    "lender": Steps(
        ("借条或借款合同、转账凭证（证明款项已经交付）；约定利息和还款日期的记录；催款记录",),
        ("书面催款并留痕（微信、短信、EMS），可使诉讼时效中断",
         "协商不成的，向被告住所地或合同履行地（接受货币一方所在地）基层人民法院起诉，可同时申请财产保全；"
         "利息主张不超过合同成立时一年期LPR的四倍")),
    "borrower": Steps(
        ("实际收到借款的转账记录（本金以实际交付为准）；每笔还本付息的凭证；借条或借款合同",),
        ("核对实际到手的本金和已付利息：超过法定上限的利息可以拒付，已付的可主张抵扣本金",
         "被起诉的，在答辩期内提交答辩状和还款证据；确实还不上的，主动与出借人协商分期，不要失联")),
    "victim": Steps(
        ("伤情照片、病历、诊断证明和医疗费票据；现场视频、证人；报警回执或受案回执",),
        ("向案发地公安机关报案，索要受案回执；公安不立案的，可申请复议或请求检察院立案监督",
         "刑事诉讼中可以提起附带民事诉讼，要求赔偿医疗费、误工费等物质损失；是否出具谅解书由您决定")),
    "business": Steps(
        ("进货凭证、供货商资质和检验报告；商品标签、说明和宣传页面；与顾客沟通和处理的记录",),
        ("先核查商品或服务是否确有顾客所说的问题（标签、保质期、检验报告、进货来源）；确有问题的及时下架，与顾客协商退货、退款和赔偿",
         "收到市场监管部门转来的投诉或法院的起诉状副本后，在规定期限内书面答复或答辩，并提交进货查验记录等证据")),
    "offender": Steps(
        ("拘留、逮捕或取保候审等法律文书；能证明从轻情节的材料（自首经过、赔偿凭证、谅解书）",),
        ("尽早委托辩护律师会见，了解涉嫌的罪名和证据；符合条件的，申请取保候审",
         "如实供述，积极赔偿被害人、争取谅解，可争取认罪认罚从宽")),
}


#: The matters in which each pair of sides opposes: a company signing a sales contract is no employer there,
#: and a driver who reports an accident does not take a victim's step.
SIDE_AREAS: dict[str, tuple[str, ...]] = {
    "employee": ("labor",), "employer": ("labor",), "tenant": ("real_estate",), "landlord": ("real_estate",),
    "lender": ("debt", "general", "contract", "security_interest"),
    "borrower": ("debt", "general", "contract", "security_interest"),
    "victim": CRIMINAL_DOMAINS, "offender": CRIMINAL_DOMAINS, "consumer": ("consumer",), "business": ("consumer",),
}
#: The opposite of each side, with the business and its customer (read only in a consumer matter).
OPPOSITE = {**SIDES, "consumer": "business", "business": "consumer"}
#: A client who sells to consumers (我是商家, 我开的网店, 顾客要求十倍赔偿): the business's side of a consumer matter.
_BUSINESS = re.compile("|".join((
    r"我(?:们)?是(?:商家|卖家|店主|经营者|个体户)",
    r"我(?:们)?(?:是)?(?:在[^，,。；;？?！!]{0,6})?(?:开|经营|做)(?:了)?(?:一?家|个)?[^，,。；;？?！!]{0,4}(?:店|超市|餐馆|饭馆)",
    r"我们(?:店|超市|餐馆|饭店|公司)(?:卖|售|的商品|的产品)",
    r"(?<!作为)(?<!我是)(?:顾客|客人|买家)[^。；;？?！!]{0,16}(?:要求|投诉|索赔|告我|找我|说我)",
    r"职业打假|打假人|知假买假")))


def client_side(facts: Facts | None, question: str = "", domain: str = "") -> str:
    """Whose question it is in a matter of ``domain`` ('' when the words do not say, or when the side
    the words tell has no opposite there): the typed ``side`` fact; in a criminal matter a lender or
    borrower is the victim or the accused, and a client the other side accuses (他要告我诈骗) the accused."""
    side = str(facts.get("side") or "") if facts is not None else ""
    if domain in CRIMINAL_DOMAINS:
        if _ACCUSED.search(question) and side != "victim":
            return "offender"
        side = CRIMINAL_SIDE.get(side, side)
    if domain == "consumer" and _BUSINESS.search(question):
        return "business"
    return side if domain in SIDE_AREAS.get(side, ()) else ""


def step_sides(line: str) -> set[str]:
    """The sides whose acts ``line`` names (a step or an evidence line)."""
    return {side for side, pattern in ACTS.items() if pattern.search(line)}


#: The acts that are the client's own beside his side's: a borrower's debt may be called a fraud, and then
#: he is the accused (and the lender his accuser).
ALSO_OWN = {"borrower": "offender", "lender": "victim"}


def own_sides(side: str) -> set[str]:
    return {side, ALSO_OWN[side]} if side in ALSO_OWN else {side}


def other_sides(side: str) -> set[str]:
    """The sides opposite ``side``: the other party of its pair, and in a debt also his criminal role."""
    return {OPPOSITE.get(other, other) for other in own_sides(side)} if side in OPPOSITE else set()


def for_other_side(line: str, side: str) -> bool:
    """Whether ``line`` is only the other side's: it names an act only the party opposite ``side`` takes,
    and none of ``side``'s own."""
    if not side or side not in OPPOSITE:
        return False
    named = step_sides(line)
    return bool(named & other_sides(side)) and not named & own_sides(side)


def card_side(card: Card) -> str:
    """The side a card's own lists are written for (its ``asker``, else its phrasings; '' for both)."""
    from legal.matcher import card_side as side_of

    return side_of(card)


def steps_for(card: Card, side: str) -> Steps:
    """The evidence and next steps ``card`` gives a client on ``side`` (see the module's doc)."""
    own = Steps(tuple(card.evidence), tuple(card.next_steps))
    if not side:
        return own
    given = card.sides.get(side)
    if given is not None:
        return Steps(given.evidence or _kept(card.evidence, side), given.next_steps or _kept(card.next_steps, side))
    default = SIDE_DEFAULTS.get(side, Steps())
    if card_side(card) == OPPOSITE.get(side):
        # written for the other party: only the lines that name the client's own acts, then his defaults
        evidence = tuple(line for line in card.evidence if own_sides(side) & step_sides(line))
        steps = tuple(line for line in card.next_steps
                      if own_sides(side) & step_sides(line) and not for_other_side(line, side))
        return Steps(evidence or default.evidence, steps or default.next_steps)
    evidence, steps = _kept(card.evidence, side), _kept(card.next_steps, side)
    if card.next_steps and not steps:
        steps = default.next_steps
        evidence = evidence or default.evidence
    return Steps(evidence, steps)


def _kept(lines: Sequence[str], side: str) -> tuple[str, ...]:
    return tuple(line for line in lines if not for_other_side(line, side))


def side_label(side: str) -> str:
    return {**SIDE_LABELS, "consumer": "消费者", "business": "经营者"}.get(side, side)
