"""The calculators and deadline rules cards name (legal/cards/SCHEMA.md), run on role-labelled facts.

:func:`calculate` takes a calculator's name and the question's facts (:class:`legal.facts.Facts`) and
returns a :class:`Calculation`: the result, or the inputs still missing (each with the one precise
question to ask). :func:`deadline` does the same for a deadline rule: the period, its basis, and —
when the start date is known — the date it ends and whether it has passed.

The labour and litigation calculators are those of :mod:`legal.calculators`; the others are here.
Money is Decimal, rounded to the fen at the end.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from knowledge.numerals import int_to_cn
from legal import calculators as calc
from legal.calculators import (
    CHINA_TZ,
    CIVIL_CODE,
    LABOR_CONTRACT_LAW,
    CalculationResult,
    LegalBasis,
    add_years,
    cn_date,
)
from legal.events import FUTURE_STARTS
from legal.rates import rate

FEN = Decimal("0.01")
LABOR_DISPUTE_INTERPRETATION = "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）"
LABOR_LAW = "中华人民共和国劳动法"
LEAVE_REGULATION = "职工带薪年休假条例"
INJURY_INTERPRETATION = "最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释"
WORK_INJURY_REGULATION = "工伤保险条例"
PRIVATE_LENDING = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
CONTRACT_INTERPRETATION = "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释"
CONSUMER_LAW = "中华人民共和国消费者权益保护法"
FOOD_SAFETY_LAW = "中华人民共和国食品安全法"
#: Working days a month for a daily wage (劳动和社会保障部 21.75 天).
WORK_DAYS_MONTH = Decimal("21.75")
#: One-year LPR by the date it took effect (全国银行间同业拆借中心公布), newest last.
LPR_1Y: tuple[tuple[date, Decimal], ...] = (
    (date(2019, 8, 20), Decimal("4.25")), (date(2019, 9, 20), Decimal("4.20")), (date(2019, 11, 20), Decimal("4.15")),
    (date(2020, 2, 20), Decimal("4.05")), (date(2020, 4, 20), Decimal("3.85")), (date(2021, 12, 20), Decimal("3.80")),
    (date(2022, 1, 20), Decimal("3.70")), (date(2022, 8, 22), Decimal("3.65")), (date(2023, 6, 20), Decimal("3.55")),
    (date(2023, 8, 21), Decimal("3.45")), (date(2024, 7, 22), Decimal("3.35")), (date(2024, 10, 21), Decimal("3.10")),
    (date(2025, 5, 20), Decimal("3.00")),
)
#: 一次性伤残补助金, months of the worker's own wage by grade (工伤保险条例 35–37).
DISABILITY_MONTHS = {1: 27, 2: 25, 3: 23, 4: 21, 5: 18, 6: 16, 7: 13, 8: 11, 9: 9, 10: 7}
DISABILITY_ARTICLE = {1: 35, 2: 35, 3: 35, 4: 35, 5: 36, 6: 36, 7: 37, 8: 37, 9: 37, 10: 37}

#: The one precise question for each input a calculator may lack.
ASK: Mapping[str, str] = {
    "monthly_wage": "您离职（或受伤）前十二个月的平均月工资（税前应发）是多少？",
    "service_months": "您在这家单位连续工作了多久（入职和离职的年月）？",
    "unsigned_months": "入职后有几个月没有签书面劳动合同？",
    "overtime_hours_workday": "工作日每月延长工作多少小时？",
    "overtime_days_restday": "休息日加班多少天且没有安排补休？",
    "overtime_days_holiday": "法定节假日加班多少天？",
    "untaken_leave_days": "当年有几天年休假没有休？",
    "daily_income": "您受伤前每天（或每月）的收入是多少？",
    "lost_days": "医院证明的误工期（休息了多少天或几个月）是多久？",
    "disability_grade": "劳动能力鉴定的伤残等级是几级？",
    "per_capita_income": "受诉法院所在地上一年度城镇居民人均可支配收入是多少？",
    "age": "死者（或伤者）的年龄是多少？",
    "principal": "借款本金是多少？",
    "annual_rate": "约定的利率是多少（年利率或月利率）？",
    "loan_date": "借款合同是哪天成立（钱是哪天借出）的？",
    "due_date": "约定的还款日是哪天？",
    "repaid": "已经还了多少？",
    "deposit_amount": "定金是多少？",
    "contract_price": "合同总价（标的额）是多少？",
    "penalty_amount": "约定的违约金是多少？",
    "loss_amount": "对方违约给您造成的实际损失大约是多少？",
    "amount_claimed": "您要主张的金额是多少？",
    "start_date": "这件事（期限的起算事件）发生在哪一天？",
    "local_average_wage": "当地上一年度职工月平均工资是多少？",
    "daily_penalty_rate": "合同约定每天按多少比例（如千分之一、万分之五）付违约金？",
    "delay_days": "对方逾期了多少天？",
    "purchase_price": "您买这件商品（或这项服务）实际付了多少钱？",
    "joint_repaid": "婚后用共同财产一共还了多少房贷（本金和利息）？",
    "current_value": "房屋现在大约值多少钱（可参考周边成交价或评估价）？",
    "payer_income": "支付抚养费一方（对方）每月的总收入大约是多少？",
    "support_amount": "协议或判决确定每月给多少抚养费？",
    "arrears_months": "对方已经有几个月没给？",
    "estate_value": "遗产（扣除配偶的一半共同财产前）总值大约是多少？",
    "heirs": "第一顺序继承人（配偶、子女、父母）一共有几位在世？",
    "debt_amount": "被继承人留下的债务是多少？",
    "care_days": "住院（需要护理）了多少天？",
    "caregiver_income": "护理您的家属每月收入是多少（或请护工每天多少钱）？",
    "sentence_days": "判处的刑期是多长？",
    "custody_days": "判决前（或错误）被羁押了多少天？",
    "training_fee": "公司实际支付的培训费用是多少？",
    "service_years": "约定的服务期是几年？",
    "served_years": "培训后已经工作了多久？",
    "annual_average_wage": "您所在省份上年度就业人员年平均工资是多少？",
    "judgment_amount": "判决确定对方应付的金额是多少？",
    "daily_average_wage": "国家上年度职工日平均工资按多少计算？",
    "profit": "公司当年税后利润是多少？",
    "monthly_rent": "月租金是多少？",
    "contribution_years": "失业保险累计缴费了几年？",
    "actually_received": "您（借款人）实际到账的金额是多少？",
    "unpaid_amount": "到期没付的价款一共多少？",
    "prepaid_used": "已经消费（用掉）了多少钱？",
    "guarantee_paid": "您替借款人还了多少？",
    "guarantors": "一共有几个保证人（担保人）？",
    "monthly_fee": "物业费每月多少钱？",
    "fee_arrears_months": "一共欠了几个月的物业费？",
    "representatives": "先去世的那位子女有几个孩子（代位继承人）？",
    "contract_months": "劳动合同期限是多长？",
    "hire_date": "您是哪一天入职的？",
    "probation_months": "约定的试用期是几个月？",
    "regular_wage": "劳动合同约定的（转正后）月工资是多少？",
    "total_loss": "各项损失（医疗费、误工费、交通费等）合计是多少？",
    "prepaid": "您一共预付了多少钱？",
    "units_total": "一共买了多少课时（次数或月数）？",
    "units_used": "已经用了多少课时（次数或月数）？",
    "medical_expenses": "医疗费花了多少？",
    "consumption": "受诉法院所在地上一年度城镇居民人均消费支出是多少？",
    "dependant_age": "被扶养人（如子女、父母）现在多大？",
    "loan_months": "约定的借期是多长？",
    "betrothal_amount": "彩礼一共给了多少？",
    "fine_amount": "罚款数额是多少？",
    "patent_kind": "是发明、实用新型还是外观设计专利？",
    "childbirth": "是顺产还是难产（剖宫产），生了几个孩子？",
    "deposit_months": "押金是几个月的租金（或押金多少钱）？",
    "penalty_months": "合同约定的违约金是几个月租金？",
    "meal_allowance_rate": "当地国家机关一般工作人员出差伙食补助标准是每天多少钱？",
    "subscribed_capital": "您认缴的出资是多少？",
    "paid_capital": "您已经实缴了多少？",
    "hospital_days": "一共住院了多少天？",
    "overdue_days": "租期届满后又过了多少天才返还（搬走）？",
    "daily_rent": "约定的租金是每天多少钱？",
    "sentence_months": "判处的是什么刑罚、刑期多长（如有期徒刑十个月）？",
    "sentence_terms": "每个罪分别判了多久？",
    "term_asked": "您问的是哪一种期限（拘役、管制、有期徒刑，或醉驾后重新考驾照）？",
}


#: Each calculator's rule in words: what a conclusion states when an input is missing ("按月工资 × N
#: 计算；请告知您的月工资"), so the client learns the rule and the one fact it needs.
FORMULAS: Mapping[str, str] = {
    "economic_compensation": "月工资 × N（每满一年一个月，六个月以上不满一年按一年，不满六个月按半个月）",
    "unlawful_termination_damages": "月工资 × N × 2（N 为工作年限折算的月数）",
    "double_wage": "月工资 ×（未签合同月数 − 1），最多十一个月",
    "overtime_pay": "日工资（月工资 ÷ 21.75）× 工作日延时 150%、休息日 200%、法定节假日 300%",
    "annual_leave_pay": "日工资（月工资 ÷ 21.75）× 未休天数 × 200%",
    "lost_earnings": "日收入 × 误工天数（有固定收入的按实际减少的收入）",
    "injury_disability_lump_sum": "本人工资 × 伤残等级对应月数（一级 27 个月至十级 7 个月）",
    "death_compensation": "受诉法院所在地上一年度城镇居民人均可支配收入 × 20 年（六十岁以上每增一岁减一年，七十五岁以上按五年）",
    "disability_compensation": "人均可支配收入 × 20 年（六十岁以上递减）× 伤残系数（一级 100% 至十级 10%）",
    "funeral_expenses": "上一年度职工月平均工资 × 6 个月",
    "interest_cap": "合同成立时一年期 LPR 的四倍为年利率上限",
    "overdue_interest": "本金 × 年利率（未约定的按 LPR）× 逾期天数 ÷ 365",
    "deposit_cap": "主合同标的额 × 20%",
    "penalty_excess": "实际损失 × 130%（违约金超过此数的可请求调减）",
    "litigation_fee": "《诉讼费用交纳办法》第十三条分段累计（简易程序减半）",
    "daily_penalty": "价款 × 每日违约金比例 × 逾期天数",
    "non_compete_compensation": "离职前十二个月平均工资 × 30%（每月）",
    "treble_damages": "价款 × 3（不足五百元按五百元），另退价款",
    "tenfold_damages": "价款 × 10（不足一千元按一千元），另退价款",
    "deposit_return": "定金 × 2（定金以标的额 20% 为限，超出部分原额退还）",
    "child_support": "支付方月总收入 × 20%–30%（两个以上子女一般不超过 50%）；已欠付的按每月数额 × 欠付月数",
    "inheritance_share": "遗产（夫妻共同财产先分出一半归配偶）÷ 同一顺序继承人人数",
    "inheritance_fraction": "遗产（夫妻共同财产先分出一半归配偶）由同一顺序继承人均分，每人 1/人数",
    "estate_debt_limit": "以所得遗产实际价值为限清偿",
    "nursing_fee": "护理人员日收入（月收入 ÷ 21.75）或护工日标准 × 护理天数",
    "work_death_lump_sum": "上一年度全国城镇居民人均可支配收入 × 20",
    "maternity_leave": "98 天，难产加 15 天，多胞胎每多一个婴儿加 15 天",
    "sentence_credit": "有期徒刑、拘役羁押一日折抵一日，管制羁押一日折抵二日",
    "training_penalty": "培训费 × 未履行服务期 ÷ 约定服务期",
    "wage_deduction_cap": "当月工资 × 20%，且扣除后不低于当地最低工资",
    "small_claims_limit": "本省上年度就业人员年平均工资 × 50%",
    "delayed_performance_interest": "未履行金额 × 日万分之一点七五 × 迟延天数",
    "liberty_compensation": "国家上年度职工日平均工资 × 羁押天数",
    "profit_distribution": "税后利润 −（弥补亏损后）10% 法定公积金",
    "lease_refund": "押金全额 + 约定违约金（月租金 × 约定月数）",
    "unemployment_benefit_period": "缴费满一年不足五年 12 个月，满五年不足十年 18 个月，十年以上 24 个月",
    "actual_principal": "实际出借（到账）的金额",
    "probation_excess": "试用期满月工资 × 超过法定试用期的月数",
    "probation_wage_min": "约定工资 × 80%，且不低于当地最低工资",
    "damages_by_share": "各项损失合计 × 对方的责任比例",
    "prepaid_refund": "预付款 × 未消费部分 ÷ 总份数",
    "compulsory_insurance": "交强险限额内赔付：有责时医疗 1.8 万元、死亡伤残 18 万元、财产 2000 元；无责时 1800 元、1.8 万元、100 元",
    "dependant_support": "上一年度城镇居民人均消费支出 × 年限（未成年人算至十八周岁）÷ 扶养人数",
    "late_payment_loss": "未付价款 × 一年期 LPR ×（1.3～1.5）× 逾期天数 ÷ 365",
    "principal_with_interest": "本金 + 本金 × 年利率 × 借期 + 逾期利息",
    "no_interest": "没有约定利息的视为没有利息",
    "betrothal_return": "未登记且未共同生活的全额返还；已共同生活的酌定比例",
    "lease_settlement": "欠付租金 + 约定违约金 − 押金",
    "fine_surcharge_cap": "每日罚款数额 × 3%，加处总额不超过罚款本身",
    "patent_term": "发明 20 年、实用新型 10 年、外观设计 15 年，自申请日起",
    "deposit_refund": "押金全额（有欠租的先抵扣欠租）",
    "set_off": "对方欠您的 − 您欠对方的（互负到期债务可以抵销）",
    "joint_repayment_compensation": "婚后共同还贷额 × 房屋现值 ÷ 购房总价 × 50%",
    "sentence_band": "涉案数额对照数额较大、巨大、特别巨大的标准（各省在全国幅度内确定）",
    "restitution": "合同撤销、无效或解除后已付款项全额返还（另可主张过错方赔偿损失）",
    "advance_refund": "交的是订金（意向金、预付款）且未约定定金性质的，不适用定金罚则，已交的原数返还",
    "defect_punitive": "所受损失 × 2（明知缺陷仍提供造成严重损害的惩罚性赔偿上限）",
    "wage_arrears": "月工资 × 欠薪月数（责令支付后逾期不付的，另加付应付金额 50%～100% 的赔偿金）",
    "lending_cost_cap": "逾期利息 + 违约金 + 其他费用合计，以合同成立时一年期 LPR 的四倍为限",
    "hospital_meal_allowance": "当地国家机关一般工作人员出差伙食补助标准（每天）× 住院天数",
    "unpaid_capital": "认缴出资额 − 实缴出资额",
    "compensation_years": "二十年；六十周岁以上每增加一岁减少一年；七十五周岁以上按五年",
    "guarantor_recourse": "代借款人清偿的数额（自代偿之日起的利息另计）",
    "leave_entitlement": "累计工作满一年不满十年 5 天，满十年不满二十年 10 天，满二十年 15 天",
    "statutory_term": "法律规定的期限（拘役一至六个月、管制三个月至二年、有期徒刑六个月至十五年，醉驾五年内不得重新取得驾驶证）",
    "probation_term": "有期徒刑：原判刑期以上五年以下且不少于一年；拘役：原判刑期以上一年以下且不少于二个月",
    "concurrent_sentence": "总和刑期以下、数刑中最高刑期以上（有期徒刑最高二十年，总和三十五年以上的二十五年）",
    "overdue_return_rent": "约定租金标准（日租金，或月租金 ÷ 30）× 租期届满后逾期返还的天数",
}


@dataclass
class Calculation:
    name: str
    result: CalculationResult | None = None
    missing: list[str] = field(default_factory=list)
    error: str = ""
    #: The facts of the question the calculator read (the facts it rests on, read back to the client).
    read: frozenset[str] = frozenset()

    @property
    def ok(self) -> bool:
        return self.result is not None

    def ask(self) -> str:
        return ASK.get(self.missing[0], f"请补充：{self.missing[0]}") if self.missing else ""

    def headline(self) -> str:
        """The figure with its formula, for a conclusion's {result}."""
        if self.result is None:
            return ""
        r = self.result
        formula = r.steps[-1] if r.steps else ""
        if r.amount is None:
            return formula
        unit = r.figures.get("unit")
        if unit:
            return f"{_unit(r.amount, unit)}（{formula}）" if formula else _unit(r.amount, unit)
        return f"{yuan(r.amount)}（{formula}）" if formula and yuan(r.amount) not in formula[:4] else (
            f"{yuan(r.amount)}" + (f"（{formula}）" if formula else ""))


def yuan(value: Decimal) -> str:
    value = value.quantize(FEN, rounding=ROUND_HALF_UP)
    return f"{int(value):,} 元" if value == value.to_integral_value() else f"{value:,.2f} 元"


def _money(value: Decimal) -> Decimal:
    return value.quantize(FEN, rounding=ROUND_HALF_UP)


def _art(number: int) -> str:
    return calc._article(number)


# -- the calculators that are new here ------------------------------------------------------------------
#: The kinds of overtime a client may not have told, said in one line after the figure (never asked for).
_OVERTIME_KINDS = (("overtime_hours_workday", "工作日延时加班（小时工资 × 150%）"),
                   ("overtime_days_restday", "休息日加班且未补休（日工资 × 200%）"),
                   ("overtime_days_holiday", "法定节假日加班（日工资 × 300%）"))


def overtime_pay(*, monthly_wage: Decimal, overtime_hours_workday: Decimal = Decimal(0),
                 overtime_days_restday: Decimal = Decimal(0), overtime_days_holiday: Decimal = Decimal(0),
                 comp_time_given: bool = False) -> CalculationResult:
    """Each kind of overtime told, summed (劳动法 44): weekday hours at 150 % of the hourly wage, rest days at 200 %
    of the daily wage unless made up by a day off (补休 removes only that kind), statutory holidays at 300 %
    whatever the day off. A kind not told is named in one note as what else may be claimed."""
    told = {"overtime_hours_workday": overtime_hours_workday, "overtime_days_restday": overtime_days_restday,
            "overtime_days_holiday": overtime_days_holiday}
    made_up = comp_time_given and overtime_days_restday > 0
    if made_up:
        overtime_days_restday = Decimal(0)
    daily = monthly_wage / WORK_DAYS_MONTH
    hourly = daily / 8
    workday, restday, holiday = rate("overtime_workday"), rate("overtime_restday"), rate("overtime_holiday")
    parts = [(workday.times(overtime_hours_workday * hourly), f"工作日延时 {overtime_hours_workday} 小时 × "
              f"{yuan(_money(hourly))}/小时 × {workday.percent}"),
             (restday.times(overtime_days_restday * daily),
              f"休息日 {overtime_days_restday} 天 × {yuan(_money(daily))}/天 × {restday.percent}"),
             (holiday.times(overtime_days_holiday * daily),
              f"法定节假日 {overtime_days_holiday} 天 × {yuan(_money(daily))}/天 × {holiday.percent}")]
    used = [(v, t) for v, t in parts if v > 0]
    total = _money(sum((v for v, _ in used), Decimal(0)))
    steps = [f"日工资 = {yuan(monthly_wage)} ÷ 21.75 = {yuan(_money(daily))}"] + [f"{t} = {yuan(_money(v))}" for v, t in used]
    if made_up:
        steps.append(f"休息日加班 {told['overtime_days_restday']} 天已安排补休：不另付 200% 加班费（法定节假日加班不能以补休代替）")
    others = [label for key, label in _OVERTIME_KINDS if not told[key]]
    if others:
        # one line, before the total (the total stays the last step): what else may be claimed, never asked for
        steps.append(f"另有{'、'.join(others)}的，可一并主张")
    steps.append(f"加班费合计 {yuan(total)}")
    return CalculationResult("加班费", total, {"daily_wage": _money(daily), "total": total}, steps,
                             [LegalBasis(LABOR_LAW, _art(44))])


def annual_leave_pay(*, monthly_wage: Decimal, untaken_leave_days: Decimal) -> CalculationResult:
    daily = monthly_wage / WORK_DAYS_MONTH
    extra = rate("leave_extra")
    total = _money(extra.times(daily * untaken_leave_days))
    steps = [f"日工资 = {yuan(monthly_wage)} ÷ 21.75 = {yuan(_money(daily))}",
             f"未休年休假工资（另付 {extra.percent}）= {yuan(_money(daily))} × {extra.percent} × {untaken_leave_days} 天 = "
             f"{yuan(total)}"]
    return CalculationResult("未休年休假工资报酬", total, {"total": total}, steps, [LegalBasis(LEAVE_REGULATION, _art(5))])


def lost_earnings(*, lost_days: Decimal, monthly_wage: Decimal | None = None, daily_income: Decimal | None = None,
                  lost_months: Decimal | None = None) -> CalculationResult:
    if daily_income is None and monthly_wage is not None and lost_months:
        rest = lost_days - lost_months * 30
        daily = monthly_wage * 12 / 365
        total = _money(monthly_wage * lost_months + daily * rest)
        steps = [f"整月误工 {lost_months} 个月 × 月收入 {yuan(monthly_wage)} = {yuan(_money(monthly_wage * lost_months))}"]
        if rest:
            steps.append(f"另 {rest} 天 × 日收入 {yuan(_money(daily))}（月收入 × 12 ÷ 365）= {yuan(_money(daily * rest))}")
        steps.append(f"误工费合计 {yuan(total)}")
        return CalculationResult("误工费", total, {"total": total}, steps, [LegalBasis(INJURY_INTERPRETATION, _art(7))],
                                 ["误工时间以医疗机构的证明确定；受伤致残持续误工的，计算至定残日前一天"])
    if daily_income is None:
        assert monthly_wage is not None
        daily_income = monthly_wage * 12 / 365
        step = f"日收入 = 月收入 {yuan(monthly_wage)} × 12 ÷ 365 = {yuan(_money(daily_income))}"
    else:
        step = f"日收入 {yuan(_money(daily_income))}"
    total = _money(daily_income * lost_days)
    steps = [step, f"误工费 = {yuan(_money(daily_income))} × 误工 {lost_days} 天 = {yuan(total)}"]
    return CalculationResult("误工费", total, {"total": total}, steps, [LegalBasis(INJURY_INTERPRETATION, _art(7))],
                             ["误工时间以医疗机构的证明确定；受伤致残持续误工的，计算至定残日前一天"])


