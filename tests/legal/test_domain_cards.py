"""Debt, contract, tort and criminal issues clients bring, answered from the cards that decide them:
each question below is written here in a client's words (none is a card's phrasing), composed with
its card as the matcher would hand it over, and checked for the conclusion's lead word, the figure
or deadline, and the provision the conclusion cites. A second group checks the signals the matcher
reads from the words: whether a clause asks about the criminal consequence."""

from __future__ import annotations

from datetime import date

import pytest

from bench.answers import polarity
from legal.cardfile import shipped_cards
from legal.composer import article_label, compose
from legal.matcher import CardScore, PartMatch, asked_consequence

TODAY = date(2026, 11, 27)
CARDS = {card.slug: card for card in shipped_cards()}
CIVIL_CODE = "中华人民共和国民法典"
CRIMINAL_LAW = "中华人民共和国刑法"


def _part(slug: str, text: str):
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0]


def _cites(part, law: str, article: int | str | tuple[int, ...]) -> bool:
    """Whether the conclusion cites ``article`` of ``law`` (any of them, for a tuple)."""
    wanted = {article_label(a) for a in (article if isinstance(article, tuple) else (article,))}
    return any(p.law == law and article_label(p.article) in wanted for p in part.basis)


@pytest.mark.parametrize(("slug", "text", "lead", "law", "article"), [
    ("debt.subrogation",
     "他欠我十万一直说没钱，可他有一笔到期的货款在别的公司那里，他不去催，我能不能直接去找那家公司要？",
     "positive", CIVIL_CODE, 535),
    ("debt.creditor-revocation", "对方欠我钱，官司打赢了，他却把名下的车无偿过户给了他表弟，这个能撤销吗",
     "positive", CIVIL_CODE, 538),
    ("debt.set-off", "他欠我货款，我也欠他一笔钱，都到期了，我通知他两笔互相抵掉可以吗", "positive", CIVIL_CODE, 568),
    ("contract.passenger-injury", "坐城际大巴的时候车子一个急转弯，我摔在过道里把手腕摔骨折了，客运公司要负责吗",
     "positive", CIVIL_CODE, 823),
    ("contract.parking-custody", "在酒店吃饭，车停在酒店指定的停车场，吃完出来车玻璃被砸了，酒店要赔吗",
     "positive", CIVIL_CODE, (888, 897)),
    ("contract.unauthorized-agency", "我表哥背着我，用我的名义跟人签了一份买卖合同，我从来没同意过，我能不认吗",
     "positive", CIVIL_CODE, 171),
    ("contract.work-order-cancel", "找木工定做一套书柜，他刚开工我就不想要了，可以不要吗", "positive", CIVIL_CODE, 787),
    ("tort.drinking-companions", "单位聚餐有个同事喝多了，散场后自己走回家掉进河里淹死了，我们一起喝酒的要承担责任吗",
     "positive", CIVIL_CODE, 1165),
    ("tort.joint-tortfeasors", "被四个人围着打，警察只抓到一个，我能让这一个人把医药费全赔了吗",
     "positive", CIVIL_CODE, 1168),
    ("criminal.self-defense", "有人拿着刀闯进我家抢劫，我拿拖把把他打成了重伤，我会坐牢吗",
     "negative", CRIMINAL_LAW, 20),
    ("criminal.harboring-fugitive", "我弟弟打伤人跑了，躲到我家来，我给他钱让他去外地躲着，我会不会也犯罪",
     "positive", CRIMINAL_LAW, 310),
])
def test_the_card_answers_the_question_asked(slug: str, text: str, lead: str, law: str,
                                             article: int | tuple[int, ...]) -> None:
    part = _part(slug, text)
    assert polarity(part.text) == lead, part.text
    assert _cites(part, law, article), [(p.law, p.article) for p in part.basis]


def test_set_off_computes_what_is_left_after_the_two_debts_cancel() -> None:
    part = _part("debt.set-off", "他欠我3万块钱，我欠他1万2，两笔抵销之后他还该给我多少钱？")
    assert "18000" in part.text.replace(",", ""), part.text
    assert _cites(part, CIVIL_CODE, 568)


def test_a_partial_repayment_restarts_the_limitation_period() -> None:
    """民法典 195: the debtor's partial repayment is his consent to perform; three years run anew from it."""
    part = _part("civil_procedure.limitation-interruption",
                 "借给他的钱2025年4月10日他还了我一部分，之后就再也没还过，我最晚什么时候起诉？")
    assert "2028年4月" in part.text, part.text
    assert _cites(part, CIVIL_CODE, 195)


def test_a_deposit_kept_after_the_clients_own_breach_is_lawful() -> None:
    part = _part("contract.deposit-vs-earnest",
                 "我们订了饭店办寿宴交了定金，后来是我们自己不办了，饭店说定金不退，这样合法吗")
    assert polarity(part.text) == "positive", part.text
    assert _cites(part, CIVIL_CODE, 587)


@pytest.mark.parametrize(("clause", "asks"), [
    ("要是我主动去派出所说清楚，是不是能判轻点", "crime"),
    ("这种情况一般会怎么判", "crime"),
    ("赔钱给他能争取从轻吗", "crime"),
    ("他的医药费要我赔多少", "money"),
    ("这个合同还有效吗", ""),
])
def test_a_clause_about_the_sentence_asks_about_the_crime(clause: str, asks: str) -> None:
    assert asked_consequence(clause) == asks
