"""The project's URLs plus the tracing API (until the integrator adds it to legalsite.urls)."""

from django.urls import include, path

from legalsite.urls import urlpatterns as project_urlpatterns

urlpatterns = [
    *project_urlpatterns,
    path("api/v1/", include("tracing.api.urls")),
]
