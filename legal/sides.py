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
from dataclasses import dataclass, replace

from legal.cardfile import Answer, Card
from legal.facts import CRIMINAL_DOMAINS, SIDE_AREAS, SIDE_LABELS, SIDES, Fact, Facts, sides_said
from legal.matcher import card_side  # the side a card's own lists are written for

#: Domains of a criminal matter: there the sides are the accused (``offender``) and the victim.
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
                      r"超出部分[^。；]{0,10}(?:不予支持|拒付|返还)",
                      # (重算应收利息 is the lender's own count of what he may claim)
                      r"重新核算(?!应收)|重算(?!应收)|核减|追溯到最初"),
    "victim": _acts(r"报案", r"报警", r"控告", r"附带民事", r"不予谅解", r"立案监督", r"伤情鉴定", r"自诉",
                    r"被害人[^。；]{0,10}申诉", r"被骗(?:后|的经过)",
                    r"被害人(?:的)?(?:损失|伤情)",
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
    # the betrothal gift: the family that gave it asks it back, the family that received it sets off what
    # was spent on the wedding, the dowry and the life together
    "gift_giver": _acts(r"(?:要求|请求|主张|起诉)[^。；]{0,8}(?:返还|退还|退回)(?:彩礼|聘礼)",
                        r"(?:要回|讨回|追回)(?:彩礼|聘礼)",
                        r"以婚约财产纠纷[^。；]{0,16}起诉"),
    "gift_receiver": _acts(r"嫁妆|陪嫁", r"用于(?:共同生活|婚礼|筹办|办酒)",
                           r"酌情(?:扣减|减少|少退)", r"少退"),
    "seller": _acts(r"催告(?:买方|买受人|买家|对方)", r"(?:要求|起诉)(?:买方|买受人|买家|购房人)",
                    r"(?:主张|追讨|催收|催要)[^。；]{0,4}(?:货款|尾款|房款|余款|车款|价款)",
                    r"没收定金|定金不予退还|不退定金",
                    r"另行(?:出售|出卖|转卖)"),
    "buyer": _acts(r"(?:要求|起诉|通知|告知|向)(?:卖方|出卖人|卖家|开发商|房主|车商|供货方|供应商)",
                   r"双倍返还定金|定金双倍|双倍返还",
                   r"(?:退货|换货|减价|减少价款)", r"(?:要求|主张)[^。；]{0,6}(?:过户|交房|交付)",
                   r"(?:检验|验收)[^。；]{0,8}(?:异议|通知)"),
    "refund_claimant": _acts(r"(?:要求|请求|主张|起诉)[^。；]{0,8}(?:返还|退还|退回|退款|退费)(?!给)",
                             r"不当得利[^。；]{0,8}起诉|起诉[^。；]{0,8}不当得利"),
    "refund_payer": _acts(r"(?:扣除|抵扣|扣减|折抵)[^。；]{0,10}(?:费用|损失|成本|服务)",
                          r"已发生的?(?:费用|成本|损失)"),
    # in a divorce's split: the spouse the property is registered to or came from proves it his own; the
    # other claims a share or a compensation and asks the court to look for what is hidden
    "holder_spouse": _acts(r"(?:证明|主张)[^。；]{0,8}(?:个人财产|婚前财产|一方财产|个人所有)",
                           r"(?:婚前|个人)(?:出资|付款|首付)[^。；]{0,6}(?:凭证|证据|记录)"),
    "claimant_spouse": _acts(r"(?<!对方)(?:主张|要求|请求)[^。；]{0,10}(?:分割|补偿|一半|平分|多分)",
                             r"(?<!对方)(?:申请|请求)[^。；]{0,6}(?:调查|查询)[^。；]{0,8}(?:财产|存款|账户|流水)"),
    "insurer": _acts(r"追偿", r"代位", r"(?:核定|定损|核损)[^。；]{0,6}(?:后|结论|通知)",
                     r"拒(?:赔|绝赔偿)通知书[^。；]{0,6}(?:发出|送达)"),
    "insured": _acts(r"(?:向|找|要求|起诉)保险(?:公司|人)", r"(?:申请|提出)(?:理赔|索赔)",
                     r"(?:投诉|举报)[^。；]{0,8}(?:金融监管|银保监|保险监管|12378)"),
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
    "gift_giver": Steps(
        ("给付彩礼的转账记录、收条，媒人或在场亲友的证言（证明给付的时间、金额和以结婚为目的）；"
         "未登记结婚、未共同生活或共同生活时间很短的事实",),
        ("先书面（微信）要求对方返还并保留记录，说明未登记、未共同生活等事实",
         "协商不成的，以婚约财产纠纷向被告住所地基层人民法院起诉，实际收受彩礼的对方父母可以一并列为被告")),
    "gift_receiver": Steps(
        ("实际收到的彩礼数额（转账记录、收条）；已经用于筹办婚礼、购置嫁妆或共同生活的支出凭证；"
         "同居共同生活、怀孕或生育的证明",),
        ("先核对实际收到的数额和已经用于婚礼、嫁妆、共同生活的部分；对方要求全部返还的，可以就这些支出、"
         "共同生活的时间和有无孕育子女主张酌情少退（最高人民法院涉彩礼纠纷规定第五条、第六条）",
         "商定的退还数额写成书面协议，注明款项结清、互不追究；被起诉的，在答辩期内提交答辩状和上述证据")),
    "seller": Steps(
        ("买卖合同、送货单或交接记录（买方签收）、发票；买方欠款的对账单和催款记录；"
         "验收合格或买方未在检验期内提出异议的记录",),
        ("先核对自己交付的标的是否符合合同约定（质量、数量、期限、权属）；买方拒付或拖欠价款的，书面催告付款并保留送达凭证",
         "买方在约定或合理期间内未就质量提出异议的，视为标的物合格（民法典第六百二十一条）；协商不成的，"
         "向合同约定的法院或被告住所地、合同履行地法院起诉，主张价款和逾期付款的损失")),
    "buyer": Steps(
        ("买卖合同、付款凭证、发票；质量或权属问题的照片视频、检测报告；向卖方提出异议的聊天记录或书面通知",),
        ("发现质量或权属问题后，在约定的检验期或合理期间内书面通知卖方并保留记录（民法典第六百二十一条）",
         "协商不成的，可以要求修理、更换、退货、减价或者赔偿损失，向合同约定的法院或被告住所地、合同履行地法院起诉")),
    "refund_payer": Steps(
        ("合同或约定；对方已付款项的数额和凭证；为履行合同已经提供的服务、已经发生的费用和损失的票据记录",),
        ("先看对方要求退款的依据：是对方违约或自行放弃的，可依合同主张扣除已发生的费用和损失；"
         "是您违约或者合同无效、被解除的，收到的款项应当返还，可就已提供的服务折抵",
         "商定的退款数额写成书面协议，注明款项结清、双方无其他争议；被起诉的，在答辩期内提交答辩状和费用证据")),
    "refund_claimant": Steps(
        ("付款凭证（转账记录、收据）；合同或约定；对方违约或拒不退款的聊天记录",),
        ("先书面（微信）要求对方在合理期限内退还并保留记录",
         "协商不成的，可以申请调解，或者向被告住所地或合同履行地基层人民法院起诉要求返还")),
    "holder_spouse": Steps(
        ("房产证、购房合同、婚前付款（首付）凭证；婚后还贷的账户流水；父母出资的转账记录及赠与给您一方的约定或书面证明",),
        ("先分清个人财产和共同财产：婚前个人所有的财产，以及父母明确只赠与您一方的出资，离婚时归您"
         "（民法典第一千零六十三条）；婚后用共同财产还贷的部分及其对应的增值，应当给对方补偿",
         "对方主张分一半的，以上述证据答辩；协议离婚的，把房屋归属和补偿数额写进离婚协议")),
    "claimant_spouse": Steps(
        ("结婚证；婚后共同还贷、装修、出资的流水和凭证；房屋现值的评估或同小区成交价；对方名下财产的线索（房产、存款、股权）",),
        ("整理婚后共同还贷和出资的证据，主张共同还贷部分及其对应增值的补偿，或者共同财产的分割",
         "协商不成的，在离婚诉讼中一并提出，可以申请法院调查对方名下的银行账户、房产等财产")),
    "insurer": Steps(
        ("保险合同、投保单，以及免责条款已向投保人提示和明确说明的记录（投保人签字确认）；事故调查、定损材料；拒赔所依据的事实证据",),
        ("先核对拒赔或减赔的依据：免责条款是否已向投保人提示并明确说明（保险法第十七条），事故是否确属免责情形",
         "核定后及时通知：属于保险责任的，达成赔偿协议后十日内支付；不属于的，自作出核定之日起三日内发出拒赔通知书并说明理由"
         "（保险法第二十三条、第二十四条）")),
    "insured": Steps(
        ("保险合同（保单）、投保单；事故证明、定损和维修单据、医疗票据；保险公司拒赔的书面通知或聊天记录",),
        ("要求保险公司出具书面拒赔通知书并说明理由（保险法第二十四条）；免责条款未向您提示并明确说明的，该条款不产生效力（保险法第十七条）",
         "协商不成的，可以向金融监管部门投诉，或者向被告住所地或保险标的物所在地法院起诉；向保险公司请求赔偿的诉讼时效为二年，"
         "自知道保险事故发生之日起计算（保险法第二十六条）")),
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


#: The other party named as the client's own (我们店的服务员, 租我房子的租户, 我家的租客, 我招的司机): the client is
#: the opposite side — the employer of his worker, the landlord of his tenant. Each: (the client's side, pattern).
_WORKER = (r"(?:员工|职工|工人|店员|服务员|保洁|保姆|司机|厨师|学徒|小工|业务员|销售|会计|保安|阿姨|师傅"
           r"|实习生|新人)")
_TENANT = r"(?:租客|租户|房客|承租人)"
OWN_PARTY: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("employer", re.compile(
        r"我(?:们)?(?:家)?(?:的)?(?:公司|单位|厂|工厂|店|门店|饭店|饭馆|餐馆|超市|工作室|诊所)(?:里|上)?(?:的|有个|有一个|有位|有名)"
        + _WORKER
        + r"|(?:我|我们)(?:招|雇|聘|请)(?:来)?的(?:一?个|一名|那个)?[^，。,；;？?！!\s]{0,4}" + _WORKER
        + r"|(?:公司|单位|我们)(?:该|要|应该|应当)?(?:怎么|如何|怎样)(?:应对|应诉|答辩|处理这|回应)")),
    ("landlord", re.compile(
        r"租我(?:家|们)?(?:的)?(?:房子?|房屋|门面|铺子|商铺|店面)的" + _TENANT + r"?"
        + r"|我(?:们)?(?:家)?(?:的)?(?:房子|房屋|门面|商铺)?的" + _TENANT
        + r"|(?:我|我们)(?:出租|租出去)的(?:房子|房屋|门面|商铺)")),
    ("lender", re.compile(r"我的(?:借款人|欠款人|债务人)|向我借(?:了)?钱的|找我借(?:了)?钱的")),
)


