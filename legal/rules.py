"""The calculators and deadline rules cards name (legal/cards/SCHEMA.md), run on role-labelled facts.

:func:`calculate` takes a calculator's name and the question's facts (:class:`legal.facts.Facts`) and
returns a :class:`Calculation`: the result, or the inputs still missing (each with the one precise
question to ask). :func:`deadline` does the same for a deadline rule: the period, its basis, and —
when the start date is known — the date it ends and whether it has passed.

The labour and litigation calculators are those of :mod:`legal.calculators`; the others are here.
Money is Decimal, rounded to the fen at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from legal import calculators as calc
from legal.calculators import CHINA_TZ, CIVIL_CODE, LABOR_CONTRACT_LAW, CalculationResult, LegalBasis, add_years

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
}


@dataclass
class Calculation:
    name: str
    result: CalculationResult | None = None
    missing: list[str] = field(default_factory=list)
    error: str = ""

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
def overtime_pay(*, monthly_wage: Decimal, overtime_hours_workday: Decimal = Decimal(0),
                 overtime_days_restday: Decimal = Decimal(0), overtime_days_holiday: Decimal = Decimal(0)
                 ) -> CalculationResult:
    daily = monthly_wage / WORK_DAYS_MONTH
    hourly = daily / 8
    parts = [(overtime_hours_workday * hourly * Decimal("1.5"), f"工作日延时 {overtime_hours_workday} 小时 × "
              f"{yuan(_money(hourly))}/小时 × 150%"),
             (overtime_days_restday * daily * 2, f"休息日 {overtime_days_restday} 天 × {yuan(_money(daily))}/天 × 200%"),
             (overtime_days_holiday * daily * 3, f"法定节假日 {overtime_days_holiday} 天 × {yuan(_money(daily))}/天 × 300%")]
    used = [(v, t) for v, t in parts if v > 0]
    total = _money(sum((v for v, _ in used), Decimal(0)))
    steps = [f"日工资 = {yuan(monthly_wage)} ÷ 21.75 = {yuan(_money(daily))}"] + [f"{t} = {yuan(_money(v))}" for v, t in used]
    steps.append(f"加班费合计 {yuan(total)}")
    return CalculationResult("加班费", total, {"daily_wage": _money(daily), "total": total}, steps,
                             [LegalBasis(LABOR_LAW, _art(44))])


def annual_leave_pay(*, monthly_wage: Decimal, untaken_leave_days: Decimal) -> CalculationResult:
    daily = monthly_wage / WORK_DAYS_MONTH
    total = _money(daily * 2 * untaken_leave_days)
    steps = [f"日工资 = {yuan(monthly_wage)} ÷ 21.75 = {yuan(_money(daily))}",
             f"未休年休假工资（另付 200%）= {yuan(_money(daily))} × 200% × {untaken_leave_days} 天 = {yuan(total)}"]
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


def daily_penalty(*, contract_price: Decimal, daily_penalty_rate: Decimal, delay_days: Decimal) -> CalculationResult:
    total = _money(contract_price * daily_penalty_rate * delay_days)
    steps = [f"违约金 = {yuan(contract_price)} × 每日 {daily_penalty_rate * 100:g}% × 逾期 {delay_days} 天 = {yuan(total)}"]
    return CalculationResult("按日计算的违约金", total, {"total": total}, steps, [LegalBasis(CIVIL_CODE, _art(585))],
                             ["约定违约金过分高于造成的损失（超过损失的百分之三十）的，可以请求法院适当减少"])


def non_compete_compensation(*, monthly_wage: Decimal) -> CalculationResult:
    total = _money(monthly_wage * Decimal("0.3"))
    steps = [f"每月竞业限制经济补偿 = 离职前十二个月平均工资 {yuan(monthly_wage)} × 30% = {yuan(total)}",
             "低于劳动合同履行地最低工资标准的，按最低工资标准支付"]
    return CalculationResult("竞业限制经济补偿（每月）", total, {"total": total}, steps,
                             [LegalBasis(LABOR_DISPUTE_INTERPRETATION, _art(36))])


def funeral_expenses(*, local_average_wage: Decimal) -> CalculationResult:
    total = _money(local_average_wage * 6)
    steps = [f"丧葬费 = 上一年度职工月平均工资 {yuan(local_average_wage)} × 6 个月 = {yuan(total)}"]
    return CalculationResult("丧葬费", total, {"total": total}, steps, [LegalBasis(INJURY_INTERPRETATION, _art(14))])


def lpr_on(day: date) -> Decimal:
    rate = LPR_1Y[0][1]
    for start, value in LPR_1Y:
        if day >= start:
            rate = value
    return rate


def interest_cap(*, annual_rate: Decimal, loan_date: date | None = None, principal: Decimal | None = None,
                 repaid: Decimal | None = None, lpr: Decimal | None = None) -> CalculationResult:
    day = loan_date or datetime.now(tz=CHINA_TZ).date()
    if lpr is not None:
        cap, why = lpr * 4, f"合同成立时一年期 LPR 为 {lpr}%（按您所述），四倍为 {lpr * 4}%"
    elif day < date(2020, 8, 20):
        cap, why = Decimal(24), "合同成立于 2020 年 8 月 20 日之前：至 2020 年 8 月 19 日按年利率 24% 为上限，此后按起诉时一年期 LPR 四倍"
    else:
        lpr = lpr_on(day)
        cap, why = lpr * 4, f"合同成立时一年期 LPR 为 {lpr}%，四倍为 {lpr * 4}%"
    steps = [why, f"约定年利率 {annual_rate}%" + ("，超过上限，超过部分不受保护" if annual_rate > cap else "，未超过上限，受法律保护")]
    figures: dict[str, Any] = {"cap_rate": cap, "annual_rate": annual_rate, "over": annual_rate > cap}
    amount = None
    if principal is not None:
        allowed = min(annual_rate, cap)
        amount = _money(principal * allowed / 100)
        steps.append(f"每年可主张的利息 = 本金 {yuan(principal)} × {allowed}% = {yuan(amount)}")
        figures["yearly_interest"] = amount
    if loan_date is None:
        steps.insert(0, "未说明借款日期，按今天的 LPR 估算")
    return CalculationResult("民间借贷利率上限", amount, figures, steps, [LegalBasis(PRIVATE_LENDING, _art(25))])


def overdue_interest(*, principal: Decimal, due_date: date, annual_rate: Decimal | None = None,
                     today: date | None = None) -> CalculationResult:
    today = today or datetime.now(tz=CHINA_TZ).date()
    days = max(0, (today - due_date).days)
    rate = annual_rate if annual_rate is not None else lpr_on(due_date)
    amount = _money(principal * rate / 100 * days / 365)
    steps = [f"自 {due_date.isoformat()} 逾期至 {today.isoformat()} 共 {days} 天",
             f"逾期利息 = {yuan(principal)} × {rate}% × {days} ÷ 365 = {yuan(amount)}"]
    return CalculationResult("逾期利息", amount, {"days": days, "rate": rate, "total": amount}, steps,
                             [LegalBasis(PRIVATE_LENDING, _art(28))])


def deposit_cap(*, deposit_amount: Decimal, contract_price: Decimal) -> CalculationResult:
    cap = _money(contract_price * Decimal("0.2"))
    over = deposit_amount > cap
    steps = [f"定金上限 = 标的额 {yuan(contract_price)} × 20% = {yuan(cap)}",
             f"约定定金 {yuan(deposit_amount)}" + ("，超过部分不产生定金效力" if over else "，未超过上限")]
    return CalculationResult("定金上限", cap, {"cap": cap, "over": over}, steps, [LegalBasis(CIVIL_CODE, _art(586))])


def deposit_return(*, deposit_amount: Decimal, contract_price: Decimal | None = None) -> CalculationResult:
    """What the payer gets back when the party that received the deposit breaches: twice the deposit
    (民法典 587), the deposit counting only up to 20 % of the price (586) — the excess comes back once."""
    effective = deposit_amount
    steps = []
    if contract_price is not None and deposit_amount > contract_price * Decimal("0.2"):
        effective = _money(contract_price * Decimal("0.2"))
        steps.append(f"定金上限 = 标的额 {yuan(contract_price)} × 20% = {yuan(effective)}，超出的 "
                     f"{yuan(deposit_amount - effective)} 不是定金，作为预付款原额退还")
    total = effective * 2 + (deposit_amount - effective)
    steps.append(f"双倍返还 = {yuan(effective)} × 2 = {yuan(effective * 2)}"
                 + (f"，另退预付款 {yuan(deposit_amount - effective)}，合计 {yuan(total)}" if total != effective * 2 else ""))
    return CalculationResult("定金双倍返还", total, {"effective": effective, "double": effective * 2}, steps,
                             [LegalBasis(CIVIL_CODE, _art(587)), LegalBasis(CIVIL_CODE, _art(586))])


def penalty_excess(*, penalty_amount: Decimal, loss_amount: Decimal) -> CalculationResult:
    line = _money(loss_amount * Decimal("1.3"))
    over = penalty_amount > line
    steps = [f"损失 {yuan(loss_amount)} × 130% = {yuan(line)}",
             f"约定违约金 {yuan(penalty_amount)}" + ("，超过损失的 30%，可以请求法院适当减少" if over else "，未超过损失的 30%，一般不予调减")]
    return CalculationResult("违约金调整", line, {"line": line, "over": over}, steps,
                             [LegalBasis(CIVIL_CODE, _art(585)), LegalBasis(CONTRACT_INTERPRETATION, _art(65))])


def treble_damages(*, purchase_price: Decimal) -> CalculationResult:
    """欺诈的增加赔偿: 价款的三倍, 不足五百元的为五百元 (消费者权益保护法第五十五条), besides the refund."""
    extra = max(_money(purchase_price * 3), Decimal(500))
    steps = [f"退还价款 {yuan(purchase_price)}，连同增加赔偿合计 {yuan(extra + purchase_price)}",
             f"增加赔偿 = 价款 {yuan(purchase_price)} × 3 = {yuan(_money(purchase_price * 3))}"
             + (f"，不足五百元按 {yuan(extra)}" if purchase_price * 3 < 500 else "")]
    return CalculationResult("欺诈增加赔偿", extra, {"refund": purchase_price, "total": extra + purchase_price}, steps,
                             [LegalBasis(CONSUMER_LAW, _art(55))])


def tenfold_damages(*, purchase_price: Decimal) -> CalculationResult:
    """不符合食品安全标准的食品: 价款十倍的赔偿金, 不足一千元的为一千元 (食品安全法第一百四十八条)."""
    extra = max(_money(purchase_price * 10), Decimal(1000))
    steps = [f"另可要求退还价款 {yuan(purchase_price)}",
             f"赔偿金 = 价款 {yuan(purchase_price)} × 10 = {yuan(_money(purchase_price * 10))}"
             + (f"，不足一千元按 {yuan(extra)}" if purchase_price * 10 < 1000 else "")]
    return CalculationResult("食品十倍赔偿", extra, {"refund": purchase_price}, steps,
                             [LegalBasis(FOOD_SAFETY_LAW, _art(148))])


# -- running a calculator on facts ------------------------------------------------------------------------
Runner = Callable[[Mapping[str, Any]], CalculationResult]


def _needs(facts: Mapping[str, Any], *names: str) -> list[str]:
    return [n for n in names if facts.get(n) is None]


def _dec(value: Any) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(str(value))


CALCULATORS: dict[str, tuple[tuple[str, ...], Runner]] = {
    "economic_compensation": (("monthly_wage", "service_months"), lambda f: calc.economic_compensation(
        monthly_wage=f["monthly_wage"], service_months=int(f["service_months"]),
        local_average_monthly_wage=f.get("local_average_wage"), with_notice_pay=bool(f.get("no_notice")))),
    "unlawful_termination_damages": (("monthly_wage", "service_months"), lambda f: calc.unlawful_termination_damages(
        monthly_wage=f["monthly_wage"], service_months=int(f["service_months"]),
        local_average_monthly_wage=f.get("local_average_wage"))),
    "disability_compensation": (("per_capita_income", "age", "disability_grade"), lambda f: disability_compensation(
        per_capita_income=_dec(f["per_capita_income"]), age=int(f["age"]), disability_grade=int(f["disability_grade"]))),
    "daily_penalty": (("contract_price", "daily_penalty_rate", "delay_days"), lambda f: daily_penalty(
        contract_price=_dec(f["contract_price"]), daily_penalty_rate=_dec(f["daily_penalty_rate"]),
        delay_days=_dec(f["delay_days"]))),
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
    "penalty_excess": (("penalty_amount", "loss_amount"), lambda f: penalty_excess(
        penalty_amount=_dec(f["penalty_amount"]), loss_amount=_dec(f["loss_amount"]))),
    "litigation_fee": (("amount_claimed",), lambda f: calc.litigation_fee(amount=f["amount_claimed"])),
    "limitation_period": (("start_date",), lambda f: calc.limitation_period(known_on=f["start_date"])),
    "treble_damages": (("purchase_price",), lambda f: treble_damages(purchase_price=_dec(f["purchase_price"]))),
    "deposit_return": (("deposit_amount",), lambda f: deposit_return(
        deposit_amount=_dec(f["deposit_amount"]),
        contract_price=_dec(f["contract_price"]) if f.get("contract_price") is not None else None)),
    "tenfold_damages": (("purchase_price",), lambda f: tenfold_damages(purchase_price=_dec(f["purchase_price"]))),
}


def calculate(name: str, facts: Mapping[str, Any], *, inputs: tuple[str, ...] = ()) -> Calculation:
    """Run calculator ``name`` on ``facts`` (fact name -> value); what is missing is asked for."""
    try:
        if name == "overtime_pay":
            missing = _needs(facts, "monthly_wage")
            counts = ("overtime_hours_workday", "overtime_days_restday", "overtime_days_holiday")
            if not any(facts.get(c) for c in counts):
                missing.append("overtime_hours_workday")
            if missing:
                return Calculation(name, missing=missing)
            return Calculation(name, overtime_pay(monthly_wage=_dec(facts["monthly_wage"]),
                                                  **{c: _dec(facts.get(c) or 0) for c in counts}))
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
                lpr=_dec(facts["lpr_rate"]) if facts.get("lpr_rate") is not None else None))
        if name == "overdue_interest":
            missing = _needs(facts, "principal", "due_date")
            if missing:
                return Calculation(name, missing=missing)
            rate = facts.get("annual_rate")
            return Calculation(name, overdue_interest(principal=_dec(facts["principal"]), due_date=facts["due_date"],
                                                      annual_rate=_dec(rate) if rate is not None else None))
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
    basis: LegalBasis
    days: int = 0
    months: int = 0
    years: int = 0
    note: str = ""


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
                 "检察院七日内决定", LegalBasis("中华人民共和国刑事诉讼法", _art(91)), days=3),
    DeadlineRule("info_disclosure_reply", "二十个工作日（可延长二十个工作日）",
                 LegalBasis("中华人民共和国政府信息公开条例", _art(33))),
    DeadlineRule("consumer_return", "七日", LegalBasis("中华人民共和国消费者权益保护法", _art(25)), days=7),
    DeadlineRule("quality_objection", "合理期限内，最长二年", LegalBasis(CIVIL_CODE, _art(621)), years=2),
    DeadlineRule("probation_max", "合同期三个月以上不满一年的不超过一个月，一年以上不满三年的不超过二个月，"
                 "三年以上或无固定期限的不超过六个月", LegalBasis(LABOR_CONTRACT_LAW, _art(19))),
    DeadlineRule("inheritance_limitation", "三年（自知道权利受侵害之日起，最长二十年）", LegalBasis(CIVIL_CODE, _art(188)),
                 years=3),
    DeadlineRule("resignation_notice", "三十日（试用期内三日）", LegalBasis(LABOR_CONTRACT_LAW, _art(37)), days=30),
    DeadlineRule("divorce_cooling_off", "三十日（届满后三十日内双方须亲自申请发给离婚证）", LegalBasis(CIVIL_CODE, _art(1077)),
                 days=30),
    DeadlineRule("resolution_revocation", "六十日（自决议作出之日起最长一年）", LegalBasis("中华人民共和国公司法", _art(26)),
                 days=60),
    DeadlineRule("penalty_hearing", "五日", LegalBasis("中华人民共和国行政处罚法", _art(64)), days=5),
    DeadlineRule("state_compensation_claim", "二年（被羁押等限制人身自由期间不计算在内）",
                 LegalBasis("中华人民共和国国家赔偿法", _art(39)), years=2),
)}


@dataclass
class Deadline:
    rule: DeadlineRule
    start_event: str = ""
    start: date | None = None
    ends: date | None = None
    passed: bool | None = None
    days_left: int | None = None

    def text(self) -> str:
        """The period, its start event and, when known, the date and whether it has passed."""
        head = f"期限为{self.rule.period}" + (f"，自{self.start_event}起算" if self.start_event else "")
        if self.ends is None:
            return head
        if self.passed:
            return f"{head}；按您所述自 {self.start.isoformat()} 起算，已于 {self.ends.isoformat()} 届满"
        return f"{head}；按您所述自 {self.start.isoformat()} 起算，至 {self.ends.isoformat()} 届满（尚余 {self.days_left} 天）"


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
}


def deadline(name: str, *, start_event: str = "", start: date | None = None, today: date | None = None
             ) -> Deadline | None:
    """The deadline rule ``name`` from ``start`` (None for an unknown rule)."""
    rule = DEADLINES.get(name)
    if rule is None:
        return None
    found = Deadline(rule, start_event=start_event)
    if start is not None and (rule.days or rule.months or rule.years):
        today = today or datetime.now(tz=CHINA_TZ).date()
        ends = add_years(start, rule.years) if rule.years else start
        ends = _add_months(ends, rule.months) if rule.months else ends
        ends = ends + timedelta(days=rule.days) if rule.days else ends
        found.start, found.ends = start, ends
        found.passed, found.days_left = today > ends, (ends - today).days
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
}


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
