"""Agent tools of the knowledge app (registered in agents.tools.registry on import).

Each tool returns ``{"content": <compact text for the model>, ...structured data for the UI}``: the
model reads the JSON of that dict, so the article texts appear once, in ``content`` (law, 第X条,
text), and the lists beside it carry only ids, labels, statuses and URLs (the chat's sources).
Statutes are public law: the tools read them for any user, and the statute tools share one cache
across users (``shared_cache``). The case library is client work: ``search_cases`` reads what the
asking user may see within the work's scope (``RunContext.matter_id``, docs/decisions/tool-scope.md)
and is cached per user and matter. Bad arguments (empty query, a path without ``target``) fail
validation and come back to the model as a tool error; an unknown law or article is a
``ToolError`` whose message carries the suggestions.
"""

from __future__ import annotations

from typing import Any, Literal

from django.conf import settings
from pydantic import BaseModel, Field, field_validator, model_validator

from agents.aio import db_sync_to_async
from agents.tools import RunContext, ToolError, tool
from firm.selectors import work_scope_q
from knowledge import graph, selectors
from knowledge.domains import DOMAINS
from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, InvalidQuery, LawNotFound
from knowledge.selectors import case_search, statute_search
from knowledge.verification import citations_verify, verification_summary

#: An article's text is cut here in tool output (the longest article has 11,184 characters).
ARTICLE_CHARS = 1500
SEARCH_TEXT_CHARS = 600
MAX_QUERY_CHARS = 30_000


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"……（全文 {len(text)} 字，已截断）"


def _status_note(status: str, is_current: bool, version: str) -> str:
    notes = [] if status == "现行有效" else [status]
    if not is_current and version:
        notes.append(version)
    return f"（{'，'.join(notes)}）" if notes else ""


def _not_found_message(exc: LawNotFound | ArticleNotFound) -> str:
    if isinstance(exc, ArticleNotFound) and exc.suggestions:
        return f"{exc}。可改查：{'、'.join(s['article_label'] for s in exc.suggestions)}"
    return str(exc)


# -- search_legal_knowledge ------------------------------------------------------------------------------


class SearchLegalKnowledgeParams(BaseModel):
    query: str = Field(min_length=2, max_length=MAX_QUERY_CHARS,
                       description="检索内容：法律问题、关键词、法条（民法典1165条）或案情，2 到 30000 字")
    top_k: int = Field(5, ge=1, le=20, description="返回条数")
    law: str | None = Field(None, max_length=100, description="只在这部法律中检索（全称、简称或缩写），可省略")
    domain: str | None = Field(None, max_length=40,
                               description=f"可选：只在该法律领域中检索，取值：{'、'.join(DOMAINS)}")
    doc_type: str | None = Field(None, max_length=20,
                                 description="可选：只检索该类文件：法律、行政法规、司法解释、部门规章")

    @field_validator("query")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if len(value.strip()) < 2:
            raise ValueError("检索内容至少 2 个字")
        return value

    @field_validator("domain")
    @classmethod
    def _known_domain(cls, value: str | None) -> str | None:
        if value and value not in DOMAINS:
            raise ValueError(f"未知的领域“{value}”，可选：{'、'.join(DOMAINS)}")
        return value or None


def _search(params: SearchLegalKnowledgeParams) -> dict[str, Any]:
    try:
        response = statute_search(query=params.query, top_k=params.top_k, law=params.law or None,
                                  domain=params.domain, doc_type=params.doc_type or None, rankers=True)
    except InvalidQuery as exc:
        raise ToolError(str(exc)) from None
    except LawNotFound as exc:
        raise ToolError(_not_found_message(exc)) from None
    lines = []
    sources = []
    # The search's order: the issue cards' provisions first, an interpretation right after the law it
    # applies (knowledge.selectors.arrange), so the answer cites the law and then its interpretation.
    for i, hit in enumerate(response.results, start=1):
        note = _status_note(hit.law_status, hit.is_current_version, hit.law_version)
        kind = f"〔{hit.doc_type}〕" if hit.doc_type and hit.doc_type != "法律" else ""
        lines.append(f"[{i}] {kind}《{hit.law}》{hit.article_label}{note}：{_cut(hit.text, SEARCH_TEXT_CHARS)}")
        sources.append({"law": hit.law, "doc_type": hit.doc_type, "article_no": hit.article_no,
                        "article_label": hit.article_label,
                        "article_id": hit.article_id, "chapter": hit.chapter, "law_status": hit.law_status,
                        "score": round(hit.score, 4), "signals": hit.signals})
    content = "\n".join(lines) if lines else "没有找到相关法条。"
    return {"content": content, "sources": sources}