def own_party_side(question: str) -> str:
    """The side the client is on when he names the other party as his own (:data:`OWN_PARTY`), else ""."""
    return next((side for side, pattern in OWN_PARTY if pattern.search(question)), "")


def client_side(facts: Facts | None, question: str = "", domain: str = "") -> str:
    """Whose question it is in a matter of ``domain`` ('' when the words do not say, or when the side
    the words tell has no opposite there): the typed ``side`` fact, or when it is a side of another matter,
    the first side the question tells that opposes in this one (我工资8000 beside 男方家要我们退彩礼: the
    receiving family, not a worker); in a criminal matter a lender or borrower is the victim or the
    accused, and a client the other side accuses (他要告我诈骗) the accused."""
    side = str(facts.get("side") or "") if facts is not None else ""
    owned = own_party_side(question) if question else ""
    if owned and (not side or domain in SIDE_AREAS.get(owned, ())):
        # the other party named as the client's own (我们店的服务员) says whose question it is in its matter
        side = owned
    if domain in CRIMINAL_DOMAINS:
        if _ACCUSED.search(question) and side != "victim":
            return "offender"
        side = CRIMINAL_SIDE.get(side, side)
    if domain == "consumer" and _BUSINESS.search(question):
        return "business"
    if domain in SIDE_AREAS.get(side, ()):
        return side
    return next((said for said, _ in sides_said(question) if domain in SIDE_AREAS.get(said, ())), "") \
        if question else ""


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
        steps = tuple(own_clauses(line, side) for line in card.next_steps
                      if own_sides(side) & step_sides(line) and not for_other_side(line, side))
        return Steps(evidence or default.evidence, steps or default.next_steps)
    evidence, steps = _kept(card.evidence, side), _kept(card.next_steps, side)
    if card.next_steps and not steps:
        steps = default.next_steps
        evidence = evidence or default.evidence
    return Steps(evidence, steps)


