"""Is this fact told? The mention readers every ask of the answer consults before it asks.

A fact the client stated is never asked again, whether a typed reader of :mod:`legal.facts` read it into a
role or not: "孩子7岁", "小孩才七岁半", "上个月刚满八周岁" all tell an age; "上周又动手了" tells when; "首付是我爸妈
出的" tells who paid; "交警认定对方全责" tells what the police found. One reader per kind of fact, each with
the many ways clients say it; :func:`asked_kinds` reads which kinds an ask's question is about (哪天 → a
date, 多大 → an age, 多少钱 → an amount …), :data:`FACT_KINDS` which kind a typed fact is.

:func:`told` is the one predicate: an element or a calculator input is asked only when neither its typed
fact nor a mention of its kind is in the question; :func:`untold_ask` keeps of an ask only the questions the
client has not answered yet ("" when he has answered all of them).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from legal.normalise import amounts

_N = r"(?:\d+(?:\.\d+)?|[零〇一二两俩三四五六七八九十百千几半]+)"
#: An amount of money as clients write it: 8000元, 5万, 五千块, 1.2w, 三十万, 8k, 一万多.
_MONEY = (r"(?:\d+(?:\.\d+)?\s*(?:万|千|百|k|K|w|W)?\s*(?:多|余)?\s*(?:元|块钱|块|圆|人民币)"
          r"|\d+(?:\.\d+)?\s*(?:多|余)?\s*(?:万|千|k|K|w|W)(?![\u4e00-\u9fff]{0,1}(?:年|月|天|日|岁|人|次|平))"
          r"|[零〇一二两俩三四五六七八九十百千]+\s*(?:万|千)\s*(?:多|余)?\s*(?:元|块钱|块)?"
          r"|[一二两三四五六七八九十百]+\s*(?:多|余)?\s*(?:元|块钱|块)"
          r"|\d{3,}(?:\.\d+)?(?!\s*(?:年|月|日|号|岁|天|个|次|人|平|米|%|小时|周|分|公里|克|斤|级)|\d))")
MONEY = re.compile(_MONEY)

#: Each kind of fact, and the ways clients state it in a question.
READERS: Mapping[str, re.Pattern[str]] = {
    "date": re.compile(
        r"(?:19|20)\d{2}\s*[年./-]|\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|(?<![\d.])\d{1,2}\s*[日号](?![\d])"
        r"|[一二三四五六七八九十]{1,2}月(?:[一二三四五六七八九十廿卅]{1,3}[日号]|份|初|中旬?|底|末)|\d{1,2}月(?:份|初|中旬?|底|末)"
        r"|今天|今早|今晚|昨天|昨晚|昨日|前天|大前天|前几天|这几天|上周|上星期|上礼拜|上个?周末|这周|本周|上个?月|这个月|本月|"
        r"去年|前年|今年|年初|年底|年中|月初|月底|月中|刚才|刚刚|当天|当晚|那天|上午|下午|"
        rf"(?:这|上|本)?(?:周|星期|礼拜)[一二三四五六日天]|{_N}\s*(?:天|日|周|个?星期|个?礼拜|个?月|年)(?:多)?(?:以前|之前|前)"
        r"|春节|国庆|五一|元旦|中秋|端午|清明|过年"),
    "age": re.compile(
        rf"{_N}\s*(?:周岁|岁)|岁半|{_N}\s*个?月大|满月|刚出生|新生儿|婴儿|年满|已满|未满|不满{_N}|七旬|八旬|九旬|"
        r"(?:六|七|八|九)十多|成年了|已成年|未成年|读(?:小学|初中|高中|大学)|上(?:幼儿园|小学|初中|高中|大学)|"
        r"[小初高][一二三四五六]|(?:小学|初中|高中|大学)生|幼儿园"),
    "amount": MONEY,
    "period": re.compile(rf"{_N}\s*(?:个多?月|年多?|天|周|个?星期|小时)|半年|一年多|多年|好几年|几个月"),
    "payer": re.compile(
        r"(?:我|我们|我爸妈|我父母|我爸|我妈|我家|他|她|他家|她家|他爸妈|她爸妈|对方|男方|女方|父母|爸妈|公婆|岳父母|老公|老婆|丈夫|"
        r"妻子|两人|两个人|双方|一起|共同|自己|公司|单位|老板|家里)[^，,。？?；;！!]{0,6}?(?:出|付|交|掏|拿|还|垫|转|给)(?:了|的)?"
        r"(?:钱|款|首付|全款|房款|首付款|贷款|房贷|彩礼|费|资)"
        r"|(?:首付|全款|房款|房贷|贷款|彩礼|学费|医药费|医疗费|培训费|钱)[^，,。？?；;！!]{0,8}?(?:是|都是|全是|由|都由)?"
        r"(?:我|他|她|对方|男方|女方|父母|爸妈|双方|共同|一起|公司|单位)[^，,。？?；;！!]{0,4}?(?:出|付|交|还|垫|掏|拿|给)"
        r"|(?:婚后|婚前)(?:共同|一起)?还(?:贷|款)|(?:各出|平摊|AA|aa|各付)|(?:出资|全款买|贷款买|首付)"),
    "police": re.compile(
        r"报警|报了警|报案|报过警|警察|民警|派出所|公安|交警|立案|认定书|事故认定|责任认定|认定(?:为|是|对方|我)|鉴定|"
        r"全责|主责|次责|同责|无责|全部责任|主要责任|次要责任|同等责任|轻伤|重伤|轻微伤|伤残|拘留|传唤|笔录|抓了|被抓|逮捕|"
        r"取保|监控(?:显示|拍到)|出警"),
    "fault": re.compile(
        r"全责|主责|次责|同责|无责|全部责任|主要责任|次要责任|同等责任|(?:对方|他|她|我)(?:的)?(?:全|主要|次要)?责任|"
        r"闯红灯|追尾|逆行|酒驾|醉驾|超速|撞了?|被撞|撞倒|没有过错|有过错|(?:对方|他|她)的错|(?:我|我们)没错"),
    "contract": re.compile(
        r"合同|协议|签了|签过|签的|签订|签字|没签|未签|借条|欠条|收条|收据|字据|白纸黑字|口头(?:约定|说好|答应)?|写了?(?:个|张)?条|"
        r"聊天记录|转账记录|约定|说好"),
    "marriage": re.compile(
        r"领证|领了证|结婚证|登记结婚|(?:没|未|没有)(?:领|登记)|办了?(?:酒席|婚礼|酒)|已婚|结婚\S{0,3}(?:年|了)|婚后|婚前|订婚|"
        r"(?:老公|老婆|丈夫|妻子|前夫|前妻)|(?:男|女)朋友"),
    "cohabited": re.compile(r"同居|住在一起|一起住|一起生活|共同生活|住一块|没(?:有)?(?:在一起)?住过|没(?:有)?同居"),
    "prior": re.compile(
        r"第一次|初犯|头一回|头一次|第[\d一二三四五六七八九十]+次|又一次|再次|屡次|多次|惯犯|前科|以前(?:没|从来没|也|就)|"
        r"从来没|从没|之前(?:也|就|没)|(?:没|未)(?:有)?(?:被)?(?:处罚|判|抓)过|(?:被)?(?:处罚|判|抓)过"),
    "children": re.compile(rf"{_N}\s*(?:个)?(?:孩子|小孩|子女|儿女|娃)|独生|一儿一女|两个儿子|两个女儿|双胞胎|龙凤胎|"
                           r"没(?:有)?孩子"),
    "employment": re.compile(r"上班|入职|员工|打工|干活|工地|老板|用人单位|"
                             r"(?:公司|单位|厂里|厂子|店里)(?:的|里)?(?:工作|上班|干)|在(?:公司|单位|厂)"),
    "duty": re.compile(r"送(?:件|货|快递|外卖|餐)|(?:上班|工作|干活|值班|出差|跑业务)(?:的)?(?:时候|时|途中|期间|路上)|"
                       r"执行(?:工作)?任务|"
                       r"公司(?:安排|派)|单位(?:安排|派)|老板(?:安排|让|派)|帮公司|给公司|替公司|下班(?:后|以后)|办私事|私事"),
    "injury": re.compile(r"骨折|受伤|伤了|流血|缝了|住院|伤残|轻伤|重伤|轻微伤|死亡|去世|身亡|瘫痪|脑震荡|"
                         r"擦伤|咬伤|咬了"),
}

#: Which kinds an ask's question is about, read from its words.
ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("date", re.compile(r"哪(?:一)?天|几号|哪年|哪个月|什么时候|何时|日期|什么时间|哪一日|起算")),
    ("age", re.compile(r"多大|几岁|年龄|年纪|周岁|成年")),
    ("payer", re.compile(r"谁出|谁付|谁交|谁还|由谁|哪一?方出|谁的钱|谁掏|出资|首付.{0,4}谁|谁.{0,4}首付")),
    ("police", re.compile(r"报警|报案|派出所|公安|警察|事故认定|责任认定|认定书|鉴定|立案")),
    ("fault", re.compile(r"责任划分|谁的责任|过错|全责|主次责任|责任比例|有没有责任")),
    ("contract", re.compile(r"(?:有没有|是否|有无)(?:签|写|打)?(?:过|了)?(?:书面)?(?:合同|协议|借条|欠条|字据)|"
                            r"签(?:了|过)?(?:书面)?(?:合同|协议)?(?:吗|没有|没)|(?:合同|协议|借条|欠条|字据)(?:吗|没有)")),
    ("marriage", re.compile(r"领证|登记结婚|结婚证|结婚(?:了)?(?:吗|没)|婚前还是婚后|婚前|婚后")),
    ("cohabited", re.compile(r"同居|共同生活|一起生活|住在一起")),
    ("prior", re.compile(r"第一次|第几次|初犯|以前有没有|前科|被处罚过|犯过")),
    ("children", re.compile(r"几个孩子|几个子女|子女几个|孩子几个|有几个")),
    ("injury", re.compile(r"伤情|伤得|受伤|伤到|伤残等级|伤残")),
    ("duty", re.compile(r"工作任务|公司安排|单位安排|执行职务|因公|办私事|私事|下班")),
    ("amount", re.compile(r"多少钱|金额|数额|多少元|值多少|罚款|价格|价款|总价|花了多少|付了多少|收入|工资|"
                          r"本金|损失|费用?(?:是|有|花了)?多少")),
    ("period", re.compile(r"多久|多长时间|几个月|几年|多少天|几天|多少个月|期限多长")),
)

#: The kind of each typed fact an ask may ask for (fact names of legal/cards/SCHEMA.md).
FACT_KINDS: Mapping[str, str] = {
    **{name: "date" for name in ("start_date", "event_date", "loan_date", "due_date", "hire_date")},
    **{name: "age" for name in ("age", "child_age", "dependant_age")},
    **{name: "period" for name in ("service_months", "lost_days", "unsigned_months", "care_days", "arrears_months",
                                   "sentence_days", "custody_days", "service_years", "served_years", "delay_days",
                                   "fee_arrears_months", "contribution_years", "contract_months", "probation_months",
                                   "hospital_days", "overdue_days", "wage_arrears_months", "rent_arrears_months")},
    **{name: "amount" for name in ("amount_claimed", "amount_involved", "loss_amount", "judgment_amount", "debt_amount",
                                   "estate_value", "unpaid_amount", "guarantee_paid", "prepaid_used", "purchase_price",
                                   "contract_price", "principal", "repaid", "deposit_amount", "penalty_amount",
                                   "monthly_wage", "daily_income", "payer_income", "caregiver_income", "support_amount",
                                   "training_fee", "monthly_rent", "monthly_fee", "joint_repaid", "current_value",
                                   "actually_received", "medical_expenses", "fine_amount", "betrothal_amount",
                                   "profit", "regular_wage", "total_loss")},
    "fault_share": "fault", "liable_share": "fault", "harm_level": "police", "injury_grade": "police",
    "disability_grade": "police", "employment": "employment", "written_contract": "contract", "registered": "marriage",
    "cohabited": "cohabited", "children": "children", "heirs": "children", "representatives": "children",
}

#: The words that say WHICH amount an amount is: a calculator input of money is told only by an amount beside
#: its own words (月薪8000 tells the wage; 借了5万 does not), within a few characters either side.
AMOUNT_WORDS: Mapping[str, str] = {
    "monthly_wage": r"工资|月薪|薪水|薪资|底薪|收入|到手|月入|挣|赚|每个?月|一个月",
    "regular_wage": r"工资|月薪|转正",
    "daily_income": r"每天|一天|日收入|日薪|日工资|收入|工资|月薪|挣|赚",
    "payer_income": r"收入|工资|月薪|挣|赚",
    "caregiver_income": r"收入|工资|月薪|护工|挣|赚|每天",
    "principal": r"借|欠|本金|借款|借给|出借",
    "repaid": r"还了|已还|还过|归还",
    "contract_price": r"价|总价|货款|房款|工程款|合同|标的|卖|买",
    "purchase_price": r"买|花了|付了|价|元一|块一|售价",
    "deposit_amount": r"定金|订金|押金",
    "penalty_amount": r"违约金",
    "loss_amount": r"损失|损坏|修|赔",
    "medical_expenses": r"医疗费|医药费|治疗费|看病|住院|花了",
    "training_fee": r"培训|学习|进修",
    "monthly_rent": r"租金|房租|月租|租",
    "support_amount": r"抚养费|生活费",
    "estate_value": r"遗产|房子|存款|值|财产",
    "betrothal_amount": r"彩礼",
    "fine_amount": r"罚款|罚了",
    "joint_repaid": r"还贷|房贷|还了",
    "current_value": r"值|市值|现价|估价|评估",
}

_SENTENCE = re.compile(r"[^？?]+[？?]?")


def mentioned(kind: str, question: str) -> bool:
    """Whether ``question`` states a fact of ``kind`` in any of the ways clients say it."""
    reader = READERS.get(kind)
    if reader is None:
        return False
    return bool(reader.search(question) or reader.search(amounts(question)))


def amount_told(name: str, question: str) -> bool:
    """Whether the amount ``name`` (an :data:`AMOUNT_WORDS` fact) is stated: an amount beside its own words."""
    words = AMOUNT_WORDS.get(name)
    if words is None:
        return mentioned("amount", question)
    for text in {question, amounts(question)}:
        for m in MONEY.finditer(text):
            near = text[max(0, m.start() - 10):m.end() + 6]
            if re.search(words, near):
                return True
    return False


def asked_kinds(ask: str) -> set[str]:
    """The kinds of fact the ask's words ask for (empty when none is recognised)."""
    return {kind for kind, words in ASKS if words.search(ask)}


def told(question: str, facts: Collection[str] | None = None, *, fact: str = "", ask: str = "") -> bool:
    """Whether the client has already told what an ask would ask: the typed ``fact`` is among ``facts`` (the
    names the fact readers read) or mentioned in ``question`` in its kind's words; or, with no fact, every
    kind the ``ask``'s words ask for is mentioned. An ask whose kind is not recognised is not told."""
    if fact:
        if facts is not None and fact in facts:
            return True
        if fact in AMOUNT_WORDS:
            return amount_told(fact, question)
        kind = FACT_KINDS.get(fact)
        if kind is not None:
            return mentioned(kind, question)
    if ask:
        kinds = asked_kinds(ask)
        return bool(kinds) and all(mentioned(kind, question) for kind in kinds)
    return False


def untold_ask(ask: str, question: str, facts: Collection[str] | None = None, fact: str = "") -> str:
    """Of the ask, the questions the client has not answered yet: each question of it ("…？") whose kinds are
    all mentioned is dropped ("" when every one is, or when the typed ``fact`` is told)."""
    if not ask or (fact and told(question, facts, fact=fact)):
        return ""
    kept = [s for s in _SENTENCE.findall(ask) if s.strip() and not told(question, facts, ask=s)]
    return "".join(kept).strip()