@tool(cache="regulation", shared_cache=True)
async def search_legal_knowledge(params: SearchLegalKnowledgeParams, ctx: RunContext) -> dict[str, Any]:
    """检索法律法规条文（默认现行有效）。输入问题、关键词、法条或案情，返回最相关的条文（法律名、条号、条文）。"""
    return await db_sync_to_async(_search)(params)


# -- lookup_legal_article ----------------------------------------------------------------------------------


class LookupLegalArticleParams(BaseModel):
    law: str = Field(min_length=1, max_length=100,
                     description="法律名称：全称、简称、《》或缩写，如 民法典、劳动合同法、道交法")
    article: str = Field(min_length=1, max_length=30,
                         description="条号：47、第47条、第四十七条、第一百三十三条之一")
    version: str | None = Field(None, max_length=30, description="可选：版本年份（如 2019）；默认现行版本")


def _lookup(params: LookupLegalArticleParams) -> dict[str, Any]:
    try:
        article = selectors.article_lookup(law=params.law, article=params.article, version=params.version or None)
    except InvalidArticleNumber as exc:
        raise ToolError(str(exc)) from None
    except (LawNotFound, ArticleNotFound) as exc:
        raise ToolError(_not_found_message(exc)) from None
    law = article.law
    note = _status_note(selectors.law_status_label(law), selectors.law_is_default(law), law.version_label)
    where = f"（{article.chapter}{' ' + article.section if article.section else ''}）" if article.chapter else ""
    content = f"《{law.name}》{article.label}{note}{where}：\n{_cut(article.text, ARTICLE_CHARS)}"
    source = {"law": law.name, "doc_type": law.doc_type, "article_no": article.number,
              "article_label": article.label, "article_id": article.pk,
              "chapter": article.chapter, "law_status": selectors.law_status_label(law),
              "law_version": law.version_label, "is_current_version": selectors.law_is_default(law)}
    return {"content": content, "sources": [source]}


@tool(cache="regulation", shared_cache=True)
async def lookup_legal_article(params: LookupLegalArticleParams, ctx: RunContext) -> dict[str, Any]:
    """按法律名称和条号查询一条法条的原文（默认现行版本），如 民法典 第1165条、刑法 第一百三十三条之一。"""
    return await db_sync_to_async(_lookup)(params)


# -- verify_citations ----------------------------------------------------------------------------------------


class VerifyCitationsParams(BaseModel):
    text: str = Field(min_length=1, max_length=MAX_QUERY_CHARS,
                      description="要核验的文本（如答复草稿），其中的法条引用会被逐条核对")
    default_law: str | None = Field(None, max_length=100, description="可选：文中“本法”所指的法律")

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("文本不能为空")
        return value


def _verify(params: VerifyCitationsParams) -> dict[str, Any]:
    limit = settings.KNOWLEDGE_MAX_QUERY_CHARS
    if len(params.text) > limit:
        raise ToolError(f"文本过长（{len(params.text)} 字），上限为 {limit} 字")
    try:
        results = citations_verify(text=params.text, default_law=params.default_law or None)
    except InvalidQuery as exc:
        raise ToolError(str(exc)) from None
    except LawNotFound as exc:
        raise ToolError(_not_found_message(exc)) from None
    lines = [f"{'✓' if r.valid else '✗'} {r.cited}：{r.reason}" for r in results]
    summary = verification_summary(results)
    head = (f"共 {summary['total']} 处引用：有效 {summary['valid']}（其中需注意 {summary['flagged']}），"
            f"无效 {summary['invalid']}。") if results else "文本中没有发现法条引用。"
    citations = [{"law": r.law, "article": r.article, "valid": r.valid, "flagged": r.flagged, "code": r.code,
                  "reason": r.reason, "status": r.status, "article_id": r.article_id, "span": list(r.span),
                  "text": r.text} for r in results]
    return {"content": "\n".join([head, *lines]), "citations": citations, "summary": summary}


@tool
async def verify_citations(params: VerifyCitationsParams, ctx: RunContext) -> dict[str, Any]:
    """核验一段文本中的法条引用：法律是否存在、条款项是否存在、是否现行有效（已废止、历史版本会被标出）。
    写完答复后用它检查引用。"""
    return await db_sync_to_async(_verify)(params)


# -- query_knowledge_graph -------------------------------------------------------------------------------------


class QueryKnowledgeGraphParams(BaseModel):
    node: str = Field(min_length=1, max_length=graph.MAX_NODE_CHARS,
                      description="法律（如 劳动合同法）或法条（如 劳动合同法 第四十六条）")
    query: Literal["neighbours", "related", "path"] = Field(
        "neighbours",
        description="neighbours：引用与被引用；related：两跳内的相关条文/法律；path：到 target 的最短路径")
    target: str | None = Field(None, max_length=graph.MAX_NODE_CHARS, description="query=path 时的终点")
    limit: int = Field(10, ge=1, le=30)

    @model_validator(mode="after")
    def _path_needs_target(self) -> QueryKnowledgeGraphParams:
        if self.query == "path" and not (self.target or "").strip():
            raise ValueError("query=path 需要 target（终点法律或法条）")
        return self


