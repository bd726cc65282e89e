"""The blind bench's ``--swap-side`` names the other party as the contract names it."""

from __future__ import annotations

from bench.contracts_blind import swapped_side


def test_the_other_side_is_the_counterpart_of_a_role_the_contract_gives_its_parties():
    # 业主 alone would be the owners against a property manager; in a renovation contract whose parties are
    # 发包人 and 承包人 the other side is the 承包人
    assert swapped_side("甲方（业主/发包人）", ["发包人", "承包人"]) == "乙方（承包人）"
    assert swapped_side("甲方（业主大会/业主委员会）") == "乙方（物业服务人）"
    assert swapped_side("乙方（承租方）", ["出租方", "承租方"]) == "甲方（出租方）"
    assert swapped_side("甲方（委托人/买方陈思远）", ["甲方", "乙方"]) == "乙方（受托人）"
