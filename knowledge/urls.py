from django.urls import path

from knowledge import views

app_name = "knowledge"

urlpatterns = [
    path("", views.index, name="index"),
    path("articles/<int:article_id>/", views.article_detail, name="article"),
    path("laws/<int:law_id>/", views.law_detail, name="law"),
]

from knowledge.urls_graph import urlpatterns as graph_urlpatterns  # noqa: E402

urlpatterns += graph_urlpatterns

from knowledge import views_cases  # noqa: E402

urlpatterns += [
    path("cases/", views_cases.cases, name="cases"),
    path("cases/<int:document_id>/", views_cases.case_detail, name="case"),
    path("cases/<int:document_id>/delete/", views_cases.case_remove, name="case-delete"),
]
