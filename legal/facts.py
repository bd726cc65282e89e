"""Entities with roles: the question's amounts, periods and dates labelled by what they are
(月工资, 工龄, 本金, 利率, 误工期 …) before any calculator reads them.

Each fact is found by the words around a number, never by the number alone: "月薪8000" is the
client's own monthly wage, "当地平均工资8000" is not; "干了3年" and "2018年3月入职…2025年6月被辞退"
are 工龄; "误工两个月" is 误工期; "周六周日" is not a period; "600000+3" is not a calculation (no
arithmetic is done on what the client writes). Fact names are those of legal/cards/SCHEMA.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from legal import events, kinship
from legal.calculators import CHINA_TZ
from legal.events import DatedEvent
from legal.normalise import amounts, normalise, range_at
from legal.numerals import _CN, MONEY, NUM, cn_number, days_in, decimal_number, money, spoken_count  # noqa: F401 (public here too)
from legal.readers import more_roles


@dataclass
class Fact:
    name: str
    value: Any
    text: str
    label: str

    def to_dict(self) -> dict[str, Any]:
        value = str(self.value) if isinstance(self.value, Decimal) else (
            self.value.isoformat() if isinstance(self.value, date) else self.value)
        return {"name": self.name, "value": value, "text": self.text, "label": self.label}


LABELS = {
    "monthly_wage": "月工资", "service_months": "工龄（月）", "unsigned_months": "未签合同月数", "lost_days": "误工期（天）",
    "daily_income": "日收入", "disability_grade": "伤残等级", "age": "年龄", "principal": "本金", "annual_rate": "年利率（%）",
    "loan_date": "借款日", "due_date": "还款期限", "repaid": "已还", "deposit_amount": "定金", "contract_price": "合同价款",
    "penalty_amount": "违约金", "loss_amount": "损失", "amount_claimed": "主张金额", "start_date": "起算日",
    "overtime_hours_workday": "工作日加班（小时）", "overtime_days_restday": "休息日加班（天）",
    "overtime_days_holiday": "节假日加班（天）", "untaken_leave_days": "未休年假（天）", "per_capita_income": "人均可支配收入",
    "local_average_wage": "当地职工月平均工资", "written_contract": "书面劳动合同", "employment": "劳动关系",
    "no_notice": "未提前三十日通知", "lost_months": "误工期（整月）", "lpr_rate": "合同成立时一年期LPR（%）",
    "daily_penalty_rate": "每日违约金比例", "meal_allowance_rate": "伙食补助标准（元/天）", "hospital_days": "住院天数",
    "daily_rent": "日租金", "overdue_days": "逾期返还天数", "harm_level": "伤情（1 轻微伤 2 轻伤 3 重伤 4 死亡）",
    "grave_offence": "八类严重犯罪", "thefts_in_two_years": "二年内盗窃次数", "special_theft": "入户、扒窃或携带凶器盗窃",
    "unlawful_debt": "赌博、吸毒等违法所负债务", "earnest_named": "写的是订金（非定金）", "earnest_amount": "订金数额",
    "prepaid_bonus": "充值赠送", "subscribed_capital": "认缴出资", "paid_capital": "实缴出资", "delay_days": "逾期天数", "side": "提问方", "no_due_date": "未约定还款期限",
    "purchase_price": "购买价款", "payer_income": "支付方月收入", "support_amount": "每月抚养费", "arrears_months": "欠付月数",
    "children": "子女人数", "estate_value": "遗产（财产）价值", "debt_amount": "债务", "heirs": "继承人人数",
    "survivor_spouse": "提问人是在世配偶", "spouse_heir_asked": "所问的继承人是在世配偶", "not_final_award": "非终局裁决",
    "joint_property": "夫妻共同财产", "care_days": "护理天数", "care_months": "护理月数", "probation_served": "试用期已履行（月）", "caregiver_income": "护理人员月收入",
    "daily_care_rate": "护理费日标准", "sentence_days": "刑期（天）", "sentence_kind": "刑种", "custody_days": "羁押天数",
    "training_fee": "培训费", "service_years": "服务期（年）", "served_years": "已履行服务期（年）", "minimum_wage": "当地最低工资",
    "annual_average_wage": "上年度就业人员年平均工资", "judgment_amount": "判决金额", "daily_average_wage": "国家上年度职工日平均工资",
    "profit": "税后利润", "monthly_rent": "月租金", "deposit_months": "押金（月数）", "penalty_months": "违约金（月租金数）",
    "contribution_years": "失业保险缴费年限", "actually_received": "实际到账金额", "contract_months": "劳动合同期限（月）",
    "babies": "婴儿数", "difficult_birth": "难产（剖宫产）", "childbirth": "生育", "death": "死亡", "rent_deposit": "押金",
    "rent_arrears_months": "欠租月数", "wage_arrears_months": "欠薪月数", "last_month_wage": "上月工资",
    "loan_months": "借期（月）", "no_rate_agreed": "未约定利率", "betrothal_amount": "彩礼", "registered": "已登记结婚",
    "cohabited": "已共同生活", "fine_amount": "罚款", "max_penalty_years": "法定最高刑（年）", "death_year": "作者去世年份",
    "patent_kind": "专利类型", "in_probation": "试用期内", "probation_months": "约定试用期（月）", "regular_wage": "转正工资",
    "total_loss": "损失合计", "liable_share": "对方责任比例", "prepaid": "预付款", "units_total": "总份数",
    "units_used": "已用份数", "medical_expenses": "医疗费", "other_no_fault": "对方无责", "consumption": "人均消费支出",
    "dependant_age": "被扶养人年龄", "registered_capital": "注册资本", "reserve_so_far": "已提法定公积金",
    "non_compete_months": "竞业限制期限（月）", "lease_years": "租赁期限（年）", "capital_term_years": "认缴出资期限（年）",
    "pension_years": "养老保险缴费年限", "award_amount": "裁决金额", "quit_voluntarily": "主动辞职",
    "non_compete_unpaid": "未付竞业限制补偿", "renewal_refused_by_employee": "劳动者拒绝同等条件续订",
    "custom_made": "定制商品", "amount_involved": "涉案金额", "final_award": "终局裁决", "wage_owed": "拖欠工资总额",
    "extra_annual_rate": "违约金及其他费用（年化%）", "overdue_months": "逾期（月）", "deposit_kept": "被扣押金", "daily_penalty_amount": "每日违约金（元）", "own_debt": "我方欠对方", "amount_paid": "已付款项", "rights_not_told": "未告知复议、起诉权利或期限", "asks_court": "拟向法院起诉", "reconsidered": "复议已作出决定", "driver_without_fault": "机动车一方无过错",
    "sentence_months": "刑期（月）", "sentence_terms": "数罪各自的刑期（月）", "term_asked": "所问的法定期限",
    "drink_driving": "酒后（醉酒）驾驶", "arrest_requested": "已提请批准逮捕", "arrested": "已被批准逮捕", "mistake": "重大误解（写错、看错）",
    "interest_paid": "已付利息", "notice_given": "已提前三十日书面通知", "no_fault_ground": "无过失性辞退事由（不胜任、医疗期满、客观情况变化）",
}
#: The form a will was made in, as clients say it (民法典 1134 自书, 1135 代书, 1136 打印, 1137 录音录像):
#: which formal requirements apply, and so which article decides whether it holds.
LABELS.update({"handwritten_will": "亲笔书写的遗嘱", "dictated_will": "他人代书的遗嘱", "typed_will": "打印的遗嘱",
               "recorded_will": "录音录像遗嘱", "no_witness": "遗嘱没有见证人（或只有一人在场）",
               "child_under_two": "子女不满两周岁", "child_two_plus": "子女已满两周岁",
               "retired_worker": "已退休或领取养老金的人员", "debtor_disposal": "债务人无偿或低价处分财产",
               "guarantor_not_claimed": "债权人从未向保证人主张", "not_notified": "未通知本人", "comp_time_given": "休息日加班已安排补休", "no_training_agreement": "未约定服务期的培训或岗前培训", "dismissed_in_maternity": "孕期、产期、哺乳期内被辞退或降薪", "resisted_wrongdoer": "对正在实施不法侵害的人造成伤害",
               "attack_over": "侵害结束后又加害", "hours_to_death": "发病至死亡的小时数"})
#: The kind of guarantee the client says he gave or holds (民法典 686–688): 连带 lets the creditor go to the
#: guarantor first; 一般保证 (and a guarantee that does not say) gives the guarantor the right to refuse first.
LABELS.update({"joint_guarantee": "连带责任保证", "general_guarantee": "一般保证"})
#: The guarantor says he has already paid for the debtor (替他还了, 代偿): what he may now recover is 民法典 700's.
LABELS.update({"guarantor_paid": "保证人已代为清偿"})
#: The client's stake in the company (持股30%, or his paid-in over all the paid-in named): his share of a dividend.
LABELS.update({"equity_share": "持股（分红）比例"})
#: A house one spouse bought before the marriage and both repaid after it (婚姻家庭编解释（一）78).
LABELS.update({"joint_repaid": "婚后共同还贷", "current_value": "房屋现值"})
#: The employer ended the employment (辞退, 裁员, 让我别来了), the client neither resigning nor agreeing to it.
LABELS.update({"dismissed": "被单位解除劳动合同"})
#: The property crime the question tells of (theft, fraud): its amount bands decide the sentence.
LABELS.update({"offence_kind": "罪名（按数额量刑）"})
#: A sum the client calls 订金, 意向金, 诚意金 or a prepayment (合同编通则解释 67: no 定金罚则 unless agreed),
#: whatever else the question calls it (交的是订金不是定金).
LABELS.update({"advance_named": "称作订金、意向金等的款项"})
#: A gift the client says was already handed over or registered (过户, 交付, 写到名下): 民法典 658's revocation
#: at will ends with the transfer; what is left is 663's (the donee's ingratitude, within a year).
LABELS.update({"gift_delivered": "赠与财产已经交付或过户"})
#: Deciders of conditions the cards stated as prose (legal/readers.py ``_DECIDERS``, "Three-valued").
LABELS.update({"donee_wronged": "受赠人打骂、虐待或不尽扶养义务", "family_use": "借款用于家庭共同生活",
               "seller_unreachable": "网店商家已关店或联系不上", "lawful_source": "能证明合法进货来源"})
#: Whether the purchase the client tells of was made online (True: 网购, 直播间, 外卖 …) or in person (False: 商场,
#: 超市, 门店 …): the online-consumption rules (网络消费纠纷规定) decide only the first.
LABELS.update({"online_purchase": "网络购物"})
#: What a question about 彩礼 says outright of the couple (涉彩礼规定 5 registered and living together, 6 living
#: together unregistered; 婚姻家庭编解释（一）5 the rest): told only, never presumed (``registered`` and
#: ``cohabited`` beside the amount presume both).
#: The facts that choose among an answer's cases (legal/readers.py ``case_deciders``): each a yes/no the client
#: tells in passing, or a count.
LABELS.update({"self_operated": "平台自营", "before_marriage": "婚前出资（取得）", "full_payment": "父母全额出资",
               "deliberate_harm": "对方故意或严重违规致伤", "rules_published": "规章制度已公示或本人签收",
               "title_transferred": "房屋已过户登记", "landlord_consented": "房东同意转租",
               "tenant_caused_damage": "损坏由承租人造成", "rent_adjust_clause": "合同约定了调租条款",
               "creditor_demanded": "期间催讨过", "debtor_acknowledged": "对方承认债务或还过部分",
               "crowd_rider": "众包骑手（自由接单）", "food_product": "食品、药品", "insured_value": "已保价",
               "piecework": "按件、包活的承揽（而非雇工）", "before_due_agreement": "到期前约定以物抵债",
               "hurt_by_classmate": "被同学致伤", "lived_apart": "说明没有共同生活",
               "days_since_purchase": "购买（收货）后天数", "fixed_terms_signed": "已连续订立固定期限合同次数",
               "years_since_due": "到期后经过年数", "fault_party": "未能成交的原因",
               "excludes_main_rights": "条款排除对方主要权利或免除提供方责任", "skipped_agent": "绕开中介私下成交（跳单）",
               "fled_scene": "肇事后逃逸", "social_insurance_paid": "单位缴纳了社保（生育保险）",
               "help_refused": "被帮工人事先明确拒绝帮工", "divorce_refused_before": "此前判决不准离婚",
               "clause_explained": "免责条款已提示说明", "lender_institution": "出借方为金融机构",
               "spouse_cosigned": "夫妻共同签字或事后追认", "arbitration_clause": "合同约定了仲裁",
               "goods_delivered": "货物已交付或交给承运人", "client_main_responsibility": "本人负事故主要以上责任",
               "landlord_knew": "房东知道转租"})
#: Quantities with units and the categorical facts a threshold or a case is applied to (legal/readers.py
#: ``told_quantities`` and ``case_deciders``; docs/decisions/answers-apply-the-case.md, stop 3).
LABELS.update({"blood_alcohol": "血液酒精含量（毫克/100毫升）", "violent_attack": "对方持凶器或以严重暴力行凶",
               "goods_intact": "退回的商品完好", "commute": "上下班途中", "sick_leave_months": "当年病假（月）",
               "personal_leave_days": "当年事假（天）", "days_since_start": "事发至今（天）",
               "years_since_death": "作者去世至今（年）", "protection_end_year": "保护期届满年份",
               "years_since_offence": "犯罪至今（年）", "loan_evidence": "转账之外另有证明借款的证据",
               "served_months": "已服刑（月）", "leak_from_common": "漏水源自公共管道、外墙等共有部分",
               "middle_unable": "中间一代（孩子的父母、老人的子女）已去世或无力抚养、赡养"})
#: The categorical facts the typed exceptions of the cards turn on (legal/readers.py ``exception_facts``;
#: docs/decisions/answers-apply-the-case.md, "Exceptions that decide").
LABELS.update({"maternity_period": "在孕期、产期或哺乳期", "medical_period": "在患病或非因工负伤的医疗期内",
               "injured_at_work": "因工负伤或患职业病", "years_to_retirement": "距法定退休年龄（年）",
               "surrendered": "自动投案（自首）", "meritorious": "检举揭发他人犯罪或提供线索（立功）",
               "victim_forgave": "取得被害人谅解或已和解", "first_offence": "初犯、没有前科",
               "worker_drunk": "受伤时本人醉酒或吸毒", "lender_relation": "出借人与借款人的关系",
               "child_age": "孩子的年龄", "guarantee_worded": "保证条款写明了承担保证责任的条件"})
#: The words for a fact coded by number, read back to the client in place of the code.
VALUE_WORDS: dict[str, dict[int, str]] = {
    "fault_party": {1: "您自己一方的原因", 2: "对方的原因", 3: "双方都没有过错"},
    "harm_level": {1: "轻微伤", 2: "轻伤", 3: "重伤", 4: "死亡"},
    "lender_relation": {1: "夫妻之间", 2: "父母子女或其他近亲属之间", 3: "朋友、同事等其他人之间"},
}
LABELS.update({"marriage_registered_told": "说明已经领证", "marriage_unregistered_told": "说明没有领证",
               "lived_together_told": "说明已经共同生活"})


@dataclass
class Facts:
    items: dict[str, Fact] = field(default_factory=dict)
    #: Every date the question gives, with the event it marks (legal/events.py).
    dates: list[DatedEvent] = field(default_factory=list)

    def get(self, name: str, default: Any = None) -> Any:
        fact = self.items.get(name)
        return fact.value if fact is not None else default

    def __contains__(self, name: object) -> bool:
        return name in self.items

    def values(self) -> dict[str, Any]:
        return {name: fact.value for name, fact in self.items.items()}

    def add(self, name: str, value: Any, text: str) -> None:
        if value is not None and name not in self.items:
            self.items[name] = Fact(name, value, text, LABELS.get(name, name))

    def to_list(self) -> list[dict[str, Any]]:
        return [fact.to_dict() for fact in self.items.values()]


# -- patterns ---------------------------------------------------------------------------------------------
_NOT_OWN_WAGE = ("社平", "最低工资", "当地", "全市", "全省", "全国", "本市", "人均", "标准", "职工平均", "职工月平均",
                 "职工年",
                 "社会平均", "行业平均", "就业人员", "我们这", "我们省", "我们市", "上年度", "上一年度")
_WAGE_FILLER = (r"(?:是|为|有|大概|大约|约|差不多|税前|税后|应发|实发|到手|拿|能拿|发|开|给我开|给我发|基本|才|就|只有|固定|"
                r"标准|都是|平均|的)*")
ARABIC_MONEY = r"(\d+(?:\.\d+)?)(?![\d.]|[年月日号岁天%])\s*(万|千|k|K|w|W)?\s*(?:多|余)?\s*(?:元|块钱|块|圆|人民币)?"
_WAGE = re.compile(rf"(?<!日)(?<!小时)(?:月薪|月工资|工资|薪水|薪资|底薪|收入|工资是|每个?月|一个?月|月入|一月|税前|应发)"
                   rf"(?:[^\d，。,；;？?！!]{{0,3}}?){_WAGE_FILLER}\s*{ARABIC_MONEY}")
_YEAR_WAGE = re.compile(rf"(?:年薪|年收入|一年(?:能)?(?:挣|赚|拿))\s*{_WAGE_FILLER}\s*{MONEY}")
_GROSS = ("税前", "应发")
_WAGE_AFTER = re.compile(rf"{MONEY}\s*(?:一个月|每月|/月|/个月|每个月|的(?:月薪|月工资|工资|薪水))")
_ABOUT = r"(?:已经|刚好|刚|快|快要|近|将近|差不多|大概|大约|约|有|了|满|整整|足足)*"
_TENURE = re.compile(rf"(?:干了|工作了|做了|上班了?|上了|待了|呆了|工龄|入职|干|工作|在职|入职已经?|已经干了|满|干活|"
                     rf"进厂|进公司|进单位|来公司|来这|来厂里|到公司|跟着老板|跟了老板|给公司干|给老板干|打工)"
                     rf"{_ABOUT}\s*({NUM})\s*年(半|多)?(?:(?:零|又)?({NUM})\s*个?月)?")
_TENURE_MONTHS = re.compile(rf"(?:干了|工作了|做了|上班了?|入职|工作|在职|干|进厂|进公司|来公司|待了|呆了)"
                            rf"{_ABOUT}\s*({NUM})\s*个月")
_ALMOST = re.compile(r"(?:快|快要|近|将近|不到)\s*$")
_DATE = re.compile(r"((?:19|20)\d{2})\s*[年./-]\s*(\d{1,2})\s*(?:[月./-]\s*(?:(\d{1,2})\s*[日号]?)?)?")
_REL_YEARS = re.compile(rf"({NUM}|半)\s*年(多|半)?(?:以)?前|(?:过去|过了|已经)了?\s*({NUM}|半)\s*年(多|半)?了")
_REL_MONTHS = re.compile(rf"({NUM})\s*个?多?月(?:多)?(?:以)?前")  # 三个月前, 一个多月前 (the whole months said)
_LOST = re.compile(rf"(?:误工|休息|休养|(?<=证明)休|(?<=建议)休|(?<=医嘱)休|(?<=需要)休|(?<=要求)休|住院|养伤|没法上班|不能上班|没上班|歇了|耽误|请假|请了假|请了)了?\s*({NUM}|半)\s*(天|个?月|周|星期)")
_LOST_AFTER = re.compile(rf"({NUM})\s*(天|个?月|周)\s*(?:的)?(?:误工|没法上班|不能上班|没上班|没有上班)")
_DAILY = re.compile(rf"(?:每天|一天|日收入|日薪|日工资)\s*(?:的)?(?:工资|收入|工钱|能?挣|赚|是|为|按|大概|约|有|都|能)*\s*{MONEY}")
_GRADE = re.compile(rf"(?:伤残)?({NUM})\s*级(?:伤残)?")
_AGE = re.compile(rf"({NUM})\s*(?:岁|周岁)|(?:爷爷|奶奶|姥姥|姥爷|外公|外婆|父亲|母亲|我爸|我妈|老人|老爷子|老太太)(?:今年|已经|都)?"
                  rf"\s*({NUM})\s*(?:了|多了)")
_PRINCIPAL = re.compile(rf"(?:借出去|借给[^\d，。,]{{0,6}}?|借给?[了我他她]*|借款|欠[了我他她]*|本金|出借|借走|借出)"
                        rf"(?:的)?(?:金额|数额|本金)?\s*(?:为|是|共|共计|:|：)?\s*(?:人民币)?\s*{ARABIC_MONEY}")
_PRINCIPAL_OTHER = re.compile(rf"(?:借了|借给|借)(?:人家|别人|朋友|同事|亲戚|同学|他|她|对方)\s*{ARABIC_MONEY}")
_PRINCIPAL_AFTER = re.compile(rf"{MONEY}\s*(?:的)?(?:借款|欠款|本金)")
_RATE_YEAR = re.compile(r"(?:年利率|年息|年化(?:利率|收益率)?|按年|一年|每年)\s*(?:是|为|按|算|约定|达到|高达|收)?\s*"
                        r"(?:百分之)?(\d+(?:\.\d+)?)\s*(%|个点)?(?:的?(?:利息|利率|息|算|计))?")
#: 一分五的利息, 2分利, 3分息, 两分的利息: a monthly rate in 分 (1 分 = 1 % a month) before the word for interest.
_RATE_FEN_BEFORE = re.compile(r"(?<![\d.千万百十])([一二两三四五]|\d(?:\.\d)?)\s*分(?:([一二三四五六七八九半])|(\d))?"
                              r"\s*(?:的)?\s*(?:利息|利|息|月息|高利)")
#: 每个月给1000利息, 利息每月1500: a monthly interest amount, read against the principal.
_MONTHLY_INTEREST = re.compile(rf"(?:每个?月|一个月|每月|月)\s*(?:给|付|还|支付|交|收)?\s*(?:利息)?\s*{ARABIC_MONEY}\s*(?:的)?\s*利息"
                               rf"|利息\s*(?:每个?月|一个月|每月)\s*(?:给|付|是|为)?\s*{ARABIC_MONEY}")
#: 日息千分之一, 每天万分之五的利息: a daily rate.
_RATE_DAY = re.compile(r"(?:日息|日利率|每天|每日|按日)[^，。,；;\d]{0,4}?(千分之|万分之)\s*([零一二三四五六七八九十\d.点]+)[^，。,；;]{0,4}?(?:利息|息|计息)?")
_RATE_MONTH = re.compile(r"(?:月利率|月息)\s*(\d+(?:\.\d+)?)\s*%")
_RATE_FEN = re.compile(r"(?:月息|利息|月利|利息按|按)\s*([一二两三四五]|\d(?:\.\d)?)\s*分(?!之)(?:([一二三四五六七八九半])|(\d))?")
#: 月息2.5 without a unit: 2.5 % a month (the 分 left out), as lenders write it.
_RATE_BARE = re.compile(r"月息\s*(\d(?:\.\d+)?)(?![\d.%分万千元块])")
_LOAN_TERM = re.compile(rf"(?:借了|借期|借款期限?|期限|(?<![出给])借(?=[一二两三四五六七八九十半\d]))\s*(?:为|是)?\s*({NUM}|半)\s*"
                        rf"(年|个月)")
_REPAID = re.compile(rf"(?:还了|已还|归还了|还过)\s*{MONEY}")
_DEPOSIT = re.compile(rf"(?:定金)\s*(?:是|为|交了|付了|写的|写了|写明|约定的?|定的|定了)?\s*{MONEY}")
#: 5000的定金, 3万作为定金: the amount joined to the word; a space alone ends a clause (房子100万 定金写的30万: the
#: 100万 is the house's, not the deposit's).
_DEPOSIT_BEFORE = re.compile(rf"(?<![\d.]){MONEY}(?:\s*(?:的|说是|作为|当作?|算作?)\s*|(?=定金))定金")
_PRICE = re.compile(rf"(?:(?<!买)卖(?:了|价|给我|我)?(?=\s*[\d一二两三四五六七八九十])|总价|房价|车价|成交价|购房款|总房款|转让价|转让款|房款|合同价|价款|总价款|货款|标的额?|售价|合同额|合同金额|合同总额|合同总价|工程款|首付款|首付|未付款|尾款)\s*(?:是|为|共|一共)?\s*{MONEY}")
#: 违约金是合同额的50%: a penalty agreed as a share of the price.
_PENALTY_SHARE = re.compile(r"违约金[^，。,；;？?！!\d]{0,10}?(\d+(?:\.\d+)?)\s*%")
_PENALTY_BEFORE = re.compile(rf"(?:赔|付|支付|承担)\s*{ARABIC_MONEY}\s*(?:的)?违约金")
_PENALTY = re.compile(rf"违约金\s*(?:是|为|约定了?|定了|写了?|要|索赔)?\s*{MONEY}")
_LOSS = re.compile(rf"(?:损失|实际损失)(?:[^，。,；;？?！!\d]{{0,6}}?)\s*{MONEY}")
_CLAIM = re.compile(rf"(?:起诉|标的|要回|索赔|主张|讨回|追回|欠我|欠款|对方赔|他赔)\s*(?:的)?(?:货款|工程款|钱|款|金额)?\s*{MONEY}"
                    rf"|(?:起诉|告)[^，。,；;？?！!\d]{{0,8}}?(?:付|赔|还|支付|偿还|给付?)\s*{MONEY}")
#: What the client paid for a purchase: 花了8万买, 8万买的, 买…花了8万, 30块钱的牛奶, 车价8万, 一盒才30块钱.
_PURCHASE = (
    re.compile(rf"(?:花了|花|付了|用了|交了)\s*{MONEY}\s*(?:钱)?\s*(?:买|购|在|从|定|订|报)"),
    re.compile(rf"{MONEY}\s*(?:钱)?\s*(?:买的|买了|买来|购买|购入|入手)"),
    # 店里说是全新机卖我3000, 按4599卖给我的: the price the seller charged the client
    re.compile(rf"(?<!买)卖(?:给)?我\s*(?:的)?\s*(?:是|价)?\s*{MONEY}"),
    re.compile(rf"(?:买|购买|购入|入手)[^，。,；;？?！!\d]{{0,12}}?(?:花了|付了|用了|共|一共|总共)\s*{MONEY}"),
    re.compile(rf"(?:车价|售价|价格|价钱|买价|货款|商品价|标价|总价|价款|地板款|家具款|课程费|会员费|才|只要|就)\s*"
               rf"(?:是|为|共|一共)?\s*{MONEY}(?:\s*(?:钱|元|块))?"),
    re.compile(rf"(?<![\d.]){MONEY}\s*(?:钱)?\s*的\s*(?:牛奶|食品|零食|饮料|酒|茶|保健品|商品|东西|货|衣服|鞋|手机|电脑|手表|包)"),
    re.compile(rf"(?:买|购)(?:的|了)[^，。,；;？?！!\d]{{1,8}}?\s*{ARABIC_MONEY}"
               rf"(?!\s*(?:个|天|年|月|号|日|公里|万公里|次|岁|台|件|瓶|盒|箱|斤|节|%|多|人|张|套|辆|份))"),
    re.compile(rf"(?:一共|总共|共计?)\s*(?:花了|付了|是)?\s*{ARABIC_MONEY}\s*(?:钱|元|块)"),
    re.compile(rf"(?:一共|总共|共计?)?(?:花了|付了)\s*{ARABIC_MONEY}"),
    re.compile(rf"(?:菜|饭|餐|牛奶|酸奶|奶粉|酒|饮料|零食|海鲜|水果|蛋糕|月饼|肉)[^，。,；;？?！!\d]{{0,3}}?{ARABIC_MONEY}(?:\s*(?:块|元)|(?=\s|$|[，。,；;？?！!]))"),
    # 商场买的金项链 柜台说是足金 8800 拿去检测: a bare sum set apart by spaces after what was bought
    re.compile(rf"(?:买|购)[^，。,；;？?！!\d]{{0,14}}?\s{ARABIC_MONEY}(?=\s|$|[，。,；;？?！!])"),
    # 买的牛奶…过期了 68块钱: in a purchase, the one sum in yuan the client names is its price
    re.compile(rf"(?<![罚赔扣欠借])(?<!工资)(?<!月薪){ARABIC_MONEY}\s*(?:块钱|块|元)(?!\s*(?:一个月|每月|/月))"),
)
#: 每瓶8块…买了10瓶: a unit price and a count of the same unit.
_UNIT_PRICE = re.compile(rf"(?:每|一)(瓶|盒|件|个|箱|袋|包|斤|份|双|台)\s*(?:是|卖)?\s*{MONEY}")
_PRICE_PER_UNIT = re.compile(rf"{ARABIC_MONEY}\s*(?:钱)?\s*(?:一|每)(瓶|盒|件|个|箱|袋|包|斤|份|双|台)")
_UNIT_COUNT = re.compile(rf"({NUM})\s*(瓶|盒|件|个|箱|袋|包|斤|份|双|台)")
#: weekday overtime by the day, the verb whole or split around the hours (每天加班2小时, 每天都要加俩小时班, 每天多上
#: 一个钟头的班): the hours of each working day
_HOURS = re.compile(rf"(?:每天|每日|天天)(?:下班后?|晚上|早上)?\s*(?:都|都要|要|得|还要|还得|还)?\s*(?:加班|多干|多上|延时|加)\s*(?:了)?\s*({NUM}|半)\s*(?:个)?"
                    rf"(?:小时|钟头|钟)")
_WORK_DAYS = re.compile(rf"(?:一个月|每月|每个月)\s*(?:按|算|上|有)?\s*({NUM})\s*(?:天|个工作日)")
_HOURS_TOTAL = re.compile(rf"加(?:了)?(?:班)?(?:了)?\s*(?:一共|共|总共|累计|起来|算下来|合计)?\s*(?:有|是)?\s*({NUM})\s*(?:个)?(?:多)?小时(?:的)?(?:班)?")
#: weekday overtime by the week (每周加班10小时, 一个礼拜多干八个钟头, 工作日每周延时6小时)
_WEEK_HOURS = re.compile(rf"(?:工作日)?(?:每周|每个?礼拜|每星期|一周|一个礼拜|一星期)\s*(?:工作日)?\s*(?:都|要|得|还)?\s*(?:加班|多干|多上|延时|加)"
                         rf"\s*(?:了)?\s*({NUM}|半)\s*(?:个)?(?:多)?(?:小时|钟头)")
_MONTH_HOURS = re.compile(rf"(?:每月|每个月|一个月)\s*加班\s*({NUM})\s*(?:个)?小时")
_REST_DAYS = re.compile(rf"(?:周末|休息日|双休日?|周六|周日)\s*加班\s*(?:了)?\s*({NUM})\s*天"
                        rf"|(?:周末|休息日|双休日?|周六日|周六周日|礼拜天)(?:的)?\s*({NUM})\s*天\s*(?:都|全)?(?:在|去|来)?(?:加班|上班|干活)"
                        # 周六日加班一共8天, 休息日加班共计五天: the count after a total word
                        rf"|(?:周末|休息日|双休日?|周六日|周六周日|周六|周日)\s*加(?:了)?班\s*(?:一共|共|总共|累计|共计|合计)\s*(?:有|是)?\s*({NUM})\s*天")
_HOLIDAY_DAYS = re.compile(rf"(?:法定节假日|节假日|国庆|春节|过年)\s*加班\s*(?:了)?\s*({NUM})\s*天")
_LEAVE = re.compile(rf"(?:年假|年休假)\s*(?:还有|有|剩)?\s*({NUM})\s*天\s*(?:没|未)")
#: a count of months (8个月, 三个多月), never a month of the calendar (今年4月才补签, 3月份)
_UNSIGNED = re.compile(rf"(?:没|未|没有)签\S{{0,6}}?(?:合同)\S{{0,8}}?(?<![年\d零又])({NUM})\s*个多?月"
                       rf"|(?<![年\d零又])({NUM})\s*个多?月\S{{0,6}}(?:没|未|没有)签")
_PER_CAPITA = re.compile(rf"人均可支配收入\s*(?:是|为|按|有|大概|约|差不多|大约)*\s*{MONEY}")
_LOCAL_AVERAGE_YEAR = re.compile(rf"职工(?:的)?年平均工资\s*(?:是|为|大概|约|大约|差不多)?\s*{MONEY}")
_LOCAL_AVERAGE = re.compile(rf"(?:(?:当地|社平|本市|全市)(?:职工)?(?:月)?平均工资|社平工资|职工月?平均工资)\s*"
                            rf"(?:是|为|大概|约|大约|差不多|每个?月|一个月)*\s*{MONEY}")
_NO_NOTICE = re.compile(r"(?:没|未|没有|不)提前\s*(?:30|三十|一个月)\s*(?:天|日)?(?:书面)?通知|没有?(?:提前)?通知就"
                        r"|不(?:想|愿意?)等(?:一个月|30天|三十天)|马上解除|立即解除|当天(?:就)?解除"
                        # the employer's notice fewer than thirty days ahead (就提前了一天, 只提前一周; not 我提前3天 / 要提前3天)
                        r"|(?<![我要需得])提前了?\s*(?:[一二两三四五六七八九十几]|[1-9]|[12]\d)\s*(?:天|日|周|个?星期|个?礼拜)")
_WEEKLY_REST = re.compile(r"(?:每周六|每个?礼拜六|每周日|每个?礼拜天|每个?周末|每个周六|每周末)")
_REST_COUNT = re.compile(rf"({NUM})\s*个(?:周六|周日|礼拜六|礼拜天|周末|休息日)")
_HOLIDAY_SPAN = re.compile(r"(?:国庆|春节|五一|元旦|中秋|端午|清明|过年)\D{0,3}?(\d{1,2})\s*[号日]?\s*(?:到|至|-|—)\s*(\d{1,2})\s*[号日]")
_NEW_YEAR_SPAN = re.compile(r"初([一二三四五六七])\s*(?:到|至|-|—)\s*初([一二三四五六七])")
_HOLIDAY_COUNT = re.compile(rf"(?:国庆|春节|五一|元旦|中秋|端午|清明|法定节假日|节假日)[^，。？?]{{0,12}}?({NUM})\s*天")
#: 一天年假都没休, 年假一天也没让休, 一天年假都没给: none of the year's leave taken (给, 批, 安排 need no 休 after them).
_NO_LEAVE_TAKEN = re.compile(r"(?<!还有)(?<!剩)(?<!剩下)(?<!有)(?:年假|年休假)?一天(?:年假|年休假)?(?:也|都|(?<=假))(?:没|未|不)(?:有)?(?:(?:让|准|能)(?:我)?(?:休|放)|"
                             r"(?:给|批|安排)(?:我)?(?:休|放)?|休|放)")
_LPR = re.compile(r"LPR\s*(?:是|为|为年|按|按照|算)?\s*(\d+(?:\.\d+)?)\s*%", re.I)
#: 每天万分之零点五, 按日万分之一, 每逾期一天按千分之一点五: a penalty rate by the day (the one reader of it).
_DAILY_RATE = re.compile(r"(?:每天|每日|按日|日|每(?:逾期|晚|迟延|延迟|拖延|推迟|延期|超期|迟)[^，。,；]{0,8}?(?:一|1)\s*(?:天|日))[^，。,；]{0,10}?(千分之|万分之)\s*"
                         r"([零〇一二两三四五六七八九十\d.点]+)")
#: What the client paid, when a daily penalty runs on the sum paid (按已付房款每天万分之一).
_PAID_SUM = re.compile(rf"(?:付了|交了|支付了|已付|已交)\s*{MONEY}")
#: 违约金按每天500, 每逾期一天赔200元: a fixed penalty a day.
_DAILY_PENALTY_SUM = re.compile(rf"(?:每天|每日|按日|一天|每逾期一天|每晚一天|每拖一天|每延期一天)[^，。,；;？?！!\d]{{0,8}}?"
                                rf"(?:违约金|赔|罚|扣|付|支付)?[^，。,；;？?！!\d]{{0,4}}?{ARABIC_MONEY}(?!\s*%)")
_DELAY = re.compile(rf"(?:晚了|晚交了?|逾期了?|迟延了?|拖了|延迟了?|推迟了?|晚)"
                    rf"(?:交房|交付|交货|付款|发货|还款|办证|交)?了?\s*({NUM})\s*(天|个月)")
_LEAVE_BEFORE = re.compile(rf"({NUM})\s*天\s*年(?:休)?假\s*(?:都|还)?\s*(?:没|未)休")
_NO_CONTRACT = re.compile(r"(?:没|未|没有|不)(?:跟我|和我|给我|与我)?签(?:订)?(?:书面)?(?:劳动)?(?:合同|和同)")
_EMPLOYMENT = re.compile(r"(?:公司|单位|老板|厂里|用人单位|上班|入职|员工)")


def _today(today: date | None) -> date:
    return today or datetime.now(tz=CHINA_TZ).date()


def _months_between(start: date, end: date) -> int:
    return max(0, (end.year - start.year) * 12 + end.month - start.month - (1 if end.day < start.day else 0))


def _shift_years(day: date, years: Decimal) -> date:
    months = int(years * 12)
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return date(year, month + 1, min(day.day, 28))


def _date(match: re.Match[str]) -> date | None:
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3) or 1))
    except ValueError:
        return None


_MONTH_DAY = re.compile(r"(?<![\d年./-])(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")
#: 12月10号开股东会, 12月20日开庭, 下月5号到期: a day still to come (this year, not the last).
_TO_COME = re.compile(r"\s*(?:要|将|准备|打算|就)?\s*(?:开(?!始|除)|召开|举行|开庭|到期|截止|前(?!天)|起(?!诉))")


def _dated_events(text: str, today: date | None = None) -> list[tuple[date, str, str, int, int]]:
    """(date, the words after it, the words before it, where it starts, where it ends) for each date of
    ``text``, in order; the words reach to the next (or back to the previous) date, at most 12 (8)
    characters. A date without a year ("11月22号签收") is in the year of the full date before it, else
    the latest such day not after today."""
    found = [(m.start(), m.end(), d) for m in _DATE.finditer(text) if (d := _date(m)) is not None]
    taken = [(m.start(), m.end()) for m in _DATE.finditer(text)]
    today = _today(today)
    for m in _MONTH_DAY.finditer(text):
        if any(start <= m.start() < end for start, end in taken):
            continue
        earlier = [d for at, _end, d in found if at < m.start()]
        year = earlier[-1].year if earlier else today.year
        try:
            day = date(year, int(m.group(1)), int(m.group(2)))
        except ValueError:
            continue
        if not earlier and day > today and not _TO_COME.match(text, m.end()) \
                and not _SUPPOSED.search(text[max(0, m.start() - 20):m.start()]):  # 要是12月1号收到: a day to come
            try:
                day = date(year - 1, day.month, day.day)
            except ValueError:
                continue
        found.append((m.start(), m.end(), day))
    for m in _MONTH_DOT.finditer(text):  # 11.25送货上门: a month and a day written with a dot
        if any(start <= m.start() < end for start, end, _d in found):
            continue
        try:
            day = date(today.year, int(m.group(1)), int(m.group(2)))
            day = day if day <= today else date(today.year - 1, day.month, day.day)
        except ValueError:
            continue
        found.append((m.start(), m.end(), day))
    for m in _DAY_ONLY.finditer(text):  # 商家20号签收的: a day of this month (of the last, if still to come)
        if any(start <= m.start() < end for start, end, _d in found):
            continue
        year, month = today.year, today.month
        if int(m.group(1)) > today.day:
            year, month = (year, month - 1) if month > 1 else (year - 1, 12)
        try:
            day = date(year, month, int(m.group(1)))
        except ValueError:
            continue
        found.append((m.start(), m.end(), day))
    found.sort(key=lambda e: e[0])
    # 上周五（11月20号）: a date repeated in brackets right after another is the same day, not a second event
    found = [f for i, f in enumerate(found) if not (i and f[2] == found[i - 1][2]
                                                     and text[found[i - 1][1]:f[0]].strip() in ("（", "("))]
    events = []
    for index, (start, end, day) in enumerate(found):
        stop = found[index + 1][0] if index + 1 < len(found) else len(text)
        back = found[index - 1][1] if index else 0
        # the words after a date reach 24 characters: a client often names who spoke before what was done
        # (上个月30号主管说我态度不好 第二天就把我的门禁停了); the nearest event word still wins
        events.append((day, text[end:min(stop, end + 24)], text[max(back, start - 24):start], start, end))
    return events


#: A month's pay told in its parts (基本工资4500加绩效平均每月3000, 底薪3000+提成5000, 底薪2800，提成每月4000左右):
#: the base, then a variable part after 加 / + / 另有 / a comma.
_WAGE_BASE = re.compile(rf"(?:基本工资|底薪|基础工资|固定工资|岗位工资|基本月薪|保底工资?)\s*{_WAGE_FILLER}\s*{ARABIC_MONEY}")
_WAGE_PART = re.compile(r"\s*(?:[，,、]\s*)?(\+|＋|加上|加|另有|另外|外加|再加|还有|和|及|以及)?\s*(?:每个?月|一个月)?\s*(?:的)?\s*"
                        r"(提成|绩效(?:工资|奖金)?|奖金|(?:岗位|交通|住房|通讯|高温|伙食|饭|车)?(?:补贴|津贴|补助)|加班费|全勤(?:奖)?|餐补|房补|交通补贴)"
                        r"((?:\s*(?:平均|大概|大约|约|差不多|一般|每个?月|一个月|月均|也?有|是|为|能拿|能有|拿|在|都)\s*)*)")
#: Words that make the part's sum the whole month (算上提成一个月7000, 加起来一万): not added to the base.
_WAGE_TOTAL = re.compile(r"算上|加起来|总共|一共|合计|综合|算下来|加在一起|连同|包括|含")


def _wage_in_parts(text: str) -> tuple[Decimal, str] | None:
    """基本工资 plus a variable part, each with its amount: the month's pay is their sum (劳动合同法实施条例
    第二十七条: 经济补偿's wage counts 计件工资、提成工资、奖金、津贴和补贴). A part told as the month's average
    and larger than the base (基本工资4000加提成平均每月1万) is read as the whole month's average pay instead."""
    for base in _WAGE_BASE.finditer(text):
        first = money(base.group(1), base.group(2))
        if first is None:
            continue
        total, said, at = range_at(text, base.end(1)) or first, base.group(0), base.end()
        while (part := _WAGE_PART.match(text, at)) is not None:
            amount = re.match(rf"\s*{ARABIC_MONEY}", text[part.end():])
            if amount is None or _WAGE_TOTAL.search(part.group(0)):
                break
            value = money(amount.group(1), amount.group(2))
            if value is None:
                break
            value = range_at(text, part.end() + amount.end(1)) or value
            if part.group(1) is None and not re.search(r"[，,、]", part.group(0)[:3]):
                break
            if value >= total and re.search(r"平均|月均", part.group(3) or "") and part.group(1) not in ("+", "＋"):
                break  # 基本工资4000加提成平均每月1万: the whole month's average
            if not Decimal(100) <= value <= Decimal(1_000_000):
                break
            total += value
            said = text[base.start():part.end() + amount.end()]
            at = part.end() + amount.end()
        if said != base.group(0) and Decimal(300) <= total <= Decimal(2_000_000):
            return total, f"{said}（合计）"
    return None


