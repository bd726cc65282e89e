"""走了 and 没了 tell of a death only in a story of one, and never after a verb of taking or of the client
leaving (the answer's facts line showed "死亡 是" for 被派出所带走了, 我辞职走了, 岗位没了)."""

from __future__ import annotations

from datetime import date

import pytest

from legal.facts import extract_facts

TODAY = date(2026, 11, 27)


@pytest.mark.parametrize("text", [
    "我外婆上个礼拜走了，房子没留遗嘱，舅舅要独占",
    "工友在车间晕倒，送到医院第二天还是走了，厂里说不算工伤",
    "我老公出车祸人当场就没了，肇事司机跑了",
    "借钱的那个人已经走了，他儿子说不认这笔账",
    "他上个月在工地上去世了",
    "老人抢救无效，家属要求赔偿",
])
def test_a_death_is_read(text):
    assert extract_facts(text, today=TODAY).items.get("death") is not None


@pytest.mark.parametrize("text", [
    "我哥昨天夜里被警察带走了，说是涉嫌诈骗，家里人能做什么",
    "房东把押金收走了，退租的时候一分不给",
    "我上个月自己辞职走了，公司还欠我半个月工资",
    "合同到期我就走了，单位没给补偿",
    "公司说我的岗位没了，让我去仓库，我不同意",
    "店铺都没了，东西坏了找不到人",
    "他把我的车开走了一直不还",
])
def test_nothing_else_is_read_as_a_death(text):
    assert extract_facts(text, today=TODAY).items.get("death") is None
