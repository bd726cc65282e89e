"""A text not in force today is never the basis of an answer (docs/decisions/laws-in-force-on-a-date.md).

The status is computed from the law's versions' dates: 商标法 2026年版 is labelled 现行有效 but takes effect on
2027-01-01, so before that day the 2019 text is the one cards, conclusions and the playbook cite; a law whose
only text takes effect later (stored here as 示例保障法) is cited by nobody as the basis, and an answer built on
it shows the next provision in force instead. The audit over the shipped cards, deadline and calculator rules
and the playbook lists every citation of a text not in force."""

from __future__ import annotations

import datetime as dt

import pytest

from contracts.playbook import starter_rules
from contracts.playbook.deciding import deciding_table, rule_entries
from knowledge import selectors as knowledge_selectors
from knowledge.selectors import versions
from legal import selectors
from legal.cardfile import parse_card, shipped_cards
from legal.composer import compose, verified_line
from legal.matcher import CardScore, PartMatch
from legal.rules import CALCULATOR_BASIS, DEADLINES, deadline_basis
from tests.knowledge.graph_support import store_future_law
from tests.legal.cited_laws import article_lookups, import_cited

pytestmark = pytest.mark.django_db
FUTURE_LAW = "中华人民共和国示例保障法"
LABOR_CONTRACT = "中华人民共和国劳动合同法"
NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


@pytest.fixture
def day(monkeypatch):
    def set_day(when: dt.date) -> None:
        monkeypatch.setattr(versions, "today", lambda: when)
        knowledge_selectors.invalidate_caches()

    set_day(dt.date(2026, 11, 28))
    yield set_day
    knowledge_selectors.invalidate_caches()


@pytest.fixture
def future_law(statutes, day):
    store_future_law(name=FUTURE_LAW, effective=dt.date(2027, 1, 1), text="参保人员依法享受示例保障待遇。")
    return FUTURE_LAW


def audit(citations: list[tuple[str, str, int | str]]) -> list[str]:
    """Each (who, law, article) whose article is not in the text in force today, with the status it has."""
    from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, LawNotFound

    problems = []
    article_lookup = article_lookups()
    for who, law, article in citations:
        try:
            found = article_lookup(law=law, article=article)
        except (LawNotFound, ArticleNotFound, InvalidArticleNumber) as exc:
            problems.append(f"{who}: 《{law}》{article}: {exc}")
            continue
        if not found.law.in_force:
            note = found.law.status_note or f"（{found.law.time_status}）"
            problems.append(f"{who}: 《{law}》{found.label}{note} {found.law.version_label}")
    return problems


def test_a_pending_text_is_not_valid_and_its_text_is_not_shown_until_it_takes_effect(future_law, day):
    assert not selectors.provision_valid(future_law, 1) and selectors.provision_text(future_law, 1) == ""
    assert not verified_line(f"依照《{future_law}》第一条，参保人员享受待遇。")
    assert selectors.provision_valid("中华人民共和国商标法", 57)  # the 2019 text in force
    assert not selectors.provision_valid("中华人民共和国商标法", 85)  # only the 2026 text has 第八十五条
    day(dt.date(2027, 1, 1))
    assert selectors.provision_valid(future_law, 1) and "示例保障待遇" in selectors.provision_text(future_law, 1)
    assert selectors.provision_valid("中华人民共和国商标法", 85)


def test_an_answer_on_a_pending_text_cites_the_next_provision_in_force(future_law):
    card = parse_card({
        "slug": "t.pending", "title": "示例待遇", "domain": "labor", "summary": "测试。", "phrasings": NEUTRAL,
        "terms": ["测试"], "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "可以。", "basis": [{"law": future_law, "article": 1}]}},
        "provisions": [
            {"law": future_law, "article": 1, "role": "controlling", "decides": "示例待遇", "keywords": ["待遇"]},
            {"law": LABOR_CONTRACT, "article": 47, "role": "controlling", "decides": "经济补偿按工作年限计算",
             "keywords": ["经济补偿"]},
        ],
    })
    match = PartMatch("能享受待遇吗？", [CardScore(card, 0.95, 0.95)], True)
    composition = compose("能享受待遇吗？", [match], today=dt.date(2026, 11, 28),
                          article_text=selectors.provision_text)
    markdown = composition.markdown
    assert f"《{LABOR_CONTRACT}》第四十七条" in markdown
    assert future_law not in markdown.split("### 法律依据", 1)[-1]
    conclusions = composition.conclusions(verified=lambda law, article: selectors.provision_valid(law, 1)
                                          if law == future_law else True)
    assert all(not c["valid"] for conclusion in conclusions for c in conclusion["citations"]
               if c["law"] == future_law)


def test_the_audit_lists_a_citation_of_a_pending_or_superseded_text(future_law):
    planted = [("planted", future_law, 1), ("planted 2026 numbering", "中华人民共和国商标法", "第八十五条"),
               ("in force", LABOR_CONTRACT, 47)]
    problems = audit(planted)
    assert len(problems) == 2
    assert problems[0] == f"planted: 《{future_law}》第一条（2027年1月1日起施行） 2026年版"
    # the text in force (2019) has no 第八十五条: the 2026 numbering is not found in it
    assert problems[1].startswith("planted 2026 numbering: 《中华人民共和国商标法》第八十五条: ")


def _shipped_citations() -> list[tuple[str, str, int | str]]:
    citations: list[tuple[str, str, int | str]] = []
    for card in shipped_cards():
        citations += [(f"{card.slug} provision", p.law, p.article) for p in card.provisions]
        citations += [(f"{card.slug} answers.{q}", law, number) for q, a in card.answers.items()
                      for law, number in a.basis]
    citations += [(f"calculator {name}", law, number) for name, pairs in CALCULATOR_BASIS.items()
                  for law, number in pairs]
    citations += [(f"deadline {name}", law, number) for name in DEADLINES for law, number in deadline_basis(name)]
    for rule in starter_rules():
        citations += [(f"playbook {rule.code}", ref.law, ref.article) for ref in rule.basis]
        citations += [(f"playbook {rule.code} basis_by", ref.law, ref.article)
                      for entry in rule_entries(rule.params) for ref in entry.basis]
    citations += [(f"deciding.toml {entry.name}", ref.law, ref.article) for entry in deciding_table()
                  for ref in entry.basis]
    return citations


def test_no_card_rule_or_playbook_entry_cites_a_text_not_in_force(day, monkeypatch, tmp_path_factory):
    """Every law cited, imported in all its stored versions (so a pending revision is there to be chosen
    wrongly), resolves to the article of the text in force on the day."""
    citations = _shipped_citations()
    import_cited({law for _, law, _ in citations}, monkeypatch, tmp_path_factory)
    assert knowledge_selectors.law_resolve(name="商标法", version="2026").time_status == "已公布，尚未施行"
    assert audit(citations) == []