def _names(items: list[dict[str, Any]]) -> str:
    return "、".join(f"{i['label']}{'×' + str(i['count']) if i.get('count', 1) > 1 else ''}" for i in items) or "无"


def _graph(params: QueryKnowledgeGraphParams) -> dict[str, Any]:
    try:
        if params.query == "path":
            data = graph.graph_path(source=params.node, target=params.target or "")
            if not data["found"]:
                content = f"{data['from']['label']} 与 {data['to']['label']} 之间没有引用路径。"
            else:
                chain = " → ".join(n["label"] for n in data["path"])
                content = f"最短路径（{data['length']} 步）：{chain}"
            return {"content": content, "graph": data}
        if params.query == "related":
            related = graph.graph_related(node=params.node, limit=params.limit)
            centre = graph.node_info(graph.citation_graph(), graph.graph_node_resolve(node=params.node))
            lines = [f"{i}. {r['label']}（{r['via']}，得分 {r['score']}）" for i, r in enumerate(related, start=1)]
            content = f"与 {centre['label']} 相关：\n" + ("\n".join(lines) if lines else "无")
            return {"content": content, "graph": {"node": centre, "related": related}}
        data = graph.graph_neighbours(node=params.node, limit=params.limit)
    except (InvalidQuery, InvalidArticleNumber, graph.GraphNodeNotFound) as exc:
        raise ToolError(str(exc)) from None
    except (LawNotFound, ArticleNotFound) as exc:
        raise ToolError(_not_found_message(exc)) from None
    node, totals = data["node"], data["totals"]
    parts = [f"{node['label']}（{node['status']}）",
             f"引用（{totals['cites']}）：{_names(data['cites'])}",
             f"被引用（{totals['cited_by']}）：{_names(data['cited_by'])}"]
    if data["mentions"]:
        parts.append(f"提及法律：{_names(data['mentions'])}")
    return {"content": "\n".join(parts), "graph": data}


@tool(cache="regulation", shared_cache=True)
async def query_knowledge_graph(params: QueryKnowledgeGraphParams, ctx: RunContext) -> dict[str, Any]:
    """查询法条引用图：某条法条引用了哪些条文、被哪些条文引用（neighbours），两跳内的相关条文或法律（related），
    两部法律/两条法条之间的引用路径（path）。"""
    return await db_sync_to_async(_graph)(params)


# -- search_cases ------------------------------------------------------------------------------------------------


class SearchCasesParams(BaseModel):
    query: str = Field(min_length=2, max_length=MAX_QUERY_CHARS,
                       description="检索内容：争议焦点、关键词或案情，在律所自己的案例库（裁判文书）中检索")
    top_k: int = Field(5, ge=1, le=20, description="返回条数")

    @field_validator("query")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if len(value.strip()) < 2:
            raise ValueError("检索内容至少 2 个字")
        return value


def _search_cases(params: SearchCasesParams, user: Any, matter_id: int | None) -> dict[str, Any]:
    if user is None or not getattr(user, "is_authenticated", False):
        raise ToolError("案例库检索需要登录用户")
    scope = work_scope_q(user=user, matter_id=matter_id)
    try:
        hits = case_search(user=user, query=params.query, top_k=params.top_k, scope=scope)
    except InvalidQuery as exc:
        raise ToolError(str(exc)) from None
    lines = []
    sources = []
    for i, hit in enumerate(hits, start=1):
        where = "，".join(t for t in (hit.court, hit.case_number) if t)
        lines.append(f"[{i}] 《{hit.title}》{'（' + where + '）' if where else ''}"
                     f"{' ' + hit.heading if hit.heading else ''}：{_cut(hit.text, SEARCH_TEXT_CHARS)}")
        sources.append({"title": hit.title, "document_id": hit.document_id, "chunk_id": hit.chunk_id,
                        "heading": hit.heading, "score": round(hit.score, 4), "url": hit.url})
    content = "\n".join(lines) if lines else "案例库中没有找到相关案例。"
    return {"content": content, "sources": sources}


@tool(cache="case")
async def search_cases(params: SearchCasesParams, ctx: RunContext) -> dict[str, Any]:
    """在律所案例库（本所上传的裁判文书与先例）中检索：案件内的工作只检索本案件的案例和您本人未归入案件的案例，
    未归入案件的工作只检索您本人未归入案件的案例。返回最相关的段落（本院认为、裁判结果等）及出处。"""
    return await db_sync_to_async(_search_cases)(params, ctx.user, ctx.matter_id)