def injury_disability_lump_sum(*, monthly_wage: Decimal, disability_grade: int) -> CalculationResult:
    grade = int(disability_grade)
    if grade not in DISABILITY_MONTHS:
        raise calc.CalculatorInputError("伤残等级应为一至十级")
    months = DISABILITY_MONTHS[grade]
    total = _money(monthly_wage * months)
    steps = [f"{calc.int_to_cn(grade)}级伤残：一次性伤残补助金为 {months} 个月的本人工资",
             f"{yuan(monthly_wage)} × {months} = {yuan(total)}"]
    return CalculationResult("一次性伤残补助金", total, {"months": months, "total": total}, steps,
                             [LegalBasis(WORK_INJURY_REGULATION, _art(DISABILITY_ARTICLE[grade]))],
                             ["本人工资低于统筹地区职工平均工资 60% 的按 60% 计算，高于 300% 的按 300% 计算"])


def death_compensation(*, per_capita_income: Decimal, age: int) -> CalculationResult:
    years = 20 if age < 60 else max(5, 20 - (age - 60)) if age < 75 else 5
    total = _money(per_capita_income * years)
    steps = [f"年龄 {age} 岁：按 {years} 年计算（六十周岁以上每增加一岁减少一年，七十五周岁以上按五年）",
             f"{yuan(per_capita_income)} × {years} = {yuan(total)}"]
    return CalculationResult("死亡赔偿金", total, {"years": years, "total": total}, steps,
                             [LegalBasis(INJURY_INTERPRETATION, _art(15))])


def disability_compensation(*, per_capita_income: Decimal, age: int, disability_grade: int) -> CalculationResult:
    grade = int(disability_grade)
    if grade not in DISABILITY_MONTHS:
        raise calc.CalculatorInputError("伤残等级应为一至十级")
    years = 20 if age < 60 else max(5, 20 - (age - 60)) if age < 75 else 5
    ratio = Decimal(11 - grade) / 10
    total = _money(per_capita_income * years * ratio)
    steps = [f"年龄 {age} 岁：按 {years} 年计算（六十周岁以上每增加一岁减少一年，七十五周岁以上按五年）",
             f"{calc.int_to_cn(grade)}级伤残：伤残系数 {int(ratio * 100)}%（一级 100%，每降一级减 10%）",
             f"{yuan(per_capita_income)} × {years} × {int(ratio * 100)}% = {yuan(total)}"]
    return CalculationResult("残疾赔偿金", total, {"years": years, "ratio": ratio, "total": total}, steps,
                             [LegalBasis(INJURY_INTERPRETATION, _art(12))],
                             ["多处伤残的另加附加系数；伤残系数以各地审判实践为准"])


def daily_penalty(*, contract_price: Decimal, daily_penalty_rate: Decimal, delay_days: Decimal,
                  unpaid: Decimal | None = None) -> CalculationResult:
    """A penalty by the day on the sum late: the unpaid part when the client tells it (总价28万付了10万: 18万),
    else the price."""
    base = unpaid if unpaid is not None and 0 < unpaid < contract_price else contract_price
    total = _money(base * daily_penalty_rate * delay_days)
    steps = [f"违约金 = {yuan(base)} × 每日 {daily_penalty_rate * 100:g}% × 逾期 {delay_days} 天 = {yuan(total)}"]
    if base is not contract_price:
        steps.insert(0, f"逾期付款的是未付部分：{yuan(contract_price)} − 已付 {yuan(contract_price - base)} = {yuan(base)}")
    return CalculationResult("按日计算的违约金", total, {"total": total}, steps, [LegalBasis(CIVIL_CODE, _art(585))],
                             ["约定违约金过分高于造成的损失（超过损失的百分之三十）的，可以请求法院适当减少"])


def non_compete_compensation(*, monthly_wage: Decimal) -> CalculationResult:
    total = _money(rate("non_compete").times(monthly_wage))
    steps = [f"每月竞业限制经济补偿 = 离职前十二个月平均工资 {yuan(monthly_wage)} × {rate('non_compete').percent} = {yuan(total)}",
             "低于劳动合同履行地最低工资标准的，按最低工资标准支付"]
    return CalculationResult("竞业限制经济补偿（每月）", total, {"total": total}, steps,
                             [LegalBasis(LABOR_DISPUTE_INTERPRETATION, _art(36))])


def funeral_expenses(*, local_average_wage: Decimal) -> CalculationResult:
    total = _money(local_average_wage * 6)
    steps = [f"丧葬费 = 上一年度职工月平均工资 {yuan(local_average_wage)} × 6 个月 = {yuan(total)}"]
    return CalculationResult("丧葬费", total, {"total": total}, steps, [LegalBasis(INJURY_INTERPRETATION, _art(14))])


def _lpr_times() -> Decimal:
    """How many times the one-year LPR a private loan's rate may reach (民间借贷规定 25: four)."""
    return rate("lending_lpr_multiple").value


def lpr_on(day: date) -> Decimal:
    rate = LPR_1Y[0][1]
    for start, value in LPR_1Y:
        if day >= start:
            rate = value
    return rate


def interest_cap(*, annual_rate: Decimal, loan_date: date | None = None, principal: Decimal | None = None,
                 repaid: Decimal | None = None, lpr: Decimal | None = None, months: Decimal | None = None,
                 interest_paid: Decimal | None = None) -> CalculationResult:
    day = loan_date or datetime.now(tz=CHINA_TZ).date()
    if lpr is not None:
        cap, why = lpr * _lpr_times(), f"合同成立时一年期 LPR 为 {lpr}%（按您所述），四倍为 {lpr * _lpr_times()}%"
    elif day < date(2020, 8, 20):
        cap, why = Decimal(24), "合同成立于 2020 年 8 月 20 日之前：至 2020 年 8 月 19 日按年利率 24% 为上限，此后按起诉时一年期 LPR 四倍"
    else:
        lpr = lpr_on(day)
        cap, why = lpr * _lpr_times(), f"合同成立时一年期 LPR 为 {lpr}%，四倍为 {lpr * _lpr_times()}%"
    steps = [why, f"约定年利率 {annual_rate}%" + ("，超过上限，超过部分不受保护" if annual_rate > cap else "，未超过上限，受法律保护")]
    figures: dict[str, Any] = {"cap_rate": cap, "annual_rate": annual_rate, "over": annual_rate > cap}
    amount = None
    if principal is not None:
        allowed = min(annual_rate, cap)
        amount = _money(principal * allowed / 100)
        steps.append(f"每年可主张的利息 = 本金 {yuan(principal)} × {allowed}% = {yuan(amount)}")
        figures["yearly_interest"] = amount
        if months is not None and months != 12:
            amount = _money(principal * allowed / 100 * months / 12)
            steps.append(f"借款 {months} 个月的利息 = {yuan(principal)} × {allowed}% × {months} ÷ 12 = {yuan(amount)}")
    basis = [LegalBasis(PRIVATE_LENDING, _art(25))]
    if interest_paid is not None and amount is not None and interest_paid > amount:
        # 民间借贷规定 25: interest paid beyond the cap offsets the principal, any rest comes back
        over = _money(interest_paid - amount)
        steps.append(f"已付利息 {yuan(interest_paid)} − 受保护的利息 {yuan(amount)} = 多付 {yuan(over)}，可以冲抵本金，"
                     "冲抵后仍有剩余的可以要求返还")
        figures["overpaid"] = over
    if loan_date is None:
        steps.insert(0, "未说明借款日期，按今天的 LPR 估算")
    # the figure is the interest the cap lets the lender claim, not the cap itself (a rate, never yuan)
    name = "按上限可主张的利息" if amount is not None else "民间借贷利率上限"
    return CalculationResult(name, amount, figures, steps, basis)


def overdue_interest(*, principal: Decimal, due_date: date, annual_rate: Decimal | None = None,
                     today: date | None = None, loan_date: date | None = None,
                     loan_months: Decimal | None = None) -> CalculationResult:
    """逾期利息 (民间借贷规定 28): the agreed rate (the overdue rate, else the rate for the term), at most four times
    the one-year LPR when the contract was made; with no rate agreed, the one-year LPR of the day it fell due. From
    the due day to today; with the term's own interest and the principal, the sum the lender may claim."""
    today = today or datetime.now(tz=CHINA_TZ).date()
    days = max(0, (today - due_date).days)
    # the interest runs from the day after the due day (the due day is still in time) to today: that day is named
    # with the figure, so "from which day" is answered by the client's own date, not by the rule's words
    first = due_date + timedelta(days=1)
    steps = [f"还款日 {cn_date(due_date)} 届满，自次日 {cn_date(first)} 起逾期，至 {cn_date(today)} 共 {days} 天"]
    if annual_rate is not None:
        made = loan_date or due_date
        cap = lpr_on(made) * _lpr_times()
        rate = min(annual_rate, cap)
        if annual_rate > cap:
            steps.append(f"约定年利率 {annual_rate}% 超过合同成立时一年期 LPR 的四倍 {cap}%，逾期利息按 {cap}% 计")
        else:
            steps.append(f"按约定年利率 {annual_rate}% 计（未超过合同成立时一年期 LPR 四倍 {cap}%）")
    else:
        rate = lpr_on(due_date)
        steps.append(f"未约定利率：参照逾期时一年期 LPR {rate}% 计算逾期利息")
    amount = _money(principal * rate / 100 * days / 365)
    figures: dict[str, Any] = {"days": days, "rate": rate, "overdue_interest": amount}
    total = principal + amount
    said = f"逾期利息自 {cn_date(first)} 起算：{yuan(principal)} × {rate}% × {days} ÷ 365 = {yuan(amount)}"
    if annual_rate is not None and loan_months is not None and loan_months > 0:
        term = _money(principal * rate / 100 * loan_months / 12)
        figures["term_interest"] = term
        total += term
        said += f"；借期内利息 {yuan(principal)} × {rate}% × {loan_months} ÷ 12 = {yuan(term)}"
    figures["total"] = _money(total)
    steps.append(f"{said}；连同本金合计 {yuan(total)}")
    return CalculationResult("逾期利息", amount, figures, steps, [LegalBasis(PRIVATE_LENDING, _art(28))])


def deposit_cap(*, deposit_amount: Decimal, contract_price: Decimal) -> CalculationResult:
    cap = _money(rate("deposit_cap").times(contract_price))
    over = deposit_amount > cap
    steps = [f"定金上限 = 标的额 {yuan(contract_price)} × {rate('deposit_cap').percent} = {yuan(cap)}",
             f"约定定金 {yuan(deposit_amount)}" + ("，超过部分不产生定金效力" if over else "，未超过上限")]
    return CalculationResult("定金上限", cap, {"cap": cap, "over": over}, steps, [LegalBasis(CIVIL_CODE, _art(586))])


def deposit_return(*, deposit_amount: Decimal, contract_price: Decimal | None = None,
                   penalty_amount: Decimal | None = None) -> CalculationResult:
    """What the payer gets back when the party that received the deposit breaches: twice the deposit
    (民法典 587), the deposit counting only up to 20 % of the price (586) — the excess comes back once."""
    effective = deposit_amount
    steps = []
    cap, double = rate("deposit_cap"), rate("deposit_double")
    if contract_price is not None and deposit_amount > cap.times(contract_price):
        effective = _money(cap.times(contract_price))
        steps.append(f"定金上限 = 标的额 {yuan(contract_price)} × {cap.percent} = {yuan(effective)}，超出的 "
                     f"{yuan(deposit_amount - effective)} 不是定金，作为预付款原额退还")
    total = double.times(effective) + (deposit_amount - effective)
    steps.append(f"双倍返还 = {yuan(effective)} × {double.value} = {yuan(double.times(effective))}"
                 + (f"，另退预付款 {yuan(deposit_amount - effective)}，合计 {yuan(total)}" if total != effective * 2 else ""))
    basis = [LegalBasis(CIVIL_CODE, _art(587)), LegalBasis(CIVIL_CODE, _art(586))]
    if penalty_amount is not None:
        # 民法典 588: a penalty and a deposit both agreed: the innocent party chooses one, not both. Choosing
        # the penalty, the deposit still comes back (as a payment made): penalty + the whole deposit.
        by_penalty = penalty_amount + deposit_amount
        steps.append(f"违约金与定金只能选一：选定金罚则共得 {yuan(total)}；选违约金得违约金 {yuan(penalty_amount)}，"
                     f"定金 {yuan(deposit_amount)} 作为已付款项返还，共 {yuan(by_penalty)}；"
                     f"选{'违约金' if by_penalty > total else '定金罚则'}更有利，合计 {yuan(max(total, by_penalty))}")
        basis.append(LegalBasis(CIVIL_CODE, _art(588)))
        if by_penalty > total:
            return CalculationResult("违约金与定金择一后可得", by_penalty,
                                     {"effective": effective, "double": effective * 2, "by_penalty": by_penalty},
                                     steps, [LegalBasis(CIVIL_CODE, _art(588)), LegalBasis(CIVIL_CODE, _art(587))])
    return CalculationResult("定金双倍返还", total, {"effective": effective, "double": effective * 2}, steps, basis)


def penalty_excess(*, loss_amount: Decimal, penalty_amount: Decimal | None = None) -> CalculationResult:
    line = _money(rate("penalty_line").times(loss_amount))
    over = penalty_amount is not None and penalty_amount > line
    steps = [f"损失 {yuan(loss_amount)} × {rate('penalty_line').percent} = {yuan(line)}"]
    if penalty_amount is not None:
        steps.append(f"约定违约金 {yuan(penalty_amount)}" + (
            f"，超过损失的 30%，可以请求法院适当减少，一般调减至约 {yuan(line)}" if over else "，未超过损失的 30%，一般不予调减"))
    return CalculationResult("违约金调整", line, {"line": line, "over": over}, steps,
                             [LegalBasis(CIVIL_CODE, _art(585)), LegalBasis(CONTRACT_INTERPRETATION, _art(65))])


def treble_damages(*, purchase_price: Decimal) -> CalculationResult:
    """欺诈的增加赔偿: 价款的三倍, 不足五百元的为五百元 (消费者权益保护法第五十五条), besides the refund."""
    extra = _money(rate("fraud_treble").times(purchase_price))
    steps = [f"退还价款 {yuan(purchase_price)}，连同增加赔偿合计 {yuan(extra + purchase_price)}",
             f"增加赔偿 = 价款 {yuan(purchase_price)} × 3 = {yuan(_money(purchase_price * 3))}"
             + (f"，不足五百元按 {yuan(extra)}" if purchase_price * 3 < 500 else "")]
    return CalculationResult("欺诈增加赔偿", extra, {"refund": purchase_price, "total": extra + purchase_price}, steps,
                             [LegalBasis(CONSUMER_LAW, _art(55))])


def tenfold_damages(*, purchase_price: Decimal, loss: Decimal | None = None) -> CalculationResult:
    """不符合食品安全标准的食品: 价款十倍或者损失三倍的赔偿金, 不足一千元的为一千元 (食品安全法第一百四十八条)."""
    extra = _money(rate("food_tenfold").times(purchase_price))
    steps = [f"另可要求退还价款 {yuan(purchase_price)}",
             f"赔偿金 = 价款 {yuan(purchase_price)} × 10 = {yuan(_money(purchase_price * 10))}"
             + (f"，不足一千元按 {yuan(extra)}" if purchase_price * 10 < 1000 else "")]
    if loss is not None and rate("food_loss_treble").times(loss) > extra:
        extra = _money(rate("food_loss_treble").times(loss))
        steps.append(f"损失三倍 = {yuan(loss)} × 3 = {yuan(extra)}，高于价款十倍，可选择按损失三倍主张")
    return CalculationResult("食品十倍赔偿", extra, {"refund": purchase_price}, steps,
                             [LegalBasis(FOOD_SAFETY_LAW, _art(148))])


# -- figures of family, inheritance, injury, criminal, company, procedure and policy ----------------------
MARRIAGE_INTERPRETATION = "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）"
BETROTHAL_RULES = "最高人民法院关于审理涉彩礼纠纷案件适用法律若干问题的规定"
WOMEN_PROTECTION = "女职工劳动保护特别规定"
WAGE_PAYMENT = "工资支付暂行规定"
UNEMPLOYMENT_REGULATION = "失业保险条例"
CRIMINAL_LAW = "中华人民共和国刑法"
COMPANY_LAW = "中华人民共和国公司法"
CIVIL_PROCEDURE = "中华人民共和国民事诉讼法"
STATE_COMPENSATION = "中华人民共和国国家赔偿法"
#: 迟延履行期间的债务利息: 加倍部分按日万分之一点七五 (最高人民法院关于执行程序中计算迟延履行期间的债务利息适用法律若干问题的解释 1).
DELAY_DAILY_RATE = Decimal("0.000175")


def _unit(value: Decimal, unit: str) -> str:
    value = value.quantize(Decimal("0.01")).normalize()
    return f"{value:f} {unit}"


def child_support(*, payer_income: Decimal, children: int = 1) -> CalculationResult:
    """抚养费 (婚姻家庭编解释（一）49): 有固定收入的一般按月总收入的 20 %–30 %; 两个以上子女可以提高, 一般不超过 50 %."""
    children = max(1, int(children))
    low_rate, high_rate = (rate("child_support_low").value, rate("child_support_high").value) if children == 1 else (
        rate("child_support_high").value, rate("child_support_several").value)
    low, high = _money(payer_income * low_rate), _money(payer_income * high_rate)
    middle = _money(payer_income * Decimal("0.25"))
    steps = [f"支付方月总收入 {yuan(payer_income)}",
             (f"一个子女：一般按 20%–30%，每月 {yuan(low)} 至 {yuan(high)}，取中间比例 25% 约 {yuan(middle)}"
              if children == 1 else
              f"{children} 个子女：可以提高比例，合计一般不超过 50%，每月约 {yuan(low)} 至 {yuan(high)}")]
    return CalculationResult("抚养费（每月）", None, {"low": low, "high": high, "children": children}, steps,
                             [LegalBasis(MARRIAGE_INTERPRETATION, _art(49))],
                             ["无固定收入的，按当年总收入或同行业平均收入参照上述比例确定；子女实际需要和当地生活水平也要考虑"])


def support_arrears(*, support_amount: Decimal, arrears_months: Decimal) -> CalculationResult:
    """欠付的抚养费: 约定（判决）的每月数额 × 欠付月数; 请求支付抚养费不适用诉讼时效 (民法典 196)."""
    total = _money(support_amount * arrears_months)
    steps = [f"欠付抚养费 = 每月 {yuan(support_amount)} × {arrears_months} 个月 = {yuan(total)}"]
    return CalculationResult("欠付的抚养费", total, {"total": total}, steps,
                             [LegalBasis(CIVIL_CODE, _art(1085)), LegalBasis(CIVIL_CODE, _art(196))],
                             ["请求支付抚养费不适用诉讼时效（民法典第一百九十六条）"])


def inheritance_share(*, estate_value: Decimal, heirs: int, joint_property: bool = False,
                      survivor: bool = False, survivor_named: str = "您") -> CalculationResult:
    """法定继承: 夫妻共同财产先分出一半归配偶 (民法典 1153), 其余为遗产, 同一顺序继承人一般均等 (1130). ``survivor``:
    the client is the surviving spouse, who keeps the half of the joint property and inherits a share besides."""
    heirs = int(heirs)
    if heirs < 1:
        raise calc.CalculatorInputError("继承人人数至少为一人")
    steps = []
    estate = estate_value
    if joint_property:
        estate = _money(estate_value / 2)
        steps.append(f"夫妻共同财产 {yuan(estate_value)}：先分出一半 {yuan(estate)} 归配偶，其余 {yuan(estate)} 为遗产")
    share = _money(estate / heirs)
    steps.append(f"第一顺序继承人共 {heirs} 人，一般均等分配：{yuan(estate)} ÷ {heirs} = 每人 {yuan(share)}")
    figures: dict[str, Any] = {"estate": estate, "share": share, "heirs": heirs}
    if survivor and joint_property:
        own = _money(estate_value - estate)
        figures["survivor_total"] = own + share
        steps[-1] += (f"；{survivor_named}作为在世配偶，共同财产的一半 {yuan(own)} 本就归{survivor_named}，另继承 "
                      f"{yuan(share)}，合计 {yuan(own + share)}")
    basis = [LegalBasis(CIVIL_CODE, _art(1130)), LegalBasis(CIVIL_CODE, _art(1153 if joint_property else 1127))]
    return CalculationResult("法定继承份额", share, figures, steps, basis,
                             ["对被继承人尽了主要扶养义务或与其共同生活的，分配时可以多分；有扶养能力而不尽扶养义务的，应当不分或少分"])


def inheritance_fraction(*, heirs: int, joint_property: bool = False) -> CalculationResult:
    """法定继承 when the estate's value is not said (我能分到多少份额): each heir's share of it as a fraction —
    夫妻共同财产先分出一半归配偶 (民法典 1153), 其余同一顺序继承人均分 (1130)."""
    heirs = int(heirs)
    if heirs < 1:
        raise calc.CalculatorInputError("继承人人数至少为一人")
    whole = heirs * (2 if joint_property else 1)
    percent = (Decimal(100) / whole).quantize(Decimal("0.01")).normalize()
    share = f"1/{whole}（即 {percent:f}%）"
    if joint_property:
        steps = [f"夫妻共同财产先分出一半归配偶，另一半为遗产，由第一顺序继承人 {heirs} 人均分："
                 f"每人得 1/2 × 1/{heirs} = {share}；配偶另加共同财产的一半"]
    else:
        steps = [f"遗产由第一顺序继承人 {heirs} 人均分：每人得 {share}"]
    basis = [LegalBasis(CIVIL_CODE, _art(1130)), LegalBasis(CIVIL_CODE, _art(1153 if joint_property else 1127))]
    return CalculationResult("法定继承份额", None, {"heirs": heirs, "fraction": Decimal(1) / whole}, steps, basis,
                             ["对被继承人尽了主要扶养义务或与其共同生活的，分配时可以多分；有扶养能力而不尽扶养义务的，应当不分或少分"])


def representation_share(*, estate_value: Decimal, heirs: int, representatives: int) -> CalculationResult:
    """代位继承: 先于被继承人死亡的子女的份额, 由其直系晚辈血亲均分 (民法典 1128, 1130)."""
    if int(heirs) < 1 or int(representatives) < 1:
        raise calc.CalculatorInputError("继承人人数至少为一人")
    part = _money(estate_value / int(heirs))
    each = _money(part / int(representatives))
    steps = [f"遗产 {yuan(estate_value)} 由 {int(heirs)} 个子女（含先去世的一位）均分，每份 {yuan(part)}",
             f"先去世子女的一份由其子女 {int(representatives)} 人代位继承，每人 {yuan(each)}"]
    return CalculationResult("代位继承份额", each, {"part": part, "each": each}, steps,
                             [LegalBasis(CIVIL_CODE, _art(1128)), LegalBasis(CIVIL_CODE, _art(1130))],
                             ["被继承人的配偶、父母在世的，也是第一顺序继承人，应计入均分的人数"])


