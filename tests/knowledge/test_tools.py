import json
import uuid

import pytest
from asgiref.sync import async_to_sync

from agents.tools import RunContext, ToolCache, ToolRegistry, registry
from knowledge import tools as knowledge_tools

LABOR_CONTRACT = "中华人民共和国劳动合同法"
TOOLS = ("search_legal_knowledge", "lookup_legal_article", "verify_citations", "query_knowledge_graph")

pytestmark = pytest.mark.django_db


@pytest.fixture
def toolbox():
    """The knowledge tools in a registry of their own, with an empty cache namespace."""
    own = ToolRegistry(cache=ToolCache(namespace=f"test-{uuid.uuid4().hex[:8]}"))
    for name in TOOLS:
        own.register(getattr(knowledge_tools, name))
    return own.toolbox("legal_research", allow=["*"])


def call(box, name, arguments, user=None):
    # async_to_sync: the tools' ORM work runs back on this thread, inside the test's transaction.
    return async_to_sync(box.call)(name, arguments, ctx=RunContext(user=user))


def model_text(result) -> str:
    """What the model reads: the JSON of the output, whose "content" is the compact text."""
    return json.loads(result.content)["content"]


def test_tools_are_registered_for_the_agents():
    for name in TOOLS:
        assert registry.get(name) is getattr(knowledge_tools, name)
    search = registry.get("search_legal_knowledge")
    assert (search.cache, search.shared_cache) == ("regulation", True)
    assert registry.get("verify_citations").cache is None  # user text is never cached across users
    cases = registry.get("search_cases")  # the case library: cached per user, never shared
    assert (cases.cache, cases.shared_cache) == ("case", False)


def test_search_returns_law_article_and_text(statutes, toolbox, staff_user):
    result = call(toolbox, "search_legal_knowledge", {"query": "劳动合同法第四十七条 经济补偿怎么计算", "top_k": 3},
                  staff_user)
    assert result.ok, result.error
    text = model_text(result)
    assert text.startswith(f"[1] 《{LABOR_CONTRACT}》第四十七条：") and "经济补偿按劳动者在本单位工作的年限" in text
    first = result.output["sources"][0]
    assert (first["law"], first["article_no"], first["article_label"]) == (LABOR_CONTRACT, 47, "第四十七条")
    assert "citation" in first["signals"] and isinstance(first["article_id"], int)
    assert "text" not in first  # the text is in content only


def test_search_with_a_law_filter_and_a_cache_hit(statutes, toolbox):
    args = {"query": "醉酒驾驶机动车", "law": "刑法", "top_k": 2}
    first = call(toolbox, "search_legal_knowledge", args)
    assert first.ok and {s["law"] for s in first.output["sources"]} == {"中华人民共和国刑法"}
    assert "（已被修改）" in model_text(first)
    again = call(toolbox, "search_legal_knowledge", args)
    assert again.cached and again.output == first.output


def test_search_within_a_domain(statutes, toolbox):
    result = call(toolbox, "search_legal_knowledge", {"query": "发生交通事故后谁来赔偿", "domain": "traffic_accident"})
    assert result.ok and result.output["sources"]
    laws = {s["law"] for s in result.output["sources"]}
    assert laws <= {"中华人民共和国道路交通安全法", "中华人民共和国民法典", "中华人民共和国刑法"}, laws


@pytest.mark.parametrize("arguments", [
    {"query": ""}, {"query": " 。"}, {"query": "工资", "top_k": 0}, {}, {"query": "工资", "domain": "space_law"}])
def test_search_invalid_arguments_are_tool_errors(statutes, toolbox, arguments):
    result = call(toolbox, "search_legal_knowledge", arguments)
    assert not result.ok and result.error_kind == "invalid_arguments"
    assert "工具调用失败" in result.content


def test_search_unknown_law_filter_is_a_tool_error_with_suggestions(statutes, toolbox):
    result = call(toolbox, "search_legal_knowledge", {"query": "经济补偿", "law": "劳动合同条例"})
    assert not result.ok and result.error_kind == "failed" and result.attempts == 1
    assert LABOR_CONTRACT in result.error


