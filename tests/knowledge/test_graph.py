import networkx as nx
import pytest
from django.core.management import call_command
from django.template.loader import render_to_string

from knowledge import graph, selectors
from knowledge.graph import CITES, CONTAINS, MENTIONS, article_node, citation_graph, law_node
from tests.knowledge.graph_support import REPEALED_LAW, VILLAGE_DECISION, VILLAGE_LAW, import_laws

LABOR_CONTRACT = "中华人民共和国劳动合同法"

pytestmark = pytest.mark.django_db


def node_of(law: str, article: str | int) -> str:
    return article_node(selectors.article_lookup(law=law, article=article).pk)


def cites_of(g: nx.DiGraph, node: str) -> dict[str, int]:
    return {g.nodes[v]["label"]: g[node][v]["count"] for v in g.successors(node) if g[node][v]["kind"] == CITES}


def test_contains_edges_run_law_to_chapter_to_article(statutes):
    g = citation_graph()
    article = node_of("劳动合同法", 46)
    [chapter] = [u for u in g.predecessors(article) if g[u][article]["kind"] == CONTAINS]
    assert g.nodes[chapter]["kind"] == "chapter" and g.nodes[chapter]["label"] == "第四章 劳动合同的解除和终止"
    [law] = list(g.predecessors(chapter))
    assert law == law_node(selectors.law_resolve(name="劳动合同法").pk) and g[law][chapter]["kind"] == CONTAINS
    assert g.nodes[law]["label"] == LABOR_CONTRACT


def test_a_chapter_title_repeated_in_the_civil_code_is_several_chapters(statutes):
    g = citation_graph()
    law = law_node(selectors.law_resolve(name="民法典").pk)
    general = [c for c in g.successors(law) if g.nodes[c]["label"] == "第一章 一般规定"]
    assert len(general) > 3  # the chapter numbering restarts in every book
    for chapter in general:
        ordinals = sorted(g.nodes[a]["ordinal"] for a in g.successors(chapter))
        assert ordinals == list(range(ordinals[0], ordinals[0] + len(ordinals)))  # a contiguous run


def test_benfa_cross_references_become_cites_edges(statutes):
    # 第四十六条: 依照本法第三十八条…第三十六条…第四十条…第四十一条第一款…第四十四条第一项…第四十四条第四项
    g = citation_graph()
    assert cites_of(g, node_of("劳动合同法", 46)) == {
        "第三十六条": 1, "第三十八条": 1, "第四十条": 1, "第四十一条": 1, "第四十四条": 2}
    edge = g[node_of("劳动合同法", 46)][node_of("劳动合同法", 38)]
    assert (edge["kind"], edge["via"]) == (CITES, "context")


def test_previous_article_is_cited_by_qian_tiao(statutes):
    g = citation_graph()
    # 民法典第五百二十八条: 当事人依据前条规定中止履行的 …
    edge = g[node_of("民法典", 528)][node_of("民法典", 527)]
    assert (edge["kind"], edge["via"]) == (CITES, "previous")
    assert not g.has_edge(node_of("民法典", 528), node_of("民法典", 526))


def test_constitution_amendment_cites_the_constitution(statutes):
    g = citation_graph()
    amendment = node_of("宪法修正案（2018年）", "第三十六条")  # 宪法第一条第二款 …
    assert g[amendment][node_of("宪法", 1)]["kind"] == CITES


def test_bare_article_in_an_amendment_decision_cites_the_amended_law(statutes):
    import_laws(VILLAGE_LAW, VILLAGE_DECISION)
    g = citation_graph()
    decision = selectors.law_resolve(name=VILLAGE_DECISION)
    first_item = node_of(decision.name, "条目一")  # 将第一条修改为：……
    target = node_of(VILLAGE_LAW, 1)
    assert g[first_item][target]["kind"] == CITES
    assert not any(g.nodes[v]["law_id"] == decision.pk for v in g.successors(first_item))


