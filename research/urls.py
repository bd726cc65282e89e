from django.urls import path

from research import views

app_name = "research"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("<int:task_id>/", views.detail, name="detail"),
    path("<int:task_id>/<str:name>/", views.action, name="action"),
]