def test_lookup_returns_the_article_text(statutes, toolbox):
    result = call(toolbox, "lookup_legal_article", {"law": "刑法", "article": "133之一"})
    assert result.ok
    text = model_text(result)
    assert text.startswith("《中华人民共和国刑法》第一百三十三条之一（已被修改）") and "醉酒驾驶" in text
    assert result.output["sources"][0]["article_label"] == "第一百三十三条之一"


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"law": "劳动合同法", "article": "第九十九条"}, "没有第九十九条"),
    ({"law": "劳动合同条例", "article": "47"}, LABOR_CONTRACT),
    ({"law": "劳动合同法", "article": "第四十七款"}, "无法识别的条文编号"),
])
def test_lookup_failures_explain_themselves(statutes, toolbox, arguments, expected):
    result = call(toolbox, "lookup_legal_article", arguments)
    assert not result.ok and result.error_kind == "failed" and expected in result.error


def test_lookup_missing_article_argument_is_invalid(statutes, toolbox):
    result = call(toolbox, "lookup_legal_article", {"law": "劳动合同法"})
    assert not result.ok and result.error_kind == "invalid_arguments"


def test_verify_citations_marks_each_citation(statutes, toolbox):
    text = "依据《劳动合同法》第四十七条和第九十九条，以及《不存在法》第1条。"
    result = call(toolbox, "verify_citations", {"text": text})
    assert result.ok
    lines = model_text(result).splitlines()
    assert lines[0] == "共 3 处引用：有效 1（其中需注意 0），无效 2。"
    assert lines[1] == f"✓ 《{LABOR_CONTRACT}》第四十七条：条文存在，现行有效"
    assert lines[2].startswith(f"✗ 《{LABOR_CONTRACT}》第九十九条：") and "共98条" in lines[2]
    assert lines[3].startswith("✗ 《不存在法》第一条：")
    assert [c["valid"] for c in result.output["citations"]] == [True, False, False]
    assert result.output["summary"]["invalid"] == 2


@pytest.mark.parametrize("arguments", [{"text": ""}, {"text": "  \n"}, {"text": "法" * 30_001}, {}])
def test_verify_citations_rejects_empty_and_oversized_text(statutes, toolbox, arguments):
    result = call(toolbox, "verify_citations", arguments)
    assert not result.ok and result.error_kind == "invalid_arguments"


def test_query_graph_neighbours_related_and_path(statutes, toolbox):
    neighbours = call(toolbox, "query_knowledge_graph", {"node": "劳动合同法第四十六条"})
    assert neighbours.ok
    text = model_text(neighbours)
    assert text.splitlines()[0] == f"{LABOR_CONTRACT}第四十六条（现行有效）"
    assert f"{LABOR_CONTRACT}第四十四条×2" in text and f"被引用（1）：{LABOR_CONTRACT}第九十七条" in text
    related = call(toolbox, "query_knowledge_graph", {"node": "劳动合同法第四十六条", "query": "related", "limit": 3})
    assert related.ok and len(related.output["graph"]["related"]) == 3
    path = call(toolbox, "query_knowledge_graph",
                {"node": "劳动合同法第九十七条", "query": "path", "target": "劳动合同法第三十八条"})
    assert path.ok and model_text(path) == (
        f"最短路径（2 步）：{LABOR_CONTRACT}第九十七条 → {LABOR_CONTRACT}第四十六条 → {LABOR_CONTRACT}第三十八条")


def test_query_graph_bad_arguments_and_unknown_nodes(statutes, toolbox):
    no_target = call(toolbox, "query_knowledge_graph", {"node": "宪法", "query": "path"})
    assert not no_target.ok and no_target.error_kind == "invalid_arguments" and "target" in no_target.error
    bad_query = call(toolbox, "query_knowledge_graph", {"node": "宪法", "query": "everything"})
    assert not bad_query.ok and bad_query.error_kind == "invalid_arguments"
    unknown = call(toolbox, "query_knowledge_graph", {"node": "劳动合同条例"})
    assert not unknown.ok and unknown.error_kind == "failed" and LABOR_CONTRACT in unknown.error