def test_law_named_without_an_article_is_a_mention(statutes):
    g = citation_graph()
    constitution = law_node(selectors.law_resolve(name="宪法").pk)
    # 民法典第一条: …根据宪法，制定本法。
    civil_first = node_of("民法典", 1)
    assert (g[civil_first][constitution]["kind"], g[civil_first][constitution]["via"]) == (MENTIONS, "law_mention")
    assert [v for v in g.successors(civil_first)] == [constitution]
    assert "中华人民共和国民法典" in [n["law"] for n in graph.graph_neighbours(node="宪法")["cited_by"]]


def test_neighbours_of_an_article(statutes):
    data = graph.graph_neighbours(node="劳动合同法 第四十六条")
    assert data["node"]["label"] == f"{LABOR_CONTRACT}第四十六条"
    assert [n["article_label"] for n in data["cites"]] == ["第三十六条", "第三十八条", "第四十条", "第四十一条",
                                                           "第四十四条"]
    assert "第九十七条" in [n["article_label"] for n in data["cited_by"]]
    assert [n["kind"] for n in data["contained_in"]] == ["chapter"]
    assert data["totals"]["cites"] == 5


def test_neighbours_of_a_law_are_laws(statutes):
    data = graph.graph_neighbours(node="宪法")
    assert "中华人民共和国宪法修正案（2018年）" in [n["law"] for n in data["cited_by"]]
    assert {n["kind"] for n in data["cited_by"]} == {"law"}
    assert {n["kind"] for n in data["contains"]} == {"chapter"}


def test_related_within_two_hops_ranks_direct_citations_first(statutes):
    related = graph.graph_related(node="劳动合同法第四十六条", limit=30)
    scores = [r["score"] for r in related]
    assert scores == sorted(scores, reverse=True)
    direct = [r for r in related if r["hops"] == 1]
    assert {r["article_label"] for r in direct} >= {"第三十六条", "第三十八条", "第九十七条"}
    assert all(r["hops"] <= 2 for r in related)
    first_two_hop = next(i for i, r in enumerate(related) if r["hops"] == 2)
    assert all(r["hops"] == 1 for r in related[:first_two_hop])
    # 第九十七条 → 第四十六条 → 第三十八条, and 第三十九条 is cited with 第四十条 by 第二十一条 …
    assert any(r["via"] == "two_hops" for r in related)


def test_related_laws_of_the_constitution(statutes):
    related = graph.graph_related(node="宪法")
    assert related[0]["law"] == "中华人民共和国宪法修正案（2018年）" and related[0]["hops"] == 1


def test_shortest_path_between_two_laws_and_two_articles(statutes):
    path = graph.graph_path(source="宪法修正案（2018年）", target="宪法")
    assert path["found"] and path["length"] == len(path["steps"])
    assert path["path"][0]["kind"] == "law" and path["path"][-1]["label"] == "中华人民共和国宪法"
    assert CITES in [s["kind"] for s in path["steps"]]
    articles = graph.graph_path(source="劳动合同法第九十七条", target="劳动合同法第三十八条")
    assert [n["article_label"] for n in articles["path"]] == ["第九十七条", "第四十六条", "第三十八条"]
    assert [(s["kind"], s["direction"]) for s in articles["steps"]] == [(CITES, "forward"), (CITES, "forward")]


def test_graphml_export_parses_back(statutes, tmp_path):
    out = tmp_path / "graph.graphml"
    call_command("export_graph", out=str(out))
    back = nx.read_graphml(out)
    g = citation_graph()
    assert (back.number_of_nodes(), back.number_of_edges()) == (g.number_of_nodes(), g.number_of_edges())
    u, v = node_of("劳动合同法", 46), node_of("劳动合同法", 38)
    assert back[u][v]["kind"] == CITES and back.nodes[u]["label"] == "第四十六条"


def test_graph_is_cached_on_disk_and_rebuilt_when_the_corpus_changes(statutes):
    before = citation_graph()
    assert citation_graph() is before
    assert list(graph.cache_dir().glob(f"citation-graph-{before.graph['fingerprint']}.pickle"))
    graph.graph_invalidate()
    reloaded = citation_graph()  # from the pickle, not from the database
    assert reloaded is not before and reloaded.number_of_edges() == before.number_of_edges()
    import_laws(REPEALED_LAW)
    after = citation_graph()
    repealed = selectors.law_resolve(name=REPEALED_LAW)
    assert law_node(repealed.pk) in after and law_node(repealed.pk) not in before
    assert after.graph["fingerprint"] != before.graph["fingerprint"]