def estate_debt_limit(*, estate_value: Decimal, debt_amount: Decimal) -> CalculationResult:
    """继承人以所得遗产实际价值为限清偿被继承人的债务 (民法典 1161)."""
    total = min(_money(estate_value), _money(debt_amount))
    steps = [f"债务 {yuan(debt_amount)}，遗产实际价值 {yuan(estate_value)}",
             f"以遗产实际价值为限清偿：最多 {yuan(total)}" + ("，超出部分不用还" if debt_amount > estate_value else "")]
    return CalculationResult("继承人清偿债务的上限", total, {"total": total}, steps, [LegalBasis(CIVIL_CODE, _art(1161))])


def nursing_fee(*, care_days: Decimal, caregiver_income: Decimal | None = None,
                daily_care_rate: Decimal | None = None, care_months: Decimal | None = None) -> CalculationResult:
    """护理费 (人身损害赔偿解释 8): 护理人员有收入的按误工（减少的收入）计算, 雇护工的按护工报酬. A care period told in
    whole months with a monthly income is the income lost for those months (as 误工费 counts whole months), not the
    days times a daily income."""
    if daily_care_rate is None and caregiver_income is not None and care_months:
        total = _money(caregiver_income * care_months)
        steps = [f"护理人员有收入，按其实际减少的收入计算：月收入 {yuan(caregiver_income)} × {care_months} 个月 = {yuan(total)}"]
        return CalculationResult("护理费", total, {"total": total}, steps, [LegalBasis(INJURY_INTERPRETATION, _art(8))],
                                 ["护理期限以医疗机构或鉴定意见为准；护理人员原则上一人"])
    if daily_care_rate is None:
        assert caregiver_income is not None
        daily_care_rate = caregiver_income / WORK_DAYS_MONTH
        head = f"护理人员日收入 = 月收入 {yuan(caregiver_income)} ÷ 21.75 = {yuan(_money(daily_care_rate))}"
    else:
        head = f"护理费标准每天 {yuan(_money(daily_care_rate))}"
    total = _money(daily_care_rate * care_days)
    steps = [head, f"护理费 = {yuan(_money(daily_care_rate))} × {care_days} 天 = {yuan(total)}"]
    return CalculationResult("护理费", total, {"total": total}, steps, [LegalBasis(INJURY_INTERPRETATION, _art(8))],
                             ["护理期限以医疗机构或鉴定意见为准；护理人员原则上一人"])


def work_death_lump_sum(*, per_capita_income: Decimal) -> CalculationResult:
    """一次性工亡补助金: 上一年度全国城镇居民人均可支配收入的 20 倍 (工伤保险条例 39)."""
    total = _money(per_capita_income * 20)
    steps = [f"一次性工亡补助金 = 上一年度全国城镇居民人均可支配收入 {yuan(per_capita_income)} × 20 = {yuan(total)}"]
    return CalculationResult("一次性工亡补助金", total, {"total": total}, steps,
                             [LegalBasis(WORK_INJURY_REGULATION, _art(39))],
                             ["另有丧葬补助金（6 个月统筹地区上年度职工月平均工资）和供养亲属抚恤金"])


def maternity_leave(*, babies: int = 1, difficult_birth: bool = False) -> CalculationResult:
    """产假 (女职工劳动保护特别规定 7): 98 天; 难产加 15 天; 多胞胎每多一个婴儿加 15 天 (地方另有奖励假)."""
    babies = max(1, int(babies))
    days = 98 + (15 if difficult_birth else 0) + 15 * (babies - 1)
    steps = ["基本产假 98 天（产前可休 15 天）"]
    if difficult_birth:
        steps.append("难产（含剖宫产）增加 15 天")
    if babies > 1:
        steps.append(f"多胞胎每多生育 1 个婴儿增加 15 天：{babies - 1} × 15 = {15 * (babies - 1)} 天")
    steps.append(f"国家规定的产假合计 {days} 天")
    return CalculationResult("产假天数", Decimal(days), {"unit": "天", "total": days}, steps,
                             [LegalBasis(WOMEN_PROTECTION, _art(7))], ["各省人口与计划生育条例另有延长产假（奖励假），按当地规定叠加"])


def sentence_credit(*, sentence_days: Decimal, custody_days: Decimal, sentence_kind: str = "有期徒刑",
                    sentence_months: int | None = None) -> CalculationResult:
    """判决前先行羁押的折抵: 有期徒刑、拘役一日抵一日 (刑法 47、44), 管制一日抵二日 (41). A sentence and a custody
    both said in whole months (判了十个月, 关了四个月) leave a term in months, said as such."""
    ratio = 2 if sentence_kind == "管制" else 1
    credit = custody_days * ratio
    left = max(Decimal(0), sentence_days - credit)
    article = {"管制": 41, "拘役": 44}.get(sentence_kind, 47)
    steps = [f"{sentence_kind}：羁押一日折抵刑期{'二' if ratio == 2 else '一'}日，已羁押 {custody_days} 天，折抵 {credit} 天",
             f"判处刑期约 {sentence_days} 天 − 折抵 {credit} 天 = 还需执行约 {left} 天"]
    if sentence_months is not None and credit % 30 == 0:
        months_left = max(0, sentence_months - int(credit / 30))
        steps.append(f"按月计：判处 {sentence_months} 个月 − 折抵 {int(credit / 30)} 个月 = 还需执行约 {months_left} 个月")
    return CalculationResult("羁押折抵刑期", credit, {"unit": "天", "credit": credit, "left": left}, steps,
                             [LegalBasis(CRIMINAL_LAW, _art(article))], ["刑期起止日期以判决书和执行通知为准；减刑、假释另计"])


def training_penalty(*, training_fee: Decimal, service_years: Decimal, served_years: Decimal) -> CalculationResult:
    """违反服务期的违约金: 不得超过服务期尚未履行部分所应分摊的培训费用 (劳动合同法 22)."""
    if served_years >= service_years:
        total = Decimal(0)
    else:
        total = _money(training_fee * (service_years - served_years) / service_years)
    steps = [f"培训费 {yuan(training_fee)} 按服务期 {service_years} 年分摊，已履行 {served_years} 年",
             f"违约金上限 = {yuan(training_fee)} × ({service_years} − {served_years}) ÷ {service_years} = {yuan(total)}"]
    return CalculationResult("服务期违约金上限", total, {"total": total}, steps, [LegalBasis(LABOR_CONTRACT_LAW, _art(22))])


def wage_deduction_cap(*, monthly_wage: Decimal, minimum_wage: Decimal | None = None) -> CalculationResult:
    """赔偿损失从工资中扣除: 每月不超过当月工资的 20 %, 扣除后不得低于最低工资 (工资支付暂行规定 16)."""
    cap = _money(rate("wage_deduction").times(monthly_wage))
    steps = [f"每月扣除不得超过当月工资的 {rate('wage_deduction').percent}：{yuan(monthly_wage)} × "
             f"{rate('wage_deduction').percent} = {yuan(cap)}"]
    if minimum_wage is not None:
        room = max(Decimal(0), _money(monthly_wage - minimum_wage))
        if room < cap:
            cap = room
            steps.append(f"扣除后不得低于当地最低工资 {yuan(minimum_wage)}：最多扣 {yuan(room)}")
        else:
            steps.append(f"扣除后剩余不低于当地最低工资 {yuan(minimum_wage)}")
    steps.append(f"每月最多扣 {yuan(cap)}")
    return CalculationResult("每月可从工资中扣除的上限", cap, {"total": cap}, steps, [LegalBasis(WAGE_PAYMENT, _art(16))])


def small_claims_limit(*, annual_average_wage: Decimal) -> CalculationResult:
    """小额诉讼: 标的额为省上年度就业人员年平均工资 50 % 以下 (民事诉讼法 165)."""
    total = _money(annual_average_wage / 2)
    steps = [f"小额诉讼标的额上限 = 上年度就业人员年平均工资 {yuan(annual_average_wage)} × 50% = {yuan(total)}"]
    return CalculationResult("小额诉讼标的额上限", total, {"total": total}, steps, [LegalBasis(CIVIL_PROCEDURE, _art(165))],
                             ["超过 50% 但在二倍以下的，双方约定也可以适用小额诉讼"])


def delayed_performance_interest(*, judgment_amount: Decimal, delay_days: Decimal) -> CalculationResult:
    """迟延履行期间的加倍部分债务利息: 未履行的金额 × 日万分之一点七五 × 迟延天数 (民事诉讼法 264)."""
    total = _money(judgment_amount * DELAY_DAILY_RATE * delay_days)
    steps = [f"加倍部分债务利息 = {yuan(judgment_amount)} × 万分之一点七五 × {delay_days} 天 = {yuan(total)}"]
    return CalculationResult("迟延履行期间的加倍部分债务利息", total, {"total": total}, steps,
                             [LegalBasis(CIVIL_PROCEDURE, _art(264))], ["一般债务利息（判决确定的利息）另行计算"])


def liberty_compensation(*, daily_average_wage: Decimal, custody_days: Decimal) -> CalculationResult:
    """侵犯人身自由的国家赔偿: 每日按国家上年度职工日平均工资计算 (国家赔偿法 33)."""
    total = _money(daily_average_wage * custody_days)
    steps = [f"人身自由赔偿金 = 国家上年度职工日平均工资 {yuan(daily_average_wage)} × {custody_days} 天 = {yuan(total)}"]
    return CalculationResult("人身自由赔偿金", total, {"total": total}, steps, [LegalBasis(STATE_COMPENSATION, _art(33))],
                             ["造成严重后果的，另可主张精神损害抚慰金（国家赔偿法第三十五条）"])


def profit_distribution(*, profit: Decimal, registered_capital: Decimal | None = None,
                        reserve_so_far: Decimal | None = None, share: Decimal | None = None) -> CalculationResult:
    """可分配利润: 先弥补亏损, 再提取 10 % 法定公积金, 累计达注册资本 50 % 的可不再提取 (公司法 210); with the
    client's stake (持股30%, or his paid-in over all paid-in, 公司法 210 第四款), his own part of it."""
    reserve = _money(profit * Decimal("0.1"))
    if registered_capital is not None and reserve_so_far is not None:
        reserve = max(Decimal(0), min(reserve, _money(registered_capital / 2 - reserve_so_far)))
    total = _money(profit - reserve)
    steps = [f"提取法定公积金 = 税后利润 {yuan(profit)} × 10% = {yuan(reserve)}",
             f"最多可分配 = {yuan(profit)} − {yuan(reserve)} = {yuan(total)}"]
    if share is None or not 0 < share < 1:
        return CalculationResult("可分配利润", total, {"total": total}, steps, [LegalBasis(COMPANY_LAW, _art(210))],
                                 ["有以前年度亏损的先弥补；法定公积金累计达注册资本 50% 的可以不再提取"])
    percent = f"{(share * 100).quantize(Decimal('0.01')).normalize():f}%"
    mine, whole = _money(total * share), _money(profit * share)
    steps.append(f"您按 {percent} 分得 = {yuan(total)} × {percent} = {yuan(mine)}")
    steps.append(f"法定公积金已提足（累计达注册资本50%）、利润全部分配的，为 {yuan(profit)} × {percent} = {yuan(whole)}")
    return CalculationResult("您可分得的利润", mine, {"total": mine, "distributable": total, "share": share}, steps,
                             [LegalBasis(COMPANY_LAW, _art(210))],
                             ["分不分、分多少由股东会决议；全体股东约定不按出资比例分配的，从其约定"])


def lease_refund(*, monthly_rent: Decimal, deposit_months: Decimal = Decimal(0), penalty_months: Decimal = Decimal(0)
                 ) -> CalculationResult:
    """出租人违约提前收房: 退还押金, 并按约定支付违约金 (民法典 577、585)."""
    deposit = _money(monthly_rent * deposit_months)
    penalty = _money(monthly_rent * penalty_months)
    total = deposit + penalty
    steps = []
    if deposit:
        steps.append(f"押金 = 月租 {yuan(monthly_rent)} × {deposit_months} 个月 = {yuan(deposit)}（全额退还）")
    if penalty:
        steps.append(f"违约金 = 月租 {yuan(monthly_rent)} × {penalty_months} 个月 = {yuan(penalty)}")
    steps.append(f"合计 {yuan(total)}")
    return CalculationResult("押金与违约金", total, {"total": total}, steps,
                             [LegalBasis(CIVIL_CODE, _art(585)), LegalBasis(CIVIL_CODE, _art(577))],
                             ["已预付而未住满的租金也应退还；违约金低于实际损失的，可以请求增加"])


def unemployment_benefit_period(*, contribution_years: Decimal) -> CalculationResult:
    """领取失业保险金的最长期限 (失业保险条例 17): 满 1 不足 5 年 12 个月, 满 5 不足 10 年 18 个月, 10 年以上 24 个月."""
    if contribution_years < 1:
        raise calc.CalculatorInputError("累计缴费不满一年，不能领取失业保险金")
    months = 12 if contribution_years < 5 else 18 if contribution_years < 10 else 24
    steps = [f"累计缴费 {contribution_years} 年：最长领取 {months} 个月"]
    return CalculationResult("失业保险金领取期限", Decimal(months), {"unit": "个月", "total": months}, steps,
                             [LegalBasis(UNEMPLOYMENT_REGULATION, _art(17))], ["须非因本人意愿中断就业并办理失业登记"])


def actual_principal(*, actually_received: Decimal, principal: Decimal | None = None) -> CalculationResult:
    """预先在本金中扣除利息的, 按实际出借的金额认定本金 (民法典 670; 民间借贷规定 26)."""
    steps = [f"借条写明 {yuan(principal)}，" if principal is not None else "",
             f"按实际出借（到账）的金额认定本金：{yuan(actually_received)}"]
    steps = ["".join(steps)]
    return CalculationResult("应还本金", _money(actually_received), {"total": actually_received}, steps,
                             [LegalBasis(PRIVATE_LENDING, _art(26)), LegalBasis(CIVIL_CODE, _art(670))])


# -- more figures: probation, damages by share, prepaid cards, insurance limits, dependants, late payment -------
SALES_INTERPRETATION = "最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释"
COMPULSORY_INSURANCE = "机动车交通事故责任强制保险条例"
#: 交强险责任限额 (2020-09-19 起): (死亡伤残, 医疗费用, 财产损失), 被保险人有责 / 无责.
INSURANCE_LIMITS = {True: (Decimal(180000), Decimal(18000), Decimal(2000)),
                    False: (Decimal(18000), Decimal(1800), Decimal(100))}
#: 全国城镇居民人均可支配收入 by year (国家统计局), for the 一次性工亡补助金 when the client gives none.
NATIONAL_URBAN_INCOME = {2023: Decimal(51821), 2024: Decimal(54188)}


def probation_excess(*, contract_months: int, probation_months: Decimal, regular_wage: Decimal,
                     served_months: Decimal | None = None) -> CalculationResult:
    """违法约定的试用期已经履行的: 以试用期满月工资为标准, 按已经履行的超过法定试用期的期间支付赔偿金 (劳动合同法 83, 19).
    The period is the part SERVED beyond the legal term (已经干了四个月 of an agreed six, two legal: two months), not
    the agreed excess, when the client says how long the probation has run."""
    legal = 0 if contract_months < 3 else 1 if contract_months < 12 else 2 if contract_months < 36 else 6
    served = probation_months if served_months is None else min(probation_months, served_months)
    excess = max(Decimal(0), served - legal)
    total = _money(regular_wage * excess)
    head = f"合同期限 {contract_months} 个月：法定试用期最长 {legal} 个月，约定 {probation_months} 个月"
    head += (f"，超出 {excess} 个月" if served_months is None
             else f"，已履行 {served} 个月，已履行的超出部分 {excess} 个月")
    steps = [head, f"赔偿金 = 试用期满月工资 {yuan(regular_wage)} × {excess} 个月 = {yuan(total)}"]
    return CalculationResult("违法约定试用期的赔偿金", total, {"total": total, "excess": excess}, steps,
                             [LegalBasis(LABOR_CONTRACT_LAW, _art(83)), LegalBasis(LABOR_CONTRACT_LAW, _art(19))])


def probation_wage_min(*, regular_wage: Decimal, minimum_wage: Decimal | None = None) -> CalculationResult:
    """试用期工资不得低于约定工资的 80 %, 并不得低于当地最低工资标准 (劳动合同法 20)."""
    floor = _money(regular_wage * Decimal("0.8"))
    steps = [f"约定（转正）工资 {yuan(regular_wage)} × 80% = {yuan(floor)}"]
    if minimum_wage is not None and minimum_wage > floor:
        floor = _money(minimum_wage)
        steps.append(f"低于当地最低工资，按最低工资 {yuan(floor)}")
    steps.append(f"试用期每月工资不得低于 {yuan(floor)}")
    return CalculationResult("试用期工资下限", floor, {"total": floor}, steps, [LegalBasis(LABOR_CONTRACT_LAW, _art(20))])


def damages_by_share(*, total_loss: Decimal, liable_share: Decimal = Decimal(1), payer: str = "对方"
                     ) -> CalculationResult:
    """人身、财产损害按对方的责任（过错）比例赔偿 (民法典 1165、1173): 损失合计 × 对方的比例. ``payer`` is who
    bears the share (the client, when his motor vehicle without fault bears a tenth: 道路交通安全法 76)."""
    total = _money(total_loss * liable_share)
    share = f"{(liable_share * 100).normalize():f}%"
    steps = [f"损失合计 {yuan(total_loss)}",
             f"{payer}按 {share} 的责任比例赔偿：{yuan(total_loss)} × {share} = {yuan(total)}"]
    return CalculationResult("按责任比例的赔偿", total, {"total": total}, steps,
                             [LegalBasis(CIVIL_CODE, _art(1173)), LegalBasis(CIVIL_CODE, _art(1165))],
                             ["损失以票据和证明为准；有交强险的，先由交强险在限额内赔付"])


def prepaid_refund(*, prepaid: Decimal, units_total: Decimal, units_used: Decimal) -> CalculationResult:
    """经营者未按约定提供服务的预付款: 退还未消费部分 (消费者权益保护法 53), 按已用比例折算."""
    left = max(Decimal(0), units_total - units_used)
    total = _money(prepaid * left / units_total)
    steps = [f"预付 {yuan(prepaid)}，共 {units_total} 份（课时、月数），已用 {units_used}，未用 {left}",
             f"应退 = {yuan(prepaid)} × {left} ÷ {units_total} = {yuan(total)}"]
    return CalculationResult("应退预付款", total, {"total": total}, steps, [LegalBasis(CONSUMER_LAW, _art(53))],
                             ["另可要求预付款的利息和必须支付的合理费用；有赠送或折扣的，按实付比例折算"])


def compulsory_insurance(*, claimed: Decimal, category: str = "medical", insured_at_fault: bool = True) -> CalculationResult:
    """交强险在责任限额内赔偿, 与责任大小无关; 被保险人无责的适用无责限额 (交强险条例 23)."""
    death, medical, property_ = INSURANCE_LIMITS[insured_at_fault]
    limit = {"medical": medical, "death": death, "property": property_}[category]
    name = {"medical": "医疗费用", "death": "死亡伤残", "property": "财产损失"}[category]
    total = min(_money(claimed), limit)
    steps = [f"对方车辆{'有责' if insured_at_fault else '无责'}：交强险{name}赔偿限额 {yuan(limit)}",
             f"您的{name} {yuan(claimed)}，交强险赔 min({yuan(claimed)}, {yuan(limit)}) = {yuan(total)}"]
    return CalculationResult(f"交强险{name}赔偿", total, {"total": total, "limit": limit}, steps,
                             [LegalBasis(COMPULSORY_INSURANCE, _art(23))],
                             ["超出限额的部分由商业三者险和责任人按责任比例承担"])


def dependant_support(*, consumption: Decimal, dependant_age: int, supporters: int = 2) -> CalculationResult:
    """被扶养人生活费: 人均消费支出 × 年限 (未成年人算至十八周岁) ÷ 扶养人数 (人身损害赔偿解释 17)."""
    years = max(0, 18 - int(dependant_age)) if dependant_age < 18 else 20 if dependant_age < 60 else max(
        5, 20 - (int(dependant_age) - 60)) if dependant_age < 75 else 5
    supporters = max(1, int(supporters))
    total = _money(consumption * years / supporters)
    steps = [f"被扶养人 {dependant_age} 岁：计算 {years} 年" + ("（未成年人算至十八周岁）" if dependant_age < 18 else ""),
             f"{yuan(consumption)} × {years} 年 ÷ {supporters} 个扶养人 = {yuan(total)}"]
    return CalculationResult("被扶养人生活费", total, {"total": total, "years": years}, steps,
                             [LegalBasis(INJURY_INTERPRETATION, _art(17))],
                             ["被扶养人有数人的，年赔偿总额累计不超过上一年度人均消费支出额；该费用计入死亡赔偿金或残疾赔偿金"])


def late_payment_loss(*, price: Decimal, days: int, due: date) -> CalculationResult:
    """没有约定逾期付款违约金的逾期付款损失: 以同期一年期 LPR 为基础加计 30 %–50 % (买卖合同解释 18)."""
    lpr = lpr_on(due)
    low = _money(price * lpr / 100 * Decimal("1.3") * days / 365)
    high = _money(price * lpr / 100 * Decimal("1.5") * days / 365)
    steps = [f"自 {cn_date(due)} 逾期 {days} 天；一年期 LPR {lpr}%，加计 30%–50%",
             f"逾期付款损失 = {yuan(price)} × {lpr}% ×（1.3～1.5）× {days} ÷ 365 = {yuan(low)} 至 {yuan(high)}，最多 {yuan(high)}"]
    return CalculationResult("逾期付款损失", high, {"low": low, "high": high}, steps,
                             [LegalBasis(SALES_INTERPRETATION, _art(18))])



def principal_with_interest(*, principal: Decimal, annual_rate: Decimal, loan_months: Decimal,
                            due_date: date | None = None, today: date | None = None) -> CalculationResult:
    """连本带息: 本金 + 借期内利息 + 逾期利息 (未约定逾期利率的, 按借期内利率, 民间借贷规定 28)."""
    today = today or datetime.now(tz=CHINA_TZ).date()
    term = _money(principal * annual_rate / 100 * loan_months / 12)
    days = max(0, (today - due_date).days) if due_date is not None else 0
    overdue = _money(principal * annual_rate / 100 * days / 365)
    total = principal + term + overdue
    steps = [f"借期内利息 = {yuan(principal)} × {annual_rate}% × {loan_months} ÷ 12 = {yuan(term)}"]
    if days:
        steps.append(f"逾期 {days} 天的利息（未约定逾期利率的按借期内利率）= {yuan(principal)} × {annual_rate}% × {days} ÷ 365 = "
                     f"{yuan(overdue)}")
    steps.append(f"本息合计 = {yuan(principal)} + {yuan(term)}" + (f" + {yuan(overdue)}" if days else "") + f" = {yuan(total)}")
    return CalculationResult("本息合计", _money(total), {"total": total}, steps,
                             [LegalBasis(PRIVATE_LENDING, _art(28)), LegalBasis(CIVIL_CODE, _art(676))],
                             ["约定利率超过合同成立时一年期 LPR 四倍的，超过部分不受保护"])


