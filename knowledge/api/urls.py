from django.urls import path

from knowledge.api import views

urlpatterns = [
    path("knowledge/search", views.KnowledgeSearchApi.as_view(), name="api-knowledge-search"),
    path("knowledge/articles", views.KnowledgeArticleApi.as_view(), name="api-knowledge-articles"),
    path("knowledge/status", views.KnowledgeStatusApi.as_view(), name="api-knowledge-status"),
]

from knowledge.api.cases import urlpatterns as case_urlpatterns  # noqa: E402

urlpatterns += case_urlpatterns
