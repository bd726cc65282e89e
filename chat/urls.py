from django.urls import path

from chat import views

app_name = "chat"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.session_create, name="create"),
    path("<id:session_id>/", views.session_detail, name="session"),
    path("<id:session_id>/delete/", views.session_delete, name="delete"),
    path("<id:session_id>/messages/<id:message_id>/", views.message_fragment, name="message"),
    path("<id:session_id>/messages/<id:message_id>/analysis/", views.analysis_fragment, name="analysis"),
]
