"""Conversations held by OpenAI-compatible clients, each mapped to the chat session that records it."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from firm.walls import client_work


@client_work(matter="session__matter", owner="session__owner", metadata=["model", "key"])
class Conversation(models.Model):
    """The chat session of a conversation a client sends as a whole each time (OpenAI's API is
    stateless). ``key`` is the hash of the user, the model and the conversation so far (user and
    assistant messages); after each answer the key of the conversation including that answer points
    to the same session, so the client's next request continues it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    model = models.CharField("模型", max_length=64)
    key = models.CharField("会话指纹", max_length=64)
    session = models.ForeignKey("chat.ChatSession", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "外部会话"
        verbose_name_plural = "外部会话"
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="integrations_conversation_key")]

    def __str__(self) -> str:
        return f"{self.model}:{self.key[:12]}"
