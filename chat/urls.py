from django.urls import path

from chat import views

app_name = "chat"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.session_create, name="create"),
    path("<int:session_id>/", views.session_detail, name="session"),
    path("<int:session_id>/delete/", views.session_delete, name="delete"),
    path("<int:session_id>/messages/<int:message_id>/", views.message_fragment, name="message"),
    path("<int:session_id>/messages/<int:message_id>/analysis/", views.analysis_fragment, name="analysis"),
]
