"""A part that asks whether what the other side told the client holds: the first sentence says whether
the claim holds, from the client's side."""

from decimal import Decimal

import pytest

from legal.calculators import CalculationResult
from legal.composer import claim_lead
from legal.rules import Calculation


@pytest.mark.parametrize(("part", "answer", "holds"), [
    # the answer favours the client: the other side's claim fails
    ("房东讲押金一分都不退，这合理吗", "不合理。正常使用的磨损不能扣押金。", False),
    ("店家回复说定制的东西不能退，有道理吗", "可以退。未约定定制的……", False),
    ("公司HR非说我还得赔培训费，真的假的", "不需要。服务期未约定的……", False),
    ("老板跟我说试用期不用交社保，是不是真的", "不合法。试用期也必须缴纳社会保险。", False),
    # whose right 无权 denies is not said by the word: no lead
    ("物业称欠费就能停水停电，他们说得对吗", "无权停水停电……", None),
    # the answer is against the client: the claim holds
    ("对方说我超过三年才告已经过了时效，是这样吗", "不能（一般情形）。已过诉讼时效……", True),
    ("银行表示逾期了就要收罚息，合理吗", "合理。约定了罚息的……", True),
    ("想提前还钱，他说要按借满一年算利息 合理不", "可以。借款人有权提前还款……", False),
    # a classification: the claim holds when the answer classifies as it does
    ("单位坚持说下班路上出的事不算工伤，对吗", "属于工伤。下班途中非本人主要责任……", False),
    ("派出所的人说我这是寻衅滋事，靠谱吗", "构成寻衅滋事……", True),
    ("对方说这不构成诈骗 是这样吗", "构成诈骗罪……", False),
    # hedged openings
    ("对方说打球受了伤都得自己扛，他说得对吗", "一般不能。自甘风险……", True),
])
def test_claim_holds_or_not(part: str, answer: str, holds: bool | None) -> None:
    lead = claim_lead(part, answer)
    if holds is None:
        assert lead == ""
    elif holds:
        assert lead.startswith("是的")
    else:
        assert lead.startswith("不是")


@pytest.mark.parametrize("part", [
    "我能要回押金吗",                        # no claim of the other side
    "律师说我可以要双倍工资，是真的吗",       # the client's own adviser, not the other side
    "对方说要起诉我",                          # a claim, but no question whether it holds
])
def test_no_lead_without_a_claim_to_check(part: str) -> None:
    assert claim_lead(part, "可以。……") == ""


def _calculation(amount: str) -> Calculation:
    result = CalculationResult("赔偿", Decimal(amount), {}, [], [])
    return Calculation("lost_earnings", result=result)


@pytest.mark.parametrize(("part", "amount", "holds"), [
    ("他说我要赔两万，是不是真的", "15000", False),
    ("对方说要我赔1.2万，这个数合理吗", "15000", True),
    ("对方称误工费要给他三万块 是这样吗", "29800", True),
])
def test_a_sum_claimed_against_the_figure(part: str, amount: str, holds: bool) -> None:
    lead = claim_lead(part, "按您所述……", _calculation(amount))
    assert lead.startswith("是的" if holds else "不是")
