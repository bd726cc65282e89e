from django.urls import path

from drafting import views

app_name = "drafting"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.draft_new, name="new"),
    path("<id:draft_id>/", views.draft_page, name="draft"),
    path("<id:draft_id>/preview", views.draft_preview, name="preview"),
    path("<id:draft_id>/render", views.draft_render, name="render"),
    path("<id:draft_id>/assist", views.draft_assist, name="assist"),
    path("<id:draft_id>/download/<id:number>", views.draft_download, name="download"),
    path("templates/upload", views.template_upload, name="template-upload"),
]
