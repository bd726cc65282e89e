"""The criminal, company, consumer and administrative cards written from the intake checklist
(docs/decisions/cards-other.md): each new card's issue asked in two wordings written here (in none of the
card's phrasings), matched over the whole shipped card set, and answered citing the card's controlling
article."""

from __future__ import annotations

from datetime import date

import pytest

from legal.cardfile import shipped_cards
from legal.matcher import Matcher
from tests.legal.card_cases import assert_each_asked_twice, assert_new_wordings, cites, sure_part
from tests.statutes import MemoEmbedder

TODAY = date(2026, 11, 28)
CIVIL_CODE = "中华人民共和国民法典"
CRIMINAL_LAW = "中华人民共和国刑法"
SECURITY_LAW = "中华人民共和国治安管理处罚法"
PENALTY_LAW = "中华人民共和国行政处罚法"
COMPANY_LAW = "中华人民共和国公司法"
PARTNERSHIP_LAW = "中华人民共和国合伙企业法"
CPL = "中华人民共和国刑事诉讼法"
CONSUMER_LAW = "中华人民共和国消费者权益保护法"
POLICE_RULES = "公安机关办理刑事案件程序规定"
AVIATION_LAW = "中华人民共和国民用航空法"
TAX_INTERPRETATION = "最高人民法院、最高人民检察院关于办理危害税收征管刑事案件适用法律若干问题的解释"

CASES = [
    ("administrative.security-mediation",
     "我和楼下的为了漏水的事推搡起来，他眼镜被我打碎了，民警说可以调解，调解了是不是就不会处罚我",
     SECURITY_LAW, (9,)),
    ("administrative.security-mediation",
     "上个月在所里达成调解，对方答应赔我两千医药费，到现在一分没给，派出所还管不管",
     SECURITY_LAW, (9,)),
    ("administrative.violation-record-sealing",
     "年轻时因为打架被公安局行政拘留过七天，现在女儿报考警校，会不会因为我的这个记录过不了政审",
     SECURITY_LAW, (136,)),
    ("administrative.violation-record-sealing",
     "被派出所罚过两百块钱，这个处罚会一直跟着我的档案吗，新单位能查到吗",
     SECURITY_LAW, (136,)),
    ("administrative.penalty-leniency",
     "我开的小卖部头一回被查出卖了一包过期辣条，已经当场下架了，市场监督管理局还能罚我吗",
     PENALTY_LAW, (33, 32)),
    ("administrative.penalty-leniency",
     "网店商品标题里用了“国家级”三个字被市场监管罚了十万，我一共才卖了几千块，罚得这么狠能要求减轻吗",
     PENALTY_LAW, (33, 32, 5)),
    ("criminal_procedure.frozen-account",
     "我在网上卖二手手机，买家付了款，第二天我的工资卡就被某地公安局冻住了，我跟这事没关系，要怎么才能解冻",
     CPL, (145,)),
    ("criminal_procedure.frozen-account",
     "警方说我的卡涉案给冻结了，这种涉案冻结一般冻几个月，期满不续冻会不会自动解除",
     POLICE_RULES, (243, 240)),
    ("criminal.false-accusation",
     "邻居为了报复，向公安局举报我家男人贩毒，警察来搜了一通什么都没有，这种故意陷害人的能让他坐牢吗",
     CRIMINAL_LAW, (243,)),
    ("criminal.false-accusation",
     "有人捏造我性侵的事报了警，后来查明是假的，这个捏造的人要承担刑事责任吗",
     CRIMINAL_LAW, (243,)),
    ("criminal.tax-evasion",
     "我们公司前年少申报了一百多万的收入，少交了二十来万税，税务局刚下了追缴通知，老板是不是要被抓",
     CRIMINAL_LAW, (201,)),
    ("criminal.tax-evasion",
     "少缴了税被税务机关发现，按通知把税款和滞纳金都补上了，还会被移送公安追究刑责吗",
     CRIMINAL_LAW, (201,)),
    ("criminal.false-invoicing",
     "老板让我从别的公司弄了一批增值税专用发票拿来抵扣进项，根本没有真实业务，这个要判刑吗",
     CRIMINAL_LAW, (205,)),
    ("criminal.false-invoicing",
     "给没有业务往来的公司开专用发票收取开票费，涉及税额一百二十万，会判多少年",
     CRIMINAL_LAW, (205,)),
    ("company.partnership-withdrawal",
     "当初三个人凑钱合伙搞养殖场，没签啥期限，我现在不想干了，能不能自己退出来，要他们点头吗",
     CIVIL_CODE, (976,)),
    ("company.partnership-withdrawal",
     "合伙的洗车店做不下去了大家要拆伙，店里剩下的设备和存款应该按什么比例分给每个合伙人",
     PARTNERSHIP_LAW, (51,)),
    ("company.license-revoked",
     "我名下的公司因为两年没有经营被市场监管局吊销了执照，公司这样就算没了吗，之前欠的债还要还吗",
     COMPANY_LAW, (229, 232)),
    ("company.license-revoked",
     "欠我钱的那家有限公司执照被吊销了，它还能不能被告，我该告谁",
     COMPANY_LAW, (229, 232)),
    ("consumer.flight-delay",
     "坐飞机去成都，登机口通知说机械故障要等五个钟头，最后还取消了，我能让航空公司赔我损失吗",
     AVIATION_LAW, (132, 154)),
    ("consumer.flight-delay",
     "航空公司把我的航班取消了，我想退机票，他们要扣手续费，这样对吗",
     AVIATION_LAW, (132, 154)),
    ("consumer.service-injury",
     "在小区门口的美容店做脱毛，仪器把腿烫出好几个水泡，老板拿出我签过的协议说出了问题自己负责，这协议算数吗",
     CONSUMER_LAW, (49, 26)),
    ("consumer.service-injury",
     "私教课上教练让我硬拉一百公斤，结果腰椎间盘突出住院，健身房说入会协议写了运动受伤自负，他们要不要赔",
     CONSUMER_LAW, (49, 26)),
    ("criminal_procedure.case-file-access",
     "我哥的案子公安已经移送到检察院了，我们请的律师现在能不能去把证据材料复印出来看看",
     CPL, (40,)),
    ("criminal_procedure.case-file-access",
     "人还关在看守所，案子在公安侦查，辩护律师可以看到公安收集的证据吗",
     CPL, (40,)),
]


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(shipped_cards(), embedder=MemoEmbedder())


@pytest.mark.parametrize(("slug", "text", "law", "articles"), CASES)
def test_the_new_card_is_chosen_and_cites_its_controlling_article(matcher: Matcher, slug: str, text: str,
                                                                   law: str, articles: tuple[int, ...]) -> None:
    """The matcher over the whole card set picks the new card for the wording; the card's answer to the
    question asked cites one of the provisions that decide it. (Whether a part matched below the composer's
    citing confidence shows its basis is the composer's policy, not the card's knowledge: the citation is
    checked on the card's answer as the composer gives it for a confident match.)"""
    matches = matcher.match(text)
    top = matches[0].scores[0]
    assert top.card.slug == slug, [(s.card.slug, round(s.confidence, 3)) for s in matches[0].scores[:3]]
    part = sure_part(top.card, text, TODAY)
    assert cites(part, law, articles), (
        [(p.law, p.article) for p in part.basis], round(top.confidence, 3), part.text)


def test_every_new_card_is_asked_twice() -> None:
    assert_each_asked_twice(CASES)
    assert_new_wordings(CASES, {card.slug: card for card in shipped_cards()})
