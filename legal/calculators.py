"""Calculators lawyers use daily, each returning its figures, the steps and the legal basis.

* :func:`economic_compensation` — 经济补偿, 劳动合同法第四十七条 (N months by years of service,
  the half-year rules, the 3× local average wage cap with the 12-year cap), optionally plus the
  extra month of wages in lieu of notice (第四十条, "N+1").
* :func:`unlawful_termination_damages` — 违法解除赔偿金, 第八十七条: twice the 第四十七条 amount.
* :func:`double_wage` — 未签书面劳动合同二倍工资, 第八十二条: the extra wage from the second month,
  at most 11 months.
* :func:`litigation_fee` — 诉讼费, 《诉讼费用交纳办法》第十三条: the property-case tiers, divorce,
  personality-right, labour, IP and administrative cases; 第十六条 halves it in simple procedure.
* :func:`limitation_period` — 诉讼时效, 民法典第一百八十八条 (3 years from when the right-holder
  knew or should have known, 20 years at most) with the period rules of 第二百零一、二百零二条 and
  an interruption (第一百九十五条) restarting it.

Money is :class:`~decimal.Decimal`, rounded to the fen (ROUND_HALF_UP) only at the end. Invalid
input raises :class:`CalculatorInputError` with a Chinese message.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any
from zoneinfo import ZoneInfo

from knowledge.numerals import int_to_cn
from legal.rates import HIGHEST_LOCAL_AVERAGE_WAGE
from legal.rates import rate as legal_rate

LABOR_CONTRACT_LAW = "中华人民共和国劳动合同法"
CIVIL_CODE = "中华人民共和国民法典"
FEE_MEASURES = "诉讼费用交纳办法"
FEN = Decimal("0.01")
#: "Today" for the limitation period is the date in China.
CHINA_TZ = ZoneInfo("Asia/Shanghai")


def cn_date(day: date) -> str:
    """A date as a client reads it: 2026年12月27日 (never ISO in an answer's words)."""
    return f"{day.year}年{day.month}月{day.day}日"


class CalculatorInputError(ValueError):
    """Invalid calculator input; the message is Chinese and meant for the user."""


@dataclass(frozen=True)
class LegalBasis:
    law: str
    article: str  # 第四十七条

    def __str__(self) -> str:
        return f"《{self.law}》{self.article}"


@dataclass(frozen=True)
class DatedBasis:
    """A basis in a law whose numbering changes with a new text: ``articles`` gives, from each text's first day in
    force, the article of the same rule; ``article`` is the one of the text in force on the day it is read
    (docs/decisions/laws-in-force-on-a-date.md), so a deadline never shows an old number against a new text."""
    law: str
    articles: tuple[tuple[date, int], ...]

    def on(self, day: date) -> str:
        number = max(((start, n) for start, n in self.articles if start <= day), default=min(self.articles))[1]
        return _article(number)

    @property
    def article(self) -> str:
        return self.on(datetime.now(CHINA_TZ).date())

    def __str__(self) -> str:
        return f"《{self.law}》{self.article}"


@dataclass(frozen=True)
class CalculationResult:
    """``amount`` is the headline figure (yuan) or None when the result is a date or a range;
    ``figures`` holds every intermediate value; ``steps`` explains them in Chinese."""

    name: str
    amount: Decimal | None
    figures: dict[str, Any]
    steps: list[str]
    legal_basis: list[LegalBasis]
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "amount": None if self.amount is None else str(self.amount),
            "figures": {k: _jsonable(v) for k, v in self.figures.items()},
            "steps": list(self.steps),
            "legal_basis": [{"law": b.law, "article": b.article, "text": str(b)} for b in self.legal_basis],
            "notes": list(self.notes),
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _article(number: int) -> str:
    return f"第{int_to_cn(number)}条"


def _money(value: Decimal) -> Decimal:
    return value.quantize(FEN, rounding=ROUND_HALF_UP)


def _yuan(value: Decimal) -> str:
    """12000.00 -> '12,000元'; 1234.5 -> '1,234.50元'."""
    value = _money(value)
    if value == value.to_integral_value():
        return f"{int(value):,}元"
    return f"{value:,.2f}元"


def _decimal(value: Any, name: str) -> Decimal:
    if isinstance(value, bool):
        raise CalculatorInputError(f"{name}必须是数字")
    try:
        number = value if isinstance(value, Decimal) else Decimal(str(value))
    except (InvalidOperation, ValueError) as exc:
        raise CalculatorInputError(f"{name}必须是数字") from exc
    if not number.is_finite():
        raise CalculatorInputError(f"{name}必须是有限的数字")
    return number


def _positive_money(value: Any, name: str) -> Decimal:
    number = _decimal(value, name)
    if number < 0:
        raise CalculatorInputError(f"{name}不能为负数")
    if number == 0:
        raise CalculatorInputError(f"{name}必须大于零")
    if number > Decimal(10) ** 12:
        raise CalculatorInputError(f"{name}过大")
    return number


def _months(value: Any, name: str, *, allow_zero: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CalculatorInputError(f"{name}必须是整数个月")
    if value < 0:
        raise CalculatorInputError(f"{name}不能为负数")
    if value == 0 and not allow_zero:
        raise CalculatorInputError(f"{name}不能为零")
    if value > 1200:
        raise CalculatorInputError(f"{name}不合理（超过一百年）")
    return value


# -- 经济补偿 / 赔偿金 -------------------------------------------------------------------------------


def compensation_months(service_months: int) -> Decimal:
    """N of 第四十七条: 1 per full year; a remainder of 6 months or more counts as a year, less as half.

    Months are whole months of service: 36 → 3, 30 → 3 (2 years + 6 months), 28 → 2.5, 78 → 7,
    5 → 0.5, 6 → 1.
    """
    years, remainder = divmod(service_months, 12)
    if remainder >= 6:
        return Decimal(years + 1)
    if remainder > 0:
        return Decimal(years) + Decimal("0.5")
    return Decimal(years)


def economic_compensation(
    *,
    monthly_wage: Decimal | int | float | str,
    service_months: int,
    local_average_monthly_wage: Decimal | int | float | str | None = None,
    with_notice_pay: bool = False,
    last_month_wage: Decimal | int | float | str | None = None,
) -> CalculationResult:
    """经济补偿 (劳动合同法第四十七条).

    ``monthly_wage``: average monthly wage of the 12 months before termination. ``service_months``:
    whole months worked for this employer. ``local_average_monthly_wage``: last year's average
    monthly wage published by the city; when given and the wage exceeds 3× it, the base is 3× the
    average and the months are capped at 12 years. ``with_notice_pay`` adds one month's wage in
    lieu of 30 days' notice (第四十条; the previous month's wage, ``last_month_wage``, defaulting to
    ``monthly_wage``) — the "N+1" of a 第四十条 dismissal.
    """
    wage = _positive_money(monthly_wage, "月工资")
    months = _months(service_months, "工作年限（月数）")
    steps: list[str] = []
    notes: list[str] = []
    basis = [LegalBasis(LABOR_CONTRACT_LAW, _article(47))]
    n = compensation_months(months)
    years, remainder = divmod(months, 12)
    if remainder >= 6:
        rule = f"满{years}年，余{remainder}个月（六个月以上不满一年按一年计）"
    elif remainder:
        rule = f"满{years}年，余{remainder}个月（不满六个月支付半个月工资）"
    else:
        rule = f"满{years}年"
    steps.append(f"工作年限 {months} 个月：{rule}，N = {n} 个月")
    base = wage
    capped = False
    cap_wage: Decimal | None = None
    if local_average_monthly_wage is not None:
        average = _positive_money(local_average_monthly_wage, "当地上年度职工月平均工资")
        cap_wage = legal_rate("compensation_wage_cap").times(average)
        if wage > cap_wage:
            capped = True
            base = cap_wage
            steps.append(
                f"月工资 {_yuan(wage)} 高于当地上年度职工月平均工资三倍 {_yuan(cap_wage)}，按 {_yuan(cap_wage)} 计算"
            )
            most = legal_rate("compensation_years_cap").value
            if n > most:
                steps.append(f"支付年限最高不超过十二年：N 由 {n} 调整为 {most}")
                n = most
        else:
            steps.append(f"月工资 {_yuan(wage)} 未超过当地上年度职工月平均工资三倍 {_yuan(cap_wage)}，按实际月工资计算")
    elif wage > legal_rate("compensation_wage_cap").times(HIGHEST_LOCAL_AVERAGE_WAGE):
        # above three times every city's average: capped wherever the client works — the years are capped now, the
        # base is three times the local average the client has not given (the figure is said as its formula)
        most = legal_rate("compensation_years_cap").value
        steps.append(f"月工资 {_yuan(wage)} 高于各地上年度职工月平均工资的三倍（各地均不超过 "
                     f"{_yuan(legal_rate('compensation_wage_cap').times(HIGHEST_LOCAL_AVERAGE_WAGE))}），必按三倍封顶")
        if n > most:
            steps.append(f"支付年限最高不超过十二年：N 由 {n} 调整为 {most}")
            n = most
        steps.append(f"经济补偿 = 当地上年度职工月平均工资 × 3 × {n} 个月（最多按 {most} 个月计；"
                     f"具体数额需知道当地上年度职工月平均工资后计算）")
        figures_capped: dict[str, Any] = {"monthly_wage": wage, "service_months": months, "n_months": n,
                                          "base_wage": None, "capped": True, "cap_wage": None, "compensation": None,
                                          "total": None}
        notes.append("月工资指解除或者终止劳动合同前十二个月的平均工资（第四十七条第三款）")
        return CalculationResult("经济补偿", None, figures_capped, steps, basis, notes)
    else:
        notes.append("未提供当地上年度职工月平均工资，未检查三倍封顶；月工资较高时请补充该数据")
    compensation = _money(base * n)
    steps.append(f"经济补偿 = {_yuan(base)} × {n} = {_yuan(compensation)}")
    figures: dict[str, Any] = {
        "monthly_wage": wage,
        "service_months": months,
        "n_months": n,
        "base_wage": base,
        "capped": capped,
        "cap_wage": cap_wage,
        "compensation": compensation,
    }
    total = compensation
    if with_notice_pay:
        notice = _positive_money(last_month_wage, "上一个月工资") if last_month_wage is not None else wage
        notice = _money(notice)
        total = compensation + notice
        basis.append(LegalBasis(LABOR_CONTRACT_LAW, _article(40)))
        steps.append(f"未提前三十日书面通知的，额外支付一个月工资 {_yuan(notice)}（即“N+1”的“+1”）")
        steps.append(f"合计 = {_yuan(compensation)} + {_yuan(notice)} = {_yuan(total)}")
        figures["notice_pay"] = notice
    figures["total"] = total
    notes.append("月工资指解除或者终止劳动合同前十二个月的平均工资（第四十七条第三款）")
    return CalculationResult("经济补偿", total, figures, steps, basis, notes)


def unlawful_termination_damages(
    *,
    monthly_wage: Decimal | int | float | str,
    service_months: int,
    local_average_monthly_wage: Decimal | int | float | str | None = None,
) -> CalculationResult:
    """违法解除或者终止劳动合同的赔偿金 (第八十七条): twice the 第四十七条 compensation, caps included.

    赔偿金 replaces 经济补偿 (not both); no notice pay is added.
    """
    base = economic_compensation(
        monthly_wage=monthly_wage,
        service_months=service_months,
        local_average_monthly_wage=local_average_monthly_wage,
    )
    compensation = base.figures["compensation"]
    basis = [LegalBasis(LABOR_CONTRACT_LAW, _article(87)), LegalBasis(LABOR_CONTRACT_LAW, _article(47))]
    if compensation is None:  # capped with the local average unknown: twice the formula
        n = base.figures["n_months"]
        steps = [*base.steps, f"赔偿金 = 经济补偿标准的二倍 = 当地上年度职工月平均工资 × 3 × {n} 个月 × 2"]
        return CalculationResult("违法解除劳动合同赔偿金", None, {**base.figures, "damages": None}, steps, basis,
                                 [*base.notes, "用人单位支付赔偿金的，不再支付经济补偿"])
    damages = _money(legal_rate("unlawful_termination").times(compensation))
    steps = [*base.steps, f"赔偿金 = 经济补偿标准的二倍 = {_yuan(compensation)} × 2 = {_yuan(damages)}"]
    figures = {**base.figures, "damages": damages, "total": damages}
    notes = [*base.notes, "用人单位支付赔偿金的，不再支付经济补偿"]
    basis = [LegalBasis(LABOR_CONTRACT_LAW, _article(87)), LegalBasis(LABOR_CONTRACT_LAW, _article(47))]
    return CalculationResult("违法解除劳动合同赔偿金", damages, figures, steps, basis, notes)


# -- 二倍工资 -------------------------------------------------------------------------------------


def double_wage(
    *,
    monthly_wage: Decimal | int | float | str,
    months_without_contract: int,
) -> CalculationResult:
    """未签书面劳动合同的二倍工资差额 (第八十二条第一款).

    ``months_without_contract``: whole months worked since employment began without a written
    contract. The first month is the grace period to sign; from the second month to the end of
    the first year the employer owes one extra month's wage per month — at most 11 months. After a
    full year without a contract an open-ended contract is deemed concluded (实施条例第七条).
    """
    wage = _positive_money(monthly_wage, "月工资")
    months = _months(months_without_contract, "未签合同的月数")
    payable = min(max(months - 1, 0), 11)
    extra = _money(wage * payable)
    steps = [
        f"自用工之日起一个月内为订立书面合同的宽限期，不计二倍工资；共 {months} 个月未签合同",
        f"应支付二倍工资的月数 = min({months} − 1, 11) = {payable} 个月",
        f"二倍工资差额（另一倍工资）= {_yuan(wage)} × {payable} = {_yuan(extra)}",
    ]
    notes = ["已按月正常发放的工资不重复计算，主张的是另一倍工资"]
    if months > 12:
        notes.append("满一年仍未订立书面劳动合同的，视为已订立无固定期限劳动合同，二倍工资最多 11 个月")
    notes.append("二倍工资差额适用一年的劳动仲裁时效，请注意期限")
    figures = {"monthly_wage": wage, "months_without_contract": months, "payable_months": payable, "extra_wage": extra}
    basis = [LegalBasis(LABOR_CONTRACT_LAW, _article(82))]
    return CalculationResult("未签书面劳动合同二倍工资", extra, figures, steps, basis, notes)


# -- 诉讼费 ---------------------------------------------------------------------------------------

#: 第十三条第（一）项: (upper bound of the band, rate); the first 10,000 yuan is a flat 50.
PROPERTY_FEE_TIERS: tuple[tuple[Decimal | None, Decimal], ...] = (
    (Decimal(100_000), Decimal("0.025")),
    (Decimal(200_000), Decimal("0.02")),
    (Decimal(500_000), Decimal("0.015")),
    (Decimal(1_000_000), Decimal("0.01")),
    (Decimal(2_000_000), Decimal("0.009")),
    (Decimal(5_000_000), Decimal("0.008")),
    (Decimal(10_000_000), Decimal("0.007")),
    (Decimal(20_000_000), Decimal("0.006")),
    (None, Decimal("0.005")),
)
FEE_CASE_TYPES = (
    "property",
    "divorce",
    "personality",
    "labor",
    "ip",
    "administrative",
    "administrative_special",
    "other_non_property",
)


def property_case_fee(amount: Decimal) -> tuple[Decimal, list[str]]:
    """Fee of a property case by the 第十三条第（一）项 tiers, with one step per band used."""
    steps = ["不超过1万元的部分：每件交纳50元"]
    fee = Decimal(50)
    lower = Decimal(10_000)
    for upper, rate in PROPERTY_FEE_TIERS:
        if amount <= lower:
            break
        top = amount if upper is None else min(amount, upper)
        part = (top - lower) * rate
        fee += part
        band = f"超过{_wan(lower)}" + (f"至{_wan(upper)}" if upper is not None else "")
        steps.append(f"{band}的部分：{_yuan(top - lower)} × {(rate * 100).normalize():f}% = {_yuan(part)}")
        if upper is None or amount <= upper:
            break
        lower = upper
    return _money(fee), steps


def _wan(value: Decimal) -> str:
    return f"{int(value) // 10_000}万元"


def litigation_fee(
    *,
    case_type: str = "property",
    amount: Decimal | int | float | str | None = None,
    simple_procedure: bool = False,
) -> CalculationResult:
    """案件受理费 (《诉讼费用交纳办法》第十三条).

    ``case_type``: ``property`` (财产案件, ``amount`` = 诉讼请求金额), ``divorce`` (离婚; ``amount`` =
    财产总额 when property is divided), ``personality`` (人格权; ``amount`` = 赔偿金额),
    ``labor`` (劳动争议, 10元), ``ip`` (知识产权; with ``amount`` as a property case, else 500–1000元),
    ``administrative`` (其他行政案件, 50元), ``administrative_special`` (商标、专利、海事行政案件, 100元),
    ``other_non_property`` (其他非财产案件 50–100元).
    Ranges (离婚 50–300元 …) are set locally within the band: the result gives ``fee_min`` and
    ``fee_max`` and ``amount`` None. ``simple_procedure`` halves the fee (第十六条).
    """
    if case_type not in FEE_CASE_TYPES:
        raise CalculatorInputError(f"不支持的案件类型：{case_type}（可选：{'、'.join(FEE_CASE_TYPES)}）")
    value: Decimal | None = None
    if amount is not None:
        value = _decimal(amount, "诉讼标的额")
        if value < 0:
            raise CalculatorInputError("诉讼标的额不能为负数")
        if value > Decimal(10) ** 13:
            raise CalculatorInputError("诉讼标的额过大")
    basis = [LegalBasis(FEE_MEASURES, _article(13))]
    steps: list[str] = []
    figures: dict[str, Any] = {"case_type": case_type, "amount": value}
    low: Decimal
    high: Decimal
    if case_type == "property" or (case_type == "ip" and value is not None):
        if value is None or value == 0:
            raise CalculatorInputError("财产案件须提供大于零的诉讼请求金额")
        fee, steps = property_case_fee(value)
        steps.insert(0, f"财产案件，诉讼请求金额 {_yuan(value)}，按第十三条第（一）项分段累计")
        low = high = fee
    elif case_type == "divorce":
        low, high = Decimal(50), Decimal(300)
        steps.append("离婚案件每件交纳50元至300元（具体标准由各地确定）")
        extra = Decimal(0)
        if value is not None and value > 200_000:
            extra = _money((value - 200_000) * Decimal("0.005"))
            steps.append(
                f"涉及财产分割，财产总额超过20万元的部分按0.5%交纳：{_yuan(value - 200_000)} × 0.5% = {_yuan(extra)}"
            )
        elif value is not None:
            steps.append("涉及财产分割，财产总额不超过20万元的，不另行交纳")
        low, high = low + extra, high + extra
        figures["property_part"] = extra
    elif case_type == "personality":
        low, high = Decimal(100), Decimal(500)
        steps.append("侵害人格权的案件每件交纳100元至500元")
        extra = Decimal(0)
        if value is not None and value > 50_000:
            extra += (min(value, Decimal(100_000)) - 50_000) * Decimal("0.01")
            if value > 100_000:
                extra += (value - 100_000) * Decimal("0.005")
            extra = _money(extra)
            steps.append(f"赔偿金额超过5万元至10万元的部分按1%、超过10万元的部分按0.5%交纳：{_yuan(extra)}")
        elif value is not None:
            steps.append("赔偿金额不超过5万元的，不另行交纳")
        low, high = low + extra, high + extra
        figures["damages_part"] = extra
    elif case_type == "labor":
        low = high = Decimal(10)
        steps.append("劳动争议案件每件交纳10元")
    elif case_type == "ip":
        low, high = Decimal(500), Decimal(1000)
        steps.append("知识产权民事案件，没有争议金额的，每件交纳500元至1000元")
    elif case_type == "administrative":
        low = high = Decimal(50)
        steps.append("行政案件（商标、专利、海事行政案件以外）每件交纳50元")
    elif case_type == "administrative_special":
        low = high = Decimal(100)
        steps.append("商标、专利、海事行政案件每件交纳100元")
    else:
        low, high = Decimal(50), Decimal(100)
        steps.append("其他非财产案件每件交纳50元至100元")
    if simple_procedure:
        low, high = _money(low / 2), _money(high / 2)
        basis.append(LegalBasis(FEE_MEASURES, _article(16)))
        steps.append("适用简易程序审理，减半交纳")
    figures["fee_min"] = low
    figures["fee_max"] = high
    headline = low if low == high else None
    if headline is not None:
        steps.append(f"案件受理费 = {_yuan(headline)}")
    else:
        steps.append(f"案件受理费在 {_yuan(low)} 至 {_yuan(high)} 之间")
    notes = ["《诉讼费用交纳办法》是国务院行政法规，本站法条库未收录，条文以官方文本为准"]
    return CalculationResult("诉讼费（案件受理费）", headline, figures, steps, basis, notes)


# -- 诉讼时效 -------------------------------------------------------------------------------------


def add_years(start: date, years: int) -> date:
    """The corresponding day ``years`` later; 2月29日 without a counterpart becomes the month's last day
    (民法典第二百零二条)."""
    year = start.year + years
    last_day = calendar.monthrange(year, start.month)[1]
    return date(year, start.month, min(start.day, last_day))


def limitation_period(
    *,
    known_on: date,
    infringed_on: date | None = None,
    interrupted_on: date | None = None,
    today: date | None = None,
) -> CalculationResult:
    """诉讼时效 (民法典第一百八十八条): the date the general 3-year period ends.

    ``known_on``: the day the right-holder knew or should have known of the damage and the obligor.
    ``infringed_on``: the day the right was damaged (defaults to ``known_on``); no protection after
    20 years from it. ``interrupted_on``: the last interruption (催告, 对方同意履行, 起诉 …), from
    which the 3 years run anew (第一百九十五条). The day itself is not counted (第二百零一条): the
    period ends on the corresponding day (第二百零二条), e.g. known 2021-03-05 → ends 2024-03-05.
    """
    today = today or datetime.now(tz=CHINA_TZ).date()
    for value, name in (
        (known_on, "知道权利受损之日"),
        (infringed_on, "权利受到损害之日"),
        (interrupted_on, "时效中断之日"),
    ):
        if value is not None and not isinstance(value, date):
            raise CalculatorInputError(f"{name}必须是日期")
        if value is not None and value > today:
            raise CalculatorInputError(f"{name}（{cn_date(value)}）不能晚于今天（{cn_date(today)}）")
    infringed = infringed_on or known_on
    if infringed > known_on:
        raise CalculatorInputError("权利受到损害之日不能晚于知道权利受损之日")
    if interrupted_on is not None and interrupted_on < known_on:
        raise CalculatorInputError("时效中断之日不能早于诉讼时效起算之日")
    start = interrupted_on or known_on
    three_year_end = add_years(start, 3)
    longest_end = add_years(infringed, 20)
    expires_on = min(three_year_end, longest_end)
    steps = [f"自权利人知道或者应当知道权利受到损害以及义务人之日（{cn_date(known_on)}）起计算，诉讼时效期间为三年"]
    basis = [
        LegalBasis(CIVIL_CODE, _article(188)),
        LegalBasis(CIVIL_CODE, _article(201)),
        LegalBasis(CIVIL_CODE, _article(202)),
    ]
    if interrupted_on is not None:
        steps.append(f"{cn_date(interrupted_on)} 诉讼时效中断，从中断时起重新计算三年")
        basis.append(LegalBasis(CIVIL_CODE, _article(195)))
    steps.append(f"开始的当日不计入，到期年份的对应日为最后一日：三年期间届满日 {cn_date(three_year_end)}")
    steps.append(
        f"自权利受到损害之日（{cn_date(infringed)}）起超过二十年的不予保护：最长期间届满日 {cn_date(longest_end)}"
    )
    if longest_end < three_year_end:
        steps.append("二十年最长期间先届满，以其为准")
    expired = today > expires_on
    days_left = (expires_on - today).days
    if expired:
        steps.append(f"截至 {cn_date(today)}，诉讼时效已于 {cn_date(expires_on)} 届满")
    else:
        steps.append(f"截至 {cn_date(today)}，诉讼时效将于 {cn_date(expires_on)} 届满，尚余 {days_left} 天")
    notes = [
        "期间最后一日是法定休假日的，以休假日结束的次日为最后一日（第二百零三条），本计算未顺延节假日",
        "法律另有规定的特殊时效（如劳动仲裁一年）不适用本计算",
    ]
    if expired:
        notes.append("时效届满后义务人可以拒绝履行，但义务人同意履行或自愿履行的不得反悔（第一百九十二条）")
    figures = {
        "known_on": known_on,
        "infringed_on": infringed,
        "interrupted_on": interrupted_on,
        "three_year_end": three_year_end,
        "longest_end": longest_end,
        "expires_on": expires_on,
        "expired": expired,
        "days_left": days_left,
        "today": today,
    }
    return CalculationResult("诉讼时效", None, figures, steps, basis, notes)


# -- heads of claim computed from the client's own figures (legal/heads.py) --------------------------------

WORK_INJURY_REGULATION = "工伤保险条例"


def prepaid_rent_refund(*, monthly_rent: Decimal | int | float | str,
                        months: Decimal | int | float | str) -> CalculationResult:
    """预交而未住的房租 (民法典第七百三十三条 on the lease's end; the rent is owed only for the time used): the
    monthly rent × the months paid ahead and not used."""
    rent = _positive_money(monthly_rent, "月租金")
    count = _decimal(months, "预交的月数")
    if count <= 0 or count > 120:
        raise CalculatorInputError("预交的月数须大于零且不超过一百二十个月")
    refund = _money(rent * count)
    steps = [f"预交未住的房租 = 月租金 {_yuan(rent)} × {count.normalize():f} 个月 = {_yuan(refund)}"]
    notes = ["已经住过的月份按约定租金结算，退还的是未使用期间的租金"]
    return CalculationResult("预交房租退还", refund, {"monthly_rent": rent, "months": count, "total": refund}, steps,
                             [LegalBasis(CIVIL_CODE, _article(733))], notes)


def injury_leave_wages(*, monthly_wage: Decimal | int | float | str, leave_months: Decimal | int | float | str
                       ) -> CalculationResult:
    """停工留薪期工资 (工伤保险条例第三十三条): the worker's wage and benefits stay unchanged during the paid
    leave, at most 12 months (24 when extended): the monthly wage × the months off work."""
    wage = _positive_money(monthly_wage, "月工资")
    months = _decimal(leave_months, "停工留薪的月数")
    if months <= 0 or months > 24:
        raise CalculatorInputError("停工留薪期一般不超过十二个月，延长不得超过十二个月")
    pay = _money(wage * months)
    steps = [f"停工留薪期工资 = 原月工资 {_yuan(wage)} × {months.normalize():f} 个月 = {_yuan(pay)}"]
    notes = ["停工留薪期内原工资福利待遇不变，由所在单位按月支付"]
    return CalculationResult("停工留薪期工资", pay, {"monthly_wage": wage, "leave_months": months, "total": pay}, steps,
                             [LegalBasis(WORK_INJURY_REGULATION, _article(33))], notes)
