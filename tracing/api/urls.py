from django.urls import path

from tracing.api import views

urlpatterns = [
    path("traces", views.TraceListApi.as_view(), name="api-trace-list"),
    path("traces/<uuid:trace_id>", views.TraceDetailApi.as_view(), name="api-trace-detail"),
    path("audit/events", views.AuditEventListApi.as_view(), name="api-audit-events"),
]
