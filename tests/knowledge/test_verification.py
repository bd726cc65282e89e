import datetime as dt

import pytest

from knowledge import verification
from knowledge.exceptions import InvalidQuery, LawNotFound
from knowledge.verification import article_paragraphs, citations_verify
from tests.knowledge.graph_support import REPEALED_LAW, import_laws, store_old_version

LABOR_CONTRACT = "中华人民共和国劳动合同法"
CIVIL_CODE = "中华人民共和国民法典"
CRIMINAL_LAW = "中华人民共和国刑法"
TRADEMARK = "中华人民共和国商标法"

pytestmark = pytest.mark.django_db


@pytest.fixture
def today(monkeypatch):
    """Verdicts that depend on the date (a version not yet in force) are checked on fixed days."""

    def set_day(day: dt.date) -> None:
        monkeypatch.setattr(verification, "_today", lambda: day)

    set_day(dt.date(2026, 11, 22))
    return set_day


def brief(results):
    return [(r.law, r.article, r.paragraph, r.item, r.valid, r.code) for r in results]


def test_quoted_unquoted_and_arabic_citations_are_valid(statutes, today):
    text = "根据《中华人民共和国劳动合同法》第四十七条、劳动合同法第47条和民法典1165条，应予赔偿。"
    results = citations_verify(text=text)
    assert brief(results) == [
        (LABOR_CONTRACT, "第四十七条", None, None, True, "ok"),
        (LABOR_CONTRACT, "第四十七条", None, None, True, "ok"),
        (CIVIL_CODE, "第一千一百六十五条", None, None, True, "ok"),
    ]
    first = results[0]
    assert first.status == "现行有效" and first.reason == "条文存在，现行有效" and not first.flagged
    assert first.article_label == "第四十七条" and "经济补偿" in first.excerpt
    assert first.text == "《中华人民共和国劳动合同法》第四十七条"
    assert first.url.endswith(f"/articles/{first.article_id}/")


def test_zhi_yi_article_is_checked_as_its_own_article(statutes, today):
    drunk, missing = citations_verify(text="刑法第一百三十三条之一规定了危险驾驶罪；劳动合同法第四十七条之一另有规定。")
    assert (drunk.law, drunk.article, drunk.valid) == (CRIMINAL_LAW, "第一百三十三条之一", True)
    assert drunk.article_label == "第一百三十三条之一" and "醉酒驾驶" in drunk.excerpt
    # 刑法 is stored once, as the 2020 text marked 已被修改: in force, but flagged.
    assert (drunk.code, drunk.status, drunk.flagged) == ("amended", "已被修改", True)
    assert (missing.law, missing.article, missing.valid, missing.code) == (
        LABOR_CONTRACT, "第四十七条之一", False, "article_missing")
    assert "没有第四十七条之一" in missing.reason and "共98条" in missing.reason


def test_benfa_resolves_to_the_law_named_before_it_or_the_default_law(statutes, today):
    results = citations_verify(text="《劳动合同法》第四十六条规定了经济补偿。本法第三十八条规定了劳动者解除。")
    assert [(r.law, r.article, r.via, r.valid) for r in results] == [
        (LABOR_CONTRACT, "第四十六条", "explicit", True), (LABOR_CONTRACT, "第三十八条", "context", True)]
    [own] = citations_verify(text="依照本法第四十七条的规定支付", default_law="劳动合同法")
    assert (own.law, own.article, own.valid) == (LABOR_CONTRACT, "第四十七条", True)
    [orphan] = citations_verify(text="依照本法第四十七条的规定支付")
    assert (orphan.law, orphan.valid, orphan.code) == (None, False, "law_unresolved")
    assert "本法" in orphan.reason


def test_range_is_expanded_and_articles_past_the_end_are_invalid(statutes, today):
    results = citations_verify(text="参见劳动合同法第九十六条至第九十九条。")
    assert [(r.article, r.valid) for r in results] == [
        ("第九十六条", True), ("第九十七条", True), ("第九十八条", True), ("第九十九条", False)]
    assert results[-1].code == "article_missing"
    assert "该法共98条" in results[-1].reason and "第九十八条" in results[-1].reason


