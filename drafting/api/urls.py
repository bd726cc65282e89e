from django.urls import path

from drafting.api import views

urlpatterns = [
    path("drafting/templates", views.TemplateListApi.as_view(), name="api-drafting-templates"),
    path("drafting/templates/<str:template_id>", views.TemplateDetailApi.as_view(), name="api-drafting-template"),
    path("drafting/template-versions/<id:version_id>", views.TemplateVersionApi.as_view(),
         name="api-drafting-template-version"),
    path("drafting/template-versions/<id:version_id>/approve", views.TemplateApproveApi.as_view(),
         name="api-drafting-template-approve"),
    path("drafting/drafts", views.DraftCreateApi.as_view(), name="api-drafting-drafts"),
    path("drafting/drafts/<id:draft_id>", views.DraftDetailApi.as_view(), name="api-drafting-draft"),
    path("drafting/drafts/<id:draft_id>/render", views.DraftRenderApi.as_view(), name="api-drafting-render"),
    path("drafting/drafts/<id:draft_id>/download", views.DraftDownloadApi.as_view(), name="api-drafting-download"),
]