def no_interest() -> CalculationResult:
    """借款合同对支付利息没有约定的, 视为没有利息 (民间借贷规定 24, which a lending figure rests on like
    its 25 and 28; 民法典 680 states the same for loan contracts and goes to 相关规定)."""
    steps = ["借条（合同）没有约定利息，或自然人之间约定不明确的：借期内利息为 0 元", "逾期后可以主张逾期利息（按一年期 LPR）"]
    return CalculationResult("借期内利息", Decimal(0), {"total": 0}, steps,
                             [LegalBasis(PRIVATE_LENDING, _art(24)), LegalBasis(CIVIL_CODE, _art(680))])


def betrothal_return(*, betrothal_amount: Decimal, registered: bool, cohabited: bool) -> CalculationResult:
    """彩礼返还 (婚姻家庭编解释（一）5; 涉彩礼纠纷规定 5、6): 未登记且未共同生活的全额返还."""
    if not registered and not cohabited:
        total = _money(betrothal_amount)
        steps = [f"未办理结婚登记、也未共同生活：彩礼 {yuan(betrothal_amount)} 应全额返还（已用于共同生活的部分可扣除）"]
    else:
        total = None
        steps = ["已登记或已共同生活的，按共同生活时间、彩礼数额、嫁妆和过错等酌定返还比例，没有固定比例"]
    # the rule that decides the couple's case: registered and living together 涉彩礼规定 5, living together
    # unregistered 规定 6, neither (or registered, never living together) 婚姻家庭编解释（一）5
    basis = LegalBasis(BETROTHAL_RULES, _art(5)) if registered and cohabited else \
        LegalBasis(BETROTHAL_RULES, _art(6)) if cohabited else LegalBasis(MARRIAGE_INTERPRETATION, _art(5))
    return CalculationResult("彩礼返还", total, {"total": total}, steps, [basis])


def lease_settlement(*, monthly_rent: Decimal, deposit: Decimal, arrears_months: Decimal = Decimal(0),
                     penalty_months: Decimal = Decimal(0)) -> CalculationResult:
    """租金、违约金与押金相抵: 欠付租金 + 约定违约金 − 押金 (民法典 721、585; 押金抵扣后的差额)."""
    owed = _money(monthly_rent * (arrears_months + penalty_months))
    balance = owed - _money(deposit)
    steps = []
    if arrears_months:
        steps.append(f"欠付租金 = {yuan(monthly_rent)} × {arrears_months} 个月 = {yuan(_money(monthly_rent * arrears_months))}")
    if penalty_months:
        steps.append(f"违约金 = {yuan(monthly_rent)} × {penalty_months} 个月 = {yuan(_money(monthly_rent * penalty_months))}")
    if deposit:
        steps.append(f"押金 {yuan(deposit)} 抵扣后：{yuan(owed)} − {yuan(deposit)} = {yuan(balance)}"
                     + ("（押金不足以抵扣，还差此数）" if balance > 0 else "（押金有剩余，应退还）"))
    else:
        steps.append(f"合计应付 {yuan(owed)}（有押金的可以先抵扣）")
    return CalculationResult("押金抵扣后的余额", abs(balance), {"total": balance}, steps,
                             [LegalBasis(CIVIL_CODE, _art(722)), LegalBasis(CIVIL_CODE, _art(585))])


def deposit_refund(*, deposit: Decimal, monthly_rent: Decimal | None = None, arrears_months: Decimal = Decimal(0),
                   kept: Decimal | None = None) -> CalculationResult:
    """押金的返还 (民法典 733 with the lease's deposit): the whole deposit once the house is handed back and the
    bills are settled, less the rent still owed; a sum the landlord kept without such a ground is owed back."""
    owed = _money(monthly_rent * arrears_months) if monthly_rent is not None and arrears_months else Decimal(0)
    refund = max(Decimal(0), _money(deposit) - owed)
    steps = []
    if owed:
        steps.append(f"押金 {yuan(deposit)} 先抵扣欠付租金 {yuan(monthly_rent or 0)} × {arrears_months} 个月 = {yuan(owed)}")
    figures = {"refund": refund, "owed": owed}
    amount = refund
    if kept is not None and not owed:
        # 扣了我2000押金: what is still to get back is the sum kept without ground
        figures["kept"], amount = kept, _money(kept)
        steps.append(f"押金 {yuan(deposit)} 应全额退还；房东扣下的 {yuan(kept)} 没有欠租、欠费或超出正常损耗的损坏作依据的，"
                     f"应当退还 {yuan(kept)}")
    else:
        steps.append(f"应退押金 = {yuan(deposit)}" + (f" − {yuan(owed)} = {yuan(refund)}" if owed else ""))
    return CalculationResult("应退押金", amount, figures, steps, [LegalBasis(CIVIL_CODE, _art(733))])


def set_off(*, owed_to_me: Decimal, own_debt: Decimal) -> CalculationResult:
    """互负到期债务的抵销 (民法典 568): what is left after the smaller debt is set against the larger."""
    rest = _money(owed_to_me - own_debt)
    who = "对方还应付您" if rest >= 0 else "您还应付对方"
    steps = [f"抵销后 {who} {yuan(owed_to_me)} − {yuan(own_debt)} = {yuan(abs(rest))}（抵销须通知对方，通知到达时生效）"]
    return CalculationResult("抵销后的余额", abs(rest), {"rest": rest}, steps, [LegalBasis(CIVIL_CODE, _art(568))])


def joint_repayment_compensation(*, joint_repaid: Decimal, purchase_price: Decimal, current_value: Decimal
                                 ) -> CalculationResult:
    """婚前一方首付、婚后共同还贷的房屋 (婚姻家庭编解释（一）78): the registered spouse keeps the house and pays the
    other half of what was repaid together and the increase in value that part carries: repaid × (current value ÷
    price) × 50 %."""
    if purchase_price <= 0:
        raise ValueError("purchase price must be positive")
    share = _money(joint_repaid * current_value / purchase_price)
    half = _money(share / 2)
    steps = [f"婚后共同还贷 {yuan(joint_repaid)} 及其对应增值 = {yuan(joint_repaid)} × 房屋现值 {yuan(current_value)} ÷ "
             f"购房总价 {yuan(purchase_price)} = {yuan(share)}",
             f"登记方补偿另一方一半：{yuan(share)} × 50% = {yuan(half)}（贷款利息计入购房成本的，按本息合计折算）"]
    return CalculationResult("婚后共同还贷及增值部分的补偿", half, {"share": share}, steps,
                             [LegalBasis(MARRIAGE_INTERPRETATION, _art(78))])


def restitution(*, amount_paid: Decimal) -> CalculationResult:
    """合同被撤销、无效或解除后, what was paid under it comes back (民法典 157), besides damages for the fault."""
    steps = [f"合同被撤销（无效、解除）后，已付的 {yuan(amount_paid)} 应当全额返还；对方有过错的，还应赔偿您因此受到的损失"]
    return CalculationResult("应返还的款项", _money(amount_paid), {"total": amount_paid}, steps,
                             [LegalBasis(CIVIL_CODE, _art(157))])


def advance_refund(*, amount_paid: Decimal) -> CalculationResult:
    """交的是订金（意向金、预付款）, no 定金 nature agreed: no 定金罚则 either way, what was paid comes back as
    it was (合同编通则解释 67), besides proven losses."""
    steps = [f"订金（意向金、预付款）未约定定金性质的，不适用定金罚则：已交的 {yuan(amount_paid)} 原数返还，不翻倍，也不被扣下"]
    return CalculationResult("应返还的款项", _money(amount_paid), {"total": amount_paid}, steps,
                             [LegalBasis(CONTRACT_INTERPRETATION, _art(67))])


def defect_punitive(*, loss: Decimal) -> CalculationResult:
    """明知缺陷仍提供、造成死亡或健康严重损害的, 所受损失二倍以下的惩罚性赔偿 (消费者权益保护法 55 第二款)."""
    most = _money(rate("defect_punitive").times(loss))
    steps = [f"惩罚性赔偿最多 = 所受损失 {yuan(loss)} × 2 = {yuan(most)}（另赔实际损失）"]
    return CalculationResult("惩罚性赔偿（上限）", most, {"total": most}, steps, [LegalBasis(CONSUMER_LAW, _art(55))])


def fine_surcharge_cap(*, fine_amount: Decimal) -> CalculationResult:
    """逾期不缴罚款: 每日加处罚款数额的 3 %, 加处罚款的数额不得超出罚款本身 (行政处罚法 72; 行政强制法 45)."""
    steps = [f"每日加处 {yuan(fine_amount)} × 3% = {yuan(_money(fine_amount * Decimal('0.03')))}",
             f"加处罚款最多不超过罚款数额本身：{yuan(fine_amount)}（合计最多 {yuan(fine_amount * 2)}）"]
    return CalculationResult("加处罚款上限", _money(fine_amount), {"total": fine_amount}, steps,
                             [LegalBasis("中华人民共和国行政强制法", _art(45))])


PATENT_YEARS = {"发明": 20, "实用新型": 10, "外观设计": 15}


def patent_term(*, patent_kind: str) -> CalculationResult:
    """专利权的期限 (专利法 42): 发明 20 年, 实用新型 10 年, 外观设计 15 年, 均自申请日起计算."""
    years = PATENT_YEARS[patent_kind]
    steps = ["发明专利权 20 年，实用新型专利权 10 年，外观设计专利权 15 年，均自申请日起计算",
             f"{patent_kind}专利权的期限为 {years} 年"]
    return CalculationResult("专利权期限", Decimal(years), {"unit": "年", "total": years}, steps,
                             [LegalBasis("中华人民共和国专利法", _art(42))])


def wage_arrears(*, wage_owed: Decimal | None = None, monthly_wage: Decimal | None = None,
                 wage_arrears_months: Decimal | None = None) -> CalculationResult:
    """拖欠的劳动报酬 and what 劳动合同法 85 adds: when the labour authority orders payment and the employer
    still does not pay, 加付赔偿金 of 50 %–100 % of the amount owed. The headline is the wages owed."""
    if wage_owed is None:
        if monthly_wage is None or wage_arrears_months is None:
            raise calc.CalculatorInputError("需要欠薪总额，或月工资和欠薪月数")
        wage_owed = _money(monthly_wage * wage_arrears_months)
        owed = f"拖欠工资 = {yuan(monthly_wage)} × {wage_arrears_months} 个月 = {yuan(wage_owed)}"
    else:
        owed = f"拖欠工资 {yuan(wage_owed)}（按您所述）"
    low, high = _money(wage_owed * Decimal("0.5")), _money(wage_owed)
    steps = [f"{owed}；经劳动行政部门责令限期支付仍逾期不付的，另加付赔偿金（应付金额的 50%～100%）{yuan(low)} 至 "
             f"{yuan(high)}，连同欠薪最多 {yuan(wage_owed + high)}"]
    return CalculationResult("拖欠工资", wage_owed, {"owed": wage_owed, "extra_low": low, "extra_high": high,
                                                 "total_high": wage_owed + high}, steps,
                             [LegalBasis(LABOR_CONTRACT_LAW, _art(85)), LegalBasis(LABOR_CONTRACT_LAW, _art(30))])


def fee_arrears(*, monthly_fee: Decimal, months: Decimal) -> CalculationResult:
    """欠交的物业费: 每月物业费 × 欠交月数 (民法典 944: 业主应当按照约定支付; 经催告仍不付的可以起诉)."""
    total = _money(monthly_fee * months)
    steps = [f"欠交物业费 = 每月 {yuan(monthly_fee)} × {months} 个月 = {yuan(total)}"]
    if months > 36:
        # 民法典 188: each month's fee runs its own three years; the older ones are barred once pleaded
        recent = _money(monthly_fee * 36)
        steps.append(f"其中超过三年的部分，物业未催告（时效未中断）的，业主可以提出诉讼时效抗辩：只需支付近 36 个月 = "
                     f"每月 {yuan(monthly_fee)} × 36 = {yuan(recent)}")
    return CalculationResult("欠交的物业费", total, {"total": total}, steps, [LegalBasis(CIVIL_CODE, _art(944))],
                             ["约定了违约金（滞纳金）的可以一并主张；诉讼时效自每期应付之日起分别计算三年"])


def hospital_meal_allowance(*, meal_allowance_rate: Decimal, hospital_days: Decimal) -> CalculationResult:
    """住院伙食补助费: 当地国家机关一般工作人员的出差伙食补助标准 × 住院天数 (人身损害赔偿解释 10)."""
    total = _money(meal_allowance_rate * hospital_days)
    steps = [f"住院伙食补助费 = 出差伙食补助标准每天 {yuan(meal_allowance_rate)} × 住院 {hospital_days} 天 = {yuan(total)}"]
    return CalculationResult("住院伙食补助费", total, {"total": total}, steps, [LegalBasis(INJURY_INTERPRETATION, _art(10))],
                             ["双方都有责任的，按对方的责任比例承担"])


def overdue_return_rent(*, overdue_days: Decimal, daily_rent: Decimal | None = None,
                        monthly_rent: Decimal | None = None) -> CalculationResult:
    """租期届满不还（不搬）期间的使用费: 按约定的租金标准 × 逾期天数 (民法典 733: 届满应当返还; 占用期间参照租金
    标准支付占有使用费; 月租金按 30 日折算日租金)."""
    if daily_rent is not None:
        total = _money(daily_rent * overdue_days)
        steps = [f"逾期返还期间的使用费 = 租金每天 {yuan(daily_rent)} × 逾期 {overdue_days} 天 = {yuan(total)}"]
    else:
        assert monthly_rent is not None
        total = _money(monthly_rent * overdue_days / 30)
        steps = [f"逾期返还期间的使用费 = 月租金 {yuan(monthly_rent)} ÷ 30 × 逾期 {overdue_days} 天 = {yuan(total)}"]
    return CalculationResult("逾期返还期间的使用费", total, {"total": total}, steps,
                             [LegalBasis(CIVIL_CODE, _art(733)), LegalBasis(CIVIL_CODE, _art(721))],
                             ["逾期返还造成其他损失（如耽误下一租约）的可以另行主张；合同对逾期返还约定了违约金的，可一并主张但总额不宜过分高于损失"])


def installment_threshold(*, contract_price: Decimal, unpaid: Decimal | None = None) -> CalculationResult:
    """分期付款的买受人欠付到期价款达到全部价款的五分之一, 经催告后在合理期限内仍不付的, 出卖人才可以
    请求一次付清或者解除合同 (民法典 634)."""
    line = _money(contract_price / 5)
    steps = [f"全部价款 {yuan(contract_price)} 的五分之一 = {yuan(line)}"]
    figures: dict[str, Any] = {"line": line}
    if unpaid is not None:
        reached = unpaid >= line
        figures["reached"] = reached
        steps.append(f"到期未付 {yuan(unpaid)}，" + ("已达到五分之一，经催告后合理期限内仍不付的，可以要求一次付清全部价款或解除合同"
                                                  if reached else f"尚未达到五分之一（还差 {yuan(line - unpaid)}），只能催要到期各期价款"))
    return CalculationResult("要求一次付清的欠款门槛", line, figures, steps, [LegalBasis(CIVIL_CODE, _art(634))])


def prepaid_balance(*, prepaid: Decimal, used: Decimal, bonus: Decimal | None = None) -> CalculationResult:
    """预付卡、储值卡的余额: 充值额减已消费额 (消费者权益保护法 53), 另加利息. 充值送的钱 (充5000送3000) is not
    refunded, and what was spent came from both in proportion: the paid share of it is used × paid ÷ (paid + bonus)."""
    if bonus:
        spent = _money(used * prepaid / (prepaid + bonus))
        left = max(Decimal(0), prepaid - spent)
        steps = [f"已消费 {yuan(used)} 中按实付比例折算的部分 = {yuan(used)} × {yuan(prepaid)} ÷（{yuan(prepaid)} + 赠送 "
                 f"{yuan(bonus)}）= {yuan(spent)}",
                 f"应退余额 = 实付 {yuan(prepaid)} − {yuan(spent)} = {yuan(left)}（赠送部分不退）"]
        return CalculationResult("应退预付款余额", left, {"total": left}, steps, [LegalBasis(CONSUMER_LAW, _art(53))],
                                 ["另可要求预付款的利息和必须支付的合理费用"])
    left = max(Decimal(0), prepaid - used)
    steps = [f"应退余额 = 预付 {yuan(prepaid)} − 已消费 {yuan(used)} = {yuan(left)}"]
    return CalculationResult("应退预付款余额", left, {"total": left}, steps, [LegalBasis(CONSUMER_LAW, _art(53))],
                             ["另可要求预付款的利息和必须支付的合理费用"])


def unpaid_capital(*, subscribed: Decimal, paid: Decimal) -> CalculationResult:
    """股东未缴的出资: 认缴额 − 实缴额; 公司不能清偿到期债务的, 股东在未缴出资范围内承担补充赔偿责任 (公司法 54, 88)."""
    owed = max(Decimal(0), subscribed - paid)
    steps = [f"未缴出资 = 认缴 {yuan(subscribed)} − 实缴 {yuan(paid)} = {yuan(owed)}"]
    return CalculationResult("未缴出资（承担责任的上限）", owed, {"total": owed}, steps,
                             [LegalBasis("中华人民共和国公司法", _art(54))],
                             ["以未缴出资的本息范围为限；已经对其他债权人承担过的，在剩余范围内承担"])



# -- criminal terms as data (刑法 38、42、45、69、73; 道路交通安全法 91) ---------------------------------------
CRIMINAL_PROCEDURE_LAW = "中华人民共和国刑事诉讼法"
ROAD_TRAFFIC_LAW = "中华人民共和国道路交通安全法"


@dataclass(frozen=True)
class StatutoryTerm:
    """A term the law fixes that clients ask the length of: what it is, the words that ask it, its lowest and
    highest length in months (``None``: no floor, or for life), the deciding article and what else to say."""

    key: str
    label: str
    asked: re.Pattern[str]
    lowest: int | None
    highest: int | None
    basis: LegalBasis
    note: str = ""


def _span(months: int) -> str:
    """12 → '1 年', 30 → '2 年 6 个月（2.5 年）', 6 → '6 个月'."""
    years, rest = divmod(months, 12)
    if not years:
        return f"{rest} 个月"
    if not rest:
        return f"{years} 年"
    return f"{years} 年 {rest} 个月（{Decimal(months) / 12:.1f} 年）".replace(".0 年", " 年")


#: The terms, the most specific first (a question on 醉驾 names 拘役 too, but asks about the licence).
STATUTORY_TERMS: tuple[StatutoryTerm, ...] = (
    StatutoryTerm("licence_bar_drunk", "醉酒驾驶被吊销驾驶证后不得重新取得驾驶证的期限",
                  re.compile(r"(?:驾照|驾驶证|本子|考证|考驾照|重新考|重考|再考).{0,16}(?:多少年|几年|多久|多长时间|什么时候)"
                             r"|(?:多少年|几年|多久|多长时间|什么时候).{0,10}(?:能|可以|才能)?(?:重新|再)?(?:考|拿|领)(?:驾照|驾驶证|本)?"),
                  60, 60, LegalBasis(ROAD_TRAFFIC_LAW, _art(91)),
                  "醉酒驾驶营运机动车的十年内不得重新取得；饮酒或醉酒驾驶发生重大交通事故构成犯罪的，终生不得重新取得"),
    StatutoryTerm("criminal_detention", "拘役的期限",
                  re.compile(r"拘役.{0,10}(?:多久|几个月|多少个月|多长|最多|最长|最少|最短|期限)"
                             r"|(?:多久|几个月|最多|最长).{0,6}拘役"),
                  1, 6, LegalBasis(CRIMINAL_LAW, _art(42)), "数罪并罚的，拘役最高不超过一年（第六十九条）"),
    StatutoryTerm("public_surveillance", "管制的期限",
                  re.compile(r"管制.{0,10}(?:多久|几个月|几年|多长|最多|最长|最少|最短|期限)"),
                  3, 24, LegalBasis(CRIMINAL_LAW, _art(38)), "数罪并罚的，管制最高不超过三年（第六十九条）"),
    StatutoryTerm("fixed_term", "有期徒刑的期限",
                  re.compile(r"有期徒刑.{0,6}(?:最多|最长|最少|最短|最高|最低).{0,6}(?:多久|几年|多少年)"
                             r"|有期徒刑.{0,4}(?:期限|范围)(?:是|有)?(?:多久|多少|几年)"),
                  6, 180, LegalBasis(CRIMINAL_LAW, _art(45)),
                  "数罪并罚的，总和刑期不满三十五年的最高不超过二十年，三十五年以上的最高不超过二十五年（第六十九条）"),
)
_TERMS_BY_KEY = {t.key: t for t in STATUTORY_TERMS}
#: The words of a part that ask how long a probation is (缓刑考验期最少多久, 缓刑几年).
PROBATION_ASKED = re.compile(r"缓刑.{0,12}(?:考验期|多久|几年|多长|多少年|几个月)|考验期.{0,8}(?:多久|几年|多长|最少|最短|最长|最多)")


def term_asked(text: str) -> str:
    """The key of the statutory term ``text`` asks the length of ("" for none)."""
    return next((term.key for term in STATUTORY_TERMS if term.asked.search(text)), "")


def statutory_term(*, key: str, drink_driving: bool = False) -> CalculationResult:
    """The length the law fixes for the term ``key`` (:data:`STATUTORY_TERMS`); the licence bar only after
    driving with drink (any other licence question is not this term)."""
    term = _TERMS_BY_KEY[key]
    if key == "licence_bar_drunk" and not drink_driving:
        raise calc.CalculatorInputError("问题没有说到酒后或醉酒驾驶")
    if term.lowest == term.highest and term.highest is not None:
        words = f"{term.label}为 {_span(term.highest)}"
    else:
        words = (f"{term.label}为 {_span(term.lowest or 0)} 以上 {_span(term.highest or 0)} 以下，"
                 f"最少 {_span(term.lowest or 0)}，最多 {_span(term.highest or 0)}")
    steps = [f"{words}（{term.basis}）"]
    figures = {"lowest_months": term.lowest, "highest_months": term.highest}
    return CalculationResult(term.label, None, figures, steps, [term.basis], [term.note] if term.note else [])


def probation_term(*, sentence_months: int, sentence_kind: str = "有期徒刑") -> CalculationResult:
    """缓刑考验期 (刑法 73): 拘役 — the term itself up to one year, at least two months; 有期徒刑 — the term itself
    up to five years, at least one year; from the day the judgment takes effect."""
    if sentence_kind == "拘役":
        lowest, highest, floor, top = max(sentence_months, 2), 12, "二个月", "一年"
    else:
        lowest, highest, floor, top = max(sentence_months, 12), 60, "一年", "五年"
    said = _span(sentence_months)
    steps = [f"{sentence_kind}的缓刑考验期为原判刑期以上{top}以下，且不能少于{floor}",
             f"判处{sentence_kind} {said}的，缓刑考验期最少 {_span(lowest)}，最长 {_span(highest)}，自判决确定之日起计算"]
    return CalculationResult("缓刑考验期", None, {"lowest_months": lowest, "highest_months": highest}, steps,
                             [LegalBasis(CRIMINAL_LAW, _art(73))], ["考验期内遵守规定、未再犯新罪的，原判刑罚不再执行"])