def test_paragraphs_are_counted_by_line_breaks_without_items(statutes, today):
    results = citations_verify(text=(
        "民法典第一千一百六十五条第二款、第一千一百六十五条第三款；"
        "劳动合同法第四十条第三项、第四十条第四项、第四十六条第二款。"))
    assert [(r.article, r.paragraph, r.item, r.valid, r.code) for r in results] == [
        ("第一千一百六十五条", 2, None, True, "ok"),
        ("第一千一百六十五条", 3, None, False, "paragraph_missing"),
        ("第四十条", None, 3, True, "ok"),
        ("第四十条", None, 4, False, "item_missing"),
        # 第四十六条 has eight lines: one paragraph and its seven items.
        ("第四十六条", 2, None, False, "paragraph_missing"),
    ]
    assert results[1].reason.endswith("只有2款，没有第三款") and results[1].paragraphs == 2
    assert "只有3项" in results[3].reason
    assert "只有1款" in results[4].reason


def test_article_paragraphs_attach_items_to_their_paragraph():
    parts = article_paragraphs("有下列情形之一的：\n（一）甲；\n（二）乙。\n前款规定以外的情形。\n")
    assert [(p.items, p.text.count("\n")) for p in parts] == [(2, 2), (0, 0)]
    assert article_paragraphs("下列行为：（一）甲；（二）乙；（三）丙。")[0].items == 3


def test_unknown_laws_are_invalid_and_folded_laws_point_to_the_civil_code(statutes, today):
    invented, folded = citations_verify(text="《中华人民共和国不存在法》第3条与合同法第五十二条。")
    assert (invented.law, invented.law_text, invented.valid, invented.code) == (
        None, "中华人民共和国不存在法", False, "law_unknown")
    assert "法规库中没有《中华人民共和国不存在法》" in invented.reason
    assert (folded.law, folded.valid, folded.code, folded.status) == (None, False, "law_unknown", "已废止")
    assert CIVIL_CODE in folded.reason and folded.suggestions == [CIVIL_CODE]


def test_citation_of_a_repealed_law_is_invalid(statutes, today):
    import_laws(REPEALED_LAW)
    [repealed] = citations_verify(text="根据《中华人民共和国环境保护法》第六条，一切单位和个人都有保护环境的义务。")
    assert (repealed.law, repealed.valid, repealed.code, repealed.status) == (
        "中华人民共和国环境保护法", False, "repealed", "已废止")
    assert "已废止" in repealed.reason and repealed.article_label == "第六条"


def test_historical_version_named_by_year(statutes, today):
    old_constitution, = citations_verify(text="《宪法》（1982年）第一条")
    assert (old_constitution.valid, old_constitution.code, old_constitution.status) == (False, "historical", "历史版本")
    assert "1982年版" in old_constitution.reason and "2018年版" in old_constitution.reason
    assert old_constitution.cited == "《中华人民共和国宪法》（1982年版）第一条"
    # The 2026 商标法 takes effect on 2027-01-01: until then the 2019 text is the one in force (its successor
    # flagged) ...
    trademark_2019 = citations_verify(text="《商标法》（2019年修正）第五十七条、第五十八条")
    assert [(r.article, r.valid, r.code, r.is_current_version) for r in trademark_2019] == [
        ("第五十七条", True, "superseded_pending", True), ("第五十八条", True, "superseded_pending", True)]
    assert "2027年1月1日" in trademark_2019[0].reason
    # ... and afterwards it is a superseded text.
    today(dt.date(2027, 3, 1))
    [later] = citations_verify(text="《商标法》（2019年修正）第五十七条")
    assert (later.valid, later.code, later.status) == (False, "historical", "历史版本")


def test_article_number_only_in_a_historical_version_is_invalid(statutes, today):
    store_old_version(name=LABOR_CONTRACT, number=99, label="第九十九条", text="本法自2008年1月1日起施行。")
    [cited] = citations_verify(text="劳动合同法第九十九条")
    assert (cited.law, cited.valid, cited.code, cited.status) == (LABOR_CONTRACT, False, "historical_only", "历史版本")
    assert "现行《中华人民共和国劳动合同法》没有第九十九条" in cited.reason and "2007年版" in cited.reason


def test_a_text_not_yet_in_force_is_never_the_basis(statutes, today):
    """商标法 2026年版 (labelled 现行有效, in force 2027-01-01) is not the default before that day: a bare
    citation checks the 2019 text in force; an article only the 2026 text has, or the 2026 text named, is
    invalid and shown with its date; from 2027-01-01 the 2026 text is the current one."""
    [bare] = citations_verify(text="商标法第五十七条")
    assert (bare.law, bare.valid, bare.code, bare.law_version) == (TRADEMARK, True, "superseded_pending", "2019年版")
    [only_new] = citations_verify(text="依照《商标法》第八十五条的规定")
    assert (only_new.valid, only_new.code, only_new.law_version) == (False, "not_yet_effective", "2026年版")
    assert only_new.cited.endswith("（2027年1月1日起施行）") and "不能作为现行法律依据" in only_new.reason
    [named] = citations_verify(text="《商标法》（2026年修正）第七十二条")
    assert (named.valid, named.flagged, named.code, named.status) == (False, True, "not_yet_effective",
                                                                     "已公布，尚未施行")
    assert "2027年1月1日起施行" in named.reason and "2019年版" in named.reason
    today(dt.date(2027, 1, 2))
    [now] = citations_verify(text="商标法第七十二条")
    assert (now.valid, now.flagged, now.code, now.law_version) == (True, False, "ok", "2026年版")


