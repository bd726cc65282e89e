"""API routes for citation verification and the citation graph (included under /api/v1/)."""

from django.urls import path

from knowledge.api import graph_views

urlpatterns = [
    path("knowledge/verify", graph_views.KnowledgeVerifyApi.as_view(), name="api-knowledge-verify"),
    path("knowledge/graph", graph_views.KnowledgeGraphApi.as_view(), name="api-knowledge-graph"),
    path("knowledge/graph/path", graph_views.KnowledgeGraphPathApi.as_view(), name="api-knowledge-graph-path"),
]