def risks_for(card: Card, side: str) -> tuple[str, ...]:
    """The risk notes (exceptions, then common mistakes) ``card`` gives a client on ``side``: its
    ``[card.sides.<side>]`` risks first, then its own notes but those naming only the other party's acts
    (以为彩礼一律全退 is the giving family's mistake, not the receiving family's)."""
    own = (*card.exceptions, *card.mistakes)
    if not side:
        return tuple(own)
    given = card.sides.get(side)
    first = given.risks if given is not None else ()
    return tuple(dict.fromkeys((*first, *_kept(own, side))))


def _kept(lines: Sequence[str], side: str) -> tuple[str, ...]:
    """``lines`` without those only the other side's; a line joining both sides' steps (被害人报案；嫌疑人应
    尽早退赃) keeps only its clauses that are not the other side's."""
    kept = (own_clauses(line, side) for line in lines if not for_other_side(line, side))
    return tuple(line for line in kept if line)


#: Where a step or a note joins clauses of its own (被害人报案，提交证据；嫌疑人应尽早退赃退赔).
_CLAUSE = re.compile(r"(?<=[；;])")


def own_clauses(line: str, side: str) -> str:
    """``line`` without its clauses (split at ；) that are only the other side's."""
    clauses = _CLAUSE.split(line)
    if len(clauses) < 2 or not side:
        return line
    kept = [c for c in clauses if c.strip("；; ") and not for_other_side(c, side)]
    return "".join(kept).rstrip("；; ") if kept else ""


