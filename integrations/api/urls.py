from django.urls import path

from integrations.api import views

urlpatterns = [
    path("agents", views.AgentStatusApi.as_view(), name="api-agents"),
]
