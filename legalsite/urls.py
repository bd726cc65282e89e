from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from firm.forms import LoginForm
from legalsite import views

admin.site.site_header = "LegalSite 管理与审计"
admin.site.site_title = "LegalSite"
admin.site.index_title = "管理"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("health", views.health, name="health"),
    path(
        "login/",
        auth_views.LoginView.as_view(template_name="registration/login.html", redirect_authenticated_user=True,
                                     authentication_form=LoginForm),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("matters/", include("firm.urls")),
    path("knowledge/", include("knowledge.urls")),
    path("cards/", include("legal.urls")),
    path("chat/", include("chat.urls")),
    path("contracts/", include("contracts.urls")),
    path("research/", include("research.urls")),
    path("drafting/", include("drafting.urls")),
    path("system/", include("integrations.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/v1/", include("firm.api.urls")),
    path("api/v1/", include("tracing.api.urls")),
    path("api/v1/", include("chat.api.urls")),
    path("api/v1/", include("legal.api.urls")),
    path("api/v1/", include("knowledge.api.urls")),
    path("api/v1/", include("contracts.api.urls")),
    path("api/v1/", include("research.api.urls")),
    path("api/v1/", include("drafting.api.urls")),
    path("api/v1/", include("integrations.api.urls")),
    path("v1/", include("integrations.compat.urls")),
]

handler400 = "legalsite.views.bad_request"
handler403 = "legalsite.views.permission_denied"
handler404 = "legalsite.views.page_not_found"
handler500 = "legalsite.views.server_error"
