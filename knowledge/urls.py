"""Portal routes of the knowledge app (namespace ``knowledge``)."""

from django.urls import path

from knowledge.views import cases, citations, statutes

app_name = "knowledge"

urlpatterns = [
    path("", statutes.index, name="index"),
    path("articles/<id:article_id>/", statutes.article_detail, name="article"),
    path("laws/<id:law_id>/", statutes.law_detail, name="law"),
    path("verify/", citations.verify_page, name="verify"),
    path("articles/<id:article_id>/citation-graph.svg", citations.citation_graph_svg, name="article-graph"),
    path("cases/", cases.cases, name="cases"),
    path("cases/<id:document_id>/", cases.case_detail, name="case"),
    path("cases/<id:document_id>/delete/", cases.case_remove, name="case-delete"),
]