def facts_with_side(facts: Facts, side: str) -> Facts:
    """``facts`` whose ``side`` is ``side`` — the side of the matter answered — when the typed fact is a side
    of another matter (保险公司说我酒驾了不赔 reads back the insured, not the accused)."""
    held = facts.items.get("side")
    if not side or held is None or held.value == side:
        return facts
    return Facts({**facts.items, "side": Fact("side", side, held.text, held.label)}, facts.dates)


def side_label(side: str) -> str:
    return {**SIDE_LABELS, "consumer": "消费者", "business": "经营者"}.get(side, side)


# -- the conclusion's first words, from the client's side ------------------------------------------------------
#: Each side named in the third person, as a neutral lead names the party a card's answer is written for.
PARTY = {"employee": "劳动者", "employer": "用人单位", "tenant": "承租人", "landlord": "出租人", "lender": "出借人",
         "borrower": "借款人", "victim": "被害人", "offender": "行为人", "consumer": "消费者", "business": "经营者",
         "gift_giver": "给付彩礼的一方", "gift_receiver": "收受彩礼的一方", "seller": "卖方", "buyer": "买方",
         "refund_payer": "收款的一方", "refund_claimant": "付款的一方", "holder_spouse": "财产登记或出资的一方",
         "claimant_spouse": "另一方", "insurer": "保险公司", "insured": "被保险人"}
#: A conclusion led by a side-bound word with no subject: a right or a may of the party the card is written
#: for (可以主张, 有权, 能退, 不能再以时效为由不还). A must (需要, 应当) is not led so: 需要 answering "单位要给补偿
#:吗" is the other party's duty, and the card's 您 named in the third person already tells whose.
_BOUND_LEAD = re.compile(r"^(?:不可以|可以|不能|能|有权|无权|可)")