def _own_wage(text: str) -> tuple[Decimal, str] | None:
    """The client's own monthly wage: 月薪/工资/一个月… and the amount after it (8000-9000 → 8500;
    税前 preferred to 税后 when both are given, the basis of every labour calculation); a yearly pay
    (年薪24万) is divided by twelve. Never an average, a minimum wage or a local standard."""
    found: list[tuple[bool, Decimal, str]] = []
    if _LEASE_ONLY(text):
        return None  # 每月4000 in a lease is the rent, not a wage
    parts = _wage_in_parts(text)
    if parts is not None:
        return parts
    for pattern in (_WAGE, _WAGE_AFTER):
        for m in pattern.finditer(text):
            before = text[max(0, m.start() - 6):m.start() + 2]
            own_average = re.search(r"个月(?:的)?平均$", text[max(0, m.start() - 6):m.start()])
            if any(word in before for word in _NOT_OWN_WAGE) and not own_average:
                continue
            if re.search(r"利息|房租|租金|月供|还款|抚养费|赡养费|生活费", text[m.start():m.end() + 5]) or re.search(
                    r"月给(?!我开|我发)", m.group(0)):
                continue  # 一个月利息2万, 每月房租3000: not a wage
            if re.search(r"扣|罚|少发|少给|降了|降到", m.group(0)):
                continue  # 工资被扣了8万, 工资降了2000: a sum taken from the wage or a cut, not the wage
            value = money(m.group(1), m.group(2))
            if value is None:
                continue
            value = range_at(text, m.end(1)) or value
            if Decimal(300) <= value <= Decimal(2_000_000):
                gross = any(w in text[max(0, m.start() - 2):m.end()] for w in _GROSS)
                found.append((gross, value, m.group(0)))
    if found:
        gross = [f for f in found if f[0]]
        # 基本工资4000加提成平均每月1万: the month's average pay (经济补偿's base), not the basic wage alone
        average = [f for f in found if re.search(r"平均|综合|加上|算上|算下来|加起来|提成|奖金|绩效|总共|一共",
                                                   text[max(0, text.find(f[2]) - 8):text.find(f[2]) + len(f[2])])]
        _, value, said = (gross or average or found)[0]
        return value, said
    m = _YEAR_WAGE.search(text)
    if m and (value := money(m.group(1), m.group(2))) is not None and value >= 3600:
        return (value / 12).quantize(Decimal("0.01")), f"{m.group(0)}（÷12）"
    return None


#: 在这个厂三年多了, 来这公司快五年了, 在单位都十年了: the years said after the workplace, ending with 了.
_TENURE_AT = re.compile(rf"(?:在|来|进|到)(?:了)?(?:这个|这家|这|我们|现在的?|那个|那家)?(?:公司|厂里|厂子|工厂|厂|单位|店里|店|工地|"
                        rf"酒店|饭店|餐厅|医院|学校|超市|物业|工厂里)(?:里)?(?:上班|干活|干|工作|做事|做)?(?:都)?{_ABOUT}\s*"
                        rf"({NUM})\s*年(半|多)?(?:(?:零|又)?({NUM})\s*个?月)?了")
#: 做调度四年七个月了, 当保安三年多了, 做会计五年了: the job named between the verb and the years (the time
#: since, closed by 了, is the tenure).
_TENURE_ROLE = re.compile(rf"(?:做|当)(?![了过])[\u4e00-\u9fff]{{1,5}}?{_ABOUT}\s*({NUM})\s*年(半|多)?"
                          rf"(?:(?:零|又)?({NUM})\s*个?月)?了")
#: 公司三年都没给我交社保, 五年一直没缴过社保: an employment at least as long as the years without insurance.
_TENURE_UNINSURED = re.compile(rf"({NUM})\s*年(半|多)?(?:来|里|时间)?\s*(?:都|一直|从来)?\s*(?:没|没有|未|不)\s*(?:给我|帮我|替我)?"
                               rf"\s*(?:交|缴|买|上)(?:过)?\s*(?:纳)?\s*(?:社保|社会保险|五险)")


#: 2018年入职, 18年进的厂, 从2020年开始在这家公司上班, 我是19年来的: a start told by its year alone (the month
#: unsaid: whole years to this year are counted).
_TENURE_SINCE_YEAR = re.compile(r"(?<![\d年了干做待呆])((?:19|20)?\d{2})\s*年\s*(?:底|初|年底|年初|的时候|那会儿?|那年)?\s*"
                                r"(?:就|便|开始|起|份)?\s*(?:就|便|开始|起)?\s*(?:在|到|进|来)?[^，。,；;？?！!\d年]{0,10}?"
                                r"(?:入职|进的?(?:厂|公司|单位|店)|进厂|进公司|来的|来公司|上班|干活|上岗|工作(?!了)|"
                                r"(?:干|做|上班|工作)(?:到|至)(?:现在|今天|如今)|"
                                r"签的?(?:劳动)?合同|干的|干起|做起)")
#: The job held on since a dated start (签的合同一直干到现在, 一直做到今天): that start is the hire.
_UNTIL_NOW = re.compile(r"(?:干|做|上班|工作|待|呆)(?:到|至)(?:现在|今天|如今|目前)|至今")


def _since_year(text: str, today: date) -> tuple[int, str] | None:
    for m in _TENURE_SINCE_YEAR.finditer(text):
        year = int(m.group(1))
        if year < 100:
            year += 2000 if year <= today.year % 100 else 1900
        if not 1960 <= year <= today.year or re.match(r"\s*年\s*\d", text[m.end(1):]):
            continue
        if re.match(r"[^，。,；;？?！!]{0,6}?(?:前|以前|之前)", text[m.end(1) + 1:]):
            continue  # 5年前入职: the relative readers' (a duration back from today)
        years = today.year - year
        if years <= 0:
            continue
        return years * 12, f"{m.group(0)}（{year}年至今按{years}年计）"
    return None


#: The contract signed at last (今年4月才补签, 3月份才让我签, 后来在2026年1月补签了): the unsigned time ends there.
_SIGNED_LATE = re.compile(r"^\s*(?:份)?\s*(?:的时候|时)?\s*(?:才|又|就|终于|后来)?\s*"
                          r"(?:补签|补了合同|签了?(?:劳动)?合同|让我签|叫我签|给我签|签的|签上|补的)")


def _signed_late(text: str, today: date) -> tuple[int, str] | None:
    """The months from the hire to the day a contract was signed late, when the question dates both."""
    dated = _dated_events(text, today)
    hired = next((d for d in typed_dates(text, today) if d.event == "hire"), None)
    if hired is None:
        return None
    for day, after, _before, _start, _end in dated:
        if day > hired.day and _SIGNED_LATE.match(after):
            return _months_between(hired.day, day), f"{hired.day.isoformat()} 入职，{day.isoformat()} 补签"
    return None


def _tenure(text: str, today: date) -> tuple[int, str] | None:
    for m in (*_TENURE.finditer(text), *_TENURE_AT.finditer(text), *_TENURE_ROLE.finditer(text),
              *_TENURE_UNINSURED.finditer(text)):
        years = cn_number(m.group(1))
        if years is None or years > 60:
            continue
        months = int(years * 12) + (6 if m.group(2) == "半" else 0)
        if m.re is not _TENURE_UNINSURED and m.group(3):
            months += int(cn_number(m.group(3)) or 0)
        if re.search(r"(?:快|快要|近|将近)", m.group(0)) and not m.group(3):
            months -= 1  # 干了快三年: not yet three years
        return months, m.group(0)
    for m in _TENURE_MONTHS.finditer(text):
        value = cn_number(m.group(1))
        if value is not None and value <= 600:
            return int(value), m.group(0)
    dates = typed_dates(text, today)
    joined = next((d for d in dates if d.event == "hire"), None)
    if joined is None and _UNTIL_NOW.search(text) and re.search(r"劳动|合同|公司|单位|厂|老板|上班|工资|月薪", text):
        joined = next((d for d in dates if d.event == "contract"), None)
    if joined is not None:
        end = next((d.day for d in dates if d.day > joined.day and d.event in ("termination", "resign")), None)
        # the last day worked counts: 2025-12-01 入职, 2026-08-31 离职 is nine whole months
        months = _months_between(joined.day, end + timedelta(days=1)) if end else _months_between(joined.day, today)
        return months, f"{joined.day.isoformat()} 至 {(end or today).isoformat()}"
    return _since_year(text, today)


def _fen(m: re.Match[str]) -> Decimal:
    """月息2分 / 一分五 / 一分半: the monthly rate in per cent (1 分 = 1 %)."""
    whole = cn_number(m.group(1)) or Decimal(0)
    said = m.group(2)
    tenth = Decimal(5) if said == "半" else cn_number(said) if said else (Decimal(m.group(3)) if m.group(3) else Decimal(0))
    return whole + (tenth or Decimal(0)) / 10


def _rate(text: str) -> tuple[Decimal, str] | None:
    for m in _RATE_YEAR.finditer(text):
        value = Decimal(m.group(1))
        if m.group(2) or "%" in m.group(0) or value <= 100 and re.match(r"年利率|年息|年化", m.group(0)):
            if 0 < value <= 100:
                return value, m.group(0)
    m = _RATE_MONTH.search(text)
    if m:
        return Decimal(m.group(1)) * 12, m.group(0)
    m = _RATE_BARE.search(text)
    if m and Decimal(m.group(1)) <= 6:
        return Decimal(m.group(1)) * 12, m.group(0)
    for pattern in (_RATE_FEN, _RATE_FEN_BEFORE):
        m = pattern.search(text)
        if m and 0 < (monthly := _fen(m)) <= 10:
            return monthly * 12, m.group(0)  # 月息2分 = 2 % a month
    m = _RATE_DAY.search(text)
    if m and (number := decimal_number(m.group(2))) is not None:
        daily = number / (1000 if m.group(1) == "千分之" else 10000)
        if "违约金" not in text[max(0, m.start() - 8):m.end() + 4]:
            return (daily * 365 * 100).quantize(Decimal("0.01")), m.group(0)
    return None


def _monthly_interest_rate(text: str, principal: Decimal | None) -> tuple[Decimal, str] | None:
    """每个月给1000利息 on a principal of 50000: 1000 ÷ 50000 × 12 = 24 % a year."""
    if not principal:
        return None
    found = _first_money(_MONTHLY_INTEREST, text)
    if found is None or not 0 < found[0] < principal:
        return None
    return (found[0] / principal * 1200).quantize(Decimal("0.01")), found[1]


def _first_money(pattern: re.Pattern[str], text: str, at_least: Decimal = Decimal(0)) -> tuple[Decimal, str] | None:
    for m in pattern.finditer(text):
        if text[m.end():m.end() + 2] == "分之":
            continue  # 千分之五 is a rate, not an amount
        groups = m.groups()
        at = next((i for i in range(0, len(groups) - 1, 2) if groups[i] is not None), None)
        if at is None:
            continue
        value = money(groups[at], groups[at + 1])
        if value is not None and value > at_least:
            return value, m.group(0)
    return None


def _lost_time(text: str, facts: Facts) -> None:
    """误工期: every stretch the client names (住院15天 and 再休息2个月 add up); whole months are
    kept apart (``lost_months``) so a monthly wage pays them month for month."""
    months, days, said, spans = Decimal(0), Decimal(0), [], []
    for pattern in (_LOST, _LOST_AFTER):
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in spans):
                continue
            if said and text[max(0, m.start(1) - 1):m.start(1)] in ("这", "那"):
                continue  # 休息两个月…这两个月没上班: the stretch named again, not another one
            number = spoken_count(m.group(1))
            if number is None:
                continue
            spans.append((m.start(), m.end()))
            said.append(m.group(0))
            if "月" in m.group(2):
                months += number
            else:
                days += number * (7 if m.group(2) in ("周", "星期") else 1)
    if said:
        facts.add("lost_days", months * 30 + days, "、".join(said))
        if months:
            facts.add("lost_months", months, "、".join(said))


# -- the roles of family, inheritance, injury, criminal, company, lease and policy figures -------------------
_FILL = r"(?:是|为|有|按|约|大约|大概|差不多|左右|一共|总共|共|才|只有|就|都)*"
#: The other parent's income (抚养费 is a share of the payer's income, never the client's own).
_PAYER_INCOME = re.compile(rf"(?:他|她|前夫|前妻|对方|孩子(?:他|她)?(?:爸|妈|父亲|母亲)|男方|女方)(?:的|现在|目前|如今)?(?:每个?月|一个月)?"
                           rf"(?:月薪|月工资|工资|收入|月收入|月入|挣|赚)(?:[^，。,；;？?！!\d]{{0,6}}?)(?:有|是|大概|差不多|约)?\s*"
                           rf"{ARABIC_MONEY}")