# -- API -------------------------------------------------------------------------------------------


def test_graph_api_returns_neighbours_and_related(statutes, api_client, staff_user):
    api_client.force_authenticate(staff_user)
    response = api_client.get("/api/v1/knowledge/graph", {"node": "劳动合同法 第46条", "limit": 3})
    assert response.status_code == 200
    body = response.json()
    assert body["node"]["article_label"] == "第四十六条"
    assert set(body["neighbours"]) >= {"cites", "cited_by", "mentions", "contains", "contained_in", "totals"}
    assert len(body["neighbours"]["cites"]) == 3 and body["neighbours"]["totals"]["cites"] == 5
    assert len(body["related"]) == 3 and body["related"][0]["hops"] == 1


def test_graph_api_errors(statutes, api_client, staff_user):
    assert api_client.get("/api/v1/knowledge/graph", {"node": "民法典"}).status_code in (401, 403)
    api_client.force_authenticate(staff_user)
    assert api_client.get("/api/v1/knowledge/graph").status_code == 400
    assert api_client.get("/api/v1/knowledge/graph", {"node": "民法典", "limit": 0}).status_code == 400
    unknown = api_client.get("/api/v1/knowledge/graph", {"node": "劳动合同条例"})
    assert unknown.status_code == 404 and LABOR_CONTRACT in unknown.json()["suggestions"]["laws"]
    missing = api_client.get("/api/v1/knowledge/graph", {"node": "劳动合同法第九十九条"})
    assert missing.status_code == 404 and missing.json()["suggestions"]["articles"]


def test_graph_path_api(statutes, api_client, staff_user):
    api_client.force_authenticate(staff_user)
    response = api_client.get("/api/v1/knowledge/graph/path", {"from": "宪法修正案（2018年）", "to": "宪法"})
    assert response.status_code == 200
    body = response.json()
    assert body["found"] and body["length"] >= 2 and len(body["path"]) == body["length"] + 1
    assert api_client.get("/api/v1/knowledge/graph/path", {"from": "宪法"}).status_code == 400
    assert api_client.get("/api/v1/knowledge/graph/path", {"from": "宪法", "to": "不存在法"}).status_code == 404


def test_openapi_schema_lists_the_new_endpoints(statutes, api_client):
    response = api_client.get("/api/schema/", {"format": "json"})
    paths = response.json()["paths"]
    assert {"/api/v1/knowledge/verify", "/api/v1/knowledge/graph", "/api/v1/knowledge/graph/path"} <= set(paths)


# -- portal picture --------------------------------------------------------------------------------


def test_article_page_include_draws_the_citation_picture(statutes):
    article = selectors.article_lookup(law="劳动合同法", article=46)
    html = render_to_string("knowledge/_citation_graph.html", {"article": article})
    assert "<svg" in html and "引用本条的条文（1）" in html and "本条引用的条文（5）" in html
    cited = selectors.article_lookup(law="劳动合同法", article=38)
    assert f'href="/knowledge/articles/{cited.pk}/"' in html
    assert html.count('class="cg-node"') == 6


def test_article_without_citations_says_so(statutes):
    article = selectors.article_lookup(law="民法典", article=1165)
    html = render_to_string("knowledge/_citation_graph.html", {"article": article})
    assert "<svg" not in html and "没有被其他条文引用" in html


def test_citation_picture_svg_url(statutes, client, staff_user):
    article = selectors.article_lookup(law="劳动合同法", article=38)
    client.force_login(staff_user)
    response = client.get(f"/knowledge/articles/{article.pk}/citation-graph.svg")
    assert response.status_code == 200 and response["Content-Type"].startswith("image/svg+xml")
    svg = response.content.decode()
    assert svg.startswith("<?xml") and "劳动合同法 第三十八条" in svg and ">第四十六条</text>" in svg
    assert client.get("/knowledge/articles/999999999/citation-graph.svg").status_code == 404
