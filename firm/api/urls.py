from django.urls import path

from firm.api import views

urlpatterns = [
    path("me", views.MeApi.as_view(), name="api-me"),
    path("matters", views.MatterListCreateApi.as_view(), name="api-matter-list"),
    path("matters/<id:matter_id>", views.MatterDetailApi.as_view(), name="api-matter-detail"),
    path("matters/<id:matter_id>/members", views.MatterMemberAddApi.as_view(), name="api-matter-members"),
]