def concurrent_sentence(*, terms_months: tuple[int, ...]) -> CalculationResult:
    """数罪并罚 (刑法 69) of fixed-term sentences: at least the highest, at most their sum, and never more than
    twenty years (a sum under thirty-five years) or twenty-five years (thirty-five or more)."""
    total, highest = sum(terms_months), max(terms_months)
    cap = 240 if total < 420 else 300
    top = min(total, cap)
    steps = [f"各罪刑期：{'、'.join(_span(t) for t in terms_months)}；总和刑期 {_span(total)}，其中最高 {_span(highest)}",
             f"应在总和刑期以下、数刑中最高刑期以上酌情决定执行的刑期：最少 {_span(highest)}，最多 {_span(top)}"
             + ("（总和刑期不满三十五年的，最高不超过二十年）" if total > cap else "")]
    return CalculationResult("数罪并罚的执行刑期", None, {"lowest_months": highest, "highest_months": top, "total": total},
                             steps, [LegalBasis(CRIMINAL_LAW, _art(69))],
                             ["附加刑仍须执行；有期徒刑与拘役并存的，只执行有期徒刑"])


def leave_entitlement(*, service_months: int) -> CalculationResult:
    """带薪年休假天数 (职工带薪年休假条例 3): 累计工作满一年不满十年 5 天, 满十年不满二十年 10 天, 满二十年 15 天."""
    years = Decimal(service_months) / 12
    if years < 1:
        days, band = 0, "累计工作不满一年的，不享受年休假"
    elif years < 10:
        days, band = 5, "累计工作已满一年不满十年的，年休假 5 天"
    elif years < 20:
        days, band = 10, "累计工作已满十年不满二十年的，年休假 10 天"
    else:
        days, band = 15, "累计工作已满二十年的，年休假 15 天"
    steps = [f"累计工作约 {years.quantize(Decimal('0.1'))} 年：{band}"]
    return CalculationResult("年休假天数", Decimal(days), {"unit": "天", "total": days}, steps,
                             [LegalBasis(LEAVE_REGULATION, _art(3))],
                             ["累计工作年限包括在不同单位的工作时间；国家法定休假日、休息日不计入年休假"])


def guarantor_recourse(*, paid: Decimal) -> CalculationResult:
    """保证人的追偿 (民法典 700): what the guarantor paid for the debtor, recovered from him (with interest from the
    day paid and the costs of recovery)."""
    steps = [f"保证人承担保证责任后，在其承担保证责任的范围内向债务人追偿：可追偿 {yuan(paid)}"]
    return CalculationResult("可向债务人追偿的数额", _money(paid), {"total": paid}, steps,
                             [LegalBasis(CIVIL_CODE, _art(700))], ["自代偿之日起的利息和追偿的合理费用可以一并主张"])


def compensation_years(*, age: int) -> CalculationResult:
    """死亡赔偿金、残疾赔偿金计算的年数: 二十年; 六十周岁以上每增加一岁减少一年; 七十五周岁以上按五年计算
    (人身损害赔偿解释 15; 残疾赔偿金 12 同)."""
    years = 20 if age < 60 else max(5, 20 - (age - 60)) if age < 75 else 5
    steps = [f"年龄 {age} 岁：按 {years} 年计算（不满六十周岁二十年，六十周岁以上每增加一岁减少一年，七十五周岁以上五年）"]
    return CalculationResult("赔偿年数", Decimal(years), {"years": years, "unit": "年"}, steps,
                             [LegalBasis(INJURY_INTERPRETATION, _art(15))])


def guarantor_share(*, paid: Decimal, guarantors: int) -> CalculationResult:
    """共同保证人之一承担了全部责任: 向债务人追偿; 各保证人在同一份合同上签字且未约定份额的, 可以请求其他保证人
    按比例分担债务人不能追偿的部分 (民法典 700; 担保制度解释 13)."""
    share = _money(paid / guarantors)
    other = _money(paid - share)
    steps = [f"已承担 {yuan(paid)}，共 {guarantors} 名保证人，未约定份额的平均分担，每人 {yuan(share)}",
             f"可向其他保证人追偿 {yuan(other)}（以向债务人不能追偿的部分为限）"]
    return CalculationResult("可向其他保证人追偿的份额", other, {"share": share, "total": other}, steps,
                             [LegalBasis(CIVIL_CODE, _art(700)),
                              LegalBasis("最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释", _art(13))])


def lending_cost_ceiling(*, principal: Decimal, loan_date: date | None = None, lpr: Decimal | None = None
                         ) -> CalculationResult:
    """The most a lender may claim a year in interest, penalties and fees together: principal × four times
    the one-year LPR at the contract date (民间借贷规定 29, 25)."""
    day = loan_date or datetime.now(tz=CHINA_TZ).date()
    lpr = lpr if lpr is not None else lpr_on(day)
    cap = lpr * _lpr_times()
    amount = _money(principal * cap / 100)
    steps = [f"合同成立时一年期 LPR 为 {lpr}%，四倍为 {cap}%",
             f"逾期利息、违约金和其他费用一年合计最多 = {yuan(principal)} × {cap}% = {yuan(amount)}，超过部分不予支持"]
    if loan_date is None:
        steps.insert(0, "未说明借款日期，按今天的 LPR 估算")
    return CalculationResult("利息、违约金和费用一年合计上限", amount, {"cap_rate": cap, "total": amount}, steps,
                             [LegalBasis(PRIVATE_LENDING, _art(29)), LegalBasis(PRIVATE_LENDING, _art(25))])


def lending_cost_cap(*, principal: Decimal, annual_rate: Decimal, extra_rate: Decimal, loan_date: date | None = None,
                     lpr: Decimal | None = None, months: Decimal | None = None) -> CalculationResult:
    """逾期利息、违约金和其他费用一并主张的, 总计不超过合同成立时一年期 LPR 的四倍 (民间借贷规定 29):
    the agreed rates are added up and the whole is capped; the figure is what may be claimed for
    ``months`` (a year when not said)."""
    day = loan_date or datetime.now(tz=CHINA_TZ).date()
    lpr = lpr if lpr is not None else lpr_on(day)
    cap = lpr * _lpr_times()
    total = annual_rate + extra_rate
    allowed = min(total, cap)
    span = months if months is not None else Decimal(12)
    amount = _money(principal * allowed / 100 * span / 12)
    steps = [f"合同成立时一年期 LPR 为 {lpr}%，四倍为 {cap}%",
             f"约定的利率 {annual_rate}% 与违约金、其他费用折合年 {extra_rate}% 合计 {total}%"
             + ("，超过四倍上限，超过部分不予支持" if total > cap else "，未超过四倍上限"),
             f"可主张的利息、违约金和费用合计 = {yuan(principal)} × {allowed}% × {span} ÷ 12 = {yuan(amount)}"]
    if loan_date is None:
        steps.insert(0, "未说明借款日期，按今天的 LPR 估算")
    return CalculationResult("利息、违约金和费用合计上限", amount,
                             {"cap_rate": cap, "total_rate": total, "allowed": allowed, "total": amount}, steps,
                             [LegalBasis(PRIVATE_LENDING, _art(29)), LegalBasis(PRIVATE_LENDING, _art(25))])


def with_unpaid_wages(result: CalculationResult, facts: Mapping[str, Any]) -> CalculationResult:
    """经济补偿 of a worker who leaves because wages are unpaid (劳动合同法 38): the unpaid wages are owed too."""
    months = facts.get("wage_arrears_months")
    if not months or result.amount is None:
        return result
    unpaid = _money(_dec(facts["monthly_wage"]) * _dec(months))
    total = result.amount + unpaid
    steps = [*result.steps, f"另应补发拖欠的工资 {yuan(_dec(facts['monthly_wage']))} × {months} 个月 = {yuan(unpaid)}",
             f"经济补偿加欠薪合计 = {yuan(result.amount)} + {yuan(unpaid)} = {yuan(total)}"]
    return CalculationResult(result.name, total, {**result.figures, "unpaid_wages": unpaid, "total": total}, steps,
                             [*result.legal_basis, LegalBasis(LABOR_CONTRACT_LAW, _art(38))], result.notes)


def sentence_band(*, offence_kind: str, amount_involved: Decimal) -> CalculationResult:
    """The sentence of a theft or a fraud of ``amount_involved`` (legal.rates.SENTENCE_BANDS): the band the amount
    reaches everywhere, and — when it lies within a band's national range, where each province fixes its own
    figure — the band above it in the provinces whose threshold it reaches."""
    from legal.numerals import figures_in_digits
    from legal.rates import SENTENCE_BANDS

    table = SENTENCE_BANDS.get(offence_kind)
    if table is None:
        raise calc.CalculatorInputError("没有这一罪名的数额标准")
    reached = [b for b in table.bands if amount_involved >= b.low]
    if not reached:
        lowest = table.bands[0]
        steps = [f"按您所述涉案 {yuan(amount_involved)}，未达到{table.crime}{lowest.label}的标准（各地 {yuan(lowest.low)}–"
                 f"{yuan(lowest.high)} 起），一般不构成犯罪，可能受治安管理处罚（多次、入户、携带凶器、扒窃等除外）"]
        return CalculationResult(f"{table.crime}的量刑档次", None, {"band": ""}, steps,
                                 [LegalBasis(table.interpretation, _art(1)), LegalBasis(CRIMINAL_LAW, _art(table.article))])
    band = reached[-1]
    if amount_involved >= band.high:
        said = (f"按您所述涉案 {yuan(amount_involved)}，已达到各地“{band.label}”的标准（{yuan(band.low)}–{yuan(band.high)} "
                f"起），法定刑为{band.sentence}")
    else:
        below = reached[-2] if len(reached) > 1 else None
        said = (f"按您所述涉案 {yuan(amount_involved)}，在“{band.label}”的全国幅度（{yuan(band.low)}–{yuan(band.high)}）之内："
                f"当地标准不高于这一数额的，法定刑为{band.sentence}")
        said += f"；当地标准更高的，属“{below.label}”，法定刑为{below.sentence}" if below else "；当地标准更高的，不构成犯罪"
    steps = [figures_in_digits(said) + "（自首、退赃、取得谅解等可以从轻或减轻）"]
    low, high = band.years
    return CalculationResult(f"{table.crime}的量刑档次", None, {"band": band.label, "lowest_years": low,
                                                             "highest_years": high}, steps,
                             [LegalBasis(CRIMINAL_LAW, _art(table.article)), LegalBasis(table.interpretation, _art(1))])


def with_unlawful_case(result: CalculationResult, facts: Mapping[str, Any]) -> CalculationResult:
    """经济补偿 N for a client the employer dismissed: whether the dismissal was lawful is the employer's to prove
    (劳动争议解释（一）44) and seldom known from the question, so the figure of the other case follows — the
    赔偿金 of an unlawful dismissal, twice N (劳动合同法 87), claimed instead of N."""
    compensation = result.figures.get("compensation")
    if not facts.get("dismissed") or compensation is None or result.amount is None:
        return result
    damages = _money(rate("unlawful_termination").times(compensation))
    said = f"若单位解除没有法定理由或程序违法（违法解除），赔偿金为经济补偿的二倍：{yuan(compensation)} × 2 = {yuan(damages)}"
    steps = [*result.steps]
    steps[-1:] = [f"{steps[-1]}；{said}"] if steps else [said]
    return CalculationResult(result.name, result.amount, {**result.figures, "unlawful_damages": damages}, steps,
                             [*result.legal_basis], result.notes)


def with_notice_case(result: CalculationResult, facts: Mapping[str, Any]) -> CalculationResult:
    """经济补偿 for a no-fault dismissal (劳动合同法 40: 不胜任, 医疗期满, 客观情况变化) when the client does not say
    whether thirty days' written notice was given: the figure for each case, N and N+1 (the month's wage in
    lieu of notice)."""
    if not facts.get("no_fault_ground") or facts.get("no_notice") or facts.get("notice_given") or result.amount is None:
        return result
    notice = _money(_dec(facts.get("last_month_wage") or facts["monthly_wage"]))
    total = result.amount + notice
    steps = [*result.steps, f"未说明是否提前三十日书面通知：提前通知的为 {yuan(result.amount)}；未提前通知的另加一个月工资 "
                            f"{yuan(notice)}，合计 {yuan(total)}（N+1）"]
    return CalculationResult(result.name, result.amount, {**result.figures, "with_notice_pay": total}, steps,
                             [*result.legal_basis, LegalBasis(LABOR_CONTRACT_LAW, _art(40))], result.notes)


# -- running a calculator on facts ------------------------------------------------------------------------
Runner = Callable[[Mapping[str, Any]], CalculationResult]


def _needs(facts: Mapping[str, Any], *names: str) -> list[str]:
    return [n for n in names if facts.get(n) is None]


def _dec(value: Any) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(str(value))


CALCULATORS: dict[str, tuple[tuple[str, ...], Runner]] = {
    "economic_compensation": (("monthly_wage", "service_months"), lambda f: with_unlawful_case(with_notice_case(with_unpaid_wages(
        calc.economic_compensation(
            monthly_wage=f["monthly_wage"], service_months=int(f["service_months"]),
            local_average_monthly_wage=f.get("local_average_wage"), with_notice_pay=bool(f.get("no_notice")),
            last_month_wage=f.get("last_month_wage")), f), f), f)),
    "unlawful_termination_damages": (("monthly_wage", "service_months"), lambda f: calc.unlawful_termination_damages(
        monthly_wage=f["monthly_wage"], service_months=int(f["service_months"]),
        local_average_monthly_wage=f.get("local_average_wage"))),
    "disability_compensation": (("per_capita_income", "age", "disability_grade"), lambda f: disability_compensation(
        per_capita_income=_dec(f["per_capita_income"]), age=int(f["age"]), disability_grade=int(f["disability_grade"]))),
    "daily_penalty": (("contract_price", "daily_penalty_rate", "delay_days"), lambda f: daily_penalty(
        contract_price=_dec(f["contract_price"]), daily_penalty_rate=_dec(f["daily_penalty_rate"]),
        delay_days=_dec(f["delay_days"]),
        unpaid=_dec(f["unpaid_amount"]) if f.get("unpaid_amount") is not None else None)),
    "non_compete_compensation": (("monthly_wage",), lambda f: non_compete_compensation(
        monthly_wage=_dec(f["monthly_wage"]))),
    "funeral_expenses": (("local_average_wage",), lambda f: funeral_expenses(
        local_average_wage=_dec(f["local_average_wage"]))),
    "double_wage": (("monthly_wage", "unsigned_months"), lambda f: calc.double_wage(
        monthly_wage=f["monthly_wage"], months_without_contract=int(f["unsigned_months"]))),
    "annual_leave_pay": (("monthly_wage", "untaken_leave_days"), lambda f: annual_leave_pay(
        monthly_wage=_dec(f["monthly_wage"]), untaken_leave_days=_dec(f["untaken_leave_days"]))),
    "injury_disability_lump_sum": (("monthly_wage", "disability_grade"), lambda f: injury_disability_lump_sum(
        monthly_wage=_dec(f["monthly_wage"]), disability_grade=int(f["disability_grade"]))),
    "death_compensation": (("per_capita_income", "age"), lambda f: death_compensation(
        per_capita_income=_dec(f["per_capita_income"]), age=int(f["age"]))),
    "deposit_cap": (("deposit_amount", "contract_price"), lambda f: deposit_cap(
        deposit_amount=_dec(f["deposit_amount"]), contract_price=_dec(f["contract_price"]))),
    "penalty_excess": (("loss_amount",), lambda f: penalty_excess(
        loss_amount=_dec(f["loss_amount"]),
        penalty_amount=_dec(f["penalty_amount"]) if f.get("penalty_amount") is not None else None)),
    "litigation_fee": (("amount_claimed",), lambda f: calc.litigation_fee(
        amount=f["amount_claimed"], simple_procedure=bool(f.get("simple_procedure")))),
    "limitation_period": (("start_date",), lambda f: calc.limitation_period(known_on=f["start_date"])),
    "treble_damages": (("purchase_price",), lambda f: treble_damages(purchase_price=_dec(f["purchase_price"]))),
    "deposit_return": (("deposit_amount",), lambda f: deposit_return(
        deposit_amount=_dec(f["deposit_amount"]),
        contract_price=_dec(f["contract_price"]) if f.get("contract_price") is not None else None,
        penalty_amount=_dec(f["penalty_amount"]) if f.get("penalty_amount") is not None else None)),
    "tenfold_damages": (("purchase_price",), lambda f: tenfold_damages(
        purchase_price=_dec(f["purchase_price"]),
        loss=_dec(f["medical_expenses"]) if f.get("medical_expenses") is not None else None)),
    "inheritance_share": (("estate_value", "heirs"), lambda f: inheritance_share(
        estate_value=_dec(f["estate_value"]), heirs=int(f["heirs"]), joint_property=bool(f.get("joint_property")),
        survivor=bool(f.get("survivor_spouse") or f.get("spouse_heir_asked")),
        survivor_named=str(f.get("spouse_heir_asked") or "您"))),
    "inheritance_fraction": (("heirs",), lambda f: inheritance_fraction(
        heirs=int(f["heirs"]), joint_property=bool(f.get("joint_property")))),
    "estate_debt_limit": (("estate_value", "debt_amount"), lambda f: estate_debt_limit(
        estate_value=_dec(f["estate_value"]), debt_amount=_dec(f["debt_amount"]))),
    "work_death_lump_sum": (("per_capita_income",), lambda f: work_death_lump_sum(
        per_capita_income=_dec(f["per_capita_income"]))),
    "maternity_leave": (("childbirth",), lambda f: maternity_leave(babies=int(f.get("babies") or 1),
                                                      difficult_birth=bool(f.get("difficult_birth")))),
    "sentence_credit": (("sentence_days", "custody_days"), lambda f: sentence_credit(
        sentence_days=_dec(f["sentence_days"]), custody_days=_dec(f["custody_days"]),
        sentence_kind=str(f.get("sentence_kind") or "有期徒刑"),
        sentence_months=int(f["sentence_months"]) if f.get("sentence_months") is not None else None)),
    "training_penalty": (("training_fee", "service_years", "served_years"), lambda f: training_penalty(
        training_fee=_dec(f["training_fee"]), service_years=_dec(f["service_years"]),
        served_years=_dec(f["served_years"]))),
    "sentence_band": (("offence_kind", "amount_involved"), lambda f: sentence_band(
        offence_kind=str(f["offence_kind"]), amount_involved=_dec(f["amount_involved"]))),
    "joint_repayment_compensation": (("joint_repaid", "contract_price", "current_value"),
                                     lambda f: joint_repayment_compensation(
                                         joint_repaid=_dec(f["joint_repaid"]),
                                         # the house's total price (总价), not the down payment (首付)
                                         purchase_price=_dec(f.get("purchase_price") or f["contract_price"]),
                                         current_value=_dec(f["current_value"]))),
    "set_off": (("principal", "own_debt"), lambda f: set_off(owed_to_me=_dec(f["principal"]),
                                                             own_debt=_dec(f["own_debt"]))),
    "defect_punitive": (("loss_amount",), lambda f: defect_punitive(loss=_dec(f["loss_amount"]))),
    "restitution": (("amount_paid",), lambda f: restitution(amount_paid=_dec(f["amount_paid"]))),
    "advance_refund": (("amount_paid",), lambda f: advance_refund(amount_paid=_dec(f["amount_paid"]))),
    "deposit_refund": (("rent_deposit",), lambda f: deposit_refund(
        deposit=_dec(f["rent_deposit"]), monthly_rent=_dec(f["monthly_rent"]) if f.get("monthly_rent") is not None
        else None, arrears_months=_dec(f.get("rent_arrears_months") or 0),
        kept=_dec(f["deposit_kept"]) if f.get("deposit_kept") is not None else None)),
    "lending_cost_cap": (("principal", "annual_rate", "extra_annual_rate"), lambda f: lending_cost_cap(
        principal=_dec(f["principal"]), annual_rate=_dec(f["annual_rate"]), extra_rate=_dec(f["extra_annual_rate"]),
        loan_date=f.get("loan_date"), lpr=_dec(f["lpr_rate"]) if f.get("lpr_rate") is not None else None,
        months=_dec(f["overdue_months"]) if f.get("overdue_months") is not None else (
            _dec(f["loan_months"]) if f.get("loan_months") is not None else None))),
    "wage_deduction_cap": (("monthly_wage",), lambda f: wage_deduction_cap(
        monthly_wage=_dec(f["monthly_wage"]),
        minimum_wage=_dec(f["minimum_wage"]) if f.get("minimum_wage") is not None else None)),
    "small_claims_limit": (("annual_average_wage",), lambda f: small_claims_limit(
        annual_average_wage=_dec(f["annual_average_wage"]))),
    "delayed_performance_interest": (("judgment_amount", "delay_days"), lambda f: delayed_performance_interest(
        judgment_amount=_dec(f["judgment_amount"]), delay_days=_dec(f["delay_days"]))),
    "liberty_compensation": (("daily_average_wage", "custody_days"), lambda f: liberty_compensation(
        daily_average_wage=_dec(f["daily_average_wage"]), custody_days=_dec(f["custody_days"]))),
    "profit_distribution": (("profit",), lambda f: profit_distribution(
        profit=_dec(f["profit"]),
        registered_capital=_dec(f["registered_capital"]) if f.get("registered_capital") is not None else None,
        reserve_so_far=_dec(f["reserve_so_far"]) if f.get("reserve_so_far") is not None else None,
        share=_dec(f["equity_share"]) if f.get("equity_share") is not None else (
            _dec(f["paid_in_share"]) if f.get("paid_in_share") is not None else None))),
    "lease_refund": (("monthly_rent",), lambda f: lease_refund(
        monthly_rent=_dec(f["monthly_rent"]), deposit_months=_dec(f.get("deposit_months") or 0),
        penalty_months=_dec(f.get("penalty_months") or 0))),
    "unemployment_benefit_period": (("contribution_years",), lambda f: unemployment_benefit_period(
        contribution_years=_dec(f["contribution_years"]))),
    "principal_with_interest": (("principal", "annual_rate", "loan_months"), lambda f: principal_with_interest(
        principal=_dec(f["principal"]), annual_rate=_dec(f["annual_rate"]), loan_months=_dec(f["loan_months"]),
        due_date=f.get("due_date"))),
    "betrothal_return": (("betrothal_amount",), lambda f: betrothal_return(
        betrothal_amount=_dec(f["betrothal_amount"]), registered=bool(f.get("registered")),
        cohabited=bool(f.get("cohabited")))),
    "fine_surcharge_cap": (("fine_amount",), lambda f: fine_surcharge_cap(fine_amount=_dec(f["fine_amount"]))),
    "patent_term": (("patent_kind",), lambda f: patent_term(patent_kind=str(f["patent_kind"]))),
    "probation_excess": (("contract_months", "probation_months", "regular_wage"), lambda f: probation_excess(
        contract_months=int(f["contract_months"]), probation_months=_dec(f["probation_months"]),
        regular_wage=_dec(f["regular_wage"]),
        served_months=_dec(f["probation_served"]) if f.get("probation_served") is not None else None)),
    "probation_wage_min": (("regular_wage",), lambda f: probation_wage_min(
        regular_wage=_dec(f["regular_wage"]),
        minimum_wage=_dec(f["minimum_wage"]) if f.get("minimum_wage") is not None else None)),
    "damages_by_share": (("total_loss",), lambda f: damages_by_share(
        total_loss=_dec(f["total_loss"]), liable_share=_dec(f.get("liable_share") or 1),
        payer="您（机动车一方无过错）" if f.get("driver_without_fault") else "对方")),
    "prepaid_refund": (("prepaid", "units_total", "units_used"), lambda f: prepaid_refund(
        prepaid=_dec(f["prepaid"]), units_total=_dec(f["units_total"]), units_used=_dec(f["units_used"]))),
    "compulsory_insurance": (("medical_expenses",), lambda f: compulsory_insurance(
        claimed=_dec(f["medical_expenses"]), insured_at_fault=not f.get("other_no_fault"))),
    "dependant_support": (("consumption", "dependant_age"), lambda f: dependant_support(
        consumption=_dec(f["consumption"]), dependant_age=int(f["dependant_age"]))),
    "representation_share": (("estate_value", "heirs", "representatives"), lambda f: representation_share(
        estate_value=_dec(f["estate_value"]), heirs=int(f["heirs"]), representatives=int(f["representatives"]))),
    "hospital_meal_allowance": (("meal_allowance_rate", "hospital_days"), lambda f: hospital_meal_allowance(
        meal_allowance_rate=_dec(f["meal_allowance_rate"]), hospital_days=_dec(f["hospital_days"]))),
    "fee_arrears": (("monthly_fee", "fee_arrears_months"), lambda f: fee_arrears(
        monthly_fee=_dec(f["monthly_fee"]), months=_dec(f["fee_arrears_months"]))),
    "installment_threshold": (("contract_price",), lambda f: installment_threshold(
        contract_price=_dec(f["contract_price"]),
        unpaid=_dec(f["unpaid_amount"]) if f.get("unpaid_amount") is not None else None)),
    "prepaid_balance": (("prepaid", "prepaid_used"), lambda f: prepaid_balance(
        prepaid=_dec(f["prepaid"]), used=_dec(f["prepaid_used"]),
        bonus=_dec(f["prepaid_bonus"]) if f.get("prepaid_bonus") is not None else None)),
    "unpaid_capital": (("subscribed_capital", "paid_capital"), lambda f: unpaid_capital(
        subscribed=_dec(f["subscribed_capital"]), paid=_dec(f["paid_capital"]))),
    "compensation_years": (("age",), lambda f: compensation_years(age=int(f["age"]))),
    "guarantor_recourse": (("guarantee_paid",), lambda f: guarantor_recourse(paid=_dec(f["guarantee_paid"]))),
    "leave_entitlement": (("service_months",), lambda f: leave_entitlement(service_months=int(f["service_months"]))),
    "statutory_term": (("term_asked",), lambda f: statutory_term(
        key=str(f["term_asked"]), drink_driving=bool(f.get("drink_driving")))),
    "probation_term": (("sentence_months",), lambda f: probation_term(
        sentence_months=int(f["sentence_months"]), sentence_kind=str(f.get("sentence_kind") or "有期徒刑"))),
    "concurrent_sentence": (("sentence_terms",), lambda f: concurrent_sentence(terms_months=tuple(f["sentence_terms"]))),
    "guarantor_share": (("guarantee_paid", "guarantors"), lambda f: guarantor_share(
        paid=_dec(f["guarantee_paid"]), guarantors=int(f["guarantors"]))),
    "actual_principal": (("actually_received",), lambda f: actual_principal(
        actually_received=_dec(f["actually_received"]),
        principal=_dec(f["principal"]) if f.get("principal") is not None else None)),
}


