from django.urls import path

from chat.api import views

urlpatterns = [
    path("intent/classify", views.IntentClassifyApi.as_view(), name="api-intent-classify"),
    path("chat/sessions", views.SessionListCreateApi.as_view(), name="api-chat-sessions"),
    path("chat/sessions/<id:session_id>", views.SessionDetailApi.as_view(), name="api-chat-session"),
    path("chat/sessions/<id:session_id>/messages", views.MessageCreateApi.as_view(), name="api-chat-messages"),
    path("chat/sessions/<id:session_id>/messages/<id:message_id>/feedback", views.FeedbackApi.as_view(),
         name="api-chat-feedback"),
    path("chat/sessions/<id:session_id>/export/<str:kind>", views.ExportApi.as_view(), name="api-chat-export"),
    path("chat/sessions/<id:session_id>/summary", views.SummaryApi.as_view(), name="api-chat-summary"),
    path("chat/feedback/stats", views.FeedbackStatsApi.as_view(), name="api-chat-feedback-stats"),
]
