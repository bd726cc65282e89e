from django.urls import path

from integrations import views

app_name = "integrations"

urlpatterns = [
    path("", views.system_status, name="status"),
]
