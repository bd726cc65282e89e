"""Portal routes of citation verification and the citation picture, added to knowledge/urls.py's urlpatterns
(namespace ``knowledge``): ``knowledge:verify`` and ``knowledge:article-graph``."""

from django.urls import path

from knowledge import views_graph

urlpatterns = [
    path("verify/", views_graph.verify_page, name="verify"),
    path("articles/<int:article_id>/citation-graph.svg", views_graph.citation_graph_svg, name="article-graph"),
]
