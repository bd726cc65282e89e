from django.urls import path

from research import views

app_name = "research"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("<id:task_id>/", views.detail, name="detail"),
    path("<id:task_id>/<str:name>/", views.action, name="action"),
]