_SUPPORT = (
    re.compile(rf"抚养费\s*(?:每个?月|一个月|每月)?\s*{_FILL}\s*{ARABIC_MONEY}"),
    re.compile(rf"(?:每个?月|一个月|每月|月)[^，。,；;？?！!\d]{{0,6}}?{ARABIC_MONEY}\s*(?:的)?\s*抚养费"),
    re.compile(rf"(?:每个?月|每月|一个月)\s*(?:给|付|支付)\s*(?:孩子|小孩|女儿|儿子)?\s*{ARABIC_MONEY}"),
)
_ARREARS = re.compile(rf"(?:已经|都|有|快|连续)?\s*({NUM}|半)\s*(年|个?月)\s*(?:都|一直)?\s*(?:没|未|不)(?:有)?(?:给|付|支付|打)"
                      rf"|(?:欠|拖欠|拖)(?:了)?\s*({NUM}|半)\s*(年|个?月)")
_CHILDREN = re.compile(rf"({NUM})\s*(?:个)?(?:孩子|小孩|子女|儿女)|(双胞胎|龙凤胎|俩孩子|两个娃)")
_ESTATE = (
    re.compile(rf"(?:遗产|留下|留了|遗留)(?:的)?(?:(?!欠|债|贷)[^，。,；;？?！!\d]){{0,8}}?(?:有|是|共|总共|一共|值|价值|大概|约)?\s*{ARABIC_MONEY}"
               rf"(?!\s*(?:的)?(?:欠款|债|外债|贷款))"),
    re.compile(rf"(?:房子|房产|存款|遗产)[^，。,；;？?！!\d]{{0,6}}?(?:值|价值|估值|共|有)\s*{ARABIC_MONEY}"),
    re.compile(rf"(?:存款|遗产|房产|现金|积蓄)\s*(?:有|是|共|一共|大概|约)?\s*{ARABIC_MONEY}"),
    re.compile(rf"(?:现在|目前|市场价)?(?:值|价值|估值|市值)\s*(?:大概|约|差不多)?\s*{ARABIC_MONEY}"),
)
_JOINT = re.compile(r"婚后|夫妻共同|共同财产|两口子攒|和我妈一起|和我爸一起|结婚以?后|爸妈一起|父母一起")
_DEBT = re.compile(rf"(?:欠款|欠债|外债|债务|欠了|欠银行|欠别人|借款)\s*{_FILL}\s*{ARABIC_MONEY}|{ARABIC_MONEY}\s*(?:的)?(?:欠款|外债|债务)")
_HEIR_LIST = re.compile(r"继承人(?:就是|只有|有|是|包括|为)[:：]?([^，。,；;？?！!]{1,30})")
_RELATIVE_WORDS = ("我妈", "我爸", "我妹", "我弟", "我哥", "我姐", "我奶奶", "我爷爷", "我", "妈妈", "爸爸", "母亲", "父亲", "奶奶",
                   "爷爷", "外婆", "外公", "姥姥", "姥爷", "哥哥", "姐姐", "弟弟", "妹妹", "儿子", "女儿", "妻子", "丈夫",
                   "老婆", "老公", "继母", "继父")
_HEIR_COUNT = re.compile(rf"(?:兄弟姐妹|兄妹|姐弟|兄弟|姐妹|子女|孩子|儿女)\s*(?:一共|共|总共)?\s*({NUM})\s*(?:个|人|位)"
                         rf"|({NUM})\s*(?:个|位)\s*(?:子女|孩子|儿女|继承人)")
_CARE_DAYS = re.compile(rf"(?:住院|护理|陪护|住了|躺了|照顾(?:了)?(?:我|他|她)?|陪床)(?:了|那|的|期间|共|一共)*\s*({NUM}|半)\s*(天|个?月|周|星期)")
_CAREGIVER = re.compile(rf"(?:她|他|老婆|老公|妻子|丈夫|我妈|我爸|家属|家人|女儿|儿子|护理人)(?:的)?(?:每个?月|一个月)?"
                        rf"(?:月薪|月工资|工资|收入|月收入|月入)\s*(?:是|有|大概|约)?\s*{ARABIC_MONEY}")
_CARE_RATE = re.compile(rf"(?:护工|护理费|陪护)[^，。,；;？?！!\d]{{0,6}}?(?:每天|一天|日)\s*{ARABIC_MONEY}"
                        rf"|(?:每天|一天)\s*{ARABIC_MONEY}\s*(?:的)?(?:护工|护理费)")
_SENTENCE = re.compile(rf"(有期徒刑|拘役|管制|判了?|判处)\s*(?:有期徒刑|拘役|管制)?\s*({NUM}|半)\s*(年|个?月)(半)?"
                       rf"(?:(?<=年)\s*(?:零|又)?\s*({NUM})\s*个月)?")
_CUSTODY = re.compile(rf"(?:关了|羁押了?|拘留了|关押了?|押了|在看守所(?:里)?(?:关|待|呆)了|被关了?)\s*({NUM})\s*(天|个?月)")
_TRAINING_FEE = re.compile(rf"(?:培训费(?:用)?|花了?|出了|掏了|付了|拿了)\s*{_FILL}\s*{ARABIC_MONEY}\s*(?:钱)?\s*(?:送我|让我|给我)?(?:出去|去)?(?:培训|学习|进修)?")
_SERVICE_YEARS = re.compile(rf"服务期[^，。,；;？?！!\d]{{0,4}}?\s*{_FILL}\s*({NUM})\s*年|({NUM})\s*年(?:的)?服务期")
_MINIMUM = re.compile(rf"最低工资(?:标准)?\s*{_FILL}\s*{ARABIC_MONEY}")
_ANNUAL_AVG = re.compile(rf"(?:年平均工资|年均工资|年平均收入)\s*{_FILL}\s*{ARABIC_MONEY}")
_JUDGMENT = re.compile(rf"(?:判(?:决)?[^，。,；;？?！!\d]{{0,6}}?(?:还|赔|给|支付|偿还|付)(?:我|对方|他|她|原告|被告)?|判决(?:确定)?(?:的)?(?:金额|给付)?)\s*{_FILL}\s*"
                       rf"{ARABIC_MONEY}")
_PASSED_DAYS = re.compile(rf"(?:过了|超过了?|超了)\s*({NUM})\s*天")
_DAILY_AVG = re.compile(rf"日平均工资(?:算|计算)?[\s，,]*(?:一天|每天|日)?\s*{_FILL}\s*{ARABIC_MONEY}")
_PROFIT = re.compile(rf"(?:税后)?利润\s*{_FILL}\s*{ARABIC_MONEY}")
#: A month's rent (月租4000, 房租每月3500); never the total of several months' (押了两个月房租8000: the deposit).
_RENT = (re.compile(rf"(?<!个月)(?<!个月的)(?:月租|房租|租金)\s*(?:每个?月|一个月|每月)?\s*{_FILL}\s*{ARABIC_MONEY}"),
         re.compile(rf"(?:每个?月|一个月)\s*(?:房租|租金)\s*{_FILL}\s*{ARABIC_MONEY}"),
         re.compile(rf"{ARABIC_MONEY}\s*(?:元)?\s*(?:一个月|每月|/月)\s*(?:的)?(?:房租|租金|租)"))
_MONTHLY_SUM = re.compile(rf"(?:每个?月|一个月|每月|月)\s*(?:是|为|交|付|要)?\s*{ARABIC_MONEY}(?!\s*(?:的)?(?:押金|违约金|利息))")
_WAGE_WORDS = re.compile(r"工资|月薪|薪水|薪资|底薪|收入|挣|赚|到手|税前|税后|应发|实发|上班|入职|公司|单位|老板")


def _LEASE_ONLY(text: str) -> bool:
    """A lease story (房租, 租客, 押金 …) that says nothing of a wage: a month's sum in it is the rent."""
    return bool(re.search(r"房租|租金|月租|房东|租客|租户|承租|出租|押金", text)) and not _WAGE_WORDS.search(text)


_PAY_TERMS = re.compile(r"押([一二两三1-3])付([一二三四六1-6])")
_DEPOSIT_MONTHS = re.compile(rf"押金\s*(?:是|为)?\s*({NUM})\s*个月")
_PENALTY_MONTHS = re.compile(rf"(?:违约(?:方|金)?|赔)[^，。,；;？?！!]{{0,8}}?({NUM})\s*个月(?:的)?(?:房租|租金)")
_CONTRIBUTION = re.compile(rf"(?:交了|缴了|缴费|交|缴纳了?|累计缴费)\s*(?:满)?\s*({NUM})\s*年(?:多)?\s*(?:的)?(?:失业保险|失业金|社保)?"
                           rf"|(?:失业保险|社保)\s*(?:交了|缴了|交|缴)?\s*(?:满)?\s*({NUM})\s*年")
_RECEIVED = re.compile(rf"(?:(?:实际|实际上|其实|真正)(?:只)?(?:转给我|转我|打我|转了|给我|打给我|打了|到账|到手|收到|拿到|给了我?|转账|借到)"
                       rf"(?:了|的)?\s*(?:只有|只|就|才|是|的是)?"
                       # 打到我卡上只有9万: what reached the account, said with 只有/才
                       rf"|(?:(?:打到|转到|到)我?(?:的)?(?:卡上|卡里|账上|账户里?|微信里?|支付宝里?)|到账|到手)(?:了|的)?\s*"
                       rf"(?:只有|只|就|才|的是))\s*{ARABIC_MONEY}")
_CONTRACT_TERM = re.compile(rf"(?:签了?|签的(?:是)?|签订了?)\s*(?:一份)?\s*({NUM}|半)\s*年(?:期)?(?:的)?(?:劳动)?合同"
                            rf"|合同(?:签了?|签的是?|期限?是?)\s*({NUM}|半)\s*年"
                            rf"|合同(?:期限?|签的是?|为期)\s*({NUM}|半)\s*年|({NUM})\s*个月(?:的)?(?:劳动)?合同")
_BABIES = {"双胞胎": 2, "龙凤胎": 2, "三胞胎": 3, "四胞胎": 4}
_DIFFICULT = re.compile(r"难产|剖腹产|剖宫产|剖腹|剖了")
_SIMPLE = re.compile(r"简易程序|减半")


def _heirs(text: str) -> tuple[int, str] | None:
    m = _HEIR_LIST.search(text)
    if m:
        listed, count, rest = m.group(1), 0, m.group(1)
        for word in sorted(_RELATIVE_WORDS, key=len, reverse=True):
            while word in rest:
                count += 1
                rest = rest.replace(word, "、", 1)
        if count:
            return count, m.group(0)
        said = re.search(rf"({NUM})\s*(?:个|人|位)", listed)
        if said and (n := cn_number(said.group(1))) is not None:
            return int(n), m.group(0)
    m = _HEIR_COUNT.search(text)
    if m and (n := cn_number(m.group(1) or m.group(2))) is not None and 0 < n < 20:
        spouse = re.search(r"(?:我妈|我爸|母亲|父亲|奶奶|爷爷|老伴)(?:还在|健在|在世)|(?:和|跟)(?:我妈|我爸)", text)
        return int(n) + (1 if spouse else 0), m.group(0)
    # 公公就俩儿子, 老人有两个儿子一个女儿: the children counted by son and daughter (a child who died before
    # leaves his place to his own heirs: 代位继承, 丧偶儿媳 who cared for the parents — the count is the same)
    sons = [c for c in _SONS_DAUGHTERS.finditer(text) if (k := cn_number(c.group(1))) is not None and 0 < k < 10]
    if sons and "遗产" in text or sons and re.search(r"继承|去世|过世|走了|遗嘱", text):
        total = sum(int(cn_number(c.group(1)) or 0) for c in sons)
        alive = re.search(r"(?:婆婆|公公|老伴|我妈|我爸|母亲|父亲|奶奶|爷爷|老太太|老爷子)(?:还在|健在|在世)", text)
        return total + (1 if alive else 0), "、".join(c.group(0) for c in sons)
    return None


#: 俩儿子, 两个女儿, 一儿一女 is read by :data:`_HEIR_COUNT`'s words; here the number before 儿子 / 女儿.
_SONS_DAUGHTERS = re.compile(rf"({NUM}|俩)\s*(?:个)?\s*(?:儿子|女儿|闺女)")


#: The asker is the parent who pays (孩子归她, 孩子判给了前夫, 我要付多少抚养费, 她找我要抚养费) ...
_ASKER_PAYS = re.compile(r"孩子(?:归|跟|判给|随|由|跟着)(?:了)?(?:她|他|前妻|前夫|对方|孩子(?:妈|爸|他妈|她爸)|女方|男方|我老婆|我老公|老婆|老公)"
                         r"|我(?:要|得|该|需要|应该|应当|每月|每个月)?(?:付|给|出|支付|掏)(?:多少|孩子)?(?:的)?抚养费"
                         r"|(?:她|他|前妻|前夫|对方)(?:找我|向我|跟我|让我|要我|起诉我)(?:要|给|付)?(?:抚养费)?")
#: ... and tells his own income (我每月收入1万2, 我工资8000, 我一个月挣六千): the payer's income.
_MY_INCOME = re.compile(rf"我(?:现在|目前|如今)?(?:的)?(?:每个?月|一个月|月)?(?:的)?(?:收入|工资|月薪|月入|挣|赚|拿|到手)"
                        rf"[^，。,；;？?！!\d]{{0,6}}?{ARABIC_MONEY}")


def _roles_more(text: str, facts: Facts) -> None:
    """Facts of the figures beyond labour and loans, each read from the words that name its role."""
    found = _first_money(_PAYER_INCOME, text)
    if found:
        facts.add("payer_income", *found)
    if "抚养" in text and _ASKER_PAYS.search(text):
        found = _first_money(_MY_INCOME, text, Decimal(300))
        if found:
            facts.add("payer_income", *found)
    for pattern in _SUPPORT:
        found = _first_money(pattern, text)
        if found and "抚养" in text:
            facts.add("support_amount", *found)
            break
    m = _ARREARS.search(text)
    if m and ("抚养" in text or "赡养" in text):
        number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = spoken_count(number)
        if value is not None:
            facts.add("arrears_months", value * (12 if unit == "年" else 1), m.group(0))
    m = _CHILDREN.search(text)
    if m:
        count = 2 if m.group(2) else cn_number(m.group(1))
        if count is not None and 0 < count < 10:
            facts.add("children", int(count), m.group(0))
    if re.search(r"去世|过世|死亡|遗产|继承|走了|病故|离世", text):
        for pattern in _ESTATE:
            found = _first_money(pattern, text, at_least=Decimal(100))
            if found:
                facts.add("estate_value", *found)
                break
        debt = _first_money(_DEBT, text)
        if debt:
            facts.add("debt_amount", *debt)
        # the family read from the decedent's side (the order of 1127 applied to the people named) first, the
        # client's own count of heirs where the family does not read
        heirs = kinship.heads(text) or _heirs(text)
        if heirs:
            facts.add("heirs", *heirs)
        m = _JOINT.search(text)
        if m:
            facts.add("joint_property", True, m.group(0))
    if re.search(r"护理|陪护|照顾|护工", text):
        m = _CARE_DAYS.search(text)
        if m and (days := days_in(m.group(1), m.group(2))) is not None:
            facts.add("care_days", days, m.group(0))
            if "月" in m.group(2) and (months := spoken_count(m.group(1))) is not None and 0 < months <= 24:
                # 照顾了我一个月: whole months of a monthly income lost, not thirty days of a daily one
                facts.add("care_months", months, m.group(0))
        found = _first_money(_CAREGIVER, text)
        if found:
            facts.add("caregiver_income", *found)
        elif re.search(r"我(?:请假|请了假)?[^，。,；;？?！!]{0,6}(?:陪护|护理|照顾|陪床)", text) and "monthly_wage" in facts:
            # the client nursed the injured one: the client's own lost income is the nursing fee's base
            facts.add("caregiver_income", facts.get("monthly_wage"), facts.items["monthly_wage"].text)
        found = _first_money(_CARE_RATE, text)
        if found:
            facts.add("daily_care_rate", *found)
    m = _SENTENCE.search(text)
    if m and (value := spoken_count(m.group(2))) is not None:
        kind = m.group(1) if m.group(1) in ("有期徒刑", "拘役", "管制") else (
            next((k for k in ("管制", "拘役") if k in text[m.start():m.end() + 4]), "有期徒刑"))
        months = value * 12 + (6 if m.group(4) else 0) if m.group(3) == "年" else value
        if m.group(3) == "年" and m.group(5) and (extra := spoken_count(m.group(5))) is not None and extra < 12:
            months += extra  # 两年零三个月: twenty-seven months
        start = date(2001, 1, 1)
        year, month = divmod(int(months), 12)
        days = (date(start.year + year, start.month + month, 1) - start).days
        facts.add("sentence_days", Decimal(days), m.group(0))
        facts.add("sentence_kind", kind, m.group(0))
        facts.add("sentence_months", int(months), m.group(0))
    m = _CUSTODY.search(text)
    if m and (value := cn_number(m.group(1))) is not None:
        facts.add("custody_days", value * (30 if "月" in m.group(2) else 1), m.group(0))
    if "培训" in text:
        found = _first_money(_TRAINING_FEE, text)
        if found:
            facts.add("training_fee", *found)
        m = _SERVICE_YEARS.search(text)
        if m and (value := cn_number(m.group(1) or m.group(2))) is not None:
            facts.add("service_years", value, m.group(0))
            if "service_months" in facts:
                facts.add("served_years", Decimal(facts.get("service_months")) / 12, facts.items["service_months"].text)
    found = _first_money(_MINIMUM, text)
    if found:
        facts.add("minimum_wage", *found)
    found = _first_money(_ANNUAL_AVG, text)
    if found:
        facts.add("annual_average_wage", *found)
    found = _first_money(_JUDGMENT, text)
    if found:
        facts.add("judgment_amount", *found)
    m = _PASSED_DAYS.search(text)
    if m and (days := cn_number(m.group(1))) is not None:
        facts.add("delay_days", days, m.group(0))
    found = _first_money(_DAILY_AVG, text)
    if found:
        facts.add("daily_average_wage", *found)
    found = _first_money(_PROFIT, text)
    if found:
        facts.add("profit", *found)
    if "租" in text:
        for pattern in _RENT:
            found = _first_money(pattern, text)
            if found:
                facts.add("monthly_rent", *found)
                break
        else:
            if _LEASE_ONLY(text):  # 拖欠3个月房租，每月4000: in a lease with no wage, a month's sum is the rent
                found = _first_money(_MONTHLY_SUM, text, at_least=Decimal(99))
                if found:
                    facts.add("monthly_rent", *found)
        m = _PAY_TERMS.search(text)
        if m and (months := cn_number(m.group(1))) is not None:
            facts.add("deposit_months", months, m.group(0))
        m = _DEPOSIT_MONTHS.search(text)
        if m and (months := cn_number(m.group(1))) is not None:
            facts.add("deposit_months", months, m.group(0))
        m = _PENALTY_MONTHS.search(text)
        if m and (months := cn_number(m.group(1))) is not None:
            facts.add("penalty_months", months, m.group(0))
    if re.search(r"失业", text):
        m = _CONTRIBUTION.search(text)
        if m and (years := cn_number(m.group(1) or m.group(2))) is not None:
            facts.add("contribution_years", years, m.group(0))
    found = _first_money(_RECEIVED, text)
    if found:
        facts.add("actually_received", *found)
    m = _CONTRACT_TERM.search(text)
    if m:
        said = m.group(1) or m.group(2) or m.group(3)
        value = spoken_count(said) * 12 if said else cn_number(m.group(4))
        if value is not None:
            facts.add("contract_months", int(value), m.group(0))
    m = re.search(r"产假|生了|生孩子|生产|分娩|顺产|剖宫产|剖腹产|怀孕|胞胎|怀了", text)
    if m:
        facts.add("childbirth", True, m.group(0))
    m = _death(text)
    if m:
        facts.add("death", True, m.group(0))
    for word, count in _BABIES.items():
        if word in text:
            facts.add("babies", count, word)
            break
    m = _DIFFICULT.search(text)
    if m:
        facts.add("difficult_birth", True, m.group(0))


# -- probation, damages by share, prepaid services, insurance, dependants -----------------------------------
_PROBATION = re.compile(rf"试用期\s*(?:约定了?|定了|签了|写了?|是|为|有|长达)?\s*(?:的是|的)?\s*({NUM}|半)\s*(?:个)?(月|年)")
#: How long the probation has run (已经干了四个月试用期, 试用期已经过了5个月, 试用期上了三个月了): the part served, which
#: 第八十三条 pays for, not the agreed term.
_PROBATION_SERVED = re.compile(rf"(?:干|做|上|过|满|待|呆)了\s*({NUM})\s*个?月(?:的)?试用期"
                               rf"|试用期\s*(?:(?:已经|都|已|也)\s*(?:干|做|上|过|满|待|呆)了?|(?:干|做|上|过|待|呆)了)"
                               rf"\s*({NUM})\s*个?月")
_REGULAR_WAGE = re.compile(rf"(?:转正(?:后|以后|工资|月薪)?|约定(?:的)?(?:月)?工资|合同(?:上|里)?(?:写的?)?(?:月)?工资)"
                           rf"\s*(?:是|为|税前|写的是?)*\s*{ARABIC_MONEY}")
_TRAINING_MONEY = (re.compile(rf"培训(?:费|费用)?\s*(?:花了|花|是|为|共|一共|总共)?\s*{ARABIC_MONEY}"),
                   re.compile(rf"(?:花|出|拿|掏|付)了?\s*{ARABIC_MONEY}\s*(?:块钱?|元)?[^，。,；;？?！!\d]{{0,12}}培训"))
_ITEM = re.compile(rf"(?:医药费|医疗费|药费|检查费|治疗费|手术费|住院费|疫苗|清创|缝针|误工费|误工损失|护理费|交通费|车费|打车|"
                   rf"营养费|伙食补助费?|鉴定费|修车费|维修费|修理费)[^，。,；;？?！!\d]{{0,10}}?(?:花了|花|一共|共|合计|是|为|要|用了)?\s*"
                   rf"{ARABIC_MONEY}")
_SHARE = re.compile(r"(?:对方|他|她|司机|车主|邻居|对面)?[^，。,；;？?！!]{0,12}?(?:承担|负|担|赔|主责|次责|全责|责任)[^，。,；;？?！!\d]{0,4}?"
                    r"(\d{1,3})\s*%|(?:承担|负|担)\s*([一二三四五六七八九])\s*成")
_LOSS_BEFORE = re.compile(rf"(?:还有|剩下|剩|共|一共|总共|合计)\s*{ARABIC_MONEY}\s*(?:的)?损失")
_LOSS_LEFT = re.compile(rf"(?:损失|赔偿|费用)[^，。,；;？?！!\d]{{0,14}}?(?:还剩|剩下|剩|还差)\s*{ARABIC_MONEY}")
_MY_SHARE = re.compile(r"(?:我|本人|我方|我这边)[^，。,；;？?！!]{0,6}?(?:次责|主责|承担|负)[^，。,；;？?！!\d]{0,4}?(\d{1,3})\s*%")
_PREPAID = re.compile(rf"(?:办了?|充了?|交了?|买了?|报了?)[^，。,；;？?！!\d]{{0,10}}?(?:卡|会员|课|班)?[^，。,；;？?！!\d]{{0,4}}?"
                      rf"(?:一次)?(?:交了?|付了?|花了?|充了?)?\s*{ARABIC_MONEY}")
_CARD_TERM = {"年卡": 12, "半年卡": 6, "季卡": 3, "月卡": 1}
_UNITS_TOTAL = re.compile(rf"(?:一共|共|总共|总计)\s*({NUM})\s*(节|次|课时|堂|个月)")
_UNITS_USED = re.compile(rf"(?:上了|用了|已上|已用|消费了|去了|练了|做了)\s*({NUM})\s*(节|次|课时|堂|个月)")
_MEDICAL = re.compile(rf"(?:医药费|医疗费|药费|治疗费|住院费)[^，。,；;？?！!\d]{{0,6}}?(?:花了|花|一共|共|是|为)?\s*{ARABIC_MONEY}"
                      rf"|(?:住院|看病|治疗|就医|看医生)[^，。,；;？?！!\d]{{0,4}}?(?:花了|花|用了)\s*{ARABIC_MONEY}")
_NO_FAULT = re.compile(r"对方(?:无责|没有?责任|不负责任|零责任)|(?:我|本人)(?:负)?全责")
_CONSUMPTION = re.compile(rf"人均(?:生活)?消费(?:性)?支出\s*(?:是|为|按|有|大概|约)*\s*{ARABIC_MONEY}")
_DEPENDANT = re.compile(rf"({NUM})\s*岁(?:的)?(?:女儿|儿子|孩子|小孩|侄女|侄子|外孙|孙子|孙女|闺女)"
                        rf"|(?:女儿|儿子|孩子|小孩|侄女|侄子)(?:今年|才|只有)?\s*({NUM})\s*岁")
_LAST_MONTH = re.compile(rf"上(?:个)?月(?:的)?(?:工资|月薪|实发)\s*(?:是|为)?\s*{ARABIC_MONEY}")
_AVERAGE_WAGE = re.compile(rf"(?:前|离职前|解除前|过去|最近)?\s*(?:12|十二)\s*个月(?:的)?\s*(?:月)?平均(?:工资|月薪)?\s*"
                           rf"(?:是|为|税前)*\s*{ARABIC_MONEY}|(?:平均|均)(?:月)?(?:工资|月薪)\s*(?:是|为|税前)*\s*{ARABIC_MONEY}")
_PERFORM_DAYS = re.compile(rf"(?:判(?:决)?|限|责令)[^，。,；;？?！!]{{0,8}}?({NUM})\s*(?:日|天)(?:内|之内)\s*(?:还|付|给|支付|偿还|履行|归还)")


