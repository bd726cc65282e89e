from django.urls import path

from knowledge.api import views

urlpatterns = [
    path("knowledge/search", views.KnowledgeSearchApi.as_view(), name="api-knowledge-search"),
    path("knowledge/articles", views.KnowledgeArticleApi.as_view(), name="api-knowledge-articles"),
    path("knowledge/status", views.KnowledgeStatusApi.as_view(), name="api-knowledge-status"),
]
