"""API routes of the legal app (included under /api/v1/; ARCHITECTURE §8 puts cards under knowledge/)."""

from django.urls import path

from legal.api import views

urlpatterns = [
    path("knowledge/cards", views.CardListApi.as_view(), name="api-knowledge-cards"),
    path("knowledge/cards/match", views.CardMatchApi.as_view(), name="api-knowledge-cards-match"),
    path("knowledge/cards/<int:card_id>", views.CardDetailApi.as_view(), name="api-knowledge-card"),
]