#: Calculators whose wage is a working day's (月工资 ÷ 21.75): a stated daily wage stands for it.
DAILY_WAGE_CALCULATORS = frozenset({"overtime_pay", "annual_leave_pay"})


#: Calculators whose base is a month's wage, for which a worker paid by the day (每天300, 日薪400) has his daily
#: wage × 21.75 (月计薪天数, 劳社部发〔2008〕3号) — never the daily figure itself taken as the month's.
MONTHLY_FROM_DAILY = frozenset({"economic_compensation", "unlawful_termination_damages", "double_wage"})


class _Reads(dict):  # type: ignore[type-arg]
    """Facts that note which of them a calculator reads."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)


def calculate(name: str, facts: Mapping[str, Any], *, inputs: tuple[str, ...] = ()) -> Calculation:
    """Run calculator ``name`` on ``facts`` (fact name -> value); what is missing is asked for. A month's wage
    the client gives only by the day is the day's × 21.75, said in the figure's steps. The result notes the
    facts it read (``read``)."""
    reads = _Reads(facts)
    found = _calculate_wage(name, reads, inputs=inputs)
    found.read = frozenset(key for key in (*reads.read, *inputs, *found.missing) if facts.get(key) is not None)
    return found


def _calculate_wage(name: str, facts: Mapping[str, Any], *, inputs: tuple[str, ...] = ()) -> Calculation:
    if facts.get("monthly_wage") is None and facts.get("daily_income") is not None and name in MONTHLY_FROM_DAILY \
            and (facts.get("employment") or facts.get("service_months")):
        daily = _dec(facts["daily_income"])
        month = _money(daily * WORK_DAYS_MONTH)
        found = _calculate(name, {**facts, "monthly_wage": month}, inputs=inputs)
        if found.result is not None:
            said = (f"月工资按日工资 {yuan(daily)} × 21.75 天（月计薪天数）折算为 {yuan(month)}；"
                    "实际月收入更高的，按解除前十二个月的实际平均月收入计算")
            steps = list(found.result.steps)
            steps[-1:] = [f"{steps[-1]}（{said}）"] if steps else [said]
            found.result = replace(found.result, steps=steps, notes=[said, *found.result.notes])
        return found
    return _calculate(name, facts, inputs=inputs)


def _calculate(name: str, facts: Mapping[str, Any], *, inputs: tuple[str, ...] = ()) -> Calculation:
    if facts.get("monthly_wage") is None and facts.get("daily_income") is not None and name in DAILY_WAGE_CALCULATORS:
        # a daily wage the client states (日工资300) is the 21.75-day month's share: back to the month
        facts = {**facts, "monthly_wage": _dec(facts["daily_income"]) * WORK_DAYS_MONTH}
    try:
        if name == "overtime_pay":
            missing = _needs(facts, "monthly_wage")
            counts = ("overtime_hours_workday", "overtime_days_restday", "overtime_days_holiday")
            if not any(facts.get(c) for c in counts):
                missing.append("overtime_hours_workday")
            if missing:
                return Calculation(name, missing=missing)
            return Calculation(name, overtime_pay(monthly_wage=_dec(facts["monthly_wage"]),
                                                  comp_time_given=bool(facts.get("comp_time_given")),
                                                  **{c: _dec(facts.get(c) or 0) for c in counts}))
        if name == "daily_penalty" and facts.get("daily_penalty_amount") is not None and facts.get("delay_days"):
            # 违约金每天500: a fixed sum a day, whatever the price
            per_day, days = _dec(facts["daily_penalty_amount"]), _dec(facts["delay_days"])
            total = _money(per_day * days)
            return Calculation(name, CalculationResult(
                "按日计算的违约金", total, {"total": total}, [f"违约金 = 每天 {yuan(per_day)} × 逾期 {days} 天 = {yuan(total)}"],
                [LegalBasis(CIVIL_CODE, _art(585))], ["约定违约金过分高于造成的损失（超过损失的百分之三十）的，可以请求法院适当减少"]))
        if name == "overdue_return_rent":
            missing = _needs(facts, "overdue_days")
            if facts.get("daily_rent") is None and facts.get("monthly_rent") is None:
                missing.insert(0, "daily_rent")
            if missing:
                return Calculation(name, missing=missing)
            return Calculation(name, overdue_return_rent(
                overdue_days=_dec(facts["overdue_days"]),
                daily_rent=_dec(facts["daily_rent"]) if facts.get("daily_rent") is not None else None,
                monthly_rent=_dec(facts["monthly_rent"]) if facts.get("monthly_rent") is not None else None))
        if name == "wage_arrears":
            if facts.get("wage_owed") is None and (facts.get("monthly_wage") is None
                                                   or facts.get("wage_arrears_months") is None):
                missing = [n for n in ("monthly_wage", "wage_arrears_months") if facts.get(n) is None]
                return Calculation(name, missing=missing)
            return Calculation(name, wage_arrears(
                wage_owed=_dec(facts["wage_owed"]) if facts.get("wage_owed") is not None else None,
                monthly_wage=_dec(facts["monthly_wage"]) if facts.get("monthly_wage") is not None else None,
                wage_arrears_months=_dec(facts["wage_arrears_months"])
                if facts.get("wage_arrears_months") is not None else None))
        if name == "lost_earnings":
            missing = _needs(facts, "lost_days")
            if facts.get("monthly_wage") is None and facts.get("daily_income") is None:
                missing.insert(0, "daily_income")
            if missing:
                return Calculation(name, missing=missing)
            return Calculation(name, lost_earnings(
                lost_days=_dec(facts["lost_days"]),
                lost_months=_dec(facts["lost_months"]) if facts.get("lost_months") is not None else None,
                monthly_wage=_dec(facts["monthly_wage"]) if facts.get("monthly_wage") is not None else None,
                daily_income=_dec(facts["daily_income"]) if facts.get("daily_income") is not None else None))
        if name == "interest_cap":
            missing = _needs(facts, "annual_rate")
            if missing:
                return Calculation(name, missing=missing)
            return Calculation(name, interest_cap(
                annual_rate=_dec(facts["annual_rate"]), loan_date=facts.get("loan_date"),
                principal=_dec(facts["principal"]) if facts.get("principal") is not None else None,
                lpr=_dec(facts["lpr_rate"]) if facts.get("lpr_rate") is not None else None,
                months=_dec(facts["loan_months"]) if facts.get("loan_months") is not None else None,
                interest_paid=_dec(facts["interest_paid"]) if facts.get("interest_paid") is not None else None))
        if name == "overdue_interest":
            missing = _needs(facts, "principal", "due_date")
            if missing:
                return Calculation(name, missing=missing)
            rate = facts.get("annual_rate") if facts.get("annual_rate") is not None else facts.get("lpr_rate")
            term = facts.get("loan_months")
            return Calculation(name, overdue_interest(principal=_dec(facts["principal"]), due_date=facts["due_date"],
                                                      annual_rate=_dec(rate) if rate is not None else None,
                                                      loan_date=facts.get("loan_date"),
                                                      loan_months=_dec(term) if term is not None else None))
        if name == "child_support":
            # owed arrears when the amount and the months are given; else the share of the payer's income
            if facts.get("support_amount") is not None and facts.get("arrears_months") is not None:
                return Calculation(name, support_arrears(support_amount=_dec(facts["support_amount"]),
                                                         arrears_months=_dec(facts["arrears_months"])))
            if facts.get("payer_income") is None:
                return Calculation(name, missing=["payer_income"])
            return Calculation(name, child_support(payer_income=_dec(facts["payer_income"]),
                                                   children=int(facts.get("children") or 1)))
        if name == "work_death_lump_sum" and facts.get("per_capita_income") is None and facts.get("death"):
            # a national figure: the latest published year stands in, said as such
            year = max(NATIONAL_URBAN_INCOME)
            result = work_death_lump_sum(per_capita_income=NATIONAL_URBAN_INCOME[year])
            result.steps.insert(0, f"按国家统计局公布的 {year} 年全国城镇居民人均可支配收入 {yuan(NATIONAL_URBAN_INCOME[year])} 计算"
                                   "（以工亡时公布的上一年度数据为准）")
            return Calculation(name, result)
        if name == "late_payment_loss":
            missing = _needs(facts, "contract_price", "due_date")
            if missing:
                return Calculation(name, missing=missing)
            today = datetime.now(tz=CHINA_TZ).date() if facts.get("today") is None else facts["today"]
            days = (today - facts["due_date"]).days
            if days <= 0:
                return Calculation(name, error="尚未逾期")
            return Calculation(name, late_payment_loss(price=_dec(facts["contract_price"]), days=days, due=facts["due_date"]))
        if name == "no_interest":
            if facts.get("annual_rate") is not None or not facts.get("no_rate_agreed"):
                return Calculation(name, missing=["annual_rate"] if facts.get("annual_rate") is None else [],
                                   error="" if facts.get("annual_rate") is None else "约定了利率")
            return Calculation(name, no_interest())
        if name == "lease_settlement":
            missing = _needs(facts, "monthly_rent")
            deposit = facts.get("rent_deposit")
            if deposit is None and facts.get("deposit_months") is not None and facts.get("monthly_rent") is not None:
                deposit = _dec(facts["monthly_rent"]) * _dec(facts["deposit_months"])
            if deposit is None and (facts.get("rent_arrears_months") or facts.get("penalty_months")):
                deposit = Decimal(0)  # no deposit said: the rent and the penalty owed, nothing set against them
            if deposit is None:
                missing.append("deposit_months")
            if not facts.get("rent_arrears_months") and not facts.get("penalty_months"):
                missing.append("penalty_months")
            if missing:
                return Calculation(name, missing=missing)
            return Calculation(name, lease_settlement(
                monthly_rent=_dec(facts["monthly_rent"]), deposit=_dec(deposit),
                arrears_months=_dec(facts.get("rent_arrears_months") or 0),
                penalty_months=_dec(facts.get("penalty_months") or 0)))
        if name == "lending_cost_cap" and facts.get("principal") is not None and (
                facts.get("annual_rate") is None or facts.get("extra_annual_rate") is None) and facts.get("costs_together"):
            # 逾期利息、违约金、律师费加起来最多多少: whatever was agreed, the whole is capped at 4×LPR a year
            return Calculation(name, lending_cost_ceiling(
                principal=_dec(facts["principal"]), loan_date=facts.get("loan_date"),
                lpr=_dec(facts["lpr_rate"]) if facts.get("lpr_rate") is not None else None))
        if name == "nursing_fee":
            missing = _needs(facts, "care_days")
            if facts.get("caregiver_income") is None and facts.get("daily_care_rate") is None:
                missing.insert(0, "caregiver_income")
            if missing:
                return Calculation(name, missing=missing)
            return Calculation(name, nursing_fee(
                care_days=_dec(facts["care_days"]),
                caregiver_income=_dec(facts["caregiver_income"]) if facts.get("caregiver_income") is not None else None,
                daily_care_rate=_dec(facts["daily_care_rate"]) if facts.get("daily_care_rate") is not None else None,
                care_months=_dec(facts["care_months"]) if facts.get("care_months") is not None else None))
        if name not in CALCULATORS:
            return Calculation(name, error=f"未知的计算器 {name}")
        needed, runner = CALCULATORS[name]
        missing = _needs(facts, *needed)
        if missing:
            return Calculation(name, missing=missing)
        return Calculation(name, runner(facts))
    except (calc.CalculatorInputError, ValueError, ArithmeticError) as exc:
        return Calculation(name, error=str(exc))


# -- deadline rules ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DeadlineRule:
    name: str
    period: str
    basis: LegalBasis | calc.DatedBasis
    days: int = 0
    months: int = 0
    years: int = 0
    note: str = ""
    #: Later dates the client also needs, each (what it is, days from the start): the decision on an
    #: arrest when the request is extended, the thirty days to ask for the divorce certificate.
    stages: tuple[tuple[str, int], ...] = ()
    #: Later dates counted in whole years from the same start (a year's separation after a refused divorce).
    year_stages: tuple[tuple[str, int], ...] = ()
    #: The period counts its first day (a probation from the day of hire): the last day is one earlier.
    inclusive: bool = False
    #: A period in working days (政府信息公开条例 33: 二十个工作日): Saturdays and Sundays are not counted
    #: (public holidays are not modelled: their dates move year by year).
    working_days: int = 0
    #: A period in hours (反家庭暴力法 28: 七十二小时; 刑事诉讼法 39: 四十八小时): the last day is the day the
    #: hours run out, counted from the start day's end (刑事诉讼法 105: the starting hour is not counted).
    hours: int = 0

    @property
    def computable(self) -> bool:
        """The period has a length a last day can be computed from."""
        return bool(self.days or self.months or self.years or self.working_days or self.hours)


DEADLINES: dict[str, DeadlineRule] = {r.name: r for r in (
    DeadlineRule("civil_limitation", "三年", LegalBasis(CIVIL_CODE, _art(188)), years=3,
                 note="有催告、对方承认或起诉等中断事由的，从中断时起重新计算"),
    DeadlineRule("labor_arbitration", "一年", LegalBasis("中华人民共和国劳动争议调解仲裁法", _art(27)), years=1,
                 note="拖欠劳动报酬的，劳动关系存续期间不受一年限制，自劳动关系终止之日起一年内提出"),
    DeadlineRule("work_injury_application", "一年（单位为三十日）", LegalBasis(WORK_INJURY_REGULATION, _art(17)), years=1,
                 note="用人单位应在三十日内申请；单位未申请的，本人或近亲属可在一年内申请"),
    DeadlineRule("work_injury_application_employer", "三十日", LegalBasis(WORK_INJURY_REGULATION, _art(17)), days=30,
                 note="用人单位未在三十日内申请的，此期间发生的工伤待遇等费用由单位负担"),
    DeadlineRule("admin_reconsideration", "六十日", LegalBasis("中华人民共和国行政复议法", _art(20)), days=60),
    DeadlineRule("admin_litigation", "六个月", LegalBasis("中华人民共和国行政诉讼法", _art(46)), months=6),
    DeadlineRule("admin_litigation_after_reconsideration", "十五日", LegalBasis("中华人民共和国行政诉讼法", _art(45)),
                 days=15),
    DeadlineRule("civil_appeal_judgment", "十五日", LegalBasis("中华人民共和国民事诉讼法", _art(171)), days=15),
    DeadlineRule("civil_appeal_ruling", "十日", LegalBasis("中华人民共和国民事诉讼法", _art(171)), days=10),
    DeadlineRule("criminal_appeal_judgment", "十日", LegalBasis("中华人民共和国刑事诉讼法", _art(230)), days=10,
                 note="从接到判决书的第二日起算"),
    DeadlineRule("criminal_appeal_ruling", "五日", LegalBasis("中华人民共和国刑事诉讼法", _art(230)), days=5,
                 note="从接到裁定书的第二日起算"),
    DeadlineRule("labor_award_suit", "十五日", LegalBasis("中华人民共和国劳动争议调解仲裁法", _art(50)), days=15),
        DeadlineRule("enforcement_application", "二年", LegalBasis("中华人民共和国民事诉讼法", _art(250)), years=2),
    DeadlineRule("guarantee_period", "六个月（另有约定的从约定）", LegalBasis(CIVIL_CODE, _art(692)), months=6),
    DeadlineRule("criminal_detention", "拘留后三日内提请批捕（可延长一至四日，流窜、多次、结伙作案的可至三十日），"
                 "检察院七日内决定，一般最长十日", LegalBasis("中华人民共和国刑事诉讼法", _art(91)), days=10,
                 # the police's own last day to request comes first: it is what a family checks on the third day
                 stages=(("公安提请批捕最晚", 3), ("提请批捕延长四日的，提请最晚", 7), ("检察院决定最晚", 14),
                         ("流窜、多次、结伙作案延长至三十日的，提请最晚", 30), ("检察院决定最晚", 37))),
    DeadlineRule("info_disclosure_reply", "二十个工作日（可延长二十个工作日）",
                 LegalBasis("中华人民共和国政府信息公开条例", _art(33)), working_days=20),
    DeadlineRule("ratification_notice", "三十日（相对人催告后，被代理人自收到通知之日起三十日内未追认的，视为拒绝追认）",
                 LegalBasis(CIVIL_CODE, _art(171)), days=30),
    DeadlineRule("legal_rep_replacement", "三十日（法定代表人辞任的，公司应当自辞任之日起三十日内确定新的法定代表人）",
                 LegalBasis("中华人民共和国公司法", _art(10)), days=30),
    DeadlineRule("gift_revocation", "一年（赠与人的撤销权，自知道或者应当知道撤销事由之日起一年内行使）",
                 LegalBasis(CIVIL_CODE, _art(663)), years=1),
    DeadlineRule("arrest_approval", "七日（检察院自接到提请批准逮捕书后七日以内作出批准或者不批准逮捕的决定）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(91)), days=7),
    DeadlineRule("protection_order_decision", "七十二小时（情况紧急的，二十四小时内作出）",
                 LegalBasis("中华人民共和国反家庭暴力法", _art(28)), hours=72,
                 note="法院受理申请后起算；保护令有效期不超过六个月（第三十条）"),
    DeadlineRule("consumer_return", "七日", LegalBasis("中华人民共和国消费者权益保护法", _art(25)), days=7),
    DeadlineRule("quality_objection", "合理期限内，最长二年", LegalBasis(CIVIL_CODE, _art(621)), years=2),
    DeadlineRule("probation_max", "合同期三个月以上不满一年的不超过一个月，一年以上不满三年的不超过二个月，"
                 "三年以上或无固定期限的不超过六个月", LegalBasis(LABOR_CONTRACT_LAW, _art(19))),
    DeadlineRule("inheritance_limitation", "三年（自知道权利受侵害之日起，最长二十年）", LegalBasis(CIVIL_CODE, _art(188)),
                 years=3),
    DeadlineRule("resignation_notice", "三十日（试用期内三日）", LegalBasis(LABOR_CONTRACT_LAW, _art(37)), days=30),
    DeadlineRule("divorce_cooling_off", "三十日（届满后三十日内双方须亲自申请发给离婚证）", LegalBasis(CIVIL_CODE, _art(1077)),
                 days=30, stages=(("冷静期届满后三十日内双方须亲自到场申请发给离婚证，最晚", 60),)),
    DeadlineRule("resolution_revocation", "六十日（自决议作出之日起最长一年）", LegalBasis("中华人民共和国公司法", _art(26)),
                 days=60),
    DeadlineRule("penalty_hearing", "五日", LegalBasis("中华人民共和国行政处罚法", _art(64)), days=5),
    DeadlineRule("state_compensation_claim", "二年（被羁押等限制人身自由期间不计算在内）",
                 LegalBasis("中华人民共和国国家赔偿法", _art(39)), years=2),
    DeadlineRule("marriage_revocation_duress", "一年（自胁迫行为终止之日起；被非法限制人身自由的，自恢复人身自由之日起）",
                 LegalBasis(CIVIL_CODE, _art(1052)), years=1),
    DeadlineRule("marriage_revocation_disease", "一年（自知道或者应当知道对方婚前隐瞒重大疾病之日起）",
                 LegalBasis(CIVIL_CODE, _art(1053)), years=1),
    DeadlineRule("divorce_resuit", "六个月（判决不准离婚后没有新情况、新理由的，六个月内不得再起诉）",
                 LegalBasis("中华人民共和国民事诉讼法", _art(127)), months=6,
                 note="分居满一年再次起诉的，应当准予离婚（民法典第一千零七十九条）",
                 year_stages=(("判决后一直分居的，分居满一年（此后再起诉，法院应当准予离婚，民法典第一千零七十九条）为", 1),)),
    DeadlineRule("creditor_revocation", "一年（自知道或者应当知道撤销事由之日起；自债务人的行为发生之日起最长五年）",
                 LegalBasis(CIVIL_CODE, _art(541)), years=1),
    DeadlineRule("mistake_revocation", "九十日（重大误解自知道或者应当知道撤销事由之日起；欺诈、显失公平为一年，胁迫自胁迫终止之日起一年，"
                 "最长自行为发生之日起五年）", LegalBasis(CIVIL_CODE, _art(152)), days=90),
    DeadlineRule("voidable_revocation", "一年（欺诈、显失公平自知道或者应当知道撤销事由之日起，胁迫自胁迫终止之日起；"
                 "重大误解为九十日；最长自行为发生之日起五年）", LegalBasis(CIVIL_CODE, _art(152)), years=1),
    DeadlineRule("rescission_period", "一年（没有约定或规定期限的，自知道或者应当知道解除事由之日起；经对方催告后在合理期限内）",
                 LegalBasis(CIVIL_CODE, _art(564)), years=1),
    DeadlineRule("share_buyback_suit", "九十日（决议通过之日起六十日内协议不成的，自决议通过之日起九十日内起诉）",
                 LegalBasis("中华人民共和国公司法", _art(89)), days=90),
    DeadlineRule("prosecution_limitation", "法定最高刑不满五年有期徒刑的五年；五年以上不满十年的十年；十年以上的十五年；"
                 "无期徒刑、死刑的二十年（报请最高人民检察院核准的除外），自犯罪之日起计算",
                 LegalBasis("中华人民共和国刑法", _art(87)),
                 note="立案侦查或受理案件后逃避侦查、审判的，不受追诉期限限制；期限内又犯罪的，前罪追诉期限从犯后罪之日起计算"),
    DeadlineRule("bail_max", "取保候审最长十二个月（监视居住最长六个月）", LegalBasis("中华人民共和国刑事诉讼法", _art(79)),
                 months=12),
    DeadlineRule("surveillance_max", "监视居住最长六个月（取保候审最长十二个月）", LegalBasis("中华人民共和国刑事诉讼法", _art(79)),
                 months=6),
    DeadlineRule("family_notice", "二十四小时（拘留后除无法通知等情形外，应在二十四小时以内通知家属）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(85)), days=1),
    DeadlineRule("non_prosecution_petition", "七日（自收到不起诉决定书后七日以内向上一级人民检察院申诉）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(180)), days=7),
    DeadlineRule("non_filing_review", "七日（自收到不予立案通知书后七日以内向作出决定的公安机关申请复议）",
                 LegalBasis("公安机关办理刑事案件程序规定", _art(179)), days=7),
    DeadlineRule("books_inspection_reply", "十五日（公司自股东提出书面请求之日起十五日内书面答复并说明理由；拒绝提供查阅的，股东可以请求法院要求公司提供查阅）",
                 LegalBasis("中华人民共和国公司法", _art(57)), days=15),
    DeadlineRule("preemption_reply", "十五日（出租人通知出卖后十五日内未明确表示购买的，视为放弃优先购买权）",
                 LegalBasis(CIVIL_CODE, _art(726)), days=15),
    DeadlineRule("reconsideration_decision", "六十日（自受理申请之日起；情况复杂的可延长，最多不超过三十日）",
                 LegalBasis("中华人民共和国行政复议法", _art(62)), days=60),
    DeadlineRule("retrial_application", "六个月（自判决、裁定发生法律效力之日起）",
                 LegalBasis("中华人民共和国民事诉讼法", _art(216)), months=6),
    DeadlineRule("payment_order_objection", "十五日（自收到支付令之日起十五日内清偿债务或提出书面异议，否则债权人可申请强制执行）",
                 LegalBasis("中华人民共和国民事诉讼法", _art(227)), days=15),
    DeadlineRule("no_limitation", "不适用诉讼时效", LegalBasis(CIVIL_CODE, _art(196))),
    DeadlineRule("legacy_acceptance", "六十日（受遗赠人应当在知道受遗赠后六十日内作出接受或者放弃受遗赠的表示；到期没有表示的，视为"
                 "放弃受遗赠）", LegalBasis(CIVIL_CODE, _art(1124)), days=60),
    DeadlineRule("non_compete_term", "二年（竞业限制期限自解除或者终止劳动合同之日起最长不得超过二年，约定超过的部分无效）",
                 LegalBasis(LABOR_CONTRACT_LAW, _art(24)), years=2),
    DeadlineRule("award_revocation", "三十日（用人单位自收到终局裁决书之日起三十日内向仲裁委所在地的中级人民法院申请撤销）",
                 LegalBasis("中华人民共和国劳动争议调解仲裁法", _art(49)), days=30),
    DeadlineRule("arbitration_award_time", "四十五日（自仲裁委受理之日起；案情复杂经批准可延长，延长不超过十五日）",
                 LegalBasis("中华人民共和国劳动争议调解仲裁法", _art(43)), days=45,
                 stages=(("经批准延长十五日的，最晚", 60),)),
    DeadlineRule("layoff_notice", "三十日（裁减人员须提前三十日向工会或全体职工说明情况、听取意见，并向劳动行政部门报告）",
                 LegalBasis(LABOR_CONTRACT_LAW, _art(41)), days=30),
    DeadlineRule("accident_review", "三日（自道路交通事故认定书送达之日起三日内提出书面复核申请）",
                 LegalBasis("道路交通事故处理程序规定", _art(71)), days=3),
    DeadlineRule("preservation_suit", "三十日（诉前保全后三十日内不起诉或申请仲裁的，法院解除保全）",
                 LegalBasis("中华人民共和国民事诉讼法", _art(104)), days=30),
    DeadlineRule("resignation_notice_probation", "三日（试用期内提前三日通知用人单位即可解除）",
                 LegalBasis(LABOR_CONTRACT_LAW, _art(37)), days=3),
    DeadlineRule("arrest_request", "三日（拘留后三日内提请批捕；特殊情况可延长一至四日，流窜、多次、结伙作案的可至三十日）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(91)), days=3,
                 stages=(("延长四日的，最晚", 7), ("流窜、多次、结伙作案延长至三十日的，最晚", 30))),
    DeadlineRule("investigation_custody", "二个月（逮捕后的侦查羁押期限；案情复杂的经上一级检察院批准可延长一个月）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(156)), months=2),
    DeadlineRule("prosecution_review", "一个月（审查起诉期限；重大、复杂的可延长十五日，认罪认罚速裁的十日；"
                 "退回补充侦查的，补充侦查完毕移送后重新计算）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(172)), months=1,
                 stages=(("重大、复杂案件延长十五日的，最晚", 45),)),
    DeadlineRule("lawyer_meeting", "四十八小时内（辩护律师持执业证书、律师事务所证明和委托书要求会见的，看守所应当及时安排，"
                 "至迟不得超过四十八小时；危害国家安全、恐怖活动犯罪案件侦查期间须经侦查机关许可）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(39)), hours=48),
    DeadlineRule("defence_period", "十五日（被告自收到起诉状副本之日起十五日内提出答辩状；不答辩不影响法院审理）",
                 LegalBasis("中华人民共和国民事诉讼法", _art(128)), days=15),
    DeadlineRule("victim_protest_request", "五日（被害人自收到判决书后五日以内请求检察院抗诉）",
                 LegalBasis("中华人民共和国刑事诉讼法", _art(229)), days=5),
    DeadlineRule("equity_preemption", "三十日（自接到书面通知之日起满三十日未答复的，视为放弃优先购买权）",
                 LegalBasis("中华人民共和国公司法", _art(84)), days=30),
    DeadlineRule("reduction_notice", "十日（自减资决议作出之日起十日内通知债权人）",
                 LegalBasis("中华人民共和国公司法", _art(224)), days=10),
    DeadlineRule("reduction_announcement", "三十日（自减资决议作出之日起三十日内在报纸或国家企业信用信息公示系统公告）",
                 LegalBasis("中华人民共和国公司法", _art(224)), days=30),
    DeadlineRule("capital_contribution", "五年（有限责任公司股东认缴的出资自公司成立之日起五年内缴足）",
                 LegalBasis("中华人民共和国公司法", _art(47)), years=5),
    DeadlineRule("advance_registration", "九十日（自能够进行不动产登记之日起九十日内未申请登记的，预告登记失效）",
                 LegalBasis(CIVIL_CODE, _art(221)), days=90),
    DeadlineRule("title_certificate_due", "九十日（合同未约定办证期限的，期房自交付之日起、现房自合同订立之日起九十日）",
                 LegalBasis("最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释", _art(14)), days=90),
    DeadlineRule("lease_max_term", "二十年（租赁期限不得超过二十年，超过部分无效）", LegalBasis(CIVIL_CODE, _art(705)),
                 years=20, inclusive=True),
    DeadlineRule("separation_after_judgment", "一年（判决不准离婚后又分居满一年，再次起诉的应当准予离婚）",
                 LegalBasis(CIVIL_CODE, _art(1079)), years=1),
    DeadlineRule("birth_divorce_bar", "一年（女方分娩后一年内男方不得提出离婚；终止妊娠后为六个月；女方提出的不受限制）",
                 LegalBasis(CIVIL_CODE, _art(1082)), years=1),
    DeadlineRule("fine_payment", "十五日（自收到行政处罚决定书之日起十五日内缴纳罚款；逾期每日加处罚款数额的百分之三）",
                 LegalBasis("中华人民共和国行政处罚法", _art(67)), days=15),
    DeadlineRule("trademark_renewal", "期满前十二个月内申请续展；期满未办理的，有六个月宽展期",
                 # 商标法 2019 第四十条 is the 2026 text's 第四十四条 (in force from 2027-01-01)
                 calc.DatedBasis("中华人民共和国商标法", ((date(2019, 11, 1), 40), (date(2027, 1, 1), 44))), months=6,
                 stages=(("最早可以申请续展的日子", -365),)),
    DeadlineRule("copyright_term", "作者终生及其死亡后五十年，截止于作者死亡后第五十年的12月31日",
                 LegalBasis("中华人民共和国著作权法", _art(23))),
    DeadlineRule("shareholder_meeting_notice", "十五日（股东会会议召开十五日前通知全体股东；公司章程另有规定或全体股东另有约定的除外）",
                 LegalBasis("中华人民共和国公司法", _art(64)), days=-15),
    DeadlineRule("evidence_period", "不少于十五日（第一审普通程序；提供新证据的第二审案件不少于十日，简易程序可以少于十五日）",
                 LegalBasis("最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", _art(99)), days=15),
    DeadlineRule("admin_litigation_unnotified", "一年（行政机关未告知起诉期限的，自知道或者应当知道行政行为内容之日起最长不超过一年）",
                 LegalBasis("最高人民法院关于适用《中华人民共和国行政诉讼法》的解释", _art(64)), years=1),
    DeadlineRule("dividend_payment", "六个月（股东会作出分配利润决议之日起六个月内，董事会应当进行分配）",
                 LegalBasis("中华人民共和国公司法", _art(212)), months=6),
    DeadlineRule("summary_trial_term", "三个月（简易程序自立案之日起三个月内审结；有特殊情况经院长批准可延长一个月）",
                 LegalBasis(CIVIL_PROCEDURE, _art(164)), months=3),
    DeadlineRule("ordinary_trial_term", "六个月（普通程序自立案之日起六个月内审结；有特殊情况经院长批准可延长六个月）",
                 LegalBasis(CIVIL_PROCEDURE, _art(152)), months=6),
    DeadlineRule("enforcement_objection_review", "十五日（法院自收到案外人书面异议之日起十五日内审查并裁定；不服裁定的，"
                 "与原判决无关的可自裁定送达之日起十五日内起诉）", LegalBasis(CIVIL_PROCEDURE, _art(238)), days=15),
    DeadlineRule("construction_priority", "十八个月（建设工程价款优先受偿权自发包人应当给付工程价款之日起最长十八个月）",
                 LegalBasis("最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）", _art(41)), months=18),
    # the client's own first steps the law times from a dated event (出生, 提车, 入职): the last day the facts compute
    DeadlineRule("birth_registration", "一个月（婴儿出生后一个月以内申报出生登记）",
                 LegalBasis("中华人民共和国户口登记条例", _art(7)), months=1),
    DeadlineRule("car_replacement", "七日（自三包有效期起算之日，即开具购车发票之日起七日内，发动机、变速器等主要零部件"
                 "因质量问题需要更换的，可以选择换车或者退货）", LegalBasis("家用汽车产品修理更换退货责任规定", _art(22)),
                 days=7),
    DeadlineRule("written_contract_due", "一个月（自用工之日起一个月内订立书面劳动合同；超过一个月未订立的，自第二个月起"
                 "每月支付二倍工资）", LegalBasis(LABOR_CONTRACT_LAW, _art(10)), months=1, inclusive=True),
    DeadlineRule("tour_shopping_return", "三十日（旅游行程结束后三十日内要求旅行社办理退货并先行垫付货款）",
                 LegalBasis("中华人民共和国旅游法", _art(35)), days=30),
    DeadlineRule("reduction_creditor_claim", "四十五日（未接到通知的债权人自公告之日起四十五日内；接到通知的自接到通知之日起"
                 "三十日内，要求公司清偿债务或者提供担保）", LegalBasis(COMPANY_LAW, _art(224)), days=45),
    DeadlineRule("guarantee_limitation", "三年（连带保证的债权人在保证期间内请求保证人承担责任的，自请求之日起计算"
                 "保证债务的诉讼时效）", LegalBasis(CIVIL_CODE, _art(694)), years=3),
    DeadlineRule("capital_transition", "2024年6月30日前设立的有限责任公司，剩余认缴出资期限自2027年7月1日起超过五年的，"
                 "应当在2027年6月30日前调整至五年以内并记载于章程，即出资最迟于2032年6月30日缴足",
                 LegalBasis("国务院关于实施《中华人民共和国公司法》注册资本登记管理制度的规定", _art(2))),
    DeadlineRule("injury_leave", "停工留薪期一般不超过十二个月；伤情严重或情况特殊的，经劳动能力鉴定委员会确认可以适当延长，"
                 "但延长不得超过十二个月（最长二十四个月）", LegalBasis(WORK_INJURY_REGULATION, _art(33)), months=12),
)}


# -- period kinds ---------------------------------------------------------------------------------------------
#: What kind of period a deadline rule is, which decides what may stop, restart or move it:
#: 诉讼时效 (interrupted by a demand, an acknowledgement or a suit and run anew, 民法典 195; suspended, 194; the
#: debtor's defence once run, 192–193), 除斥期间 (a right's fixed life: never interrupted, suspended or
#: extended, 民法典 199), 保证期间 (likewise fixed, 民法典 692; the guarantee debt's own limitation runs after
#: it, 694), a procedural period (a court's or an authority's step: its last day on a holiday moves by 民事诉讼法
#: 85), no limitation at all (民法典 196), and the rest (a term the law fixes, an authority's own time).
LIMITATION = "limitation"
PRECLUSIVE = "preclusive"
GUARANTEE = "guarantee"
PROCEDURAL = "procedural"
NO_LIMITATION = "none"
TERM = "term"
PERIOD_KINDS: dict[str, str] = {
    **dict.fromkeys(("civil_limitation", "inheritance_limitation", "guarantee_limitation", "labor_arbitration",
                     "enforcement_application", "state_compensation_claim"), LIMITATION),
    **dict.fromkeys(("voidable_revocation", "mistake_revocation", "creditor_revocation", "marriage_revocation_duress",
                     "marriage_revocation_disease", "resolution_revocation", "rescission_period", "share_buyback_suit",
                     "gift_revocation", "legacy_acceptance", "preemption_reply", "equity_preemption",
                     "ratification_notice", "construction_priority", "tour_shopping_return", "consumer_return",
                     "quality_objection", "reduction_creditor_claim"), PRECLUSIVE),
    "guarantee_period": GUARANTEE,
    "no_limitation": NO_LIMITATION,
    **dict.fromkeys(("admin_reconsideration", "admin_litigation", "admin_litigation_after_reconsideration",
                     "admin_litigation_unnotified", "civil_appeal_judgment", "civil_appeal_ruling",
                     "criminal_appeal_judgment", "criminal_appeal_ruling", "labor_award_suit", "award_revocation",
                     "retrial_application", "payment_order_objection", "defence_period", "evidence_period",
                     "preservation_suit", "non_prosecution_petition", "victim_protest_request", "non_filing_review",
                     "accident_review", "penalty_hearing", "fine_payment", "divorce_resuit",
                     "work_injury_application"), PROCEDURAL),
}
#: The kinds whose rule speaks of a right's own period: a by-when part they answer never takes the general
#: three years (民法典 188) in their place, and no answer adds that line beside them.
SPECIFIC_KINDS = frozenset({PRECLUSIVE, GUARANTEE, NO_LIMITATION})
#: Procedural periods counted by the criminal procedure law (刑事诉讼法 105), the rest by 民事诉讼法 85.
CRIMINAL_PERIODS = frozenset({"criminal_appeal_judgment", "criminal_appeal_ruling", "non_prosecution_petition",
                              "victim_protest_request", "non_filing_review"})
#: The events that interrupt a limitation period and start it anew (民法典 195), in the words said of them.
INTERRUPTIONS: dict[str, str] = {
    "acknowledge": "对方承认债务",
    "demand": "向对方催要",
    "sued": "起诉（仲裁）",
}


def revocation_rule(law: str, article: int) -> str:
    """The 除斥期间 of a revocation or rescission right whose provision is ``law`` ``article`` ("" for none):
    a card controlled by 民法典 152, 564, 663 … has that right's period, whatever its answer names."""
    for name, rule in DEADLINES.items():
        if (name.endswith("_revocation") or name == "rescission_period") and name != "mistake_revocation" \
                and (law, article) in basis_numbers([rule.basis]):
            return name
    return ""


