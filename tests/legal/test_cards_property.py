"""The issues of the real-estate, injury and demolition practice that had no card (docs/decisions/cards-property.md):
each new card is asked in two wordings written here, in none of its phrasings, and the shipped matcher must choose
it; composed with it, the conclusion cites the article that decides the issue."""

from __future__ import annotations

from datetime import date

import pytest

from legal import cardfile
from legal.matcher import Matcher
from tests.legal.card_cases import assert_new_wordings, cites, sure_part

TODAY = date(2026, 11, 29)
CIVIL_CODE = "中华人民共和国民法典"
EXPROPRIATION = "国有土地上房屋征收与补偿条例"
INJURY_RULES = "最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释"

#: (card, wording, the law and article its conclusion cites)
ASKED = [
    ("housing.landlord-entry-lockout",
     "房东说来检查燃气，其实趁我不在开门进去翻了我的抽屉，这种行为违法吗",
     CIVIL_CODE, (708, 1033)),
    ("housing.landlord-entry-lockout",
     "合同还没到期，房东嫌我晚交了两天房租就把门锁换了，我的行李还在里面，他能这么干吗",
     CIVIL_CODE, (708, 1033)),
    ("housing.property-security-loss",
     "我家在小区里被小偷撬门了，小区门禁坏了一年物业都不修，物业要赔我吗",
     CIVIL_CODE, 942),
    ("housing.property-security-loss",
     "停在小区车棚里的电瓶车被人偷了，车棚监控是坏的，可以要物业赔偿吗",
     CIVIL_CODE, 942),
    ("housing.neighbor-group-rental",
     "隔壁那户住了十几个租客，把房子隔成了很多小房间，整夜吵闹，我们可以怎么办",
     CIVIL_CODE, 286),
    ("housing.neighbor-group-rental",
     "楼上房东把房子分隔成好多间出租，我们邻居能不能要求他拆隔断",
     CIVIL_CODE, 286),
    ("demolition.compensation-family-split",
     "拆迁给的补偿款，房产证上是我和我姐两个人的名字，她要拿大头，应该怎么分",
     CIVIL_CODE, 309),
    ("demolition.compensation-family-split",
     "我妈的老房子征收后补了一百多万，舅舅说他户口也在里面要分一半，他有份吗",
     EXPROPRIATION, 2),
    ("demolition.tenant-compensation",
     "房屋被征收，承租的商户能不能主张停产停业损失",
     EXPROPRIATION, 17),
    ("demolition.tenant-compensation",
     "我租了个门面开超市，现在整片要征收，房东把补偿全拿了，我的装修和停业损失找谁要",
     EXPROPRIATION, (17, 23)),
    ("demolition.unlawful-forced-demolition",
     "补偿协议没签，拆迁公司半夜把我家房子推平了，这个合法吗",
     EXPROPRIATION, (27, 28)),
    ("demolition.unlawful-forced-demolition",
     "没有法院的裁定，街道找人把我家合法的房子强行拆了，我该怎么维权",
     EXPROPRIATION, (27, 28)),
    ("personal_injury.death-compensation",
     "我外公在景区被一块松动的石头砸中，送到医院没抢救过来，他74岁，能赔多少死亡赔偿金",
     INJURY_RULES, 15),
    ("personal_injury.death-compensation",
     "我弟弟在朋友家的泳池里溺水死亡，家属可以主张多少赔偿",
     INJURY_RULES, 15),
    ("housing.co-owned-house-sale",
     "房产证上是我和表哥按份共有，他占一半，他要把整套房子卖给别人，我不点头他卖得成吗",
     CIVIL_CODE, 301),
    ("housing.co-owned-house-sale",
     "我和两个弟弟共有一套房，他俩不打招呼就想把房子出售，按法律要多少人同意才行",
     CIVIL_CODE, 301),
    ("tort.protector-injured-compensation",
     "看到有人偷邻居家的摩托车，我上去阻拦被他用扳手打伤了，人跑了，邻居该不该补偿我",
     CIVIL_CODE, 183),
    ("tort.protector-injured-compensation",
     "下河救一个落水的小孩，自己的腿被划了一道大口子，孩子父母要给我补偿吗",
     CIVIL_CODE, 183),
]


@pytest.fixture(scope="module")
def shipped_matcher() -> Matcher:
    return Matcher(list(cardfile.shipped_cards()))


def test_every_wording_here_is_new_to_its_card() -> None:
    assert_new_wordings(ASKED, {card.slug: card for card in cardfile.shipped_cards()})


@pytest.mark.parametrize(("slug", "text", "law", "article"), ASKED)
def test_the_new_card_is_chosen_and_cites_its_article(shipped_matcher: Matcher, slug: str, text: str, law: str,
                                                      article: int | tuple[int, ...]) -> None:
    parts = shipped_matcher.match(text)
    assert parts and parts[0].best is not None
    assert parts[0].best.card.slug == slug, [(s.card.slug, round(s.score, 2)) for s in parts[0].scores[:3]]
    part = sure_part(parts[0].best.card, text, TODAY)
    assert cites(part, law, article), [(p.law, p.article) for p in part.basis]
