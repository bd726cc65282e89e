"""API routes of the knowledge app (included under /api/v1/)."""

from django.urls import path

from knowledge.api import cases, citations, statutes

urlpatterns = [
    path("knowledge/search", statutes.KnowledgeSearchApi.as_view(), name="api-knowledge-search"),
    path("knowledge/articles", statutes.KnowledgeArticleApi.as_view(), name="api-knowledge-articles"),
    path("knowledge/status", statutes.KnowledgeStatusApi.as_view(), name="api-knowledge-status"),
    path("knowledge/cases", cases.CaseListApi.as_view(), name="api-knowledge-cases"),
    path("knowledge/cases/search", cases.CaseSearchApi.as_view(), name="api-knowledge-cases-search"),
    path("knowledge/cases/<id:document_id>", cases.CaseDetailApi.as_view(), name="api-knowledge-case"),
    path("knowledge/verify", citations.KnowledgeVerifyApi.as_view(), name="api-knowledge-verify"),
    path("knowledge/graph", citations.KnowledgeGraphApi.as_view(), name="api-knowledge-graph"),
    path("knowledge/graph/path", citations.KnowledgeGraphPathApi.as_view(), name="api-knowledge-graph-path"),
]
