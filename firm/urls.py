from django.urls import path

from firm import views

urlpatterns = [
    path("", views.matter_list, name="matter-list"),
    path("<id:matter_id>/", views.matter_detail, name="matter-detail"),
    path("<id:matter_id>/members/", views.matter_member_add, name="matter-member-add"),
]