def _roles_last(text: str, facts: Facts) -> None:
    """Probation, itemised losses and a liable share, prepaid services, insurance and dependants."""
    m = _PROBATION.search(text)
    if m and (value := spoken_count(m.group(1))) is not None:
        facts.add("probation_months", value * (12 if m.group(2) == "年" else 1), m.group(0))
    m = _PROBATION_SERVED.search(text)
    if m and (value := spoken_count(m.group(1) or m.group(2))) is not None and 0 < value <= 12:
        facts.add("probation_served", value, m.group(0))
    found = _first_money(_REGULAR_WAGE, text, at_least=Decimal(299))
    if found:
        facts.add("regular_wage", *found)
    if "培训" in text and "training_fee" not in facts:
        for pattern in _TRAINING_MONEY:
            found = _first_money(pattern, text, at_least=Decimal(99))
            if found:
                facts.add("training_fee", *found)
                break
    if "training_fee" in facts and "service_years" in facts and "service_months" in facts:
        facts.add("served_years", Decimal(facts.get("service_months")) / 12, facts.items["service_months"].text)
    items, said, spans = Decimal(0), [], []
    for m in _ITEM.finditer(text):
        groups = m.groups()
        value = money(groups[0], groups[1])
        if value is not None and value >= 10 and not any(a <= m.start() < b for a, b in spans):
            items += value
            said.append(m.group(0))
            spans.append((m.start(), m.end()))
    if said and not any("误工" in x for x in said) and ("lost_days" in facts) and (
            "daily_income" in facts or "monthly_wage" in facts):
        # 请假5天、日工资400: the lost earnings are one of the losses too
        from legal.rules import calculate

        lost = calculate("lost_earnings", facts.values())
        if lost.ok and lost.result is not None and lost.result.amount:
            items += lost.result.amount
            said.append(f"误工费 {lost.result.amount}")
    if said:
        facts.add("total_loss", items, "、".join(said))
    elif (m := _LOSS_LEFT.search(text) or _LOSS_BEFORE.search(text)) and (
            value := money(m.group(1), m.group(2))) is not None:
        facts.add("total_loss", value, m.group(0))
    elif "loss_amount" in facts:
        facts.add("total_loss", facts.get("loss_amount"), facts.items["loss_amount"].text)
    m = _SHARE.search(text)
    mine = _MY_SHARE.search(text)
    if m:
        share = Decimal(m.group(1)) / 100 if m.group(1) else (cn_number(m.group(2)) or Decimal(0)) / 10
        if mine and mine.start() <= m.start() < mine.end():
            share = 1 - share  # 我次责30%: the other side bears the rest
        if 0 < share <= 1:
            facts.add("liable_share", share, m.group(0))
    found = _first_money(_PREPAID, text, at_least=Decimal(99))
    units_used = _UNITS_USED.search(text)
    if found and units_used and re.search(r"卡|课|班|会员|预付|充值|套餐|培训|学费|健身|机构|课程", text):
        facts.add("prepaid", *found)
        total = _UNITS_TOTAL.search(text)
        term = next((months for word, months in _CARD_TERM.items() if word in text), None)
        term_said = next((w for w in _CARD_TERM if w in text), "")
        if term is None and (said := re.search(r"(?:一年|1年|全年|两年|2年|半年)(?=的|\s*\d|课|卡|会员|培训|学费)", text)):
            term, term_said = {"半年": 6, "两年": 24, "2年": 24}.get(said.group(0), 12), said.group(0)
        if total and (value := cn_number(total.group(1))) is not None:
            facts.add("units_total", value, total.group(0))
        elif term is not None and "月" in units_used.group(2):
            facts.add("units_total", Decimal(term), term_said)
        if (value := cn_number(units_used.group(1))) is not None:
            facts.add("units_used", value, units_used.group(0))
    found = _first_money(_MEDICAL, text, at_least=Decimal(9))
    if found:
        facts.add("medical_expenses", *found)
    m = _NO_FAULT.search(text)
    if m:
        facts.add("other_no_fault", True, m.group(0))
    found = _first_money(_CONSUMPTION, text)
    if found:
        facts.add("consumption", *found)
    m = _DEPENDANT.search(text)
    if m and (age := cn_number(m.group(1) or m.group(2))) is not None and 0 <= age < 100:
        facts.add("dependant_age", int(age), m.group(0))
    found = _first_money(_LAST_MONTH, text, at_least=Decimal(299))
    if found:
        facts.add("last_month_wage", *found)
    average = None
    for m in _AVERAGE_WAGE.finditer(text):
        if any(word in text[max(0, m.start() - 8):m.start() + 4] for word in _NOT_OWN_WAGE):
            continue  # 我们这上年度职工月平均工资: the local average, never the client's own
        groups = m.groups()
        at = 0 if groups[0] is not None else 2
        value = money(groups[at], groups[at + 1])
        if value is not None and value >= 300:
            average = (value, m.group(0))
            break
    if average and "monthly_wage" in facts and facts.get("monthly_wage") != average[0]:
        # the twelve months' average is the 经济补偿 base (劳动合同法 47); 上个月工资 only the notice month
        facts.items["monthly_wage"] = Fact("monthly_wage", average[0], average[1], LABELS["monthly_wage"])

_WAGE_ARREARS = re.compile(rf"(?:拖了?|欠了?|拖欠了?|压了?|没发|没给)(?:我)?\s*({NUM}|俩|半)\s*个?月(?:的)?(?:工资|薪水)"
                           rf"|(?:工资|薪水|薪资)\s*(?:已经|都|一共|总共)?\s*(?:被)?(?:拖|欠|拖欠|压|扣)了?\s*(?:快|近|将近)?\s*({NUM}|俩|半)\s*个?月"
                           rf"|(?:已经|都|连续|快|整整)?\s*({NUM}|俩|半)\s*个?月\s*(?:都|了|一直)?\s*(?:没|未|不)(?:有)?(?:发|给|结|付|拿到)(?:过)?\s*(?:我)?(?:的)?\s*(?:工资|薪水|钱)")
#: 商家20号签收的, 离职16号走的, 3号摔的: a day of the month alone, only before a verb of an event (16号楼, 3号线 are
#: places).
_DAY_ONLY = re.compile(r"(?<![\d月./-])(\d{1,2})\s*[号日](?=\s*(?:签收|收到|拿到|到的|送|交|入职|被|发|开|受理|移送|下午|上午|晚上|早上|刚|才|"
                       r"就|走的|走了|离职|离开|辞职|辞的|出事|出的事|摔|撞|受伤|去世|过世|通知|告诉|打|放出来|领证|搬))")
_MONTH_DOT = re.compile(r"(?<![\d.])(1[0-2]|[1-9])\.([12]\d|3[01]|0?[1-9])(?![\d.%])(?=\s*(?:号|日)?\s*(?:送|签收|收到|到货|下单|买|入职|交|发))")
#: 2026年3月1日起一直没发工资至今: the months unpaid since a date (the dates are made whole first).
_UNPAID_SINCE = re.compile(r"(?:((?:19|20)\d{2})\s*年\s*)?(?<!\d)(\d{1,2})\s*月(?:\s*(\d{1,2})\s*[日号])?(?:份)?\s*(?:起|开始|以来|到现在|至今|之后)"
                           r"[^，。,；;？?！!]{0,8}?(?:没|未|不)(?:有)?(?:发|给|结|付)(?:过)?(?:我)?(?:的)?\s*(?:工资|薪水|工钱)")
_SUPPORT_SINCE = re.compile(r"(\d{1,2})\s*月(?:份)?(?:开始|起|以后|之后)[^，。,；;？?！!]{0,8}?(?:没|不|未)(?:给|付|打)")
_BETROTHAL = re.compile(rf"彩礼\s*(?:是|为|给了|花了|共|一共)?\s*{ARABIC_MONEY}|(?:给了?|花了?)(?:女方|男方|她家|他家)?\s*{ARABIC_MONEY}\s*(?:的)?彩礼")
_NOT_REGISTERED = re.compile(r"(?:没|未|没有|还没)(?:有)?(?:领证|登记|扯证|办结婚证)")
_NOT_COHABITED = re.compile(r"(?:没|未|没有|也没|一直没)(?:有)?(?:住在一起|住一起|同居|一起住|一块住|共同生活|在一起生活)")
_FINE = re.compile(rf"(?:罚了?|罚款)\s*{ARABIC_MONEY}")
_RENT_ARREARS = re.compile(rf"(?:拖了?|欠了?|拖欠了?)\s*({NUM}|俩)\s*个?月(?:的)?(?:房租|租金)|(?:房租|租金)\s*(?:拖了?|欠了?)\s*({NUM}|俩)\s*个?月")
#: 房租每月2500，拖了3个月: the months owed said apart from the rent (only in a lease, never with a wage).
_RENT_ARREARS_LOOSE = re.compile(rf"(?:拖了?|欠了?|拖欠了?)\s*({NUM}|俩)\s*个?月"
                                 rf"|({NUM}|俩)\s*个?月\s*(?:了|都)?\s*(?:没|未|不)(?:交|给|付)")
#: 押金3000只退了1000 / 扣了2000押金: what the landlord kept back.
_DEPOSIT_KEPT = re.compile(rf"(?:扣了?|扣下|扣掉了?|扣除了?|扣留了?|克扣了?)\s*(?:我)?\s*(?:押金)?\s*{ARABIC_MONEY}"
                           rf"|(?:只退了?|就退了?|只给了?|才退了?)\s*(?:我)?\s*{ARABIC_MONEY}")
_RENT_DEPOSIT = re.compile(rf"押金\s*(?:一共|总共|共)?\s*(?:是|为|交了|付了|有)?\s*{ARABIC_MONEY}")
_RENT_DEPOSIT_BEFORE = re.compile(rf"(?<!扣了)(?<!扣)(?<!扣我)(?<!扣了我){ARABIC_MONEY}\s*(?:的)?押金")
_NO_RATE = re.compile(r"(?:没|未|没有|也没)(?:说|约定|写|讲|定)(?:好)?(?:多少|利息|利率|几分)|啥都没写|什么都没写|(?:说|讲)?给点利息")
_CAPITAL = re.compile(rf"注册资本\s*(?:是|为)?\s*{ARABIC_MONEY}")
_RESERVE = re.compile(rf"公积金[^，。,；;？?！!\d]{{0,8}}?(?:提了|已经提了|累计|有|已提)\s*{ARABIC_MONEY}")
_SIBLING = re.compile(r"我(?:还)?有(?:一?个|两个|俩|三个)?(?:弟弟|妹妹|哥哥|姐姐|兄弟|姐妹)|(?:他|她)还有(一?个|两个|三个)(?:女儿|儿子|子女)")
_ALIVE = re.compile(r"(?:爷爷|奶奶|外公|外婆|姥姥|姥爷|公公|婆婆)(?:还在|健在|在世|还活着)|(?:爷爷奶奶|外公外婆)都(?:还)?(?:在|健在)")


#: The statutory maximum penalty (years; 99 for life or death) of the common offences a client
#: confesses, by the amount (the lowest regional thresholds of 数额巨大 / 特别巨大) or the injury.
_OFFENCES = (
    ("theft", re.compile(r"偷|盗窃|扒窃|顺走|顺了"), ((Decimal(30000), 3), (Decimal(300000), 10), (None, 99))),
    ("fraud", re.compile(r"骗|诈骗"), ((Decimal(30000), 3), (Decimal(500000), 10), (None, 99))),
)
_INJURY_MAX = ((re.compile(r"打死|致死|致人死亡"), 99), (re.compile(r"重伤"), 10), (re.compile(r"轻伤"), 3))
_AGAIN = re.compile(r"(?:又|再次|再)(?:因为|因)?[^，。,；;？?！!]{0,6}(?:偷|骗|打|犯|被抓|被判|判了|抢)")


def _offence(text: str, today: date, facts: Facts) -> None:
    """The maximum penalty of the offence the client describes (刑法 87 reads the 追诉期限 from it), and a
    later offence that restarts the period (刑法 89: 又犯罪的，前罪追诉期限从犯后罪之日起计算)."""
    for pattern, years in _INJURY_MAX:
        m = pattern.search(text)
        if m:
            facts.add("max_penalty_years", years, m.group(0))
            break
    else:
        for _kind, pattern, tiers in _OFFENCES:
            m = pattern.search(text)
            if not m:
                continue
            amount = next((money(a.group(1), a.group(2)) for a in re.finditer(ARABIC_MONEY, text[m.start():])
                           if a.group(1) and (money(a.group(1), a.group(2)) or 0) >= 100), None)
            if amount is None:
                break
            years = next(y for limit, y in tiers if limit is None or amount < limit)
            facts.add("max_penalty_years", years, f"{m.group(0)}…{amount}")
            facts.add("amount_involved", amount, f"{m.group(0)}…{amount}")
            facts.add("offence_kind", _kind, m.group(0))
            break
    if _AGAIN.search(text) and "max_penalty_years" in facts:
        first = min((d.day for d in facts.dates if d.event in ("offence", "offence_more")), default=None)
        latest = max((d for d in facts.dates if d.day <= today and first is not None and d.day > first),
                     key=lambda d: d.day, default=None)
        if latest is not None:
            facts.dates.append(DatedEvent(latest.day, "offence_more", f"{latest.text}（又犯罪，追诉期限重新计算）"))


_DEATH_YEAR = re.compile(r"((?:19|20)\d{2})\s*年(?:\d{1,2}\s*月)?(?:\d{1,2}\s*[日号])?(?:就|已经)?(?:去世|过世|死|离世|病逝|逝世)")
_PATENT = re.compile(r"实用新型|外观设计|发明专利|发明")


def _roles_dates_more(text: str, today: date, facts: Facts) -> None:
    """Roles that need the dates or the whole story: unpaid months since a month, fines, rent owed, heirs."""
    _offence(text, today, facts)
    m = _DEATH_YEAR.search(text)
    if m:
        facts.add("death_year", int(m.group(1)), m.group(0))
    m = _PATENT.search(text)
    if m and "专利" in text:
        facts.add("patent_kind", "发明" if m.group(0).startswith("发明") else m.group(0), m.group(0))
    m = _WAGE_ARREARS.search(text)
    said = next((g for g in m.groups() if g), None) if m else None
    if m and said and (months := (Decimal(2) if said == "俩" else spoken_count(said))) is not None and 0 < months <= 60:
        facts.add("wage_arrears_months", months, m.group(0))
    m = _UNPAID_SINCE.search(text)
    if m and "wage_arrears_months" not in facts:
        month = int(m.group(2))
        year = int(m.group(1)) if m.group(1) else today.year if month <= today.month else today.year - 1
        try:
            since: date | None = date(year, month, int(m.group(3) or 1))
        except ValueError:
            since = None
        if since is not None and since <= today and (months := _months_between(since, today)) > 0:
            facts.add("wage_arrears_months", Decimal(months), f"{m.group(0)}（至今）")
    m = _SUPPORT_SINCE.search(text)
    if m and "arrears_months" not in facts and "抚养" in text and 1 <= int(m.group(1)) <= today.month:
        facts.add("arrears_months", Decimal(today.month - int(m.group(1)) + 1), f"{m.group(0)}（至本月）")
    found = _first_money(_BETROTHAL, text, at_least=Decimal(99))
    if found:
        facts.add("betrothal_amount", *found)
        facts.add("registered", not _NOT_REGISTERED.search(text), "未领证" if _NOT_REGISTERED.search(text) else "已登记")
        facts.add("cohabited", not _NOT_COHABITED.search(text), "未共同生活" if _NOT_COHABITED.search(text) else "共同生活")
    found = _first_money(_FINE, text, at_least=Decimal(0))
    if found:
        facts.add("fine_amount", *found)
    m = _RENT_ARREARS.search(text) or (_RENT_ARREARS_LOOSE.search(text) if re.search(r"房租|租金|月租", text)
                                        and not re.search(r"工资|薪", text) else None)
    if m:
        said = next(g for g in m.groups() if g)
        months = Decimal(2) if said == "俩" else cn_number(said)
        if months is not None:
            facts.add("rent_arrears_months", months, m.group(0))
    found = _first_money(_RENT_DEPOSIT, text, at_least=Decimal(99)) or _first_money(_RENT_DEPOSIT_BEFORE, text,
                                                                                    at_least=Decimal(99))
    if found:
        facts.add("rent_deposit", *found)
        m = _DEPOSIT_KEPT.search(text)
        if m:
            said = m.group(1) or m.group(3)
            unit = m.group(2) if m.group(1) else m.group(4)
            value = money(said, unit)
            if value is not None and value < found[0]:
                kept = value if m.group(1) else found[0] - value  # 只退了1000: the rest was kept
                facts.add("deposit_kept", kept, m.group(0))
    m = _NO_RATE.search(text)
    if m and "annual_rate" not in facts:
        facts.add("no_rate_agreed", True, m.group(0))
    found = _first_money(_CAPITAL, text)
    if found:
        facts.add("registered_capital", *found)
    found = _first_money(_RESERVE, text)
    if found:
        facts.add("reserve_so_far", *found)
    if "heirs" not in facts and re.search(r"去世|过世|走了|离世|病故|遗产|继承", text) and (
            re.search(r"我爸|我妈|父亲|母亲|公公|婆婆|爸爸|妈妈", text)):
        # 我爸去世: his heirs are his spouse (unless she died too), his children, his living parents
        count, said = 1, ["我"]
        gone = r"[^，。,；;？?！!]{0,8}(?:去世|过世|走了|离世|病故|死|不在)"
        father = re.search(r"(?:我爸|父亲|爸爸)" + gone, text)
        mother = re.search(r"(?:我妈|母亲|妈妈)" + gone, text)
        if father and not mother and re.search(r"我妈|母亲|妈妈|爸妈|父母", text):
            count += 1
            said.append("我妈")
        elif mother and not father and re.search(r"我爸|父亲|爸爸|爸妈|父母", text):
            count += 1
            said.append("我爸")
        for m in _SIBLING.finditer(text):
            count += {"两个": 2, "俩": 2, "三个": 3}.get(m.group(1) or "", 1)
            said.append(m.group(0))
        for m in _ALIVE.finditer(text):
            count += 2 if "都" in m.group(0) else 1
            said.append(m.group(0))
        if count > 1:
            facts.add("heirs", count, "、".join(said))


def _prorate_leave(text: str, today: date, facts: Facts) -> None:
    """A client who left this year is owed the year's leave in proportion (职工带薪年休假条例实施办法 12:
    当年已过日历天数 ÷ 365 × 全年应休天数, a fraction of a day not counted)."""
    said = facts.items.get("untaken_leave_days")
    if said is None or not _NO_LEAVE_TAKEN.search(said.text):
        return
    at = text.find(said.text)
    if at >= 0 and re.search(r"去年|上一年|上年|前年", text[max(0, at - 10):at + len(said.text)]):
        return  # 去年一天年假都没休: last year's whole entitlement, not this year's share
    left = next((d.day for d in facts.dates if d.event in ("termination", "resign") and d.day.year == today.year
                 and d.day <= today), None)
    if left is None:
        return
    passed = left.timetuple().tm_yday
    days = (Decimal(passed) / 365 * Decimal(said.value)).to_integral_value(rounding="ROUND_FLOOR")
    facts.items["untaken_leave_days"] = Fact("untaken_leave_days", days,
                                             f"{said.text}（{left.isoformat()}离职，按{passed}/365折算）",
                                             LABELS["untaken_leave_days"])


#: The worker (or his family) applying himself: 他自己报, 我自己去申请, 职工本人申请, 家属去报.
_WORKER_APPLIES = re.compile(r"(?:自己|个人|本人)(?:去|来)?(?:报|申请|申报|提出|提交)"
                             r"|(?:职工|工人|员工|劳动者|伤者|家属|近亲属|家里人)(?:去|来)?(?:报|申请|申报)")
#: The employer applying: 单位去报, 公司最晚哪天要报, 单位最晚哪天要给我报工伤, 我们单位报工伤.
_EMPLOYER_APPLIES = re.compile(r"(?:单位|公司|厂里|老板|用人单位|我们)[^，。,；;？?！!]{0,12}?(?:报|申请|申报)")
#: The employer NOT applying (单位一直没给申请, 厂里拒绝申报, 公司不给报): the period left is the worker's own year.
_EMPLOYER_REFUSES = re.compile(r"(?:单位|公司|厂里|老板|用人单位)[^，。,；;？?！!]{0,8}?(?:没有?|不|未|拒绝?)"
                               r"[^，。,；;？?！!]{0,4}?(?:报|申请|申报)")


def part_flags(text: str) -> dict[str, Any]:
    """What one part (not the whole question) says about how its figure is computed: 简易程序 halves
    the court fee of the part that asks about it, not of the part before; the statutory term a part asks
    the length of (拘役最多几个月) is the part's own."""
    from legal.rules import term_asked

    flags: dict[str, Any] = {"simple_procedure": True} if _SIMPLE.search(text) else {}
    # whose application a part asks the period of (单位没报他自己报能报到什么时候, 公司最晚哪天要报): the worker's year or
    # the employer's thirty days (工伤保险条例第十七条), whoever the client is
    if _WORKER_APPLIES.search(text) or _EMPLOYER_REFUSES.search(text):
        flags["applicant"] = "worker"
    elif _EMPLOYER_APPLIES.search(text):
        flags["applicant"] = "employer"
    asked = term_asked(text)
    if asked:
        flags["term_asked"] = asked
    return flags


def extract_facts(text: str, *, today: date | None = None) -> Facts:
    """The role-labelled facts of ``text`` (a question or one of its parts)."""
    today = _today(today)
    own_words = text
    text = normalise(text, today)
    facts = Facts()
    wage = _own_wage(text)
    if wage:
        facts.add("monthly_wage", *wage)
    tenure = _tenure(text, today)
    if tenure:
        facts.add("service_months", *tenure)
    m = _UNSIGNED.search(text)
    if m:
        facts.add("unsigned_months", cn_number(m.group(1) or m.group(2)), m.group(0))
    elif _NO_CONTRACT.search(text) and tenure:
        signed = _signed_late(text, today)
        months = min(signed[0] if signed else tenure[0], 12)
        said = signed[1] if signed else _NO_CONTRACT.search(text).group(0)  # type: ignore[union-attr]
        facts.add("unsigned_months", months, said)
    if _NO_CONTRACT.search(text):
        facts.add("written_contract", False, _NO_CONTRACT.search(text).group(0))  # type: ignore[union-attr]
    if _EMPLOYMENT.search(text):
        facts.add("employment", True, _EMPLOYMENT.search(text).group(0))  # type: ignore[union-attr]
    _lost_time(text, facts)
    for m in _DAILY.finditer(text):
        if re.search(r"护工|护理|陪护|陪床|罚|违约金|利息|房租|租金", text[max(0, m.start() - 6):m.end() + 4]):
            continue  # 护工一天200, 违约金每天500: a rate of something else, not the client's day's pay
        value = money(m.group(1), m.group(2))
        if value is not None:
            facts.add("daily_income", value, m.group(0))
            break
    for m in _GRADE.finditer(text):
        grade = cn_number(m.group(1))
        if text[:m.start()].endswith(("轻伤", "重伤", "轻微伤")):
            continue  # 轻伤二级, 重伤一级: a grade of the injury's gravity (刑法), not of disability
        assessed = any(w in text[max(0, m.start() - 8):m.start()] for w in ("鉴定", "评", "认定", "伤残"))
        if grade is not None and 1 <= grade <= 10 and ("伤残" in m.group(0) or "伤残" in text[m.end():m.end() + 4]
                                                       or assessed):
            facts.add("disability_grade", int(grade), m.group(0))
    m = _AGE.search(text)
    if m and (age := cn_number(m.group(1) or m.group(2))) is not None and 0 < age < 120:
        facts.add("age", int(age), m.group(0))
    _child_age(text, facts)
    _situations_more(text, facts)
    for pattern in (_PRINCIPAL, _PRINCIPAL_OTHER, _PRINCIPAL_AFTER):
        found = _first_money(pattern, text)
        if found and found[0] >= 100:
            facts.add("principal", *found)
    rate = _rate(text) or _monthly_interest_rate(text, facts.get("principal"))
    if rate:
        facts.add("annual_rate", *rate)
    m = _LOAN_TERM.search(text)
    if m and (value := spoken_count(m.group(1))) is not None and "principal" in facts and value <= (
            30 if m.group(2) == "年" else 360):
        facts.add("loan_months", value * (12 if m.group(2) == "年" else 1), m.group(0))
    repaid = _first_money(_REPAID, text)
    if repaid:
        facts.add("repaid", *repaid)
    for name, pattern in (("deposit_amount", _DEPOSIT), ("contract_price", _PRICE), ("penalty_amount", _PENALTY),
                          ("loss_amount", _LOSS), ("per_capita_income", _PER_CAPITA),
                          ("local_average_wage", _LOCAL_AVERAGE)):
        found = _first_money(pattern, text)
        if found:
            facts.add(name, *found)
    if "local_average_wage" not in facts:
        found = _first_money(_LOCAL_AVERAGE_YEAR, text)
        if found:  # 上一年职工年平均工资9万6: the month is a twelfth
            facts.add("local_average_wage", (found[0] / 12).quantize(Decimal("0.01")), found[1])
    if "penalty_amount" not in facts:
        found = _first_money(_PENALTY_BEFORE, text)
        if found:
            facts.add("penalty_amount", *found)
    m = _PENALTY_SHARE.search(text)
    if m and "penalty_amount" not in facts and "contract_price" in facts:
        facts.add("penalty_amount", Decimal(facts.get("contract_price")) * Decimal(m.group(1)) / 100, m.group(0))
    if "deposit_amount" not in facts:
        found = _first_money(_DEPOSIT_BEFORE, text)
        if found:
            facts.add("deposit_amount", *found)
    unit = _UNIT_PRICE.search(text)
    after = _PRICE_PER_UNIT.search(text)
    if unit and (price := money(unit.group(2), unit.group(3))) is not None:
        word, at = unit.group(1), unit.start() + 1
    elif after and (price := money(after.group(1), after.group(2))) is not None:
        word, at = after.group(3), after.end() - 1
    else:
        word, at, price = "", -1, None
    if price is not None:
        count = next((cn_number(c.group(1)) for c in _UNIT_COUNT.finditer(text)
                      if c.group(2) == word and c.end() - 1 != at and c.group(1) not in ("一", "每")), None)
        if count:
            facts.add("purchase_price", price * count, f"单价 {price} × {count}{word}")
    for pattern in _PURCHASE:
        found = _first_money(pattern, text)
        if found and found[0] >= 1 and (pattern not in (*_PURCHASE[-5:-3], _PURCHASE[-1]) or re.search(r"买|购", text)):
            facts.add("purchase_price", *found)
            break
    claim = _first_money(_CLAIM, text)
    if claim:
        facts.add("amount_claimed", *claim)
    elif "principal" in facts:
        facts.add("amount_claimed", facts.get("principal"), facts.items["principal"].text)
    m = _HOURS.search(text)
    if m and (hours := spoken_count(m.group(1))) is not None:
        # a month's working days: as the client counts them (一个月按22天算), else 21.75
        said = _WORK_DAYS.search(text)
        days = cn_number(said.group(1)) if said else None
        days = days if days is not None and 15 <= days <= 31 else Decimal("21.75")
        facts.add("overtime_hours_workday", hours * days, m.group(0) + (f"（每月{days}天）" if said else ""))
    m = _MONTH_HOURS.search(text)
    if m and (hours := cn_number(m.group(1))) is not None:
        facts.add("overtime_hours_workday", hours, m.group(0))
    m = _WEEK_HOURS.search(text)
    if m and (hours := spoken_count(m.group(1))) is not None and 0 < hours <= 40:
        # 每周多干10小时: a month has 21.75 ÷ 5 = 4.35 working weeks
        facts.add("overtime_hours_workday", hours * Decimal("4.35"), f"{m.group(0)}（按每月4.35周计）")
    m = _HOURS_TOTAL.search(text)
    if m and "overtime_hours_workday" not in facts and not re.search(r"周末|周六|周日|休息日|节假日|国庆|春节|过年|双休",
                                                                       text) and (hours := cn_number(m.group(1))) is not None:
        # 上个月加班了36个小时, 一共加了20小时班 (weekday evenings): the hours of extended working time
        facts.add("overtime_hours_workday", hours, m.group(0))
    for name, pattern in (("overtime_days_restday", _REST_DAYS), ("overtime_days_holiday", _HOLIDAY_DAYS),
                          ("untaken_leave_days", _LEAVE)):
        m = pattern.search(text)
        if m and (days := cn_number(m.group(1) or m.group(m.lastindex or 1))) is not None:
            facts.add(name, days, m.group(0))
    if _NO_NOTICE.search(text):
        facts.add("no_notice", True, _NO_NOTICE.search(text).group(0))  # type: ignore[union-attr]
    if "overtime_days_restday" not in facts and (m := _REST_WORKED.search(text)) and (
            days := cn_number(m.group(1))) is not None and 0 < days <= 31:
        facts.add("overtime_days_restday", days, m.group(0))
    if re.search(r"加班|加了|上班|上了|值班|值了|干活|开工|出勤", text):
        # the client's own words first: normalising writes a festival worked (元旦那天, 春节从除夕) as its date
        if not _holiday_work(own_words, facts):
            _holiday_work(text, facts)
    if "overtime_days_restday" not in facts:
        m = _REST_COUNT.search(text)
        if m and (days := cn_number(m.group(1))) is not None and days <= 10:
            facts.add("overtime_days_restday", days, m.group(0))
        elif (m := _WEEKLY_REST.search(text)) and "加班" in text:
            facts.add("overtime_days_restday", Decimal(4), f"{m.group(0)}（按每月4天计）")
    if "overtime_days_holiday" not in facts and re.search(r"加班|上班|值班|干活|开工", text):
        m = _HOLIDAY_SPAN.search(text)
        new_year = _NEW_YEAR_SPAN.search(text)
        if m and 0 <= int(m.group(2)) - int(m.group(1)) < 10:
            facts.add("overtime_days_holiday", Decimal(int(m.group(2)) - int(m.group(1)) + 1), m.group(0))
        elif new_year and (first := cn_number(new_year.group(1))) is not None and (
                last := cn_number(new_year.group(2))) is not None and 0 <= last - first < 3:
            # 春节 is three statutory holidays (初一至初三): days beyond 初三 are rest days
            holiday = min(last, Decimal(3)) - first + 1
            if holiday > 0:
                facts.add("overtime_days_holiday", holiday, new_year.group(0))
        elif (m := _HOLIDAY_COUNT.search(text)) and (days := cn_number(m.group(1))) is not None and days <= 10:
            facts.add("overtime_days_holiday", days, m.group(0))
    if "untaken_leave_days" not in facts:
        m = _LEAVE_BEFORE.search(text)
        if _NO_LEAVE_TAKEN.search(text) and "service_months" in facts:
            m = _NO_LEAVE_TAKEN.search(text)
            assert m is not None
            # none taken: the whole year's entitlement (职工带薪年休假条例第三条: 5 / 10 / 15 days by years worked)
            years = Decimal(facts.get("service_months")) / 12
            facts.add("untaken_leave_days", Decimal(5 if years < 10 else 10 if years < 20 else 15), m.group(0))
        elif m and (days := cn_number(m.group(1))) is not None:
            facts.add("untaken_leave_days", days, m.group(0))
    m = _LPR.search(text)
    if m:
        facts.add("lpr_rate", Decimal(m.group(1)), m.group(0))
    if re.search(r"违约金|罚款|赔偿|扣", text):
        for m in _DAILY_PENALTY_SUM.finditer(text):
            if "分之" in m.group(0):
                continue  # 每天万分之零点五付违约金 我付了120万: a rate, and the sum is the price
            window = text[max(0, m.start() - 10):m.end() + 6]
            if "违约金" in window or re.search(r"赔|罚|扣", m.group(0)):
                value = money(m.group(1), m.group(2))
                if value is not None and 0 < value:
                    facts.add("daily_penalty_amount", value, m.group(0))
                    break
    m = _DAILY_RATE.search(text)
    if m and (number := decimal_number(m.group(2))) is not None and number > 0:
        facts.add("daily_penalty_rate", number / (1000 if m.group(1) == "千分之" else 10000), m.group(0))
        if facts.get("annual_rate") == 0:
            facts.items.pop("annual_rate")  # 万分之零点五 is a daily rate, not a yearly rate of zero
        if "contract_price" not in facts and re.search(r"已付|已交|已支付", text):
            found = _first_money(_PAID_SUM, text)
            if found:  # 按已付房款每天万分之一…我一次性付了150万: the rate runs on what was paid
                facts.add("contract_price", *found)
    for m in _DELAY.finditer(text):
        if text[max(0, m.start() - 1):m.start()] == "每":
            continue  # 每逾期交货一天: the unit of a daily rate, not the delay
        if (days := cn_number(m.group(1))) is not None:
            facts.add("delay_days", days * (30 if m.group(2) == "个月" else 1), m.group(0))
            break
    _roles_more(text, facts)
    _roles_last(text, facts)
    _dates(text, today, facts)
    _performance_delay(text, today, facts)
    _roles_dates_more(text, today, facts)
    _agreed_terms(text, facts)
    if "due_date" not in facts and "overdue_months" in facts:
        # 说好半年还，现在都过期一年了: the due date lies that long before today
        overdue = facts.items["overdue_months"]
        facts.add("due_date", _shift_years(today, Decimal(overdue.value) / 12), f"{overdue.text}（推算）")
    if "delay_days" not in facts and "overdue_months" in facts and (
            "daily_penalty_rate" in facts or "daily_penalty_amount" in facts):
        # 余款拖了半年, 合同写逾期每天千分之一: a penalty by the day runs over the days of those months
        overdue = facts.items["overdue_months"]
        start = _shift_years(today, Decimal(overdue.value) / 12)
        facts.add("delay_days", Decimal((today - start).days), f"{overdue.text}（{start.isoformat()} 至今）")
    m = re.search(r"(?:还在|在|处于|还是)试用期|试用期(?:内|还没过|没过|期间|的时候|时|里|中|干|上班|做|工作"
                  r"|[^，,。？?]{0,8}?(?:想走|要走|辞职|离职|提离职|走人|不干))|还没转正|没转正|转正前", text)
    if m:
        facts.add("in_probation", True, m.group(0))
    _prorate_leave(text, today, facts)
    asker = side_reading(text)
    if asker is not None:
        facts.add("side", asker.side, asker.text)
        facts.add("side_confidence", Decimal(str(asker.confidence)), asker.text)
    m = _NO_DUE.search(text)
    if m and "due_date" not in facts:
        facts.add("no_due_date", True, m.group(0))
    more_roles(text, today, facts)
    return facts


