"""Questions written as clients type them on a phone: parts numbered with a digit glued to their words
(1请问… 2…), and clauses parted by spaces instead of stops."""

import pytest

from legal.matcher import split_parts


@pytest.mark.parametrize(("question", "parts"), [
    ("我弟被打了 派出所立案了 1对方会判刑吗 2我们能要多少赔偿 3多久能出结果", 3),
    ("我是房东 租客拖了三个月房租 1押金能扣吗 2剩下的能起诉要吗", 2),
    ("借给朋友5万 1能要利息吗 2他一直拖着最晚什么时候起诉", 2),
])
def test_glued_numbers_mark_parts(question: str, parts: int) -> None:
    _narrative, found = split_parts(question)
    assert len(found) == parts


@pytest.mark.parametrize("question", [
    "我在这干了 3年 月薪8000 被辞退了 能拿多少",        # 3年: a count, not a number of a part
    "1号入职 2号就被辞退了 能要工资吗",                  # days of the month
])
def test_digits_that_count_nothing_are_not_parts(question: str) -> None:
    _narrative, found = split_parts(question)
    assert len(found) == 1


@pytest.mark.parametrize(("question", "parts"), [
    ("喝酒开车被查了 血检八十多 会判多久 驾照多少年不能考", 2),
    ("房东不退押金都一年多了 现在还能告吗 最晚哪天", 1),  # by when, after a still-time ask: the same part
    ("房东不退押金 我能起诉吗 最晚哪天", 2),                        # whether, and by when: two answers
    ("借条没写利息 借了他5万 到期一年了还不还 我能要利息吗 能要多少", 2),
    ("竞业协议一分钱补偿都不给 这个协议有效吗 我离职前每月一万二 补偿应该给多少", 2),
])
def test_spaced_clauses_that_ask_are_parts(question: str, parts: int) -> None:
    _narrative, found = split_parts(question)
    assert len(found) == parts


@pytest.mark.parametrize("question", [
    "美容院办了卡 没做几次就关门了 能退多少钱",            # 几次 inside a told clause asks nothing
    "老师上课把别人的文章复印了几份发给学生 算侵权吗",
    "医生手术前没跟我们说有什么风险 结果出了问题 医院有责任吗",
])
def test_a_question_word_inside_a_told_clause_asks_nothing(question: str) -> None:
    _narrative, found = split_parts(question)
    assert len(found) == 1


@pytest.mark.parametrize(("question", "parts"), [
    # an A-not-A question asks wherever it stands in its clause
    ("收到交警的事故认定书 说我负主要责任 能不能复核 最晚哪天交", 2),
    ("一审判我还钱 我不服 最晚哪天要上诉 上诉的话这个判决是不是就先不用执行了", 2),
    ("对方违约了 我能不能定金和违约金一起要 不能的话选哪个能拿得多", 2),
    # who bears a cost asks too
    ("网上买的衣服 商家说吊牌剪了就不能七天无理由了 对吗 来回的运费谁出", 2),
])
def test_an_a_not_a_or_a_who_pays_clause_asks(question: str, parts: int) -> None:
    _narrative, found = split_parts(question)
    assert len(found) == parts, found


@pytest.mark.parametrize("question", [
    "楼上扔下来一个花盆把车砸了 物业查不到是谁 怎么办",       # who did it, told
    "房东打电话问我要不要买这套房 我该怎么办",               # someone else's question, told
    "他打电话问我能不能宽限一下 我没同意 现在该怎么办",
])
def test_a_told_a_not_a_or_who_asks_nothing(question: str) -> None:
    _narrative, found = split_parts(question)
    assert len(found) == 1, found
