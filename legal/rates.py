"""The rates, multipliers, caps, floors and day counts the law fixes, each with its deciding article — one
table the calculators of :mod:`legal.calculators` and :mod:`legal.rules` read, instead of a number written into
each calculator (docs/decisions/figures-and-deadlines.md, "Fourth round").

A figure a client asks for is mostly a quantity from his words times a rate from this table (加班 150 %, 定金
at most 20 % of the price, 欺诈 three times with 500 元 at least). A rate that changes (a new interpretation, a
new standard) changes here, and every calculator that uses it follows; each article was read in the statute
database (laws in force, current numbering).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

LABOR_LAW = "中华人民共和国劳动法"
LABOR_CONTRACT_LAW = "中华人民共和国劳动合同法"
LEAVE_REGULATION = "职工带薪年休假条例"
LABOR_DISPUTE_INTERPRETATION = "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）"
WAGE_PAYMENT = "工资支付暂行规定"
CIVIL_CODE = "中华人民共和国民法典"
CONTRACT_INTERPRETATION = "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释"
PRIVATE_LENDING = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
CONSUMER_LAW = "中华人民共和国消费者权益保护法"
FOOD_SAFETY_LAW = "中华人民共和国食品安全法"
MARRIAGE_INTERPRETATION = "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）"
INJURY_INTERPRETATION = "最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释"


@dataclass(frozen=True)
class Rate:
    """A rate or count the law fixes: ``value`` (a multiplier, a share, a count of months or years), an optional
    ``floor`` (the least amount in yuan the figure may be) and the article that decides it."""

    key: str
    value: Decimal
    what: str
    law: str
    article: int
    floor: Decimal | None = None

    def times(self, amount: Decimal) -> Decimal:
        """``amount`` × the rate, raised to the floor when there is one."""
        product = amount * self.value
        return max(product, self.floor) if self.floor is not None else product

    @property
    def percent(self) -> str:
        """The rate as a client reads it: 150%, 20%, 30%."""
        return f"{(self.value * 100).normalize():f}%"


RATES: dict[str, Rate] = {r.key: r for r in (
    # labour
    Rate("overtime_workday", Decimal("1.5"), "工作日延长工作时间的工资", LABOR_LAW, 44),
    Rate("overtime_restday", Decimal("2"), "休息日工作又不能安排补休的工资", LABOR_LAW, 44),
    Rate("overtime_holiday", Decimal("3"), "法定休假日工作的工资", LABOR_LAW, 44),
    Rate("leave_extra", Decimal("2"), "应休未休年休假的另付工资（日工资的 200%，连同正常工资为 300%）",
         LEAVE_REGULATION, 5),
    Rate("compensation_wage_cap", Decimal("3"), "经济补偿的月工资以当地上年度职工月平均工资的三倍为限",
         LABOR_CONTRACT_LAW, 47),
    Rate("compensation_years_cap", Decimal("12"), "月工资按三倍封顶的，经济补偿年限最多十二年",
         LABOR_CONTRACT_LAW, 47),
    Rate("unlawful_termination", Decimal("2"), "违法解除或终止劳动合同的赔偿金为经济补偿的二倍",
         LABOR_CONTRACT_LAW, 87),
    Rate("non_compete", Decimal("0.3"), "竞业限制经济补偿为离职前十二个月平均工资的 30%",
         LABOR_DISPUTE_INTERPRETATION, 36),
    Rate("wage_deduction", Decimal("0.2"), "因劳动者造成的损失每月从工资中扣除的，不超过当月工资的 20%",
         WAGE_PAYMENT, 16),
    # contracts and loans
    Rate("deposit_cap", Decimal("0.2"), "定金不得超过主合同标的额的 20%", CIVIL_CODE, 586),
    Rate("deposit_double", Decimal("2"), "收受定金一方违约的，双倍返还定金", CIVIL_CODE, 587),
    Rate("penalty_line", Decimal("1.3"), "约定违约金超过造成损失的 30% 的，一般认定为过分高于损失",
         CONTRACT_INTERPRETATION, 65),
    Rate("lending_lpr_multiple", Decimal("4"), "民间借贷利率以合同成立时一年期 LPR 的四倍为限",
         PRIVATE_LENDING, 25),
    # consumers
    Rate("fraud_treble", Decimal("3"), "经营者欺诈的，增加赔偿价款的三倍，不足五百元的为五百元",
         CONSUMER_LAW, 55,
         floor=Decimal(500)),
    Rate("defect_punitive",
         Decimal("2"), "明知缺陷仍提供、造成死亡或健康严重损害的，所受损失二倍以下的惩罚性赔偿",
         CONSUMER_LAW, 55),
    Rate("food_tenfold", Decimal("10"), "不符合食品安全标准的食品，价款十倍的赔偿金，不足一千元的为一千元",
         FOOD_SAFETY_LAW, 148,
         floor=Decimal(1000)),
    Rate("food_loss_treble", Decimal("3"), "或者损失三倍的赔偿金", FOOD_SAFETY_LAW, 148),
    # family
    Rate("child_support_low", Decimal("0.2"), "有固定收入的，抚养费一般按月总收入的 20% 至 30%",
         MARRIAGE_INTERPRETATION, 49),
    Rate("child_support_high", Decimal("0.3"), "有固定收入的，抚养费一般按月总收入的 20% 至 30%",
         MARRIAGE_INTERPRETATION, 49),
    Rate("child_support_several",
         Decimal("0.5"), "负担两个以上子女的，比例可以适当提高，但一般不得超过月总收入的 50%",
         MARRIAGE_INTERPRETATION, 49),
    # personal injury
    Rate("funeral_months",
         Decimal("6"), "丧葬费按受诉法院所在地上一年度职工月平均工资，以六个月总额计算",
         INJURY_INTERPRETATION, 14),
    Rate("death_compensation_years",
         Decimal("20"), "死亡赔偿金按上一年度城镇居民人均可支配收入计算二十年",
         INJURY_INTERPRETATION, 15),
)}


#: Above every city's published monthly average wage of the last year (the highest, Shanghai's and Beijing's, were
#: about 12,000–12,500 元 for 2024; the margin covers the years ahead): a monthly wage above three times this is above
#: the 第四十七条 cap wherever the client works, so the cap and its twelve years apply though no average was given.
HIGHEST_LOCAL_AVERAGE_WAGE = Decimal(13500)


def rate(key: str) -> Rate:
    """The rate ``key`` of :data:`RATES` (a KeyError for a rate the table does not hold)."""
    return RATES[key]


CRIMINAL_LAW = "中华人民共和国刑法"
THEFT_INTERPRETATION = "最高人民法院、最高人民检察院关于办理盗窃刑事案件适用法律若干问题的解释"
FRAUD_INTERPRETATION = "最高人民法院、最高人民检察院关于办理诈骗刑事案件具体应用法律若干问题的解释"


@dataclass(frozen=True)
class Band:
    """A band of a property crime by the amount: the national range within which each province fixes its threshold
    (``low`` to ``high`` 元), and the sentence the Criminal Law sets for it (``years``: the least and the most, None
    for 无期)."""

    label: str
    low: Decimal
    high: Decimal
    sentence: str
    years: tuple[int, int | None]


@dataclass(frozen=True)
class Bands:
    crime: str
    article: int
    interpretation: str
    bands: tuple[Band, ...]


#: Theft and fraud by the amount (刑法 264, 266; 盗窃解释 1, 诈骗解释 1): each province fixes its figure within
#: the range.
SENTENCE_BANDS: dict[str, Bands] = {
    "theft": Bands("盗窃罪", 264, THEFT_INTERPRETATION, (
        Band("数额较大", Decimal(1000), Decimal(3000), "三年以下有期徒刑、拘役或者管制，并处或者单处罚金", (0, 3)),
        Band("数额巨大", Decimal(30000), Decimal(100000), "三年以上十年以下有期徒刑，并处罚金", (3, 10)),
        Band("数额特别巨大", Decimal(300000), Decimal(500000), "十年以上有期徒刑或者无期徒刑，并处罚金或者没收财产",
             (10, None)),
    )),
    "fraud": Bands("诈骗罪", 266, FRAUD_INTERPRETATION, (
        Band("数额较大", Decimal(3000), Decimal(10000), "三年以下有期徒刑、拘役或者管制，并处或者单处罚金", (0, 3)),
        Band("数额巨大", Decimal(30000), Decimal(100000), "三年以上十年以下有期徒刑，并处罚金", (3, 10)),
        Band("数额特别巨大", Decimal(500000), Decimal(500000), "十年以上有期徒刑或者无期徒刑，并处罚金或者没收财产",
             (10, None)),
    )),
}
