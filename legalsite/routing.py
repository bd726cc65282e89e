"""Websocket routes. Apps add theirs here as they arrive (e.g. ``ws/chat/<id>/``)."""

from django.urls import path

from chat.consumers import ChatConsumer
from contracts.consumers import ContractConsumer
from core.consumers import NotificationsConsumer
from drafting.consumers import DraftConsumer
from research.consumers import ResearchConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NotificationsConsumer.as_asgi()),
    path("ws/chat/<id:session_id>/", ChatConsumer.as_asgi()),
    path("ws/contracts/<id:contract_id>/", ContractConsumer.as_asgi()),
    path("ws/research/<id:task_id>/", ResearchConsumer.as_asgi()),
    path("ws/drafting/<id:draft_id>/", DraftConsumer.as_asgi()),
]
