"""Cards written from the law's key articles (issue 20, second pass): each question below is written
here in a client's words (none is a card's phrasing), composed with the card that decides it as the
matcher would hand it over, and checked for the conclusion's lead word and the provision it cites.
A second group checks the key list names the statutes the second pass added, and that each of them
has at least one article a card is controlled by."""

from __future__ import annotations

from datetime import date

import pytest

from bench.answers import polarity
from legal.cardfile import shipped_cards
from legal.composer import article_label, compose
from legal.matcher import CardScore, PartMatch
from scripts.card_coverage import controlling_index, coverage, load_key_articles

TODAY = date(2026, 11, 28)
CARDS = {card.slug: card for card in shipped_cards()}
CIVIL_CODE = "中华人民共和国民法典"
CRIMINAL_LAW = "中华人民共和国刑法"
COMMODITY_HOUSING = "最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释"

# the statutes and interpretations the second pass added to the key list, as the corpus names them
SECOND_PASS_LAWS = (
    "中华人民共和国食品安全法", "中华人民共和国城市房地产管理法", COMMODITY_HOUSING, "中华人民共和国电子商务法",
    "中华人民共和国产品质量法", "物业管理条例", "婚姻登记条例", "中华人民共和国未成年人保护法",
    "中华人民共和国妇女权益保障法", "中华人民共和国法律援助法", "住房公积金管理条例",
    "中华人民共和国劳动合同法实施条例", "职工带薪年休假条例", "企业职工带薪年休假实施办法", "女职工劳动保护特别规定",
)


def _part(slug: str, text: str):
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0]


def _cites(part, law: str, article: int) -> bool:
    return any(p.law == law and article_label(p.article) == article_label(article) for p in part.basis)


@pytest.mark.parametrize(("slug", "text", "lead", "law", "article"), [
    ("housing.presale-permit", "售楼处收了我三十万首付，后来一查这栋楼压根没有预售许可，签的购房合同作数吗",
     "negative", COMMODITY_HOUSING, 2),
    ("housing.tenant-unauthorized-alteration", "我把房子租出去，租户自作主张把厨房墙砸了改成开放式，我能叫他弄回原样吗",
     "positive", CIVIL_CODE, 715),
    ("family.child-born-out-of-wedlock", "跟前男友没领证就有了孩子，他现在不管不问，我可以起诉让他付孩子的生活费吗",
     "positive", CIVIL_CODE, 1071),
    ("family.remarriage-registration", "离了以后又搬回来一起过了一年多，没去民政局，我们现在法律上算两口子吗",
     "negative", CIVIL_CODE, 1083),
    ("contract.agency-authorization", "我人在国外，写了委托书让我姐替我签了卖车合同，现在想反悔说不是我签的，行得通吗",
     "positive", CIVIL_CODE, 162),
    ("personal_injury.assistive-device-fee", "车祸后我妈一条腿没了，以后要一直装假肢，这个钱肇事方得出吗",
     "positive", "最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释", 13),
    ("administrative.detention-time-credit", "先在看守所待了六天，最后警察只给了行政拘留十天，前面那六天算不算进去",
     "positive", "中华人民共和国治安管理处罚法", 110),
    ("criminal.exemption-from-punishment", "法院判决认定我有罪但免除处罚，这样档案里会不会有犯罪记录",
     "positive", CRIMINAL_LAW, 37),
    ("company.liquidation-obligation", "合作的公司营业执照被吊销好几年了，也没人出来清算，当董事的要不要对我的货款负责",
     "positive", "中华人民共和国公司法", 232),
    ("labor.maternity-insurance-coverage", "老婆一直在家带孩子没上班，这次生二胎的住院费能不能走我单位交的生育险",
     "positive", "中华人民共和国社会保险法", 54),
    ("consumer.review-deleted", "我在网店给了个差评，结果平台直接把我的评论弄没了，平台这样做合法吗",
     "negative", "中华人民共和国电子商务法", 39),
    ("consumer.platform-deposit-refund", "租共享充电宝交了99块押金，申请退了一个月还没到账，平台该不该退",
     "positive", "中华人民共和国电子商务法", 21),
    ("housing.unsold-unit-property-fee", "开发商还没通知收房，物业就催我交去年一整年的物业费，这笔钱我得交吗",
     "negative", "物业管理条例", 41),
    ("family.guardianship-revocation", "外孙的爸爸酗酒还经常打孩子，我们做外公外婆的能去法院把他的监护权拿掉吗",
     "positive", CIVIL_CODE, 36),
])
def test_the_card_answers_the_question_asked(slug: str, text: str, lead: str, law: str, article: int) -> None:
    part = _part(slug, text)
    assert polarity(part.text) == lead, part.text
    assert _cites(part, law, article), [(p.law, p.article) for p in part.basis]


def test_a_figure_question_on_a_work_injury_care_card_states_the_three_rates() -> None:
    part = _part("labor.work-injury-nursing-care", "工伤评了级，鉴定说生活完全不能自理，每个月护理费按什么标准给")
    assert all(rate in part.text for rate in ("50%", "40%", "30%")), part.text
    assert _cites(part, "工伤保险条例", 34)


def test_a_time_question_on_the_trial_limit_card_states_the_limit_and_its_extension() -> None:
    part = _part("civil_procedure.trial-time-limit", "一审走的普通程序，立案快八个月了还没判，法院最长能拖多久")
    assert "六个月" in part.text and "延长" in part.text, part.text
    assert _cites(part, "中华人民共和国民事诉讼法", 152)


def test_the_key_list_names_the_second_pass_laws_and_cards_control_each() -> None:
    keys, problems = load_key_articles()
    assert problems == []
    table, _ = coverage(keys, controlling_index())
    for law in SECOND_PASS_LAWS:
        assert law in table, law
        listed, covered = table[law]
        assert covered >= 1, (law, listed, covered)