# -- terms the parties agreed or the client has accrued, read against the law's limits ---------------------
_NON_COMPETE_TERM = re.compile(rf"竞业(?:限制)?(?:协议|期|期限)?[^，。,；;？?！!\d]{{0,8}}?({NUM}|半)\s*(年|个月)"
                               rf"|({NUM}|半)\s*(年|个月)的?竞业")
_LEASE_TERM = re.compile(rf"({NUM})\s*年(?:期)?的?(?:房屋)?(?:租赁|租房|租约|出租)(?:合同|协议)?"
                         rf"|(?:租期|租赁期限?|租了|租)\s*(?:约定|签了?|是|为|长达)?\s*({NUM})\s*年")
_CAPITAL_TERM = re.compile(rf"(?:出资|认缴|实缴|缴足)(?:期限|时间|年限)?\s*(?:写了?|写的|约定的?|定了?|定的|是|为|定成)?\s*({NUM})\s*年")
_PENSION_YEARS = re.compile(rf"(?:社保|养老保险|养老金)\s*(?:只|才|一共|累计|总共)?\s*(?:交了|缴了|交|缴|缴费)\s*(?:了)?\s*({NUM})\s*年"
                            rf"|(?:交了|缴了|缴费)\s*({NUM})\s*年(?:的)?(?:社保|养老保险)")


_AWARD = re.compile(rf"裁决[^，。,；;？?！!\d]{{0,12}}?(?:补|付|赔|给|支付)(?:我|给我|我们)?\s*{MONEY}")
#: 把我辞退了, 被开除, 裁员裁到我, 让我明天别来了: the employer ended the employment (lawfully or not).
_DISMISSED = re.compile(r"辞退|开除|解雇|裁员|被裁|裁了我|炒了|炒鱿鱼|把我开了|被开了|劝退|不让我(?:来|上班|进)|让我(?:走人|走|别来)|"
                        r"不用来了|别来了|解除(?:劳动)?合同|解除了(?:劳动)?合同|解除通知|门禁")
#: 协商一致, 合同到期不续: an end the employer's unlawfulness does not touch.
_ENDED_OTHERWISE = re.compile(r"协商一致|协商解除|合同到期|到期不续|到期终止|不续签|不再续签|被迫解除|"
                             r"我(?:想|要|提出|准备|打算|能不能|可以|自己)[^，。,；;？?！!]{0,8}(?:解除|辞职|离职|走)")
_QUIT = re.compile(r"(?:我是|我|自己)?(?:主动|自己|自愿)(?:提出)?(?:辞职|离职|辞的职|走的)|个人原因(?:辞职|离职)")
_NC_UNPAID = re.compile(r"竞业.{0,80}?(?:一分钱?(?:都|也)?(?:没有?|未)(?:给|付|发|打|转|到账|收到|打过来)|没(?:给|付|发|打)过?(?:我)?(?:补偿|钱)"
                        r"|(?:补偿|钱)(?:一直|从来|都|也)?(?:没有?|未)(?:给|付|发|打|转|到账)|(?:补偿|钱)不给|从来没给|一直没给"
                        r"|没(?:收到|拿到)(?:过)?(?:任何)?(?:补偿|钱)|(?:没|未)(?:支付|付过|发过)补偿)")
_RENEW_REFUSED = re.compile(r"(?:原来|原有|同样|一样|更高|提高|不变)的?(?:条件|待遇|工资).{0,12}?续签.{0,12}?(?:他|她|员工|对方)"
                            r"(?:自己)?(?:不签|不愿意?|不同意|拒绝)")
_CUSTOM = re.compile(r"定制|定做|订做|订制|刻字|量身")
#: 我之前也欠他1.5w: what the client owes the other side (set against what the other owes him).
_OWN_DEBT = re.compile(rf"我(?:之前|以前|原来|还|也|之前也|以前也)*欠(?:了)?(?:他|她|对方|人家)(?:的)?\s*{ARABIC_MONEY}")
#: 我开车…行人闯红灯…交警认定对方全责: a motor vehicle without fault bears at most a tenth (道路交通安全法 76).
_DRIVER = re.compile(r"我(?:开车|开的车|驾车|驾驶|的车|开着车)|被我(?:的车)?撞|我(?:的车)?撞(?:了|到|倒)|我把[^，。,；;]{0,8}撞")
#: 对方全责, or the client (the driver) said to bear none: 交警认定我无责, 我没有责任.
_OTHER_FULL_FAULT = re.compile(r"(?:对方|行人|他|她)(?:负)?全(?:部)?责|(?:认定)?我(?:方|这边)?(?:无责|没有?责任|零责任|不负责任|不担责)")
_WALKER = re.compile(r"行人|闯红灯|横穿|电动车|自行车|骑车|走路|老人|小孩")
#: 决定书上没写可以复议起诉的事 / 没告知起诉期限: the authority did not tell the client of the remedies.
_RIGHTS_NOT_TOLD = re.compile(r"(?:没|未|没有)(?:写|告知|告诉|说|注明)[^，。,；;？?！!]{0,10}?(?:复议|起诉|诉讼|期限|权利)")
_ASKS_COURT = re.compile(r"(?:去|到|向)?法院(?:告|起诉)|起诉|告(?:他们|政府|城管|行政)")
#: A reconsideration already decided (复议维持了, 复议决定书前天收到, 复议结果出来了还是驳回, 复议也没用): a suit then
#: runs fifteen days from receiving the decision (行政诉讼法 45), not the six months (46) nor the sixty days to apply
#: (行政复议法 20). A supposed one (要是先复议…) is not decided.
_RECONSIDERED = re.compile(r"复议(?:机关|决定|结果)?(?:书)?(?:已经|都|也|还是|又)?(?:被)?(?:维持|驳回|下来了|出来了|作出了|没(?:有)?(?:通过|改|撤销|支持)"
                           r"|不予支持|输了|没用|失败)|复议决定(?:书)?[^，。,；;？?！!\d]{0,4}(?:前天|昨天|今天|上周|已经|刚)?(?:收到|拿到|送达|下来)")
_RECONSIDERED_SUPPOSED = re.compile(r"(?:要是|如果|假如|假设|万一|倘若|若是|先)[^，。,；;？?！!]{0,8}$")
#: 交了8万加盟费, 付了两万中介费: a sum the client paid under a contract (returned when it falls away).
_PAID = re.compile(rf"(?:交了|付了|给了|转了|打了|花了|缴了)(?:对方|他们|他|她|公司|机构)?\s*{ARABIC_MONEY}\s*(?:的)?"
                   rf"(?:加盟费|费用|款|货款|学费|服务费|中介费|保证金|首付|培训费|会费|代理费|转让费|押金|定金|订金)")
_FINAL_AWARD = re.compile(r"(?<!不是)(?<!并非)(?<!不属于)(?<![非不])"
                          r"(?:终局裁决|一裁终局|终局的裁决|裁决(?:书)?(?:上)?(?:写着?|注明)?(?:是|为)终局)")
#: 一共欠我两万四的工资, 欠了我工资2万4, 工资一共拖欠了18000: the wages owed as one sum.
_WAGE_OWED = (
    re.compile(rf"(?:欠|拖欠|拖|压)了?(?:我|我们)?(?:的)?(?:工资|工钱|薪水|薪资)\s*(?:一共|共|总共|合计)?\s*(?:有|是)?\s*{ARABIC_MONEY}"),
    re.compile(rf"(?:工资|工钱|薪水|薪资)\s*(?:一共|共|总共|合计)?\s*(?:被)?(?:拖欠|欠|拖|压)了?(?:我)?\s*(?:一共|共|总共)?\s*{ARABIC_MONEY}"),
    re.compile(rf"(?:一共|共|总共|合计)\s*(?:欠|拖欠)了?(?:我|我们)?\s*{ARABIC_MONEY}\s*(?:元|块)?(?:的)?(?:工资|工钱|薪水)?"),
)
#: 违约金每月2% / 逾期每天千分之一的违约金 / 服务费年化10%: a penalty or a fee beside the interest, as a yearly rate.
_EXTRA_RATE = re.compile(r"(违约金|罚息|服务费|手续费|管理费|咨询费|担保费|其他费用)[^，。,；;？?！!]{0,10}?"
                         r"(?:(每天|每日|按日|日)|(每月|每个月|月)|(每年|年化|年))?[^，。,；;？?！!\d]{0,6}?"
                         r"(?:(千分之|万分之)\s*([零一二三四五六七八九十\d.]+)|(\d+(?:\.\d+)?)\s*%)")
_EXTRA_RATE_BEFORE = re.compile(r"(每天|每日|按日|日|每月|每个月|月|每年|年化|年)?\s*(?:按)?\s*(?:(千分之|万分之)\s*([零一二三四五六七八九十\d.]+)"
                                r"|(\d+(?:\.\d+)?)\s*%)\s*(?:的|付|支付|计|收)?\s*(违约金|罚息|服务费|手续费|管理费)")
_OVERDUE_SPAN = re.compile(rf"(?:逾期|拖了|超期|过期)(?:了|已经)?\s*(?:刚好|整整|快|已经)?\s*({NUM}|半)\s*(年|个月)(半)?")


def _agreed_terms(text: str, facts: Facts) -> None:
    """Agreed terms the law caps (竞业限制 two years, a lease twenty, a contribution five) and the years
    of pension contributions (fifteen at least): each read from the words that name it."""
    m = _NON_COMPETE_TERM.search(text)
    if m:
        said, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = spoken_count(said)
        if value is not None and 0 < value <= (10 if unit == "年" else 120):
            facts.add("non_compete_months", value * (12 if unit == "年" else 1), m.group(0))
    m = _LEASE_TERM.search(text)
    if m and (value := cn_number(m.group(1) or m.group(2))) is not None and 0 < value <= 99:
        facts.add("lease_years", value, m.group(0))
    m = _CAPITAL_TERM.search(text)
    if m and (value := cn_number(m.group(1))) is not None and 0 < value <= 100:
        facts.add("capital_term_years", value, m.group(0))
    m = _PENSION_YEARS.search(text)
    if m and (value := cn_number(m.group(1) or m.group(2))) is not None and 0 < value <= 50:
        facts.add("pension_years", value, m.group(0))
    found = _first_money(_AWARD, text)
    if found:
        facts.add("award_amount", *found)
    for pattern in _WAGE_OWED:
        found = _first_money(pattern, text, at_least=Decimal(99))
        if found and not re.search(r"借|货款|工程款|房租", found[1]):
            facts.add("wage_owed", *found)
            break
    found = _first_money(_PAID, text, at_least=Decimal(0))
    if found:
        facts.add("amount_paid", *found)
    found = _first_money(_OWN_DEBT, text, at_least=Decimal(0))
    if found:
        facts.add("own_debt", *found)
    m = _OTHER_FULL_FAULT.search(text)
    if m and _DRIVER.search(text) and _WALKER.search(text) and "liable_share" not in facts:
        facts.add("liable_share", Decimal("0.1"), f"{m.group(0)}（机动车一方无过错，承担不超过百分之十）")
        facts.add("driver_without_fault", True, m.group(0))
    extra = _extra_rate(text)
    if extra is not None:
        facts.add("extra_annual_rate", *extra)
    m = _OVERDUE_SPAN.search(text)
    if m and (value := spoken_count(m.group(1))) is not None:
        months = value * (12 if m.group(2) == "年" else 1) + (6 if m.group(3) else 0)
        if 0 < months <= 600:
            facts.add("overdue_months", months, m.group(0))
    m = _RECONSIDERED.search(text)
    if m and not _RECONSIDERED_SUPPOSED.search(text[max(0, m.start() - 10):m.start()]) and re.search(
            r"法院|起诉|诉讼|告(?!诉|知)", text):
        facts.add("reconsidered", True, m.group(0))
    if _RIGHTS_NOT_TOLD.search(text):
        facts.add("rights_not_told", True, _RIGHTS_NOT_TOLD.search(text).group(0))  # type: ignore[union-attr]
        if _ASKS_COURT.search(text):
            facts.add("asks_court", True, _ASKS_COURT.search(text).group(0))  # type: ignore[union-attr]
    m = _DISMISSED.search(text)
    if m and not _ENDED_OTHERWISE.search(text) and not _QUIT.search(text):
        facts.add("dismissed", True, m.group(0))
    for name, pattern in (("final_award", _FINAL_AWARD), ("quit_voluntarily", _QUIT), ("non_compete_unpaid", _NC_UNPAID),
                          ("renewal_refused_by_employee", _RENEW_REFUSED), ("custom_made", _CUSTOM),
                          ("gambling_for_profit", _GAMBLING_PROFIT)):
        m = pattern.search(text)
        if m:
            facts.add(name, True, m.group(0))
    _will_form(text, facts)


#: Gambling run for profit — a table fee or a cut of the pot, a house, a bank (刑法 303: 开设赌场, 聚众赌博),
#: as against friends playing for small stakes.
_GAMBLING_PROFIT = re.compile(r"抽水|抽头|抽成|台费|桌费|收台|开(?:了个|了一个|个|一个)?(?:赌场|麻将馆|棋牌室|麻将室)"
                              r"|开设赌场|坐庄|当庄|放水|赌博网站|赌博(?:网|平台)(?:代理|推广)")
LABELS.update({"gambling_for_profit": "以营利为目的组织赌博（抽头、开场）"})


_WILL = re.compile(r"遗嘱|遗书|遗言")
WILL_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("typed_will", re.compile(r"打印|机打|打字|打出来|电脑(?:上)?(?:打|写|做|弄)|(?:word|wps|WPS|Word)|文档")),
    ("recorded_will", re.compile(r"录音|录像|录视频|录了(?:段|个|一段)?视频|视频|语音")),
    ("dictated_will", re.compile(r"代书|代写|代笔|帮(?:他|她|我爸|我妈|老人)?写|请人写|找人写|别人写|律师写")),
    ("handwritten_will", re.compile(r"亲笔|手写|亲手写|自己写|自书|亲自写|手抄")),
)


#: A will made with no witness, or with one person only beside the testator (民法典 1135–1138 ask for two or
#: more): 没有见证人, 没人见证, 就我一个人在旁边, 只有一个见证人.
_NO_WITNESS = re.compile(r"(?:没有|没|无|没找|没请|不需要)(?:任何)?(?:见证人|人见证|证人)|没人(?:见证|在场|作证)"
                         r"|(?:没有|没|无)(?:任何|别的|别|其他|其它|旁|外)人(?:在场|在旁边|在身边|见证|作证)"
                         r"|(?:只有|就|仅)(?:我|他|她|一个人|一人|我们?一个)(?:一个人)?(?:在(?:旁边|场|身边)|见证)"
                         r"|(?:只有|就|仅)(?:一个|一名|1个|1名)见证人")


_GUARANTEE = re.compile(r"担保|保证人|保人|保证合同|保证责任|保证方式|一般保证|做保|作保")
#: 连带 named as the kind agreed — not as what the contract leaves open ("没写连带不连带", "是一般担保还是连带"):
#: a guarantee whose kind is not agreed or unclear is a general one (民法典 686 ②).
_KIND_UNTOLD = re.compile(r"(?:没|未|没有|不)(?:有)?(?:写|约定|说|注明|写明|讲|明确)[^，。,；！？]{0,12}(?:连带|一般|保证方式|担保方式|什么(?:担保|保证))"
                          r"|连带不连带|是不是连带|(?:一般|普通)(?:保证|担保)?还是连带|连带(?:保证|担保|责任)?还是(?:一般|普通)")
_GUARANTOR_PAID = re.compile(r"(?:替|帮|代)[^，。,；！？]{0,6}(?:还了|还清|偿还了|付了|垫付|垫了)|代偿|代为(?:清偿|偿还)"
                             r"|承担(?:了)?(?:保证|担保)责任(?:后|以后|之后)"
                             r"|(?:法院|执行)[^，。,；！？]{0,12}(?:扣|划|执行)(?:了|走了)?[^，。,；！？]{0,10}(?:还给|给了|付给|打给)")
#: The kind of guarantee by the words of the promise, not its label (担保制度解释 25): the guarantor pays only when
#: the debtor CANNOT (不能还, 无力偿还, 还不上) — a general guarantee; when the debtor DOES NOT (到期不还, 没还, 逾期) or
#: without condition — a joint one. A promise read from its words decides over a label said beside it.
_GENERAL_WORDS = re.compile(r"(?:不能|无力|无法|没能力|没有能力|无能力|还不上|还不起|实在还不了|确实还不了)"
                            r"(?:偿还|归还|清偿|还款|还钱|还|履行)?(?:借款|债务|欠款)?(?:时|的时候|的话|时候)?[，,]?"
                            r"(?:才)?(?:则)?(?:由)?(?:我|本人|保证人|担保人)(?:来|才|再)?(?:承担|负责|代还|代为|偿还|还|替)")
_JOINT_WORDS = re.compile(r"(?:到期|逾期|届时|按期)?(?<![能])(?:不还|没还|未还|不按时还|不按期还|未按期(?:偿还|归还|还款)"
                          r"|不归还|未偿还|不偿还|不付)(?:款|钱|借款)?(?:的话|时|的)?[，,]?(?:就)?(?:由)?(?:我|本人|保证人|担保人)"
                          r"(?:来)?(?:还|承担|负责|代还|偿还|替)|无条件(?:承担|代为?偿还|替他还|还)")
#: A promise written or given (the guarantor's words quoted, not a spouse asking whether he must pay).
_PROMISE_WRITTEN = re.compile(r"担保|保证|保人|写着|写的|写了|签了|签字|签的|承诺|约定|条款|“|\"|「")
GUARANTEE_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("general_guarantee", _GENERAL_WORDS),
    ("joint_guarantee", _JOINT_WORDS),
)
GUARANTEE_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("guarantor_paid", _GUARANTOR_PAID),
    ("general_guarantee", _KIND_UNTOLD),
    ("joint_guarantee", re.compile(r"连带")),
    ("general_guarantee", re.compile(r"一般保证|一般担保")),
)


def _told_forms(text: str, facts: Facts, topic: re.Pattern[str], forms: tuple[tuple[str, re.Pattern[str]], ...]) -> None:
    """Each form of ``forms`` the question names, only when it speaks of ``topic`` (a will, a guarantee)."""
    if forms is GUARANTEE_KINDS and _PROMISE_WRITTEN.search(text):
        worded = [(name, m) for name, pattern in GUARANTEE_WORDS if (m := pattern.search(text))]
        if len(worded) == 1:  # the promise's words decide the kind, whatever label is said beside them
            if (m := _GUARANTOR_PAID.search(text)):
                facts.add("guarantor_paid", True, m.group(0))
            facts.add(worded[0][0], True, worded[0][1].group(0))
            facts.add("guarantee_worded", True, worded[0][1].group(0))
            return
    if not topic.search(text):
        return
    for name, pattern in forms:
        m = pattern.search(text)
        if m:
            facts.add(name, True, m.group(0))
            if pattern is _KIND_UNTOLD:
                return  # the kind is left open: 连带 in the same breath is no joint guarantee


#: What a question about an animal that hurt someone says of how it was kept (民法典 1245–1247): kept
#: against the rules with no safety measure (遛狗不拴绳, 没戴嘴套, 散养) — 1246, the keeper answers unless the
#: victim acted on purpose —, or a dog of a breed whose keeping is banned (藏獒, 比特 …) — 1247, no defence.
_ANIMAL = re.compile(r"狗|犬|猫|动物|宠物|咬")
_UNSECURED = re.compile(r"(?:没|未|不|没有|也不|从来不|从不)(?:有)?(?:拴|栓|牵|系)(?:绳|狗绳|链子|好)?|(?:没|未|不)(?:戴|带|套)嘴套"
                        r"|散养|放养|放出来乱跑|到处乱跑|自己跑出来|(?:绳子?|狗绳)(?:松了|断了|没系|没拴)|遛狗不")
_BANNED_BREED = re.compile(r"藏獒|比特|烈性犬|禁养犬|禁养的|杜高|罗威纳|高加索|斗牛犬|土佐|猛犬")
LABELS.update({"animal_unsecured": "动物未按规定拴绳或采取安全措施", "animal_banned_breed": "禁止饲养的烈性犬等危险动物"})


_ADVANCE = re.compile(r"订金|意向金|诚意金|预付款|预付金")
_GIFT = re.compile(r"赠与|赠送|送给|送了|白送|(?:给|买给)(?:了)?(?:儿子|女儿|孩子|侄子|外甥|孙子|孙女|女朋友|男朋友|对象|前妻|前夫)")
#: Handed over or registered to the donee; a transfer said not to have happened yet (还没过户) is none.
_DELIVERED = re.compile(r"(?<![没未不])(?<!没有)(?<!还要)(?:过户|交付|交房)(?!前|之前)|(?:转|写|登记|记)(?:到|在|成)[^，。,；]{0,6}名下"
                        r"|写的?[^，。,；]{0,3}(?:他|她|儿子|女儿|孩子|侄子|对象)[^，。,；]{0,2}名字|已经(?:给了|送了|交给|转给)")


_BETROTHAL_TOPIC = re.compile(r"彩礼|礼金|订婚|定亲|三金")
COUPLE_TOLD: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("marriage_registered_told", re.compile(r"(?<![没未不])(?<!没有)(?:领证|领了证|领了结婚证|登记结婚|登记了|扯证|扯了证|办了结婚证)")),
    ("marriage_unregistered_told", re.compile(r"(?:没|未|没有|还没|还没有|也没)(?:有)?(?:领证|登记|扯证|办结婚证|领结婚证)"
                                              r"|悔婚|退婚|婚没结成|没结成婚")),
    ("lived_together_told", re.compile(r"(?<![没未不])(?<!没有)(?:同居|住在一起|住一起|一起住|住到一起|共同生活|一起生活|一起过)"
                                       r"|(?:一起|在一起)?住了(?:不到|快|将近|差不多|有)?[一二三两四五六七八九十半\d]+(?:个)?(?:年|月)")),
)


_ONLINE = re.compile(r"网上|网购|网店|淘宝|天猫|京东|拼多多|抖音|快手|直播|小红书|闲鱼|外卖|美团|饿了么|电商|官网|网页|小程序"
                     r"|(?:app|APP|App)(?:上|里)|(?:在|从)[^，。,；]{0,6}平台|网络购物|线上")
_IN_PERSON = re.compile(r"商场|超市|实体店|门店|店里|店内|柜台|专卖店|4S店|菜市场|线下|现场买|店面|小卖部|便利店|健身房|理发店|美容院")


_BUYING = re.compile(r"买|购|下单|消费|充值|办(?:了)?(?:张|个)?卡|退货|退款|商家|卖家|店家|商品|格式条款|霸王条款|解释权")


def _purchase_channel(text: str, facts: Facts) -> None:
    """Online (``online_purchase`` True) when a question about a purchase names an online channel, in person
    (False) when it names only a shop; nothing when it names neither or speaks of no purchase."""
    if not _BUYING.search(text):
        return
    online, in_person = _ONLINE.search(text), _IN_PERSON.search(text)
    if online:
        facts.add("online_purchase", True, online.group(0))
    elif in_person:
        facts.add("online_purchase", False, in_person.group(0))


