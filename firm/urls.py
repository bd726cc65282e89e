from django.urls import path

from firm import views

urlpatterns = [
    path("", views.matter_list, name="matter-list"),
    path("<int:matter_id>/", views.matter_detail, name="matter-detail"),
    path("<int:matter_id>/members/", views.matter_member_add, name="matter-member-add"),
]
