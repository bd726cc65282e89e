import pytest
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db

SEARCH = "/api/v1/knowledge/search"
ARTICLES = "/api/v1/knowledge/articles"
STATUS = "/api/v1/knowledge/status"
RESULT_FIELDS = {"law", "article_no", "article_label", "chapter", "text", "score"}


@pytest.fixture
def client(api_client, staff_user):
    api_client.force_authenticate(staff_user)
    return api_client


def test_endpoints_require_authentication(statutes, api_client):
    for url in (f"{SEARCH}?q=经济补偿", f"{ARTICLES}?law=民法典&article=1", STATUS):
        assert api_client.get(url).status_code in (401, 403)


def test_token_authentication_works(statutes, api_client, staff_user):
    token, _ = Token.objects.get_or_create(user=staff_user)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api_client.get(f"{ARTICLES}?law=劳动合同法&article=47").status_code == 200


def test_search_shape_matches_the_contract(statutes, client):
    response = client.get(SEARCH, {"q": "用人单位违法解除劳动合同 赔偿金", "top_k": 3})
    assert response.status_code == 200
    body = response.json()
    assert list(body)[0] == "results" and len(body["results"]) == 3
    for hit in body["results"]:
        assert RESULT_FIELDS <= set(hit)
        assert isinstance(hit["article_no"], int) and hit["article_label"].startswith("第")
        assert isinstance(hit["score"], float) and isinstance(hit["text"], str)
    assert body["results"][0]["law"] == "中华人民共和国劳动合同法"


def test_search_with_law_and_domain_filters(statutes, client):
    body = client.get(SEARCH, {"q": "赔偿", "law": "《劳动合同法》", "top_k": 10}).json()
    assert {hit["law"] for hit in body["results"]} == {"中华人民共和国劳动合同法"}
    body = client.get(SEARCH, {"q": "赔偿", "domain": "labor"}).json()
    assert body["results"]


@pytest.mark.parametrize(("params", "status"), [
    ({"q": ""}, 400), ({}, 400), ({"q": "刑"}, 400), ({"q": "x" * 30_001}, 400),
    ({"q": "经济补偿", "top_k": 0}, 400), ({"q": "经济补偿", "top_k": 51}, 400), ({"q": "经济补偿", "top_k": "a"}, 400),
    ({"q": "经济补偿", "domain": "astrology"}, 400),
])
def test_search_bad_input_is_a_400(statutes, client, params, status):
    assert client.get(SEARCH, params).status_code == status


def test_search_accepts_30000_characters(statutes, client):
    narrative = ("张某在某公司工作五年，公司单方解除劳动合同且未支付经济补偿。" * 1000)[:30_000]
    response = client.get(SEARCH, {"q": narrative, "top_k": 5})
    assert response.status_code == 200 and response.json()["results"]


def test_search_unknown_law_is_a_404_with_suggestions(statutes, client):
    response = client.get(SEARCH, {"q": "经济补偿", "law": "劳动合同条例"})
    assert response.status_code == 404
    assert "中华人民共和国劳动合同法" in response.json()["suggestions"]["laws"]


def test_article_shape_matches_the_contract(statutes, client):
    body = client.get(ARTICLES, {"law": "民法典", "article": "第一千二百五十四条"}).json()
    assert {"law", "article_no", "article_label", "chapter", "text"} <= set(body)
    assert (body["law"], body["article_no"], body["article_label"]) == (
        "中华人民共和国民法典", 1254, "第一千二百五十四条")
    assert body["chapter"].startswith("第十章")
    zhi_yi = client.get(ARTICLES, {"law": "刑法", "article": "第一百三十三条之一"}).json()
    assert (zhi_yi["article_no"], zhi_yi["suffix"], zhi_yi["article_label"]) == (133, 1, "第一百三十三条之一")


def test_article_errors(statutes, client):
    unknown_law = client.get(ARTICLES, {"law": "劳动合同条例", "article": "47"})
    assert unknown_law.status_code == 404 and unknown_law.json()["suggestions"]["laws"]
    unknown_article = client.get(ARTICLES, {"law": "劳动合同法", "article": "第200条"})
    assert unknown_article.status_code == 404
    assert unknown_article.json()["suggestions"]["articles"][0]["article_label"] == "第九十八条"
    assert client.get(ARTICLES, {"law": "劳动合同法", "article": "第四十七款"}).status_code == 400
    assert client.get(ARTICLES, {"law": "劳动合同法"}).status_code == 400


def test_status_reports_counts_versions_and_embedding(statutes, client):
    body = client.get(STATUS).json()
    assert body["laws"]["history"] >= 2 and body["laws"]["current"] >= 7
    assert body["articles"]["embedded"] == body["articles"]["total"] > 2000
    assert body["embedding"]["backend"] == "use" and body["embedding"]["dim"] == body["embedding"]["column_dim"] == 512
    assert body["embedding"]["needs_reembed"] is False
    assert body["last_import"]["status"] == "ok"


def test_endpoints_are_in_the_openapi_schema(statutes, client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    for path in (SEARCH, ARTICLES, STATUS):
        assert path in schema["paths"], path
    params = {p["name"] for p in schema["paths"][SEARCH]["get"]["parameters"]}
    assert {"q", "top_k", "law", "domain"} <= params


def test_search_by_post_serves_long_case_facts(api_client, staff_user, statutes):
    api_client.force_authenticate(staff_user)
    facts = ("原告张某于2019年3月入职被告公司，任销售经理，月工资8000元。2022年5月，被告以经营困难为由"
             "口头通知原告解除劳动合同，未支付任何经济补偿。") * 120  # ~7,000 characters: too long for a URL
    response = api_client.post("/api/v1/knowledge/search", {"q": facts, "top_k": 5}, format="json")
    assert response.status_code == 200, response.content
    assert any(hit["law"] == "中华人民共和国劳动合同法" for hit in response.json()["results"])
    too_long = api_client.post("/api/v1/knowledge/search", {"q": "字" * 30_001}, format="json")
    assert too_long.status_code == 400