def period_kind(name: str) -> str:
    """The kind of period the deadline rule ``name`` is (:data:`PERIOD_KINDS`; :data:`TERM` otherwise)."""
    return PERIOD_KINDS.get(name, TERM)


def holiday_rule(name: str) -> str:
    """The statute that moves a period's last day off a holiday, as cited in words."""
    if period_kind(name) == PROCEDURAL:
        return "刑事诉讼法第一百零五条" if name in CRIMINAL_PERIODS else "民事诉讼法第八十五条"
    return "民法典第二百零三条"


#: The civil-code limitations (民法典 188 and the periods that borrow its rules): what a run one says about
#: a restart (民法典 195) — a labour arbitration's year restarts by its own law (劳动争议调解仲裁法 27).
CIVIL_LIMITATIONS = frozenset({"civil_limitation", "inheritance_limitation", "guarantee_limitation"})
RESTART_NOTE = ("期间内您催要过、对方承认过（答应还、部分还款、重打欠条）或起诉过的，时效从最后一次起重新计算三年"
                "（民法典第一百九十五条），请核对有无此类有日期的记录")


def probation_served_over(facts: Mapping[str, Any]) -> bool:
    """Whether the probation served (or agreed, when its run is not said) reaches past the legal term its contract
    allows (劳动合同法 19) — the predicate of 第八十三条's damages."""
    contract, agreed = facts.get("contract_months"), facts.get("probation_months")
    if contract is None or agreed is None or facts.get("regular_wage") is None:
        return False
    legal = 0 if contract < 3 else 1 if contract < 12 else 2 if contract < 36 else 6
    served = facts.get("probation_served")
    return min(agreed, served) > legal if served is not None else False


def refine_calculator(name: str, facts: Mapping[str, Any]) -> str:
    """The calculator the facts make more specific than a card's: interest, penalties and fees claimed
    together are capped as one (民间借贷规定 29), a prepaid card's balance is the sum paid less the sum used
    when no units are said (消费者权益保护法 53)."""
    if name in ("overdue_interest", "interest_cap") and facts.get("costs_together") and facts.get("principal"):
        return "lending_cost_cap"
    if name == "inheritance_share" and facts.get("representation") and facts.get("representatives"):
        return "representation_share"
    if name == "inheritance_share" and facts.get("estate_value") is None and facts.get("heirs"):
        return "inheritance_fraction"  # 我能分到多少份额 with the family said and no value: the share as a fraction
    if name == "prepaid_refund" and facts.get("units_total") is None and facts.get("prepaid_used") is not None:
        return "prepaid_balance"
    if name == "probation_wage_min" and probation_served_over(facts):
        # 两年合同约了六个月试用期、已经干了四个月: what comes back is 第八十三条's damages for the months served beyond
        # the legal term, not the probation wage's floor
        return "probation_excess"
    if name in ("deposit_return", "deposit_cap") and facts.get("advance_named") and facts.get("deposit_amount") is None \
            and facts.get("amount_paid") is not None:
        # 交的是订金（意向金、预付款）: no 定金罚则 unless agreed (合同编通则解释 67); what was paid comes back
        return "advance_refund"
    return name