def _will_form(text: str, facts: Facts) -> None:
    """The form of a will the question tells of, the kind of guarantee (only when it speaks of one), a sum
    it calls 订金 or the like, a gift handed over, what a 彩礼 question says of the couple, and whether a
    purchase was made online."""
    _told_forms(text, facts, _WILL, WILL_FORMS)
    _told_forms(text, facts, _WILL, (("no_witness", _NO_WITNESS),))
    _told_forms(text, facts, _GUARANTEE, GUARANTEE_KINDS)
    _told_forms(text, facts, _ADVANCE, (("advance_named", _ADVANCE),))
    _told_forms(text, facts, _GIFT, (("gift_delivered", _DELIVERED),))
    _told_forms(text, facts, _ANIMAL, (("animal_unsecured", _UNSECURED), ("animal_banned_breed", _BANNED_BREED)))
    _told_forms(text, facts, _BETROTHAL_TOPIC, COUPLE_TOLD)
    _purchase_channel(text, facts)


def _extra_rate(text: str) -> tuple[Decimal, str] | None:
    """A penalty or fee agreed beside a loan's interest, as a yearly percentage (每天千分之一 → 36.5)."""
    for pattern, (per_at, frac_at, frac_num, pct_at) in ((_EXTRA_RATE, (None, 5, 6, 7)),
                                                        (_EXTRA_RATE_BEFORE, (1, 2, 3, 4))):
        m = pattern.search(text)
        if not m:
            continue
        if pattern is _EXTRA_RATE:
            per = "日" if m.group(2) else "月" if m.group(3) else "年"
        else:
            said = m.group(per_at) or "年"
            per = "日" if said in ("每天", "每日", "按日", "日") else "月" if "月" in said else "年"
        if m.group(frac_at):
            number = cn_number(m.group(frac_num))
            if number is None:
                continue
            value = number / (1000 if m.group(frac_at) == "千分之" else 10000) * 100
        else:
            value = Decimal(m.group(pct_at))
        yearly = value * (365 if per == "日" else 12 if per == "月" else 1)
        if 0 < yearly <= 1000:
            return yearly.quantize(Decimal("0.01")), m.group(0)
    return None


#: An event and the time since it: (已经|都|快)? (第)? N (天|周|个月|年) (多|半)? 了.
_SINCE = re.compile(rf"(已经|都|快|快要|将近|近|差不多|有|整整)?\s*(第)?\s*({NUM}|半|一个|两个|个)\s*"
                    rf"(天|日|周|个星期|星期|个礼拜|礼拜|个月|月|年)(多|半)?\s*了")
_SINCE_EVENTS = frozenset({"detention", "termination", "resign", "judgment", "decision", "injury", "accident", "loan",
                           "marriage", "delivery", "notice", "knew", "bail", "accepted", "death", "handover", "divorce"})


#: A supposition before a date in its clause (要是先复议 复议决定12月1号收到, 如果下个月5号被辞退, 假设明年3月1日到期):
#: the day is one the client imagines, not one that happened. A supposition reaches over a comma (要是先复议，复议
#:决定12月1号收到); only a sentence's stop ends it. Only a day still to come is read so.
_SUPPOSED = re.compile(r"(?:要是|如果|假如|假设|假使|万一|倘若|若是|如若|等到|到时候)[^。；;？?！!]{0,18}$")


def supposed_day(text: str, at: int, day: date, today: date) -> bool:
    """Whether the date written at ``at`` is a day still to come that the client supposes (the tense of the fact,
    read once: a supposed day never dates an event that happened)."""
    return day > today and _SUPPOSED.search(text[max(0, at - 20):at]) is not None


def typed_dates(text: str, today: date) -> list[DatedEvent]:
    """Every date of ``text`` (written out, or 三年前 / 昨天 / 去年3月) with the event the words
    around it name, in the order written (:mod:`legal.events`)."""
    found: list[tuple[int, DatedEvent]] = []
    for day, after, before, at, _end in _dated_events(text, today):
        found.append((at, DatedEvent(day, events.label(before, after), day.isoformat(),
                                     supposed=supposed_day(text, at, day, today))))
    spans: list[tuple[int, int]] = []
    for pattern, unit in ((_REL_YEARS, "年"), (_REL_MONTHS, "月")):
        m = pattern.search(text)
        if not m:
            continue
        said = m.group(1) or (m.group(3) if unit == "年" else None) or ""
        number = spoken_count(said)
        if number is None or number > 60:
            continue
        if unit == "年":
            years = number + (Decimal("0.5") if (m.group(2) or (m.group(4) if m.lastindex and m.lastindex >= 4 else ""))
                              == "半" else 0)
        else:
            years = number / 12
        spans.append((m.start(), m.end()))
        event = events.label(text[max(0, m.start() - 24):m.start()], text[m.end():m.end() + 16])
        found.append((m.start(), DatedEvent(_shift_years(today, years), event, m.group(0))))
    for m in re.finditer(r"(?<![到至止])(?:大前天|前天|昨天|今天|今日)", text):  # 到今天 is no event's day
        back = {"今天": 0, "今日": 0, "昨天": 1, "前天": 2, "大前天": 3}[m.group(0)]
        event = events.label(text[max(0, m.start() - 24):m.start()], text[m.end():m.end() + 16])
        found.append((m.start(), DatedEvent(date.fromordinal(today.toordinal() - back), event, m.group(0))))
        break
    m = re.search(r"去年\s*(\d{1,2}|[一二三四五六七八九十]+)\s*月", text)
    if m and (month := cn_number(m.group(1))) is not None and 1 <= month <= 12:
        event = events.label(text[max(0, m.start() - 24):m.start()], text[m.end():m.end() + 16])
        found.append((m.start(), DatedEvent(date(today.year - 1, int(month), 1), event, m.group(0))))
    for m in _SINCE.finditer(text):  # 被抓进去三天了, 离职快一年了, 收到判决书已经一周了: the event's day counted back
        event = events.label(text[max(0, m.start() - 16):m.start()], "")
        if event not in _SINCE_EVENTS or any(at == m.start() for at, _d in found):
            continue
        said = m.group(3)
        number = Decimal("0.5") if said == "半" else Decimal(1) if said in ("一个", "个") else Decimal(2) if said == "两个" \
            else cn_number(said)
        if number is None or number > 100:
            continue
        unit, almost = m.group(4), bool(m.group(1) and re.search(r"快|将近|近|差不多", m.group(1)))
        if m.group(2):  # 第8天了: the first day is the event's day
            number -= 1
        if unit in ("年",):
            back = date.fromordinal(_shift_years(today, number).toordinal() + (30 if almost else 0))
        elif "月" in unit:
            back = date.fromordinal(_shift_years(today, number / 12).toordinal() + (7 if almost else 0))
        else:
            days = number * (7 if unit in ("周", "星期", "个星期", "礼拜", "个礼拜") else 1) - (1 if almost else 0)
            back = date.fromordinal(today.toordinal() - int(days))
        if m.group(5) == "半":
            back = date.fromordinal(back.toordinal() - (182 if unit == "年" else 15))
        found.append((m.start(), DatedEvent(back, event, m.group(0))))
    found.sort(key=lambda e: e[0])
    named = {d.day for _at, d in found if d.event != "unknown"}
    # 今天2026年11月27号交了辞职信: one day, one event (the unnamed copy goes)
    kept: list[DatedEvent] = []
    for _at, d in found:
        if (d.event != "unknown" or d.day not in named) and not any(k.day == d.day and k.event == d.event for k in kept):
            kept.append(d)
    return kept


#: The agreed day of a performance (约定2025年12月31日交房, 合同写的去年3月交付, 说好11月初发货): the words
#: before the date say it was agreed, or the words after it name the performance due by it (…前交房).
_AGREED = re.compile(r"(?:约定|合同(?:上|里)?(?:写的?|约定)?|说好|承诺|应该|应当|本应|原定|规定|定好|讲好)[^，。,；;？?！!\d]{0,6}$")
_AGREED_AFTER = re.compile(r"\s*(?:前|之前|以前|前后|底前)?\s*(?:交房|交付|交货|发货|付款|付清|完工|竣工|办证|交钥匙|到货|还款|还钱|交)")
#: The day it came at last: 拖到2026年3月31日才交, 直到上个月15号才发货, 实际是6月1日交的房.
_CAME_BEFORE = re.compile(r"(?:拖到|直到|延到|推迟到|拖延到|晚到|等到|到了|结果|实际(?:上|是)?)[^，。,；;？?！!\d]{0,3}$")
_CAME_AFTER = re.compile(r"\s*(?:才|才算|方才)")
#: ... a performance the client says has not come (到现在还没交): the delay runs to today.
_NOT_YET = re.compile(r"(?:还没|还没有|至今没|至今未|一直没|迟迟没|到现在(?:还)?没|到现在(?:都)?没|到今天(?:还)?没|仍未|尚未|没有按时|没按时)"
                      r"(?:有)?(?:交|给|付|发|办|还|送|完工|交付|到)")
_PERFORMANCE = ("handover", "delivery", "due", "contract", "unknown")


def _performance_delay(text: str, today: date, facts: Facts) -> None:
    """逾期天数 between the agreed day of a performance and the day it came (约定2025年12月31日前交房，拖到2026年
    3月31日才交), or today when the client says it has not come (开发商约定去年12月交房，到现在还没交) — the dates
    as clients write them (去年3月, 上个月15号, 11月初, 过年前: :func:`legal.normalise.normalise`), read once
    here, when the client does not count the days himself."""
    if "delay_days" in facts:
        return
    dated = _dated_events(text, today)
    for index, (day, after, before, _at, _end) in enumerate(dated):
        agreed = (_AGREED.search(before) and events.label(before, after) in _PERFORMANCE) or _AGREED_AFTER.match(after)
        if not agreed or day >= today:
            continue
        came = next((d for d, a, b, _s, _e in dated[index + 1:] if d > day and (_CAME_AFTER.match(a) or _CAME_BEFORE.search(b))),
                    None)
        if came is not None:
            facts.add("delay_days", Decimal((min(came, today) - day).days), f"{day.isoformat()} 至 {came.isoformat()}")
            return
        if _NOT_YET.search(text):
            facts.add("delay_days", Decimal((today - day).days), f"{day.isoformat()} 至今")
            return


def _dates(text: str, today: date, facts: Facts) -> None:
    """Dates by their event (``facts.dates``), and the role facts calculators read: the loan's date,
    the due date, and ``start_date`` — the latest past date of an event a period can run from (never
    a hire date, the day money was lent, or a date whose event the words do not name)."""
    facts.dates = typed_dates(text, today)
    m = _PERFORM_DAYS.search(text)
    judged = next((d for d in facts.dates if d.event == "judgment"), None)
    if m and judged is not None and (days := cn_number(m.group(1))) is not None and days < 400:
        # 判决2025年1月10日生效，判他15日内还钱: the time to perform ends fifteen days later
        facts.dates.append(DatedEvent(date.fromordinal(judged.day.toordinal() + int(days)), "due",
                                      f"{judged.day.isoformat()} 起 {days} 日内履行"))
    for dated in sorted(facts.dates, key=lambda d: d.day, reverse=True):
        if dated.event == "due":
            facts.add("due_date", dated.day, dated.text)
            continue
        if dated.day > today:
            continue
        if dated.event == "loan":
            facts.add("loan_date", dated.day, dated.text)
        elif dated.event not in events.NO_PERIOD:
            facts.add("start_date", dated.day, dated.text)


# -- whose question it is -------------------------------------------------------------------------------
#: The sides of the disputes clients bring, each with its opposite: an employer's question about a
#: dismissal is not the employee's, a landlord's deposit question is not the tenant's.
SIDES = {"employee": "employer", "employer": "employee", "tenant": "landlord", "landlord": "tenant",
         "lender": "borrower", "borrower": "lender", "victim": "offender", "offender": "victim",
         # the family that gave a betrothal gift (彩礼) and the family that received it
         "gift_giver": "gift_receiver", "gift_receiver": "gift_giver",
         # the seller and the buyer of goods, a car, a second-hand or a new house
         "seller": "buyer", "buyer": "seller",
         # the party asked to give money back (定金, 预付款, 培训费, 多付的钱) and the party asking for it
         "refund_payer": "refund_claimant", "refund_claimant": "refund_payer",
         # in a divorce's property split: the spouse the house or money is registered to or came from, and
         # the spouse claiming a share of it
         "holder_spouse": "claimant_spouse", "claimant_spouse": "holder_spouse",
         "insurer": "insured", "insured": "insurer"}
SIDE_LABELS = {"employee": "劳动者", "employer": "用人单位", "tenant": "承租人", "landlord": "出租人", "lender": "出借人",
               "borrower": "借款人", "victim": "被害人", "offender": "行为人（或其家属）",
               "gift_giver": "给付彩礼一方", "gift_receiver": "收受彩礼一方", "seller": "出卖人（卖方）",
               "buyer": "买受人（买方）", "refund_payer": "被要求退款的一方", "refund_claimant": "要求退款的一方",
               "holder_spouse": "财产登记或出资的一方", "claimant_spouse": "要求分割的另一方",
               "insurer": "保险人（保险公司）", "insured": "投保人或被保险人"}
_OTHER = r"(?:他|她|朋友|同事|亲戚|别人|对方|老乡|同学|邻居|前夫|前妻|老板|熟人|网友|表哥|表弟|表姐|表妹|堂哥|发小|小舅子|姐夫)"
_RELATIVE = r"(?:我弟|我哥|我姐|我妹|我儿|表哥|表弟|表姐|表妹|堂哥|堂弟|老公|丈夫|老婆|妻子|儿子|女儿|孩子|弟弟|哥哥|姐姐|妹妹|爸爸?|妈妈?|父亲|母亲|家人|亲戚|朋友|男朋友|女朋友|侄子|外甥)"
#: The sides of the matters where a pair opposes beyond work, tenancy, loans and crime (read after those):
#: who gave or received a betrothal gift, sold or bought, must refund or asks a refund, holds the house or
#: claims a share of it in a divorce, insures or is insured. Each is written as clients tell it.
_MINE = r"(?:我|我们|我家|俺|俺家|咱家)"
_THEIR_FAMILY = r"(?:男方|女方|男方家|女方家|他家|她家|他们家|她们家|对方|对方家|人家|前男友|前女友|未婚夫|未婚妻|男朋友|女朋友|亲家)"
_MATTER_CUES: tuple[tuple[str, str], ...] = (
    ("gift_receiver", rf"{_MINE}(?:家)?(?:收了|收到|收下|拿了|接了|收过)[^，。,；;？?！!]{{0,8}}(?:彩礼|聘礼|礼金|聘金)"
                      rf"|(?:男方|男方家|他家|他们家|前男友|未婚夫|男朋友)[^，。,；;？?！!]{{0,8}}(?:给|送|拿)(?:了)?(?:我|我们|我家|女方)?[^，。,；;？?！!]{{0,6}}(?:彩礼|聘礼|聘金)"
                      rf"|{_THEIR_FAMILY}[^，。,；;？?！!]{{0,8}}(?:找|向|跟|让|要|叫|逼|起诉|告)(?:我|我们|我家|俺家)[^，。,；;？?！!]{{0,6}}(?:退|还|返还|要回|要钱)"
                      rf"|(?:要|让|叫|逼)(?:我|我们|我家)(?:全部|全额)?(?:退|返还|退还)(?:回)?(?:彩礼|聘礼|礼金)"
                      rf"|(?:彩礼|聘礼|礼金)[^，。,；;？?！!]{{0,10}}{_MINE}(?:必须|一定要|要|得|该|需要|应该)(?:全)?(?:退|返还|还)"
                      r"|我(?:是)?(?:女方|女的)(?:家)?"
                      r"|(?:订婚|定亲)[^，。,；;？?！!]{0,6}(?:男方|他家|他们家|对方)(?:家)?(?:给|送)(?:了)?"),
    ("gift_giver", rf"{_MINE}(?:家)?(?:给|送|出|拿)(?:了)?{_THEIR_FAMILY}?(?:家)?[^，。,；;？?！!]{{0,8}}(?:彩礼|聘礼|聘金)"
                   rf"|(?:女方|女方家|她家|她们家|前女友|未婚妻|女朋友)[^，。,；;？?！!]{{0,10}}(?:不退|不还|不肯退|拒绝退|不给退|不返还|收了)"
                   rf"|(?:彩礼|聘礼|聘金|礼金)[^，。,；;？?！!]{{0,16}}?(?:{_MINE}|我)(?:能|可以|想|要|能不能|可不可以)?(?:要回|讨回|拿回|追回|退回来)"
                   rf"|(?:要回|讨回|拿回|追回)[^，。,；;？?！!]{{0,4}}(?:彩礼|聘礼|聘金)|(?:退|返还)给(?:我|我们|我家)"
                   rf"|(?:彩礼|聘礼|聘金)(?:钱)?(?:给|送)(?:了|出去)"
                   rf"|(?:这|这笔|那)?(?:钱|彩礼){_MINE}?(?:能|可以|能不能|可不可以)(?:要回|讨回|拿回|追回)"
                   r"|我(?:是)?男方(?:家)?"
                   r"|(?:订婚|定亲)[^，。,；;？?！!]{0,6}(?<![他她方])(?:给|送)(?:了)?(?:女方|她家|她们家|女方家|对方家?|她)"),
    ("seller", r"我(?:们)?(?:是|作为)(?:卖家|卖方|出卖人|出售方|供货方|供应商|卖房的|卖车的|卖房子的|房主)"
               r"|我(?:们)?(?:把|将)[^，。,；;？?！!]{0,12}(?:卖给|出售给|转让给|卖了)"
               r"|我(?:们)?(?:卖|出售|转让)(?:了)?(?:一?套|一?辆|一批|台|家里的|自己的)?[^，。,；;？?！!]{0,6}(?:房|车|货|设备|东西)"
               r"|买(?:我|我们)(?:家)?(?:的)?[^，。,；;？?！!]{0,4}(?:房|车|货|东西|设备)"
               r"|(?:买家|买方|买受人|购房人|购房者|买主|客户)[^，。,；;？?！!]{0,6}(?:要|说|不|拖|反悔|违约|要求|起诉|告我|退货|一直)"
               r"|(?:欠|拖欠|不付|不给)(?:我|我们)?(?:的)?(?:货款|尾款|房款|车款|余款)|(?:货款|尾款|房款|车款)(?:一直)?(?:不给|不付|没给|没付|拖着)"
               r"|(?:我|我们)(?:已经)?(?:发|交|供)(?:了)?货|不要货"),
    ("buyer", r"我(?:们)?(?:是|作为)(?:买家|买方|买受人|购房人|购房者|买主)"
              r"|我(?:们)?(?:在[^，。,；;？?！!]{0,8})?(?:买|购买|购|订|定|看中)(?:了)?(?:一?套|一?辆|一批|台|个|的)?[^，。,；;？?！!]{0,8}"
              r"(?:房|车|货|设备|二手|楼盘|商品房|期房|现房)"
              r"|(?<![卖出])(?:买|购)(?:的|了)?(?:二手房|二手车|房子|车子?|新房|商品房|期房|这套房|这辆车|设备|货)"
              r"|(?:卖家|卖方|出卖人|房主|原房主|房东|开发商|车商|4S店|厂家|供货商|供应商)[^，。,；;？?！!]{0,8}"
              r"(?:反悔|不卖|涨价|不过户|拒绝过户|隐瞒|不交房|延期交房|逾期交房|不发货|违约|跑路|不退|说|一口咬定)"),
    ("refund_payer", r"(?:要|让|叫|逼|要求)(?:我|我们)(?:全部|全额)?(?:退|返还|退还|退回)(?:钱|款|费|定金|订金|押金|学费|培训费|预付款|货款)?"
                     r"|(?:找|向|跟)(?:我|我们)(?:要|讨)(?:回)?(?:定金|订金|押金|学费|预付款|钱|款)"
                     r"|(?:我|我们)(?:要|得|必须|需要|该|应该)(?:全部|全额|全)?(?:退|返还|退还)(?:给)?(?:他|她|对方|人家|客户|学员|家长)?(?:吗|么|多少)"
                     r"|(?:客户|学员|家长|对方|买家|他|她)(?:要求|要|想|申请|闹着要?|吵着要?)(?:全额)?(?:退款|退费|退钱|退定金|退订金)"),
    ("refund_claimant", r"(?:我|我们)(?:要|想|能|可以|能不能|可不可以)?(?:要求)?(?:退款|退费|退钱|退定金|退订金|退押金)"
                        r"|(?:我|我们)(?:的)?(?:钱|定金|订金|押金|预付款|学费)[^，。,；;？?！!]{0,6}(?:能|可以|能不能)?(?:要回|拿回|退回|追回|退)"
                        r"|(?:不|不肯|拒绝|不给|不愿)(?:退|返还|退还)(?:我|给我)"
                        r"|(?<![他她方家])(?:能|可以|能不能)(?:全)?(?:退|要回来?|拿回来?)(?:吗|么)?"
                        r"|(?:转错|多转|多付|多打|打错)(?:了)?(?:钱|账|款)?"),
    ("holder_spouse", r"(?:房本|房产证|产权证|不动产证|房子)[^，。,；;？?！!]{0,8}(?:就|只)?(?:是|写|登记)?(?:的)?(?:在)?我(?:一个人|自己)?(?:的)?(?:名字|名下)"
                      r"|(?:写|登记|在)(?:的)?我(?:一个人|自己)?(?:的)?(?:名字|名下)"
                      r"|我(?:在)?婚前(?:自己|一个人)?(?:全款)?(?:买|付|出|贷款买)"
                      r"|我(?:的)?(?:爸妈|父母|爸|妈|家里)[^，。,；;？?！!]{0,4}(?:出|给|付)(?:了)?[^，。,；;？?！!]{0,8}(?:首付|房款|全款|买房|钱)"
                      r"|(?:她|他|对方|老婆|老公|妻子|丈夫|前妻|前夫)(?:说|要|想|非要|起诉)?[^，。,；;？?！!]{0,6}(?:分一半|要一半|平分|分走|分割|分我)"),
    ("claimant_spouse", r"(?:老公|老婆|丈夫|妻子|他|她|对方|前夫|前妻)(?:在)?婚前(?:自己)?(?:全款)?(?:买|付|出|贷款买)"
                        r"|(?:房本|房产证|产权证|不动产证|房子)[^，。,；;？?！!]{0,8}(?:写|登记|在)(?:的)?(?:是)?(?:他|她|老公|老婆|丈夫|妻子|对方|前夫|前妻)(?:一个人|自己)?(?:的)?(?:名字|名下)"
                        r"|我(?:能|可以|可不可以|能不能)?(?:分|要|得)(?:到)?(?:多少|一半|吗)"
                        r"|(?:能|可以|可不可以|能不能)(?:多分|分到|分一半|分多少)"
                        r"|(?:他|她|对方|老公|老婆)(?:的)?(?:爸妈|父母)[^，。,；;？?！!]{0,4}(?:出|给|付)(?:了)?[^，。,；;？?！!]{0,8}(?:首付|房款|全款|买房)"),
    ("insurer", r"我(?:们)?(?:是|作为)(?:保险公司|保险人|承保公司|理赔员|保险公司的)|我们(?:保险)?公司(?:承保|理赔|核赔|拒赔)"
                r"|(?:投保人|被保险人|客户)[^，。,；;？?！!]{0,6}(?:骗保|隐瞒|没有如实告知|未如实告知|起诉我们|要求我们)"),
    ("insured", r"保险公司[^，。,；;？?！!]{0,6}(?:不赔|拒赔|拒绝|不给|不理赔|只赔|少赔|拖着|说|以|推)"
                r"|我(?:们)?(?:家)?(?:买|投|上|交|保|买了|投了)(?:了)?[^，。,；;？?！!]{0,8}(?:保险|险)"
                r"|我(?:的)?(?:车险|保险|保单)|(?:找|向|跟|起诉|告)保险公司"),
)
#: The words a matter's pair is read in: a 房子 of a divorce is no sale, a 退 of a lease no refund pair.
_MATTER_WORDS = {"gift_receiver": r"彩礼|聘礼|礼金|聘金|订婚|定亲", "gift_giver": r"彩礼|聘礼|礼金|聘金|订婚|定亲",
                 "seller": r"买|卖|购|售|货", "buyer": r"买|卖|购|售|货",
                 "refund_payer": r"退|返还|要回", "refund_claimant": r"退|返还|要回|转错|多转|多付|多打|打错",
                 "holder_spouse": r"离婚|离了婚|分居|夫妻共同财产", "claimant_spouse": r"离婚|离了婚|分居|夫妻共同财产",
                 "insurer": r"保险|保单|理赔|险", "insured": r"保险|保单|理赔|险"}

#: The criminal matters (a victim and an accused oppose there).
CRIMINAL_DOMAINS = ("criminal", "criminal_procedure")
#: The matters in which each pair of sides opposes: a company signing a sales contract is no employer there,
#: and a driver who reports an accident does not take a victim's step.
SIDE_AREAS: dict[str, tuple[str, ...]] = {
    "employee": ("labor",), "employer": ("labor",), "tenant": ("real_estate",), "landlord": ("real_estate",),
    "lender": ("debt", "general", "contract", "security_interest"),
    "borrower": ("debt", "general", "contract", "security_interest"),
    "victim": CRIMINAL_DOMAINS, "offender": CRIMINAL_DOMAINS, "consumer": ("consumer",), "business": ("consumer",),
    "gift_giver": ("marriage_family",), "gift_receiver": ("marriage_family",),
    "seller": ("contract", "real_estate", "traffic_accident", "general"),
    "buyer": ("contract", "real_estate", "traffic_accident", "general"),
    "refund_payer": ("contract", "general", "real_estate"), "refund_claimant": ("contract", "general", "real_estate"),
    "holder_spouse": ("marriage_family",), "claimant_spouse": ("marriage_family",),
    "insurer": ("traffic_accident", "contract", "general"), "insured": ("traffic_accident", "contract", "general"),
}


