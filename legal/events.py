"""Dates by their event: each date a client gives is labelled with the event the words around it
name (入职, 辞退, 受伤, 收到判决书, 借款, 还款期限 …; ``unknown`` when none), and a deadline runs only
from a date whose event is the one its rule starts from. A hire date gives tenure, never a period's
start; the day money was lent starts no limitation period; a date of another event asks the one
precise question for the date the rule needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from legal.calculators import cn_date

#: Event label -> the words that name it next to a date (the nearest word wins; after the date is
#: preferred to before it, since 2024年5月被辞退 puts the verb after the date).
EVENT_WORDS: dict[str, tuple[str, ...]] = {
    "hire": ("入职", "进公司", "进的公司", "进了公司", "进厂", "进的厂", "进单位", "进的单位", "进这家", "开始上班",
             "开始工作", "参加工作", "招进",
             "招了个", "招了一个", "雇了个", "雇了一个", "去上班", "来上班", "入的职", "进的一家", "进了一家",
             "进的这家",
             "进了这家", "干到现在", "上班到现在", "工作到现在", "做到现在", "干到今天"),
    "termination": ("辞退", "解除", "开除", "解雇", "被裁", "裁员", "裁了", "裁掉", "劝退", "炒了", "炒掉", "炒鱿鱼",
                    "离职", "终止", "合同到期", "不让我上班", "不用来了", "让我走", "被辞", "辞了", "把我辞", "辞掉",
                    "把我开了", "把我开掉", "被开了", "被开除", "给开了", "开了我", "开掉", "别来了",
                    "门禁", "不让进", "不让我进", "不让我来", "叫我走", "叫我别来", "不要我了", "明天开始你就不用来",
                    "不用来上班", "公司开了", "单位开了", "老板开了", "厂里开了", "被公司开", "被单位开", "被老板开",
                    "被厂里开", "被领导开",
                    # the paper that ends it (收到解除通知是11月3号): the dismissal's day, not a bare notice
                    "解除通知", "辞退通知", "解聘通知", "解雇通知", "终止通知", "解除劳动合同通知", "终止劳动合同通知",
                    "解除函", "辞退信", "解除劳动关系通知"),
    "resign": ("辞职", "提离职", "递交辞呈", "辞呈", "提出离职", "跟领导说", "跟老板说", "说不干了", "不想干",
               "说了要走", "说要走", "提出要走", "提了离职", "交了离职", "打了离职"),
    "injury": ("受伤", "摔伤", "工伤", "砸伤", "烫伤", "弄伤", "扭伤", "割伤", "压伤", "碰伤", "伤了", "骨折", "被打",
               "打伤", "咬伤", "受的伤", "致残",
               # hurt by another (被人打伤了): the client's injury, not his offence (offence_more's 打伤了)
               "被人打伤", "被打伤", "被人打",
               "摔的", "伤的", "压了手", "压伤", "压断", "夹了手", "夹伤", "夹断", "轧伤", "卷进", "切了手",
               "割了手", "被机器", "被冲床",
               "切到", "割到", "砸到", "夹到", "烫到", "摔倒", "摔了", "伤到", "轧到", "绞到",
               # hurt by another's hand or thing: 被推倒, 磕掉两颗牙, 杠铃片砸了脚, 动手打了我
               "推倒", "磕", "砸了", "打了我", "动手打", "咬了"),
    "accident": ("事故", "车祸", "被撞", "撞了", "撞伤", "撞到", "相撞", "追尾", "出事", "剐蹭", "被车"),
    "judgment": ("判决", "裁决", "裁定", "宣判", "判了", "一审", "二审", "终审", "判我", "判他", "判她",
                 "仲裁结果", "调解书", "支付令", "生效"),
    "decision": ("处罚", "罚款", "罚单", "决定书", "拆除决定", "征收决定", "行政决定", "吊销", "责令", "通知书",
                 "复议决定", "作出决定", "下了决定", "补偿决定", "处理决定", "处分决定", "下达", "没收", "扣押", "查封",
                 "罚了", "扣了", "冻结", "冻住", "认定书",
                 # the accident's finding is a decision, not the accident (收到交警的事故认定书)
                 "事故认定书", "事故认定", "责任认定书", "工伤认定书", "工伤认定决定"),
    "loan": ("借给", "借了", "借的", "借款", "借钱", "借走", "借出", "出借", "借我", "借他", "借她", "贷款", "放款",
             "欠", "签的借条", "签了借条", "打的借条", "写的借条", "打了借条", "写了借条", "打的欠条", "写的欠条"),
    "due": ("还款", "到期", "还钱", "归还", "约定还", "前还", "之前还", "底还", "还清", "履行期限", "履行期到",
            "履行期间", "履行期截止", "付款期限",
            "应还", "要还", "该还", "就付", "应付", "该付",
            "前给", "底给", "之前给", "前付", "底付", "付清", "约好", "说好", "最后一期", "每期",
            # a promised day (他说2025年1月29日后就还, 说好那天再给): the day it falls due
            "后就还", "后再还", "后还", "以后还", "后给", "后付"),
    "acknowledge": ("承认", "答应还", "说会还", "会还", "一定还", "保证还", "还款计划", "还款承诺", "认账", "认了",
                    "宽限", "一部分", "部分还款", "还了点",
                    # a new IOU or a part paid since (重新打了欠条, 还过两千): the debt acknowledged anew
                    "重新打", "重打", "补打", "打过欠条", "还过", "还了一些", "还了几千", "还了几百",
                    # a part paid on a day (今年春节他还了1000): the debt acknowledged that day
                    "他还了", "她还了", "对方还了", "还了我", "还回来"),
    "offence": ("违规", "违章", "偷了", "偷的", "作案", "犯的事"),
    "notice": ("收到通知", "通知我", "发通知", "发来通知", "告知", "通知说", "通知", "不起诉决定", "不予立案",
               "说明情况", "听取意见", "告诉我", "微信说", "收到起诉状", "收到起诉书", "收到传票", "应诉通知",
               "起诉状副本"),
    "demand": ("催告", "催收", "催款", "催他", "催她", "催了", "要钱", "要账", "讨债", "发函", "律师函", "找他要",
               "找她要", "上门要", "催过", "要过", "找他要过", "找她要过", "讨过"),
    "marriage": ("结婚", "领证", "领的证", "登记结婚", "办酒", "办的婚礼"),
    "divorce": ("离婚",),
    "contract": ("签合同", "签的合同", "签了合同", "签订", "签约", "签的约", "订立", "签了协议", "签的协议",
                 "签的", "签了", "购房合同", "买卖合同", "租房合同", "租赁合同"),
    "handover": ("交房", "收房", "拿钥匙", "拿到钥匙", "入住", "交付房", "交的房", "交了房", "收的房"),
    "delivery": ("提车", "提的车", "提的新车", "提了车", "开票",  # a car's day is its invoice's (汽车三包 22)
                 "签收", "收到货", "收货", "到货", "收到商品", "收到东西", "买的", "买了", "购买", "下单", "下的单",
                 "快递", "送到", "送货", "送来"),
    "detention": ("拘留", "刑拘", "被抓", "抓走", "带走", "逮捕", "羁押", "被关", "批捕", "批准逮捕"),
    "resolution": ("决议", "股东会", "董事会", "股东大会", "开的会", "开会", "召开", "会议"),
    "death": ("去世", "死亡", "过世", "病故", "离世", "遇难"),
    "knew": ("知道", "发现", "得知", "才知", "听说", "无罪释放", "撤案", "撤销案件", "放出来", "放的", "释放",
             "具备过户条件", "可以过户", "能过户"),
    "bail": ("取保", "监视居住"),
    # the client's own application handed in (the office's or the court's period runs from its receipt)
    "arrest_requested": ("报捕", "提请批捕", "提请逮捕", "提请批准逮捕", "报检察院批捕", "报批捕"),
    "applied": ("提交申请", "递交申请", "交了申请", "提出申请", "寄了申请", "申请书", "申请",
                # a shareholder's written request to see the books
                "书面要求", "书面请求", "要求查账", "要求查阅", "申请查账", "申请查阅", "查阅申请"),
    "accepted": ("受理", "立案了", "立的案", "移送", "移交", "立案"),
    "announced": ("公告", "登报"),
    "trip_end": ("回来的", "回来了", "行程结束", "旅游结束", "回国", "返程", "团结束"),
    "founded": ("成立", "注册的", "设立"),
    "birth": ("生了", "出生", "生下", "分娩", "生的孩子", "生孩子"),
    "offence_more": ("偷过", "骗了", "打成", "打伤了", "骗过"),
    # a suit or an arbitration the client brought before (起诉过, 后来撤诉了): it interrupted the limitation
    "sued": ("起诉过", "告过他", "告过她", "告过对方", "申请过仲裁", "打过官司", "撤诉", "撤了诉", "撤回起诉"),
}

#: Each label in words (for a question or a note to the client).
EVENT_NAMES: dict[str, str] = {
    "hire": "入职", "termination": "单位解除劳动合同（辞退）", "resign": "辞职", "injury": "受伤",
    "accident": "事故", "judgment": "收到判决书（裁定书、裁决书）", "decision": "收到或知道行政决定", "loan": "借款",
    "due": "约定的还款（履行）期限", "demand": "催告", "guarantor_demand": "债权人向保证人主张",
    "acknowledge": "对方承认债务或答应还款", "offence": "违法行为", "notice": "收到通知",
    "marriage": "结婚", "divorce": "申请离婚", "contract": "签合同",
    "handover": "交房", "delivery": "收到货", "detention": "被拘留", "resolution": "作出决议", "death": "去世",
    "knew": "知道权利受到侵害", "bail": "取保候审（监视居住）决定", "applied": "提交申请",
    "arrest_requested": "提请批准逮捕",
    "grace_end": "催告给予的宽限期届满", "accepted": "受理（移送）", "founded": "公司成立", "birth": "分娩",
    "announced": "公告",
    "trip_end": "旅游行程结束", "offence_more": "违法犯罪行为", "sued": "起诉（仲裁）",
    "unknown": "（未说明是什么事）",
}

#: The one precise question for the date each event label marks.
EVENT_QUESTIONS: dict[str, str] = {
    "termination": "单位辞退您（解除劳动合同）是哪一天？",
    "resign": "您提出辞职（劳动关系终止）是哪一天？",
    "injury": "您是哪一天受伤的？",
    "accident": "事故发生在哪一天？",
    "judgment": "您是哪一天收到判决书（裁定书、裁决书）的？",
    "decision": "您是哪一天收到（或知道）这个行政决定的？",
    "due": "约定的还款（履行）期限是哪一天？",
    "demand": "您是哪一天催告对方还款的，给了多长的宽限期？",
    "grace_end": "您是哪一天催告对方还款的，给了多长的宽限期？",
    "divorce": "你们是哪一天向婚姻登记机关申请离婚的？",
    "delivery": "您是哪一天收到货的？",
    "detention": "是哪一天被刑事拘留的？",
    "resolution": "决议是哪一天作出的？",
    "knew": "您是哪一天知道（或应当知道）权利受到侵害的？",
    "death": "被继承人是哪一天去世的？",
    "hire": "您是哪一天入职的？",
    "notice": "您是哪一天收到通知（决定书）的？",
    "bail": "取保候审（监视居住）是哪一天决定的？",
    "applied": "您是哪一天提交申请的？",
    "arrest_requested": "公安机关是哪一天提请检察院批准逮捕的？",
    "accepted": "是哪一天受理（立案）的？",
}

#: Events no period runs from: a hire date gives tenure; a loan's limitation runs from its due date
#: or a demand; a wedding or a signing starts no limitation by itself.
NO_PERIOD = frozenset({"hire", "loan", "marriage", "contract", "unknown"})

#: A start event in the card's words -> the event labels a date must carry to start it; first match
#: wins. An empty tuple: no single date the client gives starts it (a grace period after a demand,
#: one year after hire without a contract) — the part asks instead.
START_LABELS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("宽限期", ("grace_end",)),
    ("未签书面合同满一年", ()),
    ("办证期限", ()),
    ("收到申请", ()),
    ("辞职通知", ("resign",)),
    ("试用期解除", ("termination",)),
    ("解除劳动合同", ("termination",)),
    ("劳动关系终止", ("termination", "resign")),
    ("离职", ("termination", "resign")),
    ("事故伤害", ("injury", "accident")),
    ("伤残", ("injury", "accident")),
    ("受伤", ("injury", "accident")),
    ("判决书", ("judgment",)),
    ("裁定书", ("judgment",)),
    ("裁决书", ("judgment",)),
    ("法律文书", ("due",)),
    ("复议决定", ("decision",)),
    ("处罚决定", ("decision",)),
    ("拆除决定", ("decision",)),
    ("征收决定", ("decision",)),
    ("告知听证", ("decision", "notice")),
    ("行政行为", ("decision", "knew")),
    ("刑事拘留", ("detention",)),
    ("羁押", ("detention", "knew", "judgment")),  # 终审判我无罪: the day the detention is known to be wrongful
    ("决议", ("resolution", "knew")),
    ("收到商品", ("delivery",)),
    ("收到标的物", ("delivery",)),
    ("还款期限", ("due",)),
    ("付款期限", ("due",)),
    ("履行期限", ("due",)),
    ("离婚登记申请", ("divorce",)),
    ("隐藏、转移", ("knew",)),
    ("继承权", ("knew", "death")),
)

#: A deadline rule -> the labels its start event accepts when the card's words name none above
#: (知道或者应当知道… is read by the dispute: a debt's due date, an accident, a dismissal).
RULE_LABELS: dict[str, tuple[str, ...]] = {
    # the debtor's acknowledgement interrupts it: the period runs anew from the latest (a demand
    # interrupts it only when made to the debtor, which the words seldom say: not read as a start)
    "civil_limitation": ("due", "accident", "injury", "knew", "acknowledge"),
    "labor_arbitration": ("termination", "resign", "knew"),
    "work_injury_application": ("injury", "accident"),
    "work_injury_application_employer": ("injury", "accident"),
    "admin_reconsideration": ("decision", "knew"),
    "admin_litigation": ("decision", "knew"),
    "admin_litigation_after_reconsideration": ("decision",),
    "civil_appeal_judgment": ("judgment",),
    "civil_appeal_ruling": ("judgment",),
    "criminal_appeal_judgment": ("judgment",),
    "criminal_appeal_ruling": ("judgment",),
    "labor_award_suit": ("judgment",),
    "enforcement_application": ("due",),
    "guarantee_period": ("due",),
    "consumer_return": ("delivery",),
    "quality_objection": ("delivery",),
    "inheritance_limitation": ("knew", "death"),
    "legacy_acceptance": ("knew", "notice", "death"),
    "resignation_notice": ("resign",),
    "divorce_cooling_off": ("divorce",),
    "resolution_revocation": ("resolution", "knew"),
    "penalty_hearing": ("decision", "notice"),
    "state_compensation_claim": ("judgment", "knew", "detention"),
    "criminal_detention": ("detention",),
    "defence_period": ("notice", "delivery"),
    "marriage_revocation_duress": ("knew",),
    "marriage_revocation_disease": ("knew",),
    "divorce_resuit": ("judgment",),
    "creditor_revocation": ("knew",),
    # a mistake or an unfair bargain is known when signed (签合同的时候…当天就发现): the contract's day when
    # no later day of knowing is given (a later one, being the latest, wins)
    "mistake_revocation": ("knew", "contract"),
    "voidable_revocation": ("knew", "contract"),
    "rescission_period": ("knew", "notice", "demand"),
    "share_buyback_suit": ("resolution",),
    "bail_max": ("bail",),
    "surveillance_max": ("bail",),
    "family_notice": ("detention",),
    "non_prosecution_petition": ("notice", "decision"),
    "non_filing_review": ("notice", "decision"),
    "preemption_reply": ("notice",),
    "reconsideration_decision": ("accepted", "notice", "decision"),
    "retrial_application": ("judgment",),
    "payment_order_objection": ("judgment", "notice", "delivery"),
    "injury_leave": ("injury", "accident"),
    "probation_max": ("hire",),
    "written_contract_due": ("hire",),
    "birth_registration": ("birth",),
    "car_replacement": ("delivery", "contract"),
    "resignation_notice_probation": ("resign",),
    "arrest_request": ("detention",),
    "investigation_custody": ("detention",),
    "prosecution_review": ("accepted",),
    "victim_protest_request": ("judgment",),
    "equity_preemption": ("notice",),
    "reduction_notice": ("resolution",),
    "reduction_announcement": ("resolution",),
    "capital_contribution": ("founded",),
    "advance_registration": ("knew",),
    "title_certificate_due": ("handover",),
    "lease_max_term": ("contract",),
    "separation_after_judgment": ("judgment",),
    "birth_divorce_bar": ("birth",),
    "fine_payment": ("decision",),
    "prosecution_limitation": ("offence", "offence_more"),
    "trademark_renewal": ("due",),
    "non_compete_term": ("termination", "resign"),
    "award_revocation": ("judgment",),
    "arbitration_award_time": ("accepted",),
    "layoff_notice": ("notice",),
    "accident_review": ("decision", "judgment"),
    "preservation_suit": ("decision",),
    "shareholder_meeting_notice": ("resolution",),
    "dividend_payment": ("resolution",),
    "evidence_period": ("notice", "accepted"),
    "admin_litigation_unnotified": ("decision", "knew"),
    "summary_trial_term": ("accepted",),
    "enforcement_objection_review": ("accepted", "notice"),
    "ordinary_trial_term": ("accepted",),
    "construction_priority": ("due",),
    "tour_shopping_return": ("trip_end",),
    "reduction_creditor_claim": ("announced", "notice"),
    "guarantee_limitation": ("demand", "guarantor_demand"),
    "info_disclosure_reply": ("applied", "accepted"),
    # the day the shareholder's written request reached the company (11月5号书面要求查账)
    "books_inspection_reply": ("applied", "demand", "notice"),
    "protection_order_decision": ("applied", "accepted"),
    "lawyer_meeting": ("applied",),
    "ratification_notice": ("demand", "notice"),
    "legal_rep_replacement": ("resign", "termination"),
    "gift_revocation": ("knew", "injury"),
    "arrest_approval": ("arrest_requested",),
}


@dataclass(frozen=True)
class DatedEvent:
    """A date the client gives and the event it marks (an :data:`EVENT_WORDS` label or ``unknown``)."""

    day: date
    event: str
    text: str
    #: A day the client supposes, still to come (要是复议决定12月1号收到, 如果下个月5号被辞退): read once, where
    #: the date is read (legal/facts.py ``typed_dates``); it starts a period only when no day that happened does.
    supposed: bool = False

    def to_dict(self) -> dict[str, str]:
        return {"date": self.day.isoformat(), "event": self.event, "label": EVENT_NAMES.get(self.event, self.event),
                "text": self.text}


#: Documents a client receives, and the event their receipt marks (nearest named before the date).
DOCUMENTS: tuple[tuple[str, str], ...] = (
    ("判决书", "judgment"), ("裁定书", "judgment"), ("裁决书", "judgment"), ("调解书", "judgment"),
    ("支付令", "judgment"), ("复议决定", "decision"), ("复议结果", "decision"),
    ("决定书", "decision"), ("认定书", "decision"),
    ("处罚", "decision"), ("通知书", "notice"), ("告知书", "notice"),
    # the document named in a word of its own (限期拆除决定, 仲裁裁决, 一审判决) after the specific ones
    ("裁决", "judgment"), ("判决", "judgment"), ("裁定", "judgment"), ("决定", "decision"),
)


#: Events named by words so common that they label a date only when no other event's word is near it.
LAST_RESORT = ("applied",)
#: Someone told the client (房东前天微信跟我说要卖房): informed that day — only when no event's own word is near
#: the date (他微信上跟我说钱一定会还 is an acknowledgement).
TOLD = ("跟我说", "和我说", "对我说", "找我说", "发微信说", "打电话说")


#: A demand made on the client as guarantor (找我这个担保人要钱).
_ON_GUARANTOR = re.compile(r"(?:找|向|催|问)我(?:这个|这)?(?:担保人|保证人)|(?:担保人|保证人)的?我")


def label(before: str, after: str) -> str:
    """The event the words right ``before`` and ``after`` a date name: the nearest word of
    :data:`EVENT_WORDS` (a word after the date is preferred by a small margin), ``unknown`` for none."""
    # an adverb between the date and its verb (去年2月15号就收了, 20号才收到) does not change the event
    after = re.sub(r"^\s*(?:就|才|刚刚|刚|已经|都|便)\s*(?=收|拿到|签收|送|到)", "", after)
    if after.lstrip().startswith("还") or after.lstrip().startswith("前还"):
        return "due"
    if after.lstrip().startswith(("到的", "到货", "到了")):
        return "delivery"  # 设备是3月18号到的: the goods arrived that day
    after = re.sub(r"^\s*[（(][^）)]{0,16}[）)]", "", after)  # 上周五（11月20号）送到: the aside is the same day
    # 上个月15号听楼下邻居说, 那天听他老婆讲: hearing it from someone is knowing (听说)
    after = re.sub(r"^(\s*)听[^，。,；;？?！!\s说讲]{1,8}(?:说|讲)", r"\1听说", after)
    wide = before
    before = re.split(r"[，。,；;？?！!\s]", before[-8:])[-1]  # words before a date stop at a clause's end
    after = re.split(r"[。；;？?！!]", after)[0]  # words after it stop at the sentence's end
    if after.lstrip().startswith(("收到", "拿到", "签收", "送达", "接到", "送到", "送来")):
        # 裁决书……我们11月20号收到的: what was received is the document named before the date
        for noun, event in DOCUMENTS:
            if noun in wide[-24:]:
                return event
    best: tuple[int, int, str] | None = None
    for event, words in EVENT_WORDS.items():
        if event in LAST_RESORT:
            continue
        for word in words:
            at = after.find(word)
            if at >= 0:
                candidate = (at, -len(word), event)
                best = candidate if best is None or candidate < best else best
            at = before.rfind(word)
            if at >= 0:
                candidate = (len(before) - at - len(word) + 3, -len(word), event)
                best = candidate if best is None or candidate < best else best
    paper = re.match(r"\s*收(?:到|的|了)[^，。,；;？?！!\s]{0,16}?"
                     r"(传票|通知|起诉状|判决|裁定|裁决|决定|认定书|律师函|催款函|罚单|处罚|支付令|调解书)", after)
    if paper and paper.group(1) == "通知" and re.search(r"解除|辞退|解聘|解雇|终止劳动", paper.group(0)):
        return "termination"  # 收到公司的解除劳动合同通知书: the dismissal's paper
    if paper:
        # 收到法院的传票: a paper, not goods; a judgment or a decision by its own word, the rest a notice
        return next((event for noun, event in DOCUMENTS if noun in paper.group(1)),
                    "decision" if "罚" in paper.group(1) else "notice")
    if (best is None or best[0] > 4) and after.lstrip().startswith(("收到", "收的", "收了")):
        # 前年12月1号收到的一批设备: what was received, no document named right after it, is goods (a word further
        # on, 最近才发现, names another event)
        return "delivery"
    if best is None and any(word in after for word in TOLD):
        return "notice"
    if best is None:
        # 交了信息公开申请: an application handed in, only when no other event is named (申请协议离婚 is a divorce)
        best = next(((0, 0, event) for event in LAST_RESORT
                     if any(word in after or word in before for word in EVENT_WORDS[event])), None)
    found = best[2] if best is not None else "unknown"
    if found == "demand" and _ON_GUARANTOR.search(after + wide[-16:]):
        # 债主2026年10月才来找我这个担保人要钱: a demand on the guarantor, which starts the guarantee debt's own
        # limitation (民法典 694) but does not interrupt the debtor's
        return "guarantor_demand"
    return found


def accepted(rule: str, start: str = "") -> tuple[str, ...]:
    """The event labels a date must carry to start the deadline ``rule`` whose start event the card
    words as ``start``."""
    # an example in brackets (知道权利受到损害之日（如约定的还款期限届满之日）) does not name the start event
    start = re.sub(r"[（(][^）)]*[）)]", "", start)
    labels = next((found for words, found in START_LABELS if words in start), RULE_LABELS.get(rule, ()))
    if rule in INTERRUPTIBLE and labels:
        # a demand, the debtor's acknowledgement (a partial payment, a new IOU) or a suit interrupts a limitation
        # period: it runs anew from the latest of them (民法典 195) — never a guarantee period or a 除斥期间
        labels = (*labels, *(x for x in INTERRUPTING if x not in labels))
    return labels


#: Limitation periods an interrupting act restarts (民法典 195), and the acts' labels.
INTERRUPTIBLE = frozenset({"civil_limitation", "guarantee_limitation"})
INTERRUPTING = ("acknowledge", "demand", "sued")


#: Rules that run from a day still to come (a trademark's expiry): a future date starts them too.
FUTURE_STARTS = frozenset({"trademark_renewal", "shareholder_meeting_notice"})


def start_of(dates: list[DatedEvent], rule: str, start: str, today: date) -> DatedEvent | None:
    """The latest date (not after ``today``) whose event starts ``rule``; None when the client gave none."""
    labels = accepted(rule, start)
    fitting = [d for d in dates if d.event in labels and not d.supposed and (d.day <= today or rule in FUTURE_STARTS)]
    if not fitting:
        # a day the client supposes (要是…12月1号收到) answers "by when, then": only when no day that happened fits
        fitting = [d for d in dates if d.event in labels and d.supposed]
    return max(fitting, key=lambda d: d.day) if fitting else None


def start_question(dates: list[DatedEvent], rule: str, start: str) -> str:
    """The one precise question for the date ``rule`` runs from; a date of another event the client
    gave is named, so it is not mistaken for the start."""
    labels = accepted(rule, start)
    asked = next((EVENT_QUESTIONS[x] for x in labels if x in EVENT_QUESTIONS), "")
    if not labels and "宽限期" in start:
        asked = EVENT_QUESTIONS["demand"]
    asked = asked or f"{start or '期限起算的那件事'}是哪一天？"
    other = [d for d in dates if d.event not in labels]
    if other:
        said = "、".join(f"{cn_date(d.day)}（{EVENT_NAMES.get(d.event, d.event)}）"
                        for d in other[:2])
        return f"您提到的 {said} 不是这一期限的起算日（{start or '起算事件'}）。{asked}知道日期后可以算出最后一天。"
    return f"{asked}知道日期后可以算出最后一天。"
