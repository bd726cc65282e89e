"""Portal routes of the knowledge app (namespace ``knowledge``)."""

from django.urls import path

from knowledge.views import cases, citations, statutes

app_name = "knowledge"

urlpatterns = [
    path("", statutes.index, name="index"),
    path("articles/<int:article_id>/", statutes.article_detail, name="article"),
    path("laws/<int:law_id>/", statutes.law_detail, name="law"),
    path("verify/", citations.verify_page, name="verify"),
    path("articles/<int:article_id>/citation-graph.svg", citations.citation_graph_svg, name="article-graph"),
    path("cases/", cases.cases, name="cases"),
    path("cases/<int:document_id>/", cases.case_detail, name="case"),
    path("cases/<int:document_id>/delete/", cases.case_remove, name="case-delete"),
]