#: (side, pattern): the first side whose words the question uses, in this order (an explicit
#: 我是房东 / 我是老板 is read before the other side's words).
_SIDE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((side, re.compile(pattern)) for side, pattern in (
    ("landlord", r"我是房东|我(?:家)?(?:的)?(?:房子|房屋|门面|商铺|铺面)(?:\S{0,4})?(?:租给|出租)|我(?:把|将)(?:房子|房屋|门面|商铺)\S{0,4}租给"
                 r"|(?:租客|租户|房客|承租人)(?:不|拖|欠|把|一直|跑|失联|转租|要|提前|说)"),
    ("employer", r"我(?:们)?(?:是|作为)(?:公司|单位|企业|厂|店)?(?:的)?(?:老板|负责人|HR|hr|人事|法人|老总|经理)"
                 r"|我(?:们)?(?:是|在)[^，。,；;？?！!]{0,8}(?:公司|单位|企业|厂|店|工厂)(?:的|里的|做|当)?(?:老板|负责人|HR|hr|人事|法人|老总|经理)"
                 r"|我们是(?:一?个|一家|家)[^，。,；;？?！!]{0,6}(?:公司|厂|店|企业|工厂)"
                 r"|我们(?:公司|单位|厂|店)(?:最晚|要|得|应该|需要)"
                 r"|我们(?:公司|单位|厂|店)(?:里|上)?(?:有|的)?(?:一?个|一名|名|位)?(?:员工|职工|工人|店员|新人)"
                 r"|我(?:开|办)了?(?:一?家|个)[^，。,；;？?！!]{0,4}(?:公司|厂|店|馆|超市|作坊|诊所|工作室)"
                 # the trade said (我是开公司的, 我们是做餐饮开店的) or a hire told (招了个员工, 雇了两个工人)
                 r"|我(?:们)?(?:是|家是)(?:开|办|做)[^，。,；;？?！!\s]{0,6}(?:公司|厂|店|馆|超市|作坊|工作室)的"
                 r"|我(?:们)?(?:公司|店里?|厂里?)?(?:新)?(?:招|雇|聘|请)(?:了|的)(?:一?个|一名|两个|几个|个|名)?[^，。,；;？?！!\s]{0,4}"
                 r"(?:员工|工人|店员|服务员|职工|小工|学徒|业务员|销售)|(?:我|我们)(?:公司|单位)?(?:想|要|能不能|能否|可以|可不可以|打算)?"
                 r"(?:辞退|开除|解雇|辞掉|开掉)(?:一?个|一名|名)?(?:员工|工人|职工|店员)"
                 r"|(?:员工|职工|工人|店员)(?:要求|起诉|申请(?:劳动)?仲裁|告我|旷工|不来上班|偷|泄密|跳槽|辞职后)"),
    ("offender", rf"{_RELATIVE}"
                 r"[^。？?！!被]{0,16}?(?:把(?:人|他|她|对方|人家)[^，。,；;\s被]{0,4}(?:打|撞|捅|砍|弄伤|推倒)"
                 r"|(?:骗|偷|抢|打伤|捅伤|砍伤)了(?:人家|别人|对方|人)|打骨折了|打成(?:轻伤|重伤))|"
                 rf"我(?:把|将)(?:人|他|她|对方)\S{{0,3}}(?:打|撞|弄伤|捅)|我(?:打了|撞了|捅了|砍了|偷了|骗了)"
                 rf"|{_RELATIVE}的?(?:案子|案件)[^。？?！!]{{0,16}}(?:移送|检察院|起诉|开庭|判|批捕|逮捕|取保)"
                 rf"|{_RELATIVE}\S{{0,6}}(?:被抓|被拘|被刑拘|被拘留|被逮捕|被批捕|被判|被起诉|涉嫌|进去了|被带走|被公安)"
                 r"|我(?:涉嫌|被抓|被拘|被刑拘|被拘留|被逮捕|被判|被公安)|取保候审|嫌疑人|自首|我(?:酒驾|醉驾|喝酒开车)"
                 rf"|{_RELATIVE}\S{{0,2}}(?:酒驾|醉驾|喝(?:了)?酒(?:后)?开车|撞了人|撞伤了?人|把人(?:打|撞|捅|砍))"),
    ("victim", rf"我(?:被|让)(?:人|他|她|对方|{_OTHER})?\S{{0,2}}(?:打|骗|偷|抢|撞|伤|咬|砍|殴打|诈骗|猥亵|敲诈)"
               rf"|{_OTHER}(?:打了?我|骗了?我|撞了?我|偷了?我|抢了?我)|受害人|被害人|我(?:去)?报(?:了)?(?:警|案)"
               rf"|{_RELATIVE}\S{{0,3}}被(?:人|他|她|对方|{_OTHER})?\S{{0,2}}(?:打|骗|抢|撞|砍|捅|殴打|诈骗|猥亵|性侵|杀)"),
    ("tenant", r"(?<!我是)房东|我(?:租了|租的|在外面租|租房|是租客|是承租人)|租的房子"),
    ("lender", rf"借给(?!我)|(?:借钱的人|欠钱的人|欠款人|欠我钱的人?|(?<![是当])借款人)[^，。,；;？?！!\s]{{0,4}}?"
               rf"(?:还不上|还不起|不还|没还|跑了|失联|赖账|拖着|不接电话|让我|要我|叫我|求我|说)|{_OTHER}(?:借了?我(?:的)?|欠我|欠了我|找我借|向我借|跟我借)|我(?:是)?出借人|借(?:钱|款)?不还|要账|讨债|追债|讨钱"),
    ("borrower", rf"借给我|(?:^|[，,。；;！!？?\s]|之前|前年|去年|当初|当时)(?:找|跟|向){_OTHER}借|我(?:借了|向|找|跟|在)\S{{0,8}}借|我(?:欠|借的|是借款人|还不上|还不起)|催收|网贷|(?:让|要|逼)我还"),
    # (一家公司欠我们货款 is a seller's debtor, no employer)
    ("employee", r"(?:公司|单位|老板|领导|厂里|厂子|HR|hr|人事|用人单位)(?:把我|让我|要我|给我|不给我|(?:拖)?欠我(?!们?的?(?:货款|房款|车款|工程款|租金|借款))"
                 r"|扣我|辞退我|开除我|逼我|叫我|没给我|没有给我|不让我|拖(?:了)?我|欠了我)"
                 r"|我(?:被|让)(?:公司|单位|老板|领导|厂里)?(?:辞退|开除|解雇|裁|炒|劝退|调岗|降薪)|我(?:在|入职|进)(?:了)?(?:一?家|这家|公司|单位|厂)(?!的?(?:股份|股权|出资|分红|占股|持股|投资))"
                 r"|(?:辞退|开除|解雇|裁掉|炒掉)了?我"),
    *_MATTER_CUES,
    # weak: 我工资8000 tells a worker only when nothing else says whose question it is (in a family matter
    # it is the payer's income, in a loan the borrower's means)
    ("employee", r"我(?:的)?(?:工资|社保|加班费|工龄|年假|试用期|劳动合同)"),
))


_LEASE = re.compile(r"租|押金")
#: An estate being shared among heirs (遗产, 没留遗嘱, 我爸走了): no spouse's divorce split.
_HEIRS_SHARE = re.compile(r"遗产|遗嘱|继承|去世|过世|走了|病逝|死了|身故")
#: A loan of money, not of a car or a house: its sum (\d{3,}, 10万, 5k) or its interest (月息) names it.
_MONEY_WORDS = re.compile(r"钱|款|借条|欠条|利息|月息|年息|\d{3,}|\d+(?:个)?[万千wWkK]|网贷|信用卡|催收")


def side(text: str) -> tuple[str, str] | None:
    """Whose question it is — (side, the words that tell) — or None when the words do not say."""
    said = sides_said(text)
    return said[0] if said else None


#: How sure a side told by the first words alone is, when the whole story weighs no evidence of its pair.
FIRST_WORDS_CONFIDENCE = 0.6


def side_reading(text: str) -> SideReading | None:
    """Whose question it is, with how sure: the story's confidence when it weighed the side's pair
    (:func:`story_sides`), else :data:`FIRST_WORDS_CONFIDENCE`; None when the words do not say."""
    said = side(text)
    if said is None:
        return None
    read = next((r for pair, r in story_sides(text).items() if said[0] in pair and r is not None), None)
    return SideReading(said[0], read.confidence if read is not None else FIRST_WORDS_CONFIDENCE, said[1])


def sides_said(text: str) -> list[tuple[str, str]]:
    """Every side the words tell, one of each pair (its first in :data:`_SIDE_CUES`' order), in that
    order: 我工资8000 beside 男方家要我们退彩礼 is the receiving family in the betrothal-gift matter, and a
    side is taken only in the matter where its pair opposes (:data:`SIDE_AREAS`)."""
    text = amounts(text)
    found: list[tuple[str, str]] = []
    for name, pattern in _SIDE_CUES:
        if name in ("tenant", "landlord") and not _LEASE.search(text):
            continue  # 房东 of a house for sale is its seller, not a landlord
        if name in ("lender", "borrower") and not _MONEY_WORDS.search(text):
            continue  # 借车, 借房子: not a loan of money
        if name in _MATTER_WORDS and not re.search(_MATTER_WORDS[name], text):
            continue
        if name in ("employee", "employer") and family_only(text):
            continue  # 我工资8000 beside 离婚, 抚养费: the payer's income, no worker's question
        if name in ("holder_spouse", "claimant_spouse") and _HEIRS_SHARE.search(text):
            continue  # 这房子我能分多少 of a father's estate is an heir's share, not a divorce's
        if name in ("seller", "buyer") and any(other in ("tenant", "landlord") for other, _ in found):
            continue  # 房东说房子卖了 to his tenant: the lease is the matter, the tenant is no buyer
        if any(SIDES.get(name) == other or name == other for other, _ in found):
            continue  # one side of each pair: the first the words tell
        m = pattern.search(text)
        if m:
            found.append((name, m.group(0)))
    return _story_weighed(text, found)


#: Each side's place in the order sides are told (:data:`_SIDE_CUES`): where a side the story adds goes.
_CUE_ORDER = {name: index for index, (name, _) in reversed(list(enumerate(_SIDE_CUES)))}


