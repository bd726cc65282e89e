from django.urls import path

from integrations.compat import views

urlpatterns = [
    path("models", views.models, name="v1-models"),
    path("chat/completions", views.chat_completions, name="v1-chat-completions"),
]