def test_a_law_with_no_version_in_force_is_invalid_with_its_date(statutes, today):
    """A law whose only text takes effect later (stored with a future 施行日期) is cited with its date and
    never valid before it; on that day it is."""
    from tests.knowledge.graph_support import store_future_law

    store_future_law(name="中华人民共和国示例保障法", effective=dt.date(2027, 1, 1),
                     text="参保人员享受医疗保障待遇。")
    [cited] = citations_verify(text="《示例保障法》第一条")
    assert (cited.valid, cited.code, cited.status_note) == (False, "not_yet_effective", "（2027年1月1日起施行）")
    assert "目前没有施行中的版本" in cited.reason
    today(dt.date(2027, 1, 1))
    [later] = citations_verify(text="《示例保障法》第一条")
    assert (later.valid, later.code) == (True, "ok")


def test_text_without_citations_gives_an_empty_list(statutes):
    assert citations_verify(text="用人单位应当依法支付经济补偿。") == []


@pytest.mark.parametrize("text", ["", "   \n", "第" * 30_001])
def test_empty_or_oversized_text_is_rejected(statutes, text):
    with pytest.raises(InvalidQuery):
        citations_verify(text=text)


def test_unknown_default_law_is_rejected_with_suggestions(statutes):
    with pytest.raises(LawNotFound) as caught:
        citations_verify(text="本法第三条", default_law="劳动合同条例")
    assert LABOR_CONTRACT in caught.value.suggestions


# -- API and page -----------------------------------------------------------------------------------


def test_verify_api_returns_each_citation_with_its_verdict(statutes, today, api_client, staff_user):
    api_client.force_authenticate(staff_user)
    response = api_client.post("/api/v1/knowledge/verify",
                               {"text": "《劳动合同法》第四十七条第一款及第九十九条"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert [(c["law"], c["article"], c["valid"], c["status"]) for c in body["citations"]] == [
        (LABOR_CONTRACT, "第四十七条", True, "现行有效"), (LABOR_CONTRACT, "第九十九条", False, "现行有效")]
    assert {"law", "article", "valid", "reason", "status", "flagged", "code", "span", "excerpt"} <= set(
        body["citations"][0])
    assert body["citations"][1]["reason"].startswith(f"《{LABOR_CONTRACT}》没有第九十九条")
    assert body["summary"] == {"total": 2, "valid": 1, "invalid": 1, "flagged": 0}


@pytest.mark.parametrize(("payload", "field"), [
    ({"text": ""}, "text"), ({"text": "  "}, "text"), ({"text": "法" * 30_001}, "text"), ({}, "text"),
    ({"text": "本法第三条", "default_law": "劳动合同条例"}, "default_law"),
])
def test_verify_api_rejects_bad_input(statutes, api_client, staff_user, payload, field):
    api_client.force_authenticate(staff_user)
    response = api_client.post("/api/v1/knowledge/verify", payload, format="json")
    assert response.status_code == 400
    assert field in response.json()


def test_verify_api_needs_a_login(statutes, api_client):
    response = api_client.post("/api/v1/knowledge/verify", {"text": "民法典第1165条"}, format="json")
    assert response.status_code in (401, 403)


def test_verify_page_shows_ticks_crosses_and_reasons(statutes, today, client, staff_user):
    client.force_login(staff_user)
    assert client.get("/knowledge/verify/").status_code == 200
    response = client.post("/knowledge/verify/", {"text": "依据民法典第1165条及《中华人民共和国不存在法》第3条。"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="cv-mark cv-ok"') == 1 and html.count('class="cv-mark cv-bad"') == 1
    assert "✓" in html and "✗" in html
    assert "条文存在，现行有效" in html and "法规库中没有《中华人民共和国不存在法》" in html
    assert '<mark class="cv-ok"' in html and '<mark class="cv-bad"' in html


def test_verify_page_reports_empty_text(statutes, client, staff_user):
    client.force_login(staff_user)
    response = client.post("/knowledge/verify/", {"text": " "})
    assert response.status_code == 400
    assert "请输入要核验的文本" in response.content.decode()