def _story_weighed(text: str, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``found`` with each pair of :data:`STORY_PAIRS` read from the whole story (:func:`story_sides`): its
    side when the story tells it surely (replacing the first words' side, or added in its order), none when
    the story is ambiguous."""
    out = list(found)
    for pair, reading in story_sides(text).items():
        at = next((i for i, (name, _) in enumerate(out) if name in pair), None)
        if reading is None:
            if at is not None:
                del out[at]
            continue
        if at is not None:
            if out[at][0] != reading.side:
                out[at] = (reading.side, reading.text)
            continue
        place = next((i for i, (name, _) in enumerate(out)
                      if _CUE_ORDER.get(name, 99) > _CUE_ORDER.get(reading.side, 99)), len(out))
        out.insert(place, (reading.side, reading.text))
    return out


# -- whose question it is, read from the whole story ----------------------------------------------------------
#: The pairs whose sides the whole story is weighed for: who "我/我们/本人/我方/我家" is, what role the
#: other party has in the story (员工, 房客, 借我钱的人, 买车的人), and which acts the client took and which he
#: suffered (我们辞退了他, 他辞职了要我们赔 → the employer; 公司辞退了我 → the worker).
STORY_PAIRS: tuple[tuple[str, str], ...] = (
    ("employer", "employee"), ("landlord", "tenant"), ("lender", "borrower"), ("offender", "victim"),
    ("seller", "buyer"))
#: The first person: the client himself or his side (我, 我们, 本人, 我方, 我家, 俺, 咱).
_ME = r"(?:我们|我方|我家|本人|咱们|俺们|我|俺|咱)"
#: The other party spoken of in the third person: 他/她, 对方, 人家, 那人.
_THIRD = r"(?:他|她|对方|人家|那人|这人|那个人|这个人|他们|她们)"
#: The words of a worker spoken of by his employer — not after 我是/作为/我们 (我是员工, 我们员工 tell the worker).
_WORKER = (r"(?<!我是)(?<!作为)(?<!我们)(?<!是个)(?<!是名)(?<!是一名)"
           r"(?:员工|职工|工人|店员|服务员|小工|学徒|伙计|伙记|雇员|保姆|收银员|业务员|销售员|营业员|"
           r"手下(?:的人|的员工|的小伙子|的姑娘)?|手底下(?:的人|的员工)?|下属|招的人|雇的人|请的人|新来的(?:人|小伙子|姑娘)?)")
#: Not after the firm or its people (公司要…, 老板让…): a demand on "us" or a subjectless "要给吗" is the
#: employer's only when no firm precedes it.
_NOT_BY_THE_FIRM = r"(?<!公司)(?<!单位)(?<!老板)(?<!老版)(?<!领导)(?<!厂里)(?<!经理)(?<!主管)(?<!他)(?<!她)(?<!对方)"
#: A lease told as clients write it (押金, or its common slip 压金).
_LEASE_STORY = re.compile(r"租|押金|压金")
#: A family matter: a wage said there is the payer's income (抚养费, 赡养费), never a worker's claim.
_FAMILY_MATTER = re.compile(r"离婚|离了婚|抚养费|抚养权|赡养|彩礼|分居|夫妻|老公|老婆|前夫|前妻|丈夫|妻子|探视|生活费|继承|遗产")
_LABOUR_WORDS = re.compile(r"工资|社保|辞退|开除|解雇|辞职|离职|劳动|加班|试用期|工伤|上班|入职|员工|职工|店员|工人|干活|打工|兼职"
                           r"|服务员|保姆|学徒|招|雇|老板|老版|HR|hr|人事|单位|手下|手底下|下属|伙计|伙记|干了|做了|工作"
                           r"|经济补偿|年假|产假|调岗|降薪|裁员|不干了")

#: (side, weight, pattern): evidence of a side, negatives and the other party's roles first. A weight of 3
#: is the client's own word for his role (我是房东), 2 an act he took or suffered or the other party's role
#: told in the third person, 1 a hint alone.
_STORY_CUES: tuple[tuple[str, int, re.Pattern[str]], ...] = tuple((side, weight, re.compile(pattern)) for side, weight, pattern in (
    # -- employer: the worker is the other party, the acts against him are ours
    ("employer", 3, r"我(?:们)?(?:是|作为)[^，。,；;？?！!]{0,10}(?:老板|老版|老总|负责人|HR|hr|人事|法人|店长|厂长|经理|雇主|用人单位)(?![的家])"
                    r"|(?:我|我们)(?:开|办)(?:了|的)?(?:一?家|个|一个)?[^，。,；;？?！!]{0,4}(?:公司|厂|店|馆|超市|作坊|诊所|工作室|小店)"
                    r"|我们(?:公司|单位|厂|店|工厂|企业)(?:里|上)?(?:有|的)?(?:一?个|一名|名|位|两个|几个)?(?:员工|职工|工人|店员|新人|服务员)"),
    ("employer", 2, rf"(?:我们|我|公司|店里|厂里)(?:想|要|能不能|可不可以|能否|可以|打算|已经|刚)?(?:把)?(?:辞退|开除|解雇|辞掉|开掉|炒掉|裁掉|劝退)(?:了)?(?:他|她|这个|那个|一个|一名|{_WORKER})"
                    rf"|(?:辞|开|炒|退)(?:了|掉)(?:他|她)|(?:让|叫)(?:他|她)(?:走人|走|别来了|不用来了)"
                    rf"|(?:我们|我|公司|店里)(?:一直)?(?:没|没有|未|一直没|忘了|不)?(?:给|跟|和|与|帮|替)(?:他|她|{_WORKER})(?:们)?"
                    r"(?:交|缴|买|上|办)(?:了)?(?:社保|保险|五险|工伤保险)|(?:我们|我|公司|店里)(?:一直)?(?:没|没有|未|一直没|忘了|不)?(?:给|跟|和|与|帮|替)(?:他|她|员工|工人|店员)(?:们)?"
                    r"(?:签(?:订)?(?:书面)?劳动合同|签合同|发(?:了)?工资|结(?:了)?工资|续签)"
                    rf"|(?:{_WORKER}|{_THIRD})[^，。,；;？?！!]{{0,12}}(?:要|让|找|向|跟|问|逼|要求)(?:我们|我|公司|店里|老板)(?:公司)?(?:赔|支付|付|补|给|出|要|拿)"
                    rf"|(?:{_WORKER})(?:他|她)?[^，。,；;？?！!]{{0,8}}(?:要求|申请|起诉|告|提出|闹|要走|不干|旷工|没来|辞职|离职|走了|受伤|摔伤|出车祸|怀孕|偷)"
                    rf"|(?:我|我们)(?:家|店里|厂里|公司)?(?:新)?(?:招|雇|聘|请)(?:了|的|过)(?:一?个|一名|两个|几个|个|名|位)?[^，。,；;？?！!]{{0,4}}"
                    r"(?:员工|工人|店员|服务员|人|小工|学徒|保姆|师傅|小伙子|姑娘|业务员)"),
    ("employer", 1, rf"{_WORKER}(?!的我)"),
    # (要给补偿吗 said with no subject: the payer's question, but the worker asks it of his company too)
    ("employer", 1, _NOT_BY_THE_FIRM + r"(?:还)?(?:要|得|需要|必须|该|应该|用)(?:给|付|赔|补|支付)(?:他|她|员工|人家|店员|工人)?"
                    r"(?:钱|补偿|赔偿|经济补偿|工资|加班费|双倍工资|赔偿金|违约金)?(?:吗|么|嘛|多少)"),
    # a demand made on us (让我们赔, 要我们付补偿) — not the firm's own on its staff (公司让我们赔损失)
    ("employer", 2, _NOT_BY_THE_FIRM + r"(?:要|让|叫|逼|找)(?:我们|我们公司|我们店|店里)(?:赔|支付|付|补|给|出|补发)"),
    # -- the worker: the acts are the company's against him
    ("employee", 3, r"我(?:是|作为)(?:公司|单位|厂里|店里)?(?:的)?(?:员工|职工|工人|店员|劳动者|打工的|服务员|雇员)"
                    r"|我(?:在|入职|进)(?:了)?(?:一?家|这家|公司|单位|厂)(?!的?(?:股份|股权|出资|分红|占股|持股|投资))[^，。,；;？?！!]{0,10}(?:上班|工作|干|做|打工)"),
    ("employee", 2, r"(?:公司|单位|老板|老版|领导|厂里|厂子|HR|hr|人事|用人单位|店长|经理|主管|组长|上司)[^，。,；;？?！!]{0,6}(?:把我|让我|要我|给我|不给我|(?:拖)?欠我(?!们?的?(?:货款|房款|车款|工程款|租金|借款))|扣我|辞退我|开除我|逼我|叫我|没给我|没有给我|不让我)"
                    r"|我(?:被|让)(?:公司|单位|老板|领导|厂里)?(?:辞退|开除|解雇|裁|炒|劝退|调岗|降薪)|(?:辞退|开除|解雇|裁掉|炒掉)了?我(?!们的)"
                    r"|我(?:想|要|打算|准备|已经|能|可以|可不可以|能不能|能否)?(?:直接)?(?:辞职|离职|不干了|跳槽)"
                    rf"|{_RELATIVE}[^。？?！!]{{0,16}}?被(?:公司|单位|老板|厂里)?(?:辞退|开除|解雇|裁|炒|劝退)"
                    r"|我们(?:公司|单位|厂|老板)[^，。,；;？?！!]{0,8}(?:不给|没给|拖欠|欠|扣|克扣)(?:我们|我)"),
    ("employee", 1, r"我(?:的)?(?:工资|社保|加班费|工龄|年假|试用期|劳动合同)"),
    # -- the landlord: the tenant is the other party, the house is the client's
    ("landlord", 3, r"我(?:们)?(?:家)?(?:是|作为)(?:房东|出租人|出租方|业主)|我(?:们)?(?:家)?(?:的)?(?:房子|房屋|门面|商铺|铺面|店面)[^，。,；;？?！!]{0,4}(?:租给|出租|租出去)"
                    r"|我(?:们)?(?:把|将)(?:房子|房屋|门面|商铺|铺面|店面|一套房)[^，。,；;？?！!]{0,4}租(?:给|出去)"),
    ("landlord", 2, r"(?<!我是)(?<!作为)(?:房客|租客|租户|承租人|租房的人|住我房子的人?|租我(?:的|家)?(?:房子|房|门面|铺子|商铺)的人?)(?:他|她)?[^，。,；;？?！!]{0,6}(?:不|没|拖|欠|把|一直|跑|失联|转租|要|提前|说|退租|搬|弄坏)"
                    r"|(?:收回|收)(?:房子|房屋)|(?:让|叫|赶)(?:他|她|租客|房客|租户)(?:们)?(?:搬|走)"),
    ("tenant", 3, r"我(?:们)?(?:是|作为)(?:租客|租户|房客|承租人)|我(?:们)?(?:租了|租的|在外面租|租房|合租)"),
    ("tenant", 2, r"(?<!我是)(?<!我们是)(?<!作为)房东(?:他|她)?[^，。,；;？?！!]{0,6}(?:不退|扣|涨|要|让|赶|说|不|把|突然|卖|收回|断)"
                  r"|(?:我|我们)(?:要|想|能|打算)?(?:提前)?(?:退租|搬走|搬出去)"),
    # -- the lender: the borrower is the other party
    ("lender", 3, r"我(?:是)?出借人|我(?:把|将)?(?:钱)?借给(?!我)"),
    ("lender", 2, rf"(?<!我是)(?<!是)(?:借我钱的人?|欠我钱的人?|欠我的钱|借钱的人|欠钱的人|欠款人|借款人|债务人|老赖)"
                  r"|给我(?:重新)?(?:写|打|补|签)(?:了)?(?:一张|张|个|份)?[^，。,；;？?！!]{0,4}(?:借条|欠条|借据)"
                  rf"|(?:{_THIRD}|{_OTHER})(?:借了?我(?:的)?|欠我|欠了我|找我借|向我借|跟我借|问我借|管我借)"
                  rf"|{_THIRD}(?:一直)?(?:不还|没还|还不上|赖账|跑了|失联|不接电话)|(?:要账|讨债|追债)"),
    ("borrower", 3, r"我(?:是)?借款人|借给我|我(?:向|找|跟|问|管)[^，。,；;？?！!]{0,8}借(?:了)?"),
    ("borrower", 2, r"(?<![他她方期人])(?<!如果)(?<!要是)(?:我)?(?:实在|现在|一时|真的)?(?:还不上|还不起|还不了)|我(?:欠|借的)|催收|网贷|(?:让|要|逼|催)我还"
                    rf"|{_THIRD}[^，。,；;？?！!]{{0,6}}(?:起诉我|告我|要告我)"),
    # -- the accused and his family; the victim
    ("offender", 3, r"我(?:涉嫌|被抓|被拘|被刑拘|被拘留|被逮捕|被判|被公安)|我(?:打了|撞了|捅了|砍了|偷了|骗了)"),
    ("offender", 2, rf"{_THIRD}[^，。,；;？?！!]{{0,8}}(?:要|开口要|索要|才肯|才愿意)[^，。,；;？?！!]{{0,10}}(?:谅解|私了)"
                    r"|(?:取保|会见律师|辩护|认罪认罚|自首)"),
    ("victim", 3, rf"我(?:被|让)(?:人|他|她|对方|{_OTHER})?\S{{0,2}}(?:打|骗|偷|抢|撞|伤|咬|砍|殴打|诈骗|猥亵|敲诈)"),
    ("victim", 2, r"(?:打|骗|撞|伤|偷|抢)(?:了)?我(?!(?:家人|家里人|的|们)?(?:电话|手机))(?:的|家)?(?:人|的那个人|那人)?|打人的|肇事者|骗子|嫌疑人[^，。,；;？?！!]{0,6}(?:不赔|跑|没抓)"
                  r"|(?:我|我们)(?:去)?报(?:了)?(?:警|案)|我(?:们)?(?:不想|不愿意?|不)谅解"),
    # -- the seller: the buyer is the other party (买车的人, 买我房的人)
    ("seller", 3, r"我(?:们)?(?:是|作为)(?:卖家|卖方|出卖人|供货方|供应商|卖房的|卖车的|房主)|我(?:们)?(?:把|将)[^，。,；;？?！!]{0,12}(?:卖给|卖了|出售给|转让给)"),
    ("seller", 2, r"(?:买|购)(?:我|我们)?(?:家)?(?:的)?[^，。,；;？?！!的我]{1,4}的(?:人|那个人|那家|客户|那个)|(?:买家|买方|买受人|购房人|买主)[^，。,；;？?！!]{0,6}(?:要|说|不|拖|反悔|违约|要求|起诉|告|退)"),
    ("buyer", 3, r"我(?:们)?(?:是|作为)(?:买家|买方|买受人|购房人|买主)|我(?:们)?(?:在[^，。,；;？?！!]{0,8})?(?:买|购买|订)(?:了|的)(?!(?:[^，。,；;？?！!]{0,6})(?:险|保单))"
                 r"(?:一?套|一?辆|一批|一台|台|个|一个|件)?[^，。,；;？?！!]{0,6}(?:房|车|货|设备|手机|电脑|东西|商品|二手|家具|家电|楼)"),
    ("buyer", 2, r"(?:卖|售)(?:给)?(?:我|我们)(?:的)?[^，。,；;？?！!的]{1,4}的(?:人|那个人|那家|店|商家)|(?:卖家|卖方|出卖人|房主|开发商|车商|4S店)[^，。,；;？?！!]{0,6}(?:反悔|不卖|涨价|不过户|隐瞒|不交房|违约|不退|说)"),
))


def family_only(text: str) -> bool:
    """A family matter with no word of work beside its wage (我工资8000, 离婚后抚养费给多少)."""
    return bool(_FAMILY_MATTER.search(text)) and not _LABOUR_WORDS.search(_FAMILY_MATTER.sub("", text).replace("工资", ""))


@dataclass(frozen=True)
class SideReading:
    """Whose question the whole story tells, in one pair: the side, how sure (0–1: the share of the pair's
    evidence that is this side's), and the words that tell it most."""

    side: str
    confidence: float
    text: str


#: The client a third party of a pair, neither of its sides: the guarantor of a loan (我给朋友做担保, 我当担保人,
#: 我给同事借钱的时候签了担保人) — not a guarantor the client speaks of (借条上我朋友签了担保人).
#: A loan story with a guarantee in it is the guarantor's unless the client tells he lent (借给, 找我借) or
#: pursues the guarantor (找担保人要, 起诉保证人).
_THIRD_PARTY: dict[tuple[str, str], tuple[re.Pattern[str], re.Pattern[str]]] = {
    ("lender", "borrower"): (
        re.compile(r"担保|保证人|保人|作保|担宝|担报"),
        re.compile(r"借给|借钱给|出借人是我|我是出借人|(?:找|向|跟)我借|借了?我(?:的)?(?:钱|\d)"
                   r"|(?:找|告|起诉|向|要求)(?:他哥|他|她|这个|那个|对方的?)?(?:担保人|保证人|保人)")),
}
#: The first person telling the story (我, 我们, 本人, 俺, 咱), or a word that implies him (手底下的人: mine).
_FIRST_PERSON = re.compile(r"我|本人|俺|咱|手下|手底下|下属")
#: A side is read only when its evidence is at least this and more than twice the other's; when both sides
#: have that much and neither dominates, the story is ambiguous and the pair abstains.
STORY_MIN = 2


def story_evidence(text: str) -> dict[str, tuple[int, str]]:
    """Each side's evidence in the story: the weight of the cues it matches (each cue once) and the words of
    its strongest cue."""
    text = amounts(text)
    if not _FIRST_PERSON.search(text):
        return {}  # 工伤职工离职按什么标准: no 我 in the story, no asker's side to read from it
    family = family_only(text)
    out: dict[str, tuple[int, str]] = {}
    for name, weight, pattern in _STORY_CUES:
        if name in ("employer", "employee") and (family or not _LABOUR_WORDS.search(text)):
            continue  # 我工资8000 in a divorce: the payer's income, no worker's claim
        if name in ("tenant", "landlord") and not _LEASE_STORY.search(text):
            continue
        if name in ("lender", "borrower") and not _MONEY_WORDS.search(text):
            continue
        if name in ("seller", "buyer") and _LEASE_STORY.search(text):
            continue  # 房东说房子卖了 to his tenant: the lease is the matter
        m = pattern.search(text)
        if m:
            score, words = out.get(name, (0, ""))
            out[name] = (score + weight, words or m.group(0))
    return out


def story_sides(text: str) -> dict[tuple[str, str], SideReading | None]:
    """For each pair of :data:`STORY_PAIRS` the story has evidence of: its side (a :class:`SideReading`), or
    None when both sides have evidence and neither dominates, or the client is a third party of the pair
    (a guarantor of the loan): abstain, the neutral answer."""
    evidence = story_evidence(text)
    out: dict[tuple[str, str], SideReading | None] = {}
    for pair in STORY_PAIRS:
        (a, wa), (b, wb) = ((name, evidence.get(name, (0, ""))) for name in pair)
        third = _THIRD_PARTY.get(pair)
        if third is not None and _FIRST_PERSON.search(text) and third[0].search(amounts(text)) \
                and not third[1].search(amounts(text)):
            out[pair] = None  # 我给朋友做担保: neither the lender nor the borrower
            continue
        if not wa[0] and not wb[0]:
            continue
        (win, (high, words)), (_, (low, _)) = sorted(((a, wa), (b, wb)), key=lambda item: -item[1][0])
        if high >= STORY_MIN and high > 2 * low:
            out[pair] = SideReading(win, round(high / (high + low), 2), words)
        elif low >= STORY_MIN:
            out[pair] = None
    return out


def story_side(text: str) -> SideReading | None:
    """The side the whole story tells most surely (None when it tells none, or only ambiguously)."""
    read = [r for r in story_sides(text).values() if r is not None]
    return max(read, key=lambda r: r.confidence) if read else None


_NO_DUE = re.compile(r"(?:没|未|没有|也没)(?:写|约定|说|定|讲|签|注明)(?:好|过|清)?\S{0,4}?(?:还款|还钱|归还|什么时候还|啥时候还|哪天还|期限|时间|日期)"
                     r"|(?:还款|归还)(?:期限|时间|日期)?(?:没|未)(?:写|约定|定)|随时(?:还|要)|不定期"
                     r"|(?:没|未|没有)(?:写|打|立|留)?(?:借条|欠条|借据)")
#: Situational facts the matcher reads (a card's ``when_facts`` / ``unless_facts``).
SITUATION_FACTS = ("no_due_date", "due_date", "no_notice", "no_written_contract", "child_under_two", "child_two_plus",
                   "retired_worker", "debtor_disposal", "resisted_wrongdoer", "dismissed_in_maternity")

#: A worker already retired or drawing a pension (返聘, 领着退休金, 退休后在超市干活): the work he does is a
#: service relationship (劳动争议解释（一）32), not employment — not 快退休 / 还没退休 / 离退休还有两年.
_RETIRED = re.compile(r"返聘|(?:领|拿|有|领取|享受)(?:着|了)?(?:退休金|养老金|退休工资|养老保险待遇)"
                      r"|(?:退休金|养老金|退休工资)(?:每个?月|按月)?(?:都|也)?(?:领着|在领|照领|照拿|拿着|有)"
                      r"|(?<![快将要没未离到就])(?:已经|早就|早已)?退休(?:了|后|以后|之后|的|人员|职工|老)")
#: ... while working for someone (an injury at work, a dismissal, a contract): a pension question alone is not it.
_AT_WORK = re.compile(r"上班|干活|打工|打零工|做工|做事|帮人|工作|保安|门卫|保洁|返聘|雇|聘|厂里|单位|公司|老板|工地|超市|饭店"
                      r"|受伤|摔伤|压伤|撞伤|砸伤|伤了|工伤|辞退|不让干|劳动合同|劳务")
#: Someone who owes the client and gave away, sold cheap or moved his property (欠我钱的人把房子白送给儿子,
#: 老王欠我50万…把房子40万卖给了他小舅子): the creditor's revocation (民法典 538, 539), not a donor's own gift.
_DEBTOR = re.compile(r"欠我|欠了我|欠款人|债务人|老赖|借我钱的|欠钱的人|借了我|找我借的|向我借")
_DISPOSAL = re.compile(r"白送|送给|赠与|赠送|过户给|过户到|转到[^，,。？?]{0,6}名下|转移(?:了)?(?:财产|房产|资产)"
                       r"|低价(?:卖|转|出售)|便宜(?:卖|转)|贱卖|(?:卖|转让|转)给了?(?:他|她)(?:的)?"
                       r"(?:亲戚|家人|小舅子|舅子|儿子|女儿|老婆|媳妇|侄子|外甥|弟弟|哥哥|姐姐|妹妹|父母|爸|妈|朋友|亲家|连襟)"
                       r"|放弃(?:了)?(?:继承|债权|到期债权)|免除(?:了)?[^，,。？?]{0,6}(?:债务|欠款)")


#: A guarantor told the creditor never came to him (一直没找过我, 从来没向我要过, 这两年一次都没找我): within the
#: guarantee period the creditor must claim from him (民法典 693), or the guarantee lapses.
_GUARANTOR_NAMED = re.compile(r"担保|保证人|保人|作保")
_NEVER_CLAIMED = re.compile(r"(?:一直|从来|从|一次都|一次也|始终|也|都)(?:没|没有|未)(?:找过|找|向|跟|和|问|催过|催|联系过)(?:我|过我)"
                            r"(?:要|还|主张|催|讨)?")
#: The client was never told (一直没通知我, 没人告诉过我, 从未告知): a transfer of the claim binds the debtor only
#: once he is notified (民法典 546).
_NOT_NOTIFIED = re.compile(r"(?:没|没有|未|从没|从来没|从未|也没|都没)(?:人|有人)?(?:通知|告知|告诉)(?:过)?(?:我|我们)")
#: The other side's wrong in progress (撬门进来, 拿刀冲过来, 小偷, 抢劫, 先动手) and harm the client's side did to him
#: (打伤, 打骨折, 捅了, 踹了几脚, 制服): whether it was self-defence (刑法 20), not an ordinary assault.
_AGGRESSION = re.compile(r"撬(?:我家|门|锁)|闯进|闯入|入室|翻墙进|持刀|拿(?:着)?刀|拿(?:着)?棍|抢劫|抢我|小偷|偷(?:我|东西)"
                         r"|行凶|砍我|先动手|先打(?:我|人)|冲上来打|围殴|非礼|猥亵|耍流氓|强奸")
_HARM_DONE = re.compile(r"打伤|打骨折|打断|打成|捅(?:了|伤)|砍伤|刺伤|踹了|踹(?:他|她)|还手|反击|制服|按在地上|打了(?:他|她|对方)"
                        r"|把(?:他|她|对方|人)[^，,。]{0,8}(?:打|踢|踹|推|砸|捅)")
#: ... and the wrong already over when the harm was done (已经被按在地上不动了, 他都跑了还追上去打, 倒地后又踹):
#: what follows is no longer defence.
#: The national statutory holidays (全国年节及纪念日放假办法, 2025 revision: 春节 除夕至初三, 劳动节 5月1日、2日) as
#: the days of each, by the names a client uses; the other days of a week-long break are rest days made up by
#: 调休 — paid 200 % unless given a day off (劳动法 44 ②), never 300 %.
_HOLIDAY_NAMES = (("国庆", 3), ("十一", 3), ("春节", 4), ("过年", 4), ("大年", 4), ("五一", 2), ("劳动节", 2), ("元旦", 1),
                  ("清明", 1), ("端午", 1), ("中秋", 1))
_HOLIDAY_NAME = re.compile(r"国庆|(?<![一二三四五六七八九十\d月号])十一(?:假期|长假|黄金周|期间|那|放假|七天|7天|[这几]天)|春节|过年|大年"
                           r"|五一|劳动节|元旦|清明|端午|中秋")
#: statutory days by the calendar: (month, day)
_FIXED_HOLIDAYS = frozenset({(1, 1), (5, 1), (5, 2), (10, 1), (10, 2), (10, 3)})
_NAME_MONTH = {"国庆": 10, "十一": 10, "五一": 5, "劳动节": 5, "元旦": 1}
#: a span of dates: 10月1号到3号, 10月1日至10月7日, 1号到7号 (the month from the holiday named)
_D = r"(\d{1,2}|[一二三四五六七八九十]{1,3})"
_DATE_SPAN = re.compile(rf"(?:{_D}\s*月(?:份)?\s*)?{_D}\s*[号日]?\s*(?:到|至|-|—|~|～|一直到)\s*(?:{_D}\s*月\s*)?{_D}\s*[号日]")
#: 除夕到初三, 初一到初七: the days of the lunar new year (除夕 counted as day 0)
_LUNAR_SPAN = re.compile(r"(除夕|初[一二三四五六七八九十])\s*(?:到|至|-|—|~|～|一直到)\s*(?:正月)?(初[一二三四五六七八九十]|十五)")
_LUNAR_DAY = {"除夕": 0, "十五": 15}
#: a count of days said of the holiday named: 国庆前三天, 国庆那三天, 国庆加班3天, 春节7天都上班, 五一两天
_NAMED_COUNT = re.compile(rf"(?:前|头|那|这|整整|全部|所有|共|一共|总共|加班|上班|值班|加了|上了|干了|[了的])?\s*({NUM})\s*天")
#: rest days worked, said with words between (周末还加了两天班, 星期六去公司干了3天, 双休日上了4天班)
_REST_WORKED = re.compile(rf"(?:周末|周六|周日|星期六|星期天|星期日|礼拜六|礼拜天|休息日|双休日?)[^，,。；;？?\d]{{0,6}}?"
                          rf"(?:加|上|值|干)(?:了)?\s*({NUM})\s*天\s*(?:的)?(?:班|活)")
#: a break worked through, no count said: 国庆节那几天都在上班, 春节假期一直在值班, 五一放假期间全在加班
_WHOLE_BREAK = re.compile(r"(?:节)?(?:的)?\s*(?:那几天|这几天|几天|期间|假期|长假|黄金周|放假)(?:里|期间|的时候)?[^，,。；;？?\d]{0,5}?"
                          r"(?:都|全|一直|天天|每天)[^，,。；;？?\d]{0,4}?(?:上班|加班|值班|干活|出勤)")
#: a one-day holiday worked, no count said: 元旦那天上班, 中秋节被叫去加班
_ONE_DAY = re.compile(r"(元旦|清明|端午|中秋)(?:节)?(?:那天|当天|那一天)?[^，,。；;？?]{0,8}?(?:上班|加班|值班|干活|出勤)")


def _lunar(word: str) -> int | None:
    if word in _LUNAR_DAY:
        return _LUNAR_DAY[word]
    value = cn_number(word[1:])
    return int(value) if value is not None else None


def _holiday_split(name: str, days: Decimal) -> tuple[Decimal, Decimal]:
    """Days worked over the break named: its statutory days first, the rest rest days (a break starts on its
    first statutory day)."""
    statutory = Decimal(dict(_HOLIDAY_NAMES).get(name, 0))
    holiday = min(days, statutory) if statutory else days
    return holiday, days - holiday


def _day(word: str | None) -> int | None:
    value = cn_number(word) if word else None
    return int(value) if value is not None else None


def _holiday_work(text: str, facts: Facts) -> bool:
    """Work over a statutory holiday or a holiday break, told by dates (10月1号到3号), lunar days (初一到初三),
    a count said of the holiday (国庆前三天, 春节7天都上班) or a one-day holiday's name (元旦那天上班): the
    statutory days as ``overtime_days_holiday`` (300 %), the break's other days as ``overtime_days_restday``."""
    named = _HOLIDAY_NAME.search(text)
    name = next((n for n, _ in _HOLIDAY_NAMES if named and named.group(0).startswith(n)), None)
    holiday = rest = None
    said = ""
    span = _DATE_SPAN.search(text)
    lunar = _LUNAR_SPAN.search(text)
    if span and (span.group(1) or name in _NAME_MONTH):
        month = _day(span.group(1)) or _NAME_MONTH.get(name or "", 0)
        last_month = _day(span.group(3)) or month
        first, last = _day(span.group(2)) or 0, _day(span.group(4)) or 0
        if last_month == month and first and 0 <= last - first < 10 and 1 <= month <= 12:
            days = [(month, d) for d in range(first, last + 1)]
            if month == 10 and first <= 3 and not name:
                name = "国庆"  # 10月1日起 is the national day break whatever it is called
            fixed = sum(1 for d in days if d in _FIXED_HOLIDAYS)
            if fixed or name:
                holiday = Decimal(fixed) if month in (1, 5, 10) else _holiday_split(name or "", Decimal(len(days)))[0]
                # outside a named break a date span is only its statutory days (the others may be workdays)
                rest = Decimal(len(days)) - holiday if name else Decimal(0)
                said = span.group(0)
    if holiday is None and lunar and (first_day := _lunar(lunar.group(1))) is not None and (
            last_day := _lunar(lunar.group(2))) is not None and 0 <= last_day - first_day < 16:
        holiday = Decimal(sum(1 for d in range(first_day, last_day + 1) if d <= 3))
        rest = Decimal(last_day - first_day + 1) - holiday
        said = lunar.group(0)
    if holiday is None and named and name:
        after = text[named.end():named.end() + 14]
        m = _NAMED_COUNT.search(re.split(r"[，,。；;？?]", after)[0])
        if m and (days := cn_number(m.group(1))) is not None and 0 < days <= 10:
            holiday, rest = _holiday_split(name, days)
            said = named.group(0) + after[:m.end()]
    if holiday is None and named and name and (m := _WHOLE_BREAK.match(text, named.end())):
        # the whole break worked, its length untold: its statutory days are sure (the rest days are left untold)
        holiday, rest, said = Decimal(dict(_HOLIDAY_NAMES)[name]), Decimal(0), named.group(0) + m.group(0)
    if holiday is None and (m := _ONE_DAY.search(text)):
        holiday, rest, said = Decimal(1), Decimal(0), m.group(0)
    if holiday:
        facts.add("overtime_days_holiday", holiday, said)
    if rest:
        told = facts.items.get("overtime_days_restday")
        if told is not None:
            # weekends told apart from the break: the break's rest days are added to them
            facts.items["overtime_days_restday"] = Fact("overtime_days_restday", Decimal(told.value) + rest,
                                                        f"{told.text}；{said}（法定节假日以外的调休日）", told.label)
        else:
            facts.add("overtime_days_restday", rest, f"{said}（法定节假日以外的调休日）")
    return bool(holiday or rest)


_ATTACK_OVER = re.compile(r"(?:已经|都)(?:被)?(?:我们|我)?(?:制服|按住|按在地上|控制住|倒地|不动了|跑了|逃了|住手)"
                          r"[^。？?]{0,20}(?:又|还|再|继续)(?:踹|打|踢|砸|捅|追)|气不过(?:又|还)")
#: A dismissal, pay cut or non-renewal during pregnancy, maternity leave or nursing (三期; 劳动合同法 42, 女职工
#: 劳动保护特别规定 5): the protected-employee answer, not the no-fault or layoff one.
_MATERNITY = re.compile(r"怀孕|怀了|孕期|孕妇|产假|产期|哺乳期|坐月子|刚生完|生完孩子|生孩子|三期|流产|保胎")
_MATERNITY_ADVERSE = re.compile(r"辞退|开除|解除|裁员|裁掉|劝退|不要我|让我走|叫我走|让我别来|降(?:了|我)?(?:的)?(?:薪|工资|级|职)|调岗|不续签|不续"
                                r"|终止合同|炒")
#: Rest-day work already made up by a day off (补休了一天, 给他调休了, 安排了补休): 劳动法 44 ② pays double only
#: when no day off is given (never for a statutory holiday or for overtime on a working day).
_COMP_TIME = re.compile(r"(?:补|调)(?:休|了)(?:了)?(?:一|两|二|三|1|2|3)?天|安排了?(?:补休|调休)|给(?:他|她|我|我们|他们|员工|大家)?(?:补休|调休)(?:了)?"
                        r"|(?:补休|调休)(?:过|了)")
#: A day off denied (没给我补休, 也没有调休, 不给补休, 补休也没有): no comp time, whatever follows.
_NO_COMP_TIME = re.compile(r"(?:没|没有|不|未|也没|也没有|从来没|从没|不能|没法|无法)(?:给|安排|让)?(?:我|我们|他|她|员工|大家)?(?:安排|给)?(?:过)?"
                           r"(?:补休|调休|补假|倒休)|(?:补休|调休|倒休)(?:也|都)?(?:没|没有|不给)")
#: Training the employer paid for without an agreement on a service period, or induction training only (岗前培训,
#: 入职培训, 没签培训协议): no penalty may be claimed for leaving (劳动合同法 22, 25).
_NO_TRAINING_AGREEMENT = re.compile(r"(?:没|没有|未|也没)签(?:过|订)?(?:什么|任何)?(?:培训)?(?:协议|服务期)|岗前培训|入职培训|新员工培训")
#: How long after falling ill at work the worker died (抢救了三天, 住院五天后去世, 72小时后走了): past forty-eight
#: hours a sudden illness is no longer deemed a work injury (工伤保险条例 15 ①).
#: A death: the words that name one; 走了/没了 only in a story of a death (an accident, an illness, a hospital, a
#: funeral, an estate) and not after a verb of taking or moving (带走了, 收走了, 搬走了, 开走了) or said of the client
#: leaving (我走了, 自己辞职走了, 到期走了).
_DEATH = re.compile(r"去世|死亡|身亡|过世|离世|工亡|死了|没救过来|遇难|抢救无效")
_GONE = re.compile(r"走了|没了")
_TAKEN_AWAY = frozenset("带收搬拉抢拿转开拽卷偷骗赶撵领接调借运拖提划刷扣取流跑逃溜飞")
_LEFT = re.compile(r"(?:我(?!爸|妈|父|母|爷|奶|公公|婆婆|老公|老婆|丈夫|妻子|爱人|儿|女|哥|姐|弟|妹|外公|外婆|姥|家|们家)|自己|辞职|离职|"
                   r"不干了?|到期|辞工|跳槽|请假)[^，,。；;！!？?]{0,6}$")
#: 人走了, 人没了: said of a person, a death whatever else the story tells.
_PERSON_GONE = re.compile(r"人(?:已经|都|就|也|突然)?$")
_DEATH_STORY = re.compile(r"抢救|医院|ICU|重症|手术|事故|撞|车祸|病|出血|丧|遗|后事|火化|追悼|骨灰|抚恤|死|身故|猝")


def _death(text: str) -> re.Match[str] | None:
    """The words that tell of a death, if the text tells of one."""
    m = _DEATH.search(text)
    if m:
        return m
    story = _DEATH_STORY.search(text) is not None
    for gone in _GONE.finditer(text):
        before = text[:gone.start()]
        if before and before[-1] in _TAKEN_AWAY or _LEFT.search(before):
            continue
        if story or _PERSON_GONE.search(before):
            return gone
    return None


_DIED_AFTER = re.compile(rf"(?:抢救|治疗|住院|昏迷|ICU|重症监护|送医)[^，,。；;第]{{0,6}}?(?<!第)({NUM})\s*(天|日|个?小时)"
                         rf"|(?<!第)({NUM})\s*(天|日|个?小时)(?:后|之后|以后)?(?:还是)?(?:去世|走了|死亡|没了|过世|离世|抢救无效)")


def _situations_more(text: str, facts: Facts) -> None:
    """Who the client's story is about when that decides the issue: a retired worker, a debtor who
    disposed of his property."""
    m = _RETIRED.search(text)
    if m and _AT_WORK.search(text):
        facts.add("retired_worker", True, m.group(0))
    if _GUARANTOR_NAMED.search(text) and (m := _NEVER_CLAIMED.search(text)):
        facts.add("guarantor_not_claimed", True, m.group(0))
    if _AGGRESSION.search(text) and (m := _HARM_DONE.search(text)):
        facts.add("resisted_wrongdoer", True, m.group(0))
        if (m := _ATTACK_OVER.search(text)):
            facts.add("attack_over", True, m.group(0))
    if _MATERNITY.search(text) and (m := _MATERNITY_ADVERSE.search(text)):
        facts.add("dismissed_in_maternity", True, m.group(0))
    if re.search(r"加班|加了|周六|周日|周末|星期[六天日]|礼拜[六天]|休息日|双休|上班|上了|值班", text) and (m := _COMP_TIME.search(_NO_COMP_TIME.sub("", text))):
        facts.add("comp_time_given", True, m.group(0))
    if "培训" in text and (m := _NO_TRAINING_AGREEMENT.search(text)):
        facts.add("no_training_agreement", True, m.group(0))
    m = _NOT_NOTIFIED.search(text)
    if m:
        facts.add("not_notified", True, m.group(0))
    m = _DIED_AFTER.search(text)
    if m and re.search(r"去世|走了|死亡|没了|过世|离世|抢救无效|猝死|没救过来|没抢救过来|救不回来|不治", text):
        count, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = cn_number(count)
        if value is not None:
            hours = value * (24 if unit in ("天", "日") else 1)
            facts.add("hours_to_death", int(hours), m.group(0))
    debtor, disposal = _DEBTOR.search(text), _DISPOSAL.search(text)
    if debtor and disposal:
        facts.add("debtor_disposal", True, f"{debtor.group(0)}…{disposal.group(0)}")

#: A question about who raises a child after a divorce (民法典 1084: under two, with the mother as a rule; from
#: two, what serves the child best; from eight, the child's wish).
_CHILD_CUSTODY = re.compile(r"抚养权|抚养|跟谁|归谁|判给|归我|归他|归她|跟我|跟他|跟她|带孩子|孩子给")
_CHILD_MONTHS = re.compile(rf"(?:孩子|宝宝|儿子|女儿|小孩|娃)(?:才|刚|刚刚|现在|今年|只有)?({NUM})\s*个月")


def _child_age(text: str, facts: Facts) -> None:
    """Whether the child a custody question tells of is under two or two and older (from 孩子5岁, 宝宝10个月)."""
    if not _CHILD_CUSTODY.search(text):
        return
    m = _CHILD_MONTHS.search(text)
    if m and (months := cn_number(m.group(1))) is not None:
        facts.add("child_under_two" if months < 24 else "child_two_plus", True, m.group(0))
        return
    age = facts.get("age")
    if age is not None and age < 18:
        facts.add("child_under_two" if age < 2 else "child_two_plus", True, str(age))


def situation(text: str | Facts, *, today: date | None = None) -> list[str]:
    """The situational facts of ``text`` (or of facts already read, :data:`SITUATION_FACTS`) that hold:
    没约定还款期限, a due date, no thirty days' notice, no written labour contract."""
    facts = text if isinstance(text, Facts) else extract_facts(text, today=today)
    held = {name for name in SITUATION_FACTS if name in facts}
    if facts.get("written_contract") is False:
        held.add("no_written_contract")
    return [name for name in SITUATION_FACTS if name in held]


# -- deciding facts between neighbouring cards ------------------------------------------------------------
#: The facts that tell neighbouring cards of one family apart (docs/decisions/answers-route-neighbours.md):
#: each is a typed fact with a few values, read from a client's words by :func:`deciding_facts`, and a card's
#: own value is read from its title and lay phrasings by the same readers (``legal.matcher.card_deciding``).
#: Legal aid in a criminal case or in a civil one, a partner leaving a partnership or a shareholder a company,
#: the deposit kept or the lease ended, an offender under eighteen, and what the client asks of one event:
#: the finding (who is liable, whether it is a work injury), the amount, or the deadline.
DECIDING_FACTS = ("proceeding", "entity", "lease_matter", "offender", "asks")
#: The one question that settles each deciding fact, asked when the engine is unsure between two cards that
#: differ on it and the client has not said.
DECIDING_ASKS = {
    "proceeding": "这是刑事案件（有人被公安立案、被起诉追究刑事责任），还是与政府机关之间的行政争议，还是民事纠纷？",
    "entity": "你们是合伙（合伙企业或没有注册公司的合伙），还是有限公司、股份公司的股东？",
    "lease_matter": "您要解决的是押金退不退，还是租赁合同能不能解除、提前退租？",
    "offender": "行为人当时多大年龄，是否未满十八周岁？",
    "asks": "您想先弄清责任怎么认定（谁的责任、算不算），还是能赔多少钱，还是最晚什么时候要办？",
}
_DECIDE_CRIMINAL_CASE = re.compile(r"刑事|公诉|被告人|嫌疑人|看守所|被抓|抓走|抓了|逮捕|批捕|拘留|判刑|坐牢|取保|辩护|检察院|自首"
                            r"|(?<!得)罪(?!过)|公安(?:局)?立案")
_DECIDE_ADMINISTRATIVE_CASE = re.compile(r"行政(?:诉讼|复议|处罚|机关|案件|许可|强制)|复议|(?:告|起诉)政府|政府(?:部门)?(?:的)?(?:决定|批复|罚)"
                                  r"|(?:区|县|市|镇|乡|街道)政府|城管|信息公开|征收决定|不作为")
_DECIDE_CIVIL_CASE = re.compile(r"民事|告(?:单位|公司|医院|房东|物业|商家|老板)|离婚|抚养费|赡养费|欠(?:我|钱|款|了)|工资|劳动仲裁"
                         r"|仲裁|合同纠纷|赔偿纠纷|追讨|讨薪|工伤|交通事故|医疗纠纷|遗产|继承|房东|租客|物业")
_DECIDE_PARTNERSHIP = re.compile(r"合伙")
_DECIDE_PARTNERSHIP_FIRM = re.compile(r"合伙企业|普通合伙|有限合伙|合伙协议|没(?:有)?注册(?:公司)?|没(?:有)?办(?:营业)?执照|个体|合伙开|合伙做|合伙干")
_DECIDE_COMPANY = re.compile(r"股东|股权|股份|有限公司|有限责任公司|公司章程|注册资本|出资额|退股")
_DECIDE_DEPOSIT_KEPT = re.compile(r"押金|保证金(?=[^，,。？?]{0,6}(?:不退|没退|扣|退还|退))")
_DECIDE_LEASE_ENDED = re.compile(r"退租|解约|解除(?:租赁|合同)|不租了|不想租|提前(?:收房|收回|搬走|走)|收回|(?:让|叫|逼)(?:我|我们|租客)?搬|搬出去|赶(?:我|我们|租客)?(?:走|出去)|违约金")
_DECIDE_MINOR = re.compile(r"未成年|未满(?:十八|18|十六|16|十四|14)|不满(?:十八|18|十六|16|十四|14)|(?:儿子|女儿|孩子|小孩|学生|少年)"
                    r"[^，,。？?]{0,4}(?:才|刚|今年|只有)?(?:1[0-7]|十[一二三四五六七]|[一二三四五六七八九])岁|初中生|高中生")
_DECIDE_ASKS_FINDING = re.compile(r"责任(?:认定|划分|怎么分|怎么划|比例)|认定书|谁的责任|谁(?:负|担|承担)(?:主要)?责任|算谁的"
                           r"|算(?:不算|是)工伤|是不是工伤|能(?:不能)?(?:认定|算)(?:为)?工伤|工伤认定|认定工伤|申请工伤|报工伤")
_DECIDE_ASKS_AMOUNT = re.compile(r"赔多少|多少钱|赔偿标准|怎么赔|能赔|要赔|得赔|赔偿金|补偿金|补助金|伤残|待遇|误工费|护理费|医药费|医疗费|怎么算|算多少"
                          r"|能拿|能要多少|拿多少|给多少")
_DECIDE_ASKS_DEADLINE = re.compile(r"最晚|最迟|还来得及|来不及|时效|多久之内|期限|什么时候(?:之前|前)|过期|晚了|还能(?:告|起诉|申请|仲裁|去)")


def deciding_facts(text: str, asking: str | None = None) -> dict[str, str]:
    """The deciding facts (:data:`DECIDING_FACTS`) ``text`` states, each with its value: ``proceeding``
    criminal / administrative / civil, ``entity`` partnership / company, ``lease_matter`` deposit / termination,
    ``offender`` minor; ``asks`` finding / amount / deadline is read from ``asking``, the clause that asks,
    when given. A fact the text states both ways, or not at all, is left out: only a stated fact decides."""
    out: dict[str, str] = {}
    kinds = [kind for kind, pattern in (("criminal", _DECIDE_CRIMINAL_CASE), ("administrative", _DECIDE_ADMINISTRATIVE_CASE),
                                        ("civil", _DECIDE_CIVIL_CASE)) if pattern.search(text)]
    if len(kinds) == 1:
        out["proceeding"] = kinds[0]
    company = bool(_DECIDE_COMPANY.search(text))
    if _DECIDE_PARTNERSHIP.search(text) and (_DECIDE_PARTNERSHIP_FIRM.search(text) or not company):
        out["entity"] = "partnership"
    elif company and not _DECIDE_PARTNERSHIP.search(text):
        out["entity"] = "company"
    if _DECIDE_MINOR.search(text):
        out["offender"] = "minor"
    deposit, ended = bool(_DECIDE_DEPOSIT_KEPT.search(text)), bool(_DECIDE_LEASE_ENDED.search(text))
    if deposit != ended:
        # a story of a deposit kept after a lease ran out, or of a lease ended early: one that tells both (提前退租
        # 押金被扣) decides neither — the early exit's rules govern the deposit there
        out["lease_matter"] = "deposit" if deposit else "termination"
    asked = [name for name, pattern in (("finding", _DECIDE_ASKS_FINDING), ("amount", _DECIDE_ASKS_AMOUNT),
                                        ("deadline", _DECIDE_ASKS_DEADLINE)) if pattern.search(text if asking is None else asking)]
    if len(asked) == 1:
        out["asks"] = asked[0]
    return out