def refine_rule(name: str, facts: Mapping[str, Any]) -> str:
    """The deadline rule the facts make more specific: an employer's own thirty days for a work-injury
    application, three days' notice in probation, and an employer facing a final labour award, who cannot
    sue (劳动争议调解仲裁法 48 is the worker's) but may apply to set it aside within thirty days (第四十九条)."""
    if name == "work_injury_application" and (facts.get("applicant") or facts.get("side")) == "employer":
        return "work_injury_application_employer"
    if name == "work_injury_application_employer" and facts.get("applicant") == "worker":
        return "work_injury_application"  # 单位没报，他自己报: the worker's own year, whoever asks
    if name == "resignation_notice" and facts.get("in_probation"):
        return "resignation_notice_probation"
    if name == "labor_award_suit" and facts.get("side") == "employer" and facts.get("final_award"):
        return "award_revocation"
    if name == "award_revocation" and facts.get("not_final_award"):
        # 不是终局裁决: no award to set aside; either side sues within fifteen days (劳动争议调解仲裁法 50)
        return "labor_award_suit"
    if name in ("admin_litigation", "admin_reconsideration") and facts.get("reconsidered") \
            and not facts.get("rights_not_told"):
        # 复议维持了、决定书前天收到 and now the court: fifteen days from receiving the decision (行政诉讼法 45)
        return "admin_litigation_after_reconsideration"
    if name in ("admin_litigation", "admin_reconsideration") and facts.get("rights_not_told") and (
            name == "admin_litigation" or facts.get("asks_court")):
        # 决定书上没写可以起诉: the six months run from knowing them, at most a year from knowing the act
        return "admin_litigation_unnotified"
    if name == "capital_contribution" and facts.get("founded_before_2024"):
        # a company registered before 1 July 2024 keeps its term until the transition's end (国务院注册资本规定 2)
        return "capital_transition"
    if name == "guarantee_period" and facts.get("guarantee_demanded"):
        # 债主发律师函让我承担担保责任: the guarantee period has done its work; the three-year limitation of the
        # guarantee debt runs from the demand (民法典 694)
        return "guarantee_limitation"
    if name == "voidable_revocation" and facts.get("mistake"):
        # 单价少写了一个零, 看错了型号: a mistake's ninety days, not fraud's year (民法典 152 ①)
        return "mistake_revocation"
    if name in ("criminal_detention", "arrest_request", "arrest_approval") and facts.get("arrested"):
        # 11月5号被检察院批捕了: the periods before the arrest are over; the investigation custody's two months run
        # from it (刑事诉讼法 156)
        return "investigation_custody"
    if name in ("criminal_detention", "arrest_request") and facts.get("arrest_requested"):
        # 11月25号已经报捕了: the prosecutor's seven days run from the request the client dates (刑事诉讼法 91 ③)
        return "arrest_approval"
    if name in ("civil_appeal_judgment", "civil_appeal_ruling") and facts.get("sentence_kind"):
        # 判了两年: a criminal judgment's appeal is ten days (刑事诉讼法 230), a ruling's five
        return name.replace("civil_", "criminal_")
    return name


@dataclass
class Deadline:
    rule: DeadlineRule
    start_event: str = ""
    start: date | None = None
    ends: date | None = None
    passed: bool | None = None
    days_left: int | None = None
    stages: list[tuple[str, date]] = field(default_factory=list)
    note: str = ""
    #: The last day moved past a weekend (民法典 203: a last day on a rest day moves to the next working day).
    extended: date | None = None
    #: The start is the client's own step still to take (an application not yet filed): counted from today.
    from_today: bool = False
    #: The start is an act that interrupted a limitation period (an acknowledgement, a demand, a suit: the
    #: :data:`INTERRUPTIONS` label): the period runs anew from it (民法典 195).
    restarted_by: str = ""
    #: The start is a day still to come the client supposes (要是复议决定12月1号收到): the last day is said as
    #: following from that supposed day, never as one that happened.
    supposed: bool = False

    def moved_text(self) -> str:
        """The last day on a weekend, said with the rule that moves it and the advice not to rely on it."""
        if self.extended is None or self.ends is None:
            return ""
        if self.passed:  # run already: the day the law moved it to, no advice left to give
            return (f"（{cn_date(self.ends)}是{_WEEKDAY_NAMES[self.ends.weekday()]}，依法顺延至 "
                    f"{cn_date(self.extended)}）")
        weekday = _WEEKDAY_NAMES[self.ends.weekday()]
        return (f"（{cn_date(self.ends)}是{weekday}；依{holiday_rule(self.rule.name)}，期间末日是节假日的顺延至节假日后的"
                f"第一日，即 {cn_date(self.extended)}，但稳妥起见请不晚于{weekday}当天办理）")

    def start_text(self) -> str:
        """The start date, and the act that restarted the period when one did."""
        assert self.start is not None
        if self.restarted_by and self.restarted_by in INTERRUPTIONS:
            return f"{cn_date(self.start)}（{INTERRUPTIONS[self.restarted_by]}，时效中断，依民法典第一百九十五条重新计算）"
        if self.supposed:
            return f"{cn_date(self.start)}（按您假设的日期；实际日期不同的，以实际日期重新计算）"
        return cn_date(self.start)

    def text(self) -> str:
        """The period, its start event and, when known, the date and whether it has passed."""
        if not self.rule.computable:
            # a rule without a computable period (不适用诉讼时效, 追诉期限 by the maximum penalty): its words
            return f"{self.rule.period}（{self.rule.basis}）" if self.rule.period.startswith("不适用") else \
                f"期限：{self.rule.period}"
        head = f"期限为{self.rule.period}" + (f"，自{self.start_event}起算" if self.start_event else "")
        if self.ends is None:
            return f"{head}；{self.note}" if self.note else head
        later = "".join(f"；{what} {cn_date(day)}" for what, day in self.stages)
        if self.rule.days < 0 and self.start is not None:
            # counted back from a day to come (a meeting): the latest day to act
            state = "该日已过，通知时间不足" if self.passed else f"尚余 {self.days_left} 天"
            return (f"期限为{self.rule.period}；按您所述会议于 {cn_date(self.start)} 召开，最晚应于 {cn_date(self.ends)} "
                    f"通知（{state}）")
        if self.rule.name == "copyright_term":
            state = "已届满，作品已进入公有领域" if self.passed else "尚未届满"
            return f"{head}；按您所述作者于 {self.start.year} 年去世，保护期至 {cn_date(self.ends)}，{state}"
        moved = self.moved_text()
        if self.from_today:
            return f"{head}；按今天（{cn_date(self.start)}）提出并被受理计算，最晚 {cn_date(self.ends)}{moved}{later}"
        if self.passed:
            again = f"；{RESTART_NOTE}" if self.rule.name in CIVIL_LIMITATIONS and not self.restarted_by else ""
            return f"{head}；按您所述自 {self.start_text()} 起算，已于 {cn_date(self.ends)} 届满{moved}{later}{again}"
        return (f"{head}；按您所述自 {self.start_text()} 起算，至 {cn_date(self.ends)} 届满{moved}（尚余 {self.days_left} 天）"
                f"{later}")


def add_working_days(day: date, count: int) -> date:
    """The ``count``-th working day after ``day`` (the day itself not counted; Saturdays and Sundays are
    not working days)."""
    while count > 0:
        day = day + timedelta(days=1)
        if day.weekday() < 5:
            count -= 1
    return day


def _add_months(day: date, months: int) -> date:
    year, month = divmod(day.year * 12 + day.month - 1 + months, 12)
    import calendar

    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


#: The start event of each rule, in words (for a deadline the card's answer does not name).
START_EVENTS: dict[str, str] = {
    "civil_limitation": "知道或者应当知道权利受到损害以及义务人之日", "labor_arbitration": "知道或者应当知道权利被侵害之日",
    "work_injury_application": "事故伤害发生之日", "work_injury_application_employer": "事故伤害发生之日", "admin_reconsideration": "知道或者应当知道该行政行为之日",
    "admin_litigation": "知道或者应当知道作出行政行为之日",
    "admin_litigation_after_reconsideration": "收到复议决定书之日", "civil_appeal_judgment": "判决书送达之日",
    "civil_appeal_ruling": "裁定书送达之日", "criminal_appeal_judgment": "接到判决书的第二日",
    "criminal_appeal_ruling": "接到裁定书的第二日", "labor_award_suit": "收到仲裁裁决书之日",
    "enforcement_application": "法律文书规定的履行期间最后一日", "guarantee_period": "主债务履行期限届满之日",
    "consumer_return": "收到商品之日", "inheritance_limitation": "知道或者应当知道权利受到侵害之日",
    "marriage_revocation_duress": "胁迫行为终止之日", "marriage_revocation_disease": "知道或者应当知道撤销事由之日",
    "divorce_resuit": "不准离婚的判决生效之日", "creditor_revocation": "知道或者应当知道撤销事由之日",
    "mistake_revocation": "知道或者应当知道撤销事由之日", "voidable_revocation": "知道或者应当知道撤销事由之日",
    "rescission_period": "知道或者应当知道解除事由之日", "share_buyback_suit": "股东会决议通过之日",
    "bail_max": "取保候审决定之日", "surveillance_max": "监视居住决定之日", "family_notice": "拘留之时",
    "non_prosecution_petition": "收到不起诉决定书之日", "non_filing_review": "收到不予立案通知书之日",
    "preemption_reply": "收到出租人出卖通知之日", "reconsideration_decision": "复议机关受理申请之日",
    "retrial_application": "判决、裁定发生法律效力之日", "payment_order_objection": "收到支付令之日",
    "defence_period": "收到起诉状副本之日", "lawyer_meeting": "辩护律师提出会见要求之时",
    "injury_leave": "停工治疗之日", "non_compete_term": "解除或者终止劳动合同之日",
    "award_revocation": "收到仲裁裁决书之日", "arbitration_award_time": "仲裁委受理申请之日",
    "layoff_notice": "向工会或全体职工说明情况之日", "accident_review": "事故认定书送达之日",
    "preservation_suit": "法院采取保全措施之日", "resignation_notice_probation": "通知用人单位之日",
    "arrest_request": "刑事拘留之日", "investigation_custody": "逮捕之日", "prosecution_review": "案件移送审查起诉之日",
    "victim_protest_request": "收到判决书之日", "equity_preemption": "接到书面通知之日", "reduction_notice": "减资决议作出之日",
    "reduction_announcement": "减资决议作出之日", "capital_contribution": "公司成立之日",
    "advance_registration": "能够进行不动产登记之日", "title_certificate_due": "交付房屋之日", "lease_max_term": "租赁合同订立之日",
    "separation_after_judgment": "不准离婚的判决生效之日", "birth_divorce_bar": "女方分娩之日",
    "fine_payment": "收到行政处罚决定书之日", "trademark_renewal": "注册商标有效期满之日",
    "copyright_term": "作者死亡之日", "probation_max": "入职之日", "criminal_detention": "刑事拘留之日",
    "divorce_cooling_off": "婚姻登记机关收到离婚登记申请之日", "resolution_revocation": "决议作出之日",
    "penalty_hearing": "行政机关告知听证权利之日", "state_compensation_claim": "知道或者应当知道侵权行为之日",
    "resignation_notice": "书面辞职通知送达单位之日", "info_disclosure_reply": "行政机关收到申请之日",
    "books_inspection_reply": "股东向公司提出书面查阅请求之日",
    "quality_objection": "收到标的物之日", "protection_order_decision": "法院受理申请之时",
    "ratification_notice": "被代理人收到催告通知之日", "legal_rep_replacement": "法定代表人辞任之日",
    "gift_revocation": "知道或者应当知道撤销事由之日", "arrest_approval": "检察院接到提请批准逮捕书之日", "shareholder_meeting_notice": "股东会会议召开之日（向前倒数）",
    "dividend_payment": "股东会作出分配利润决议之日", "evidence_period": "收到举证通知书之日",
    "admin_litigation_unnotified": "知道或者应当知道行政行为内容之日",
    "summary_trial_term": "立案之日", "ordinary_trial_term": "立案之日",
    "enforcement_objection_review": "法院收到书面异议之日", "construction_priority": "发包人应当给付工程价款之日",
    "tour_shopping_return": "旅游行程结束之日", "birth_registration": "婴儿出生之日",
    "car_replacement": "开具购车发票之日（提车之日）", "written_contract_due": "用工之日（入职之日）", "reduction_creditor_claim": "减资公告之日",
    "guarantee_limitation": "债权人请求保证人承担保证责任之日", "capital_transition": "",
    "legacy_acceptance": "知道受遗赠之日",
}


_WEEKDAY_NAMES = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")
#: Periods that run from a step the client takes himself (an application to a court or an office): with no
#: date given, the answer counts from today, said as such, so the client knows the latest day if he acts now.
FROM_OWN_STEP = frozenset({"protection_order_decision", "info_disclosure_reply", "lawyer_meeting"})
#: Periods a weekend does not extend: custody and detention run to their last day (刑事诉讼法 105), a notice
#: counted back from a meeting, a protection term, a cap on a term agreed.
NO_EXTENSION = frozenset({"criminal_detention", "arrest_request", "arrest_approval", "investigation_custody", "prosecution_review",
                          "bail_max", "surveillance_max", "family_notice", "copyright_term", "probation_max",
                          "lease_max_term", "capital_contribution", "non_compete_term", "injury_leave",
                          "divorce_cooling_off", "birth_divorce_bar", "separation_after_judgment",
                          "shareholder_meeting_notice", "trademark_renewal", "protection_order_decision",
                          "lawyer_meeting"})


def _term(months: int) -> str:
    return f"{int_to_cn(months // 12)}年" if months % 12 == 0 else f"{int_to_cn(months)}个月"


def deadline(name: str, *, start_event: str = "", start: date | None = None, today: date | None = None,
             contract_months: int | None = None, max_penalty_years: int | None = None,
             death_year: int | None = None, start_label: str = "") -> Deadline | None:
    """The deadline rule ``name`` from ``start`` (None for an unknown rule); ``start_label`` is the event the
    start date carries (an interrupting act restarts a limitation period: :data:`INTERRUPTIONS`)."""
    rule = DEADLINES.get(name)
    if rule is None:
        return None
    found = Deadline(rule, start_event=start_event)
    if start is not None and start_label in INTERRUPTIONS and period_kind(name) == LIMITATION:
        found.restarted_by = start_label
    if name == "prosecution_limitation" and max_penalty_years is not None:
        # 刑法 87: the period by the offence's statutory maximum penalty
        years = 5 if max_penalty_years < 5 else 10 if max_penalty_years < 10 else 15 if max_penalty_years < 99 else 20
        said = "无期徒刑或死刑" if max_penalty_years >= 99 else f"{int_to_cn(int(max_penalty_years))}年有期徒刑"
        rule = DeadlineRule(rule.name, f"{int_to_cn(years)}年（法定最高刑为{said}）", rule.basis, years=years,
                            note=rule.note)
        found.rule = rule
    if name == "copyright_term" and death_year is not None:
        # 著作权法 23: to the 31 December of the fiftieth year after the author's death
        today = today or datetime.now(tz=CHINA_TZ).date()
        found.start, found.ends = date(death_year, 1, 1), date(death_year + 50, 12, 31)
        found.passed, found.days_left = today > found.ends, (found.ends - today).days
        return found
    if name == "probation_max" and contract_months is not None and start is not None:
        # 劳动合同法 19: the probation's longest term by the contract's term, from the day of hire
        months = 0 if contract_months < 3 else 1 if contract_months < 12 else 2 if contract_months < 36 else 6
        if months == 0:
            found.note = "劳动合同期限不满三个月的，不得约定试用期"
            return found
        rule = DeadlineRule(rule.name, f"{int_to_cn(months)}个月（合同期限{_term(contract_months)}）", rule.basis,
                            months=months, inclusive=True)
        found.rule = rule
    if start is None and name in FROM_OWN_STEP:
        start = today or datetime.now(tz=CHINA_TZ).date()
        found.from_today = True
    if start is not None and rule.computable:
        today = today or datetime.now(tz=CHINA_TZ).date()
        ends = add_years(start, rule.years) if rule.years else start
        ends = add_working_days(ends, rule.working_days) if rule.working_days else ends
        ends = ends + timedelta(days=-(-rule.hours // 24)) if rule.hours else ends
        ends = _add_months(ends, rule.months) if rule.months else ends
        ends = ends + timedelta(days=rule.days) if rule.days else ends
        ends = ends - timedelta(days=1) if rule.inclusive else ends
        found.start, found.ends = start, ends
        found.supposed = start > today and rule.days >= 0 and name not in FUTURE_STARTS and not found.from_today
        found.stages = [(what, start + timedelta(days=days)) for what, days in rule.stages]
        found.stages += [(what, add_years(start, years)) for what, years in rule.year_stages]
        last = ends
        if name not in NO_EXTENSION and rule.days >= 0:
            while last.weekday() >= 5:  # Saturday, Sunday
                last = last + timedelta(days=1)
            found.extended = last if last != ends else None
        # the days left count to the nominal last day: a weekend's extension is the law's, not advice to wait
        found.passed, found.days_left = today > last, ((ends if today <= ends else last) - today).days
    return found


#: The provision(s) each calculator's figure rests on (what a how-much conclusion cites), at most two.
CALCULATOR_BASIS: dict[str, tuple[tuple[str, int], ...]] = {
    "economic_compensation": ((LABOR_CONTRACT_LAW, 47),),
    "unlawful_termination_damages": ((LABOR_CONTRACT_LAW, 87), (LABOR_CONTRACT_LAW, 47)),
    "double_wage": ((LABOR_CONTRACT_LAW, 82),),
    "overtime_pay": ((LABOR_LAW, 44),),
    "annual_leave_pay": ((LEAVE_REGULATION, 5),),
    "lost_earnings": ((INJURY_INTERPRETATION, 7),),
    "injury_disability_lump_sum": ((WORK_INJURY_REGULATION, 35), (WORK_INJURY_REGULATION, 37)),
    "death_compensation": ((INJURY_INTERPRETATION, 15),),
    "disability_compensation": ((INJURY_INTERPRETATION, 12),),
    "funeral_expenses": ((INJURY_INTERPRETATION, 14),),
    "daily_penalty": ((CIVIL_CODE, 585),),
    "non_compete_compensation": ((LABOR_DISPUTE_INTERPRETATION, 36),),
    "interest_cap": ((PRIVATE_LENDING, 25),),
    "overdue_interest": ((PRIVATE_LENDING, 28),),
    "deposit_cap": ((CIVIL_CODE, 586),),
    "penalty_excess": ((CIVIL_CODE, 585), (CONTRACT_INTERPRETATION, 65)),
    "litigation_fee": ((calc.FEE_MEASURES, 13),),
    "limitation_period": ((CIVIL_CODE, 188),),
    "treble_damages": ((CONSUMER_LAW, 55),),
    "deposit_return": ((CIVIL_CODE, 587), (CIVIL_CODE, 586)),
    "tenfold_damages": ((FOOD_SAFETY_LAW, 148),),
    "child_support": ((MARRIAGE_INTERPRETATION, 49),),
    "inheritance_share": ((CIVIL_CODE, 1130), (CIVIL_CODE, 1153)),
    "inheritance_fraction": ((CIVIL_CODE, 1130), (CIVIL_CODE, 1153)),
    "estate_debt_limit": ((CIVIL_CODE, 1161),),
    "nursing_fee": ((INJURY_INTERPRETATION, 8),),
    "work_death_lump_sum": ((WORK_INJURY_REGULATION, 39),),
    "maternity_leave": ((WOMEN_PROTECTION, 7),),
    "sentence_credit": ((CRIMINAL_LAW, 47), (CRIMINAL_LAW, 41)),
    "training_penalty": ((LABOR_CONTRACT_LAW, 22),),
    "wage_deduction_cap": ((WAGE_PAYMENT, 16),),
    "small_claims_limit": ((CIVIL_PROCEDURE, 165),),
    "delayed_performance_interest": ((CIVIL_PROCEDURE, 264),),
    "liberty_compensation": ((STATE_COMPENSATION, 33),),
    "profit_distribution": ((COMPANY_LAW, 210),),
    "lease_refund": ((CIVIL_CODE, 585),),
    "unemployment_benefit_period": ((UNEMPLOYMENT_REGULATION, 17),),
    "actual_principal": ((PRIVATE_LENDING, 26), (CIVIL_CODE, 670)),
    "probation_excess": ((LABOR_CONTRACT_LAW, 83), (LABOR_CONTRACT_LAW, 19)),
    "probation_wage_min": ((LABOR_CONTRACT_LAW, 20),),
    "damages_by_share": ((CIVIL_CODE, 1173),),
    "prepaid_refund": ((CONSUMER_LAW, 53),),
    "compulsory_insurance": ((COMPULSORY_INSURANCE, 23),),
    "dependant_support": ((INJURY_INTERPRETATION, 17),),
    "late_payment_loss": ((SALES_INTERPRETATION, 18),),
    "principal_with_interest": ((PRIVATE_LENDING, 28), (CIVIL_CODE, 676)),
    "no_interest": ((PRIVATE_LENDING, 24), (CIVIL_CODE, 680)),
    "betrothal_return": ((MARRIAGE_INTERPRETATION, 5), (BETROTHAL_RULES, 5), (BETROTHAL_RULES, 6)),
    "lease_settlement": ((CIVIL_CODE, 722), (CIVIL_CODE, 585)),
    "fine_surcharge_cap": (("中华人民共和国行政强制法", 45),),
    "patent_term": (("中华人民共和国专利法", 42),),
    "wage_arrears": ((LABOR_CONTRACT_LAW, 85), (LABOR_CONTRACT_LAW, 30)),
    "deposit_refund": ((CIVIL_CODE, 733),),
    "set_off": ((CIVIL_CODE, 568),),
    "joint_repayment_compensation": ((MARRIAGE_INTERPRETATION, 78),),
    "sentence_band": ((CRIMINAL_LAW, 264),),
    "restitution": ((CIVIL_CODE, 157),),
    "advance_refund": ((CONTRACT_INTERPRETATION, 67),),
    "defect_punitive": ((CONSUMER_LAW, 55),),
    "lending_cost_cap": ((PRIVATE_LENDING, 29),),
    "installment_threshold": ((CIVIL_CODE, 634),),
    "fee_arrears": ((CIVIL_CODE, 944),),
    "hospital_meal_allowance": ((INJURY_INTERPRETATION, 10),),
    "overdue_return_rent": ((CIVIL_CODE, 733), (CIVIL_CODE, 721)),
    "representation_share": ((CIVIL_CODE, 1128),),
    "prepaid_balance": ((CONSUMER_LAW, 53),),
    "unpaid_capital": (("中华人民共和国公司法", 54),),
    "compensation_years": ((INJURY_INTERPRETATION, 15),),
    "probation_term": ((CRIMINAL_LAW, 73),),
    "leave_entitlement": ((LEAVE_REGULATION, 3),),
    "guarantor_recourse": ((CIVIL_CODE, 700),),
    "concurrent_sentence": ((CRIMINAL_LAW, 69),),
    "guarantor_share": ((CIVIL_CODE, 700), ("最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释", 13)),
}


#: Calculators whose first provision computes by another's standard, named as its second (劳动合同法 87:
#: "依照本法第四十七条规定的经济补偿标准的二倍"): the figure rests on both. Every other calculator's figure
#: rests on its first provision alone; the rest of its list goes to 相关规定.
JOINT_BASIS = frozenset({"unlawful_termination_damages"})


def figure_basis(name: str, pairs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The provision(s) a calculator's figure rests on, from its listed basis ``pairs``."""
    return pairs[:2] if name in JOINT_BASIS else pairs[:1]

def basis_numbers(bases: list[LegalBasis]) -> list[tuple[str, int]]:
    """A calculation's legal basis as (law, article number) pairs."""
    from knowledge.numerals import cn_to_int

    out = []
    for b in bases:
        label = b.article.removeprefix("第").split("条", 1)[0]
        try:
            number = int(label) if label.isdigit() else cn_to_int(label)
        except (ValueError, TypeError):
            continue
        if number:
            out.append((b.law, int(number)))
    return out


def deadline_basis(name: str) -> tuple[tuple[str, int], ...]:
    """The provision a deadline rule rests on (what a by-when conclusion cites)."""
    rule = DEADLINES.get(name)
    return tuple(basis_numbers([rule.basis])) if rule is not None else ()