#: The card's 您 — not the client's own words read back (按您所说, 您提到, 您说的).
_YOU = re.compile(r"您(?!所说|提到|说的|说)")


#: Whom a conclusion addresses as 您, told by the party it names in the third person beside it: 您 beside
#: 单位/公司 is the worker, 您 beside 房东 the tenant, 您 beside 借款人 the lender, 您 beside 卖方 the buyer. A
#: conclusion naming both parties, or neither, addresses no side.
_ADDRESSED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("employee", re.compile(r"单位|公司|老板")), ("employer", re.compile(r"员工|劳动者|职工")),
    ("tenant", re.compile(r"房东|出租人")), ("landlord", re.compile(r"租客|承租人|租户")),
    ("lender", re.compile(r"借款人|欠款人|债务人")), ("borrower", re.compile(r"出借人|债权人|债主")),
    ("buyer", re.compile(r"卖方|卖家|出卖人|房主|开发商|车商")), ("seller", re.compile(r"买方|买家|买受人|购房人")),
)


def addressed_side(conclusion: str) -> str:
    """The side a conclusion speaks to as 您 ('' when it has no 您, or names both parties of the pair)."""
    if not _YOU.search(conclusion):
        return ""
    named = {name for name, pattern in _ADDRESSED if pattern.search(conclusion)}
    sides = [name for name in named if OPPOSITE[name] not in named]
    return sides[0] if len(sides) == 1 else ""


def side_answer(card: Card, answer: Answer, side: str, asked: str = "") -> Answer:
    """``answer`` as the card's ``[card.sides.<side>]`` table words it for a client on ``side`` (its
    ``answers`` of the question type asked), the facts' cases then out of play; else unchanged."""
    given = card.sides.get(side) if side else None
    text = given.answers.get(asked or answer.qtype) if given is not None else None
    return replace(answer, conclusion=text, cases=()) if text else answer


def neutral_for_side(card: Card, answer: Answer, side: str, asked: str = "") -> Answer:
    """``answer`` with a neutral lead when the card is written for the party opposite the client (an
    employer asking on the dismissed worker's card): the card's 您 is that party, named in the third person,
    and a lead with no subject (可以主张…, 有权…, 能退) gets that party as its subject — the conclusion never
    tells the client a right that is the other side's. Unchanged when the card's table words the answer for
    the client's side, or the card is not written for the other party."""
    if not side or side not in OPPOSITE:
        return answer
    given = card.sides.get(side)
    if given is not None and given.answers.get(asked or answer.qtype):
        return answer
    if card.domain not in SIDE_AREAS.get(side, ()):
        return answer
    other = card_side(card) or addressed_side(answer.conclusion)
    if other != OPPOSITE[side] or other not in PARTY:
        return answer
    text = _YOU.sub(PARTY[other], answer.conclusion)
    if _BOUND_LEAD.match(text):
        text = f"{PARTY[other]}{text}"
    return answer if text == answer.conclusion else replace(answer, conclusion=text)


def other_party_word(card: Card, side: str) -> str:
    """The third-person name (:data:`PARTY`) of the party ``card`` is written for, when that party is the one opposite
    the client (``side``) — the party whose wage, days or dates a calculator's ask speaks of as 您 — else ""."""
    if not side or side not in OPPOSITE or card.domain not in SIDE_AREAS.get(side, ()):
        return ""
    # the side its file or phrasings say, else the side its own answers speak to as 您 (beside 单位: the worker)
    other = card_side(card) or next((a for a in (addressed_side(x.conclusion) for x in card.answers.values()) if a), "")
    return PARTY.get(other, "") if other == OPPOSITE[side] else ""


def asked_of(text: str, party: str) -> str:
    """An ask (or a figure's missing-input clause) the card words to 您, put to the client about ``party`` (您离职前的
    月工资 → 劳动者离职前的月工资) — unchanged when ``party`` is ""."""
    return _YOU.sub(party, text) if party else text
