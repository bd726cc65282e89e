"""Chat sessions, their messages and the lawyers' feedback on answers."""

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from pgvector.django import VectorField

from core.jobs import JobMixin
from firm.walls import client_work


@client_work(matter="matter", owner="owner")
class ChatSession(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_sessions",
                              verbose_name="所有人")
    matter = models.ForeignKey("firm.Matter", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="chat_sessions", verbose_name="案件/事项")
    title = models.CharField("标题", max_length=200, blank=True)
    state = models.JSONField("状态记忆", default=dict, blank=True,
                             help_text="每轮更新的实体（人物、机构、金额、日期、期间、地点）")
    summary = models.TextField("摘要", blank=True)
    summary_updated_at = models.DateTimeField("摘要时间", null=True, blank=True)
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)

    class Meta:
        verbose_name = "咨询会话"
        verbose_name_plural = "咨询会话"
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.title or f"会话 {self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("chat:session", args=[self.pk])


class MessageManager(models.Manager["Message"]):
    """Messages are read without their embedding: a vector of hundreds of numbers that only the
    memory's SQL compares, costly to parse for every message listed."""

    def get_queryset(self) -> models.QuerySet["Message"]:
        return super().get_queryset().defer("embedding")


@client_work(matter="session__matter", owner="session__owner")
class Message(JobMixin):
    class Role(models.TextChoices):
        USER = "user", "用户"
        ASSISTANT = "assistant", "助手"

    class Status(models.TextChoices):
        PENDING = "pending", "排队中"
        RUNNING = "running", "生成中"
        COMPLETE = "complete", "完成"
        ERROR = "error", "失败"

    session = models.ForeignKey(ChatSession, on_delete=models.CASCADE, related_name="messages")
    role = models.CharField("角色", max_length=16, choices=Role.choices)
    #: Who asked (questions only): a session's matter team asks in it too, and the turn runs as them.
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="chat_messages", verbose_name="提问人")
    content = models.TextField("内容", blank=True)
    status = models.CharField("状态", max_length=16, choices=Status.choices, default=Status.COMPLETE)
    #: A failed answer says why in its content (chat keeps no separate error).
    error = None
    reply_to = models.OneToOneField("self", on_delete=models.CASCADE, null=True, blank=True,
                                    related_name="reply", verbose_name="回复的问题")
    intent = models.JSONField("意图", default=dict, blank=True)
    sources = models.JSONField("来源", default=list, blank=True)
    citations = models.JSONField("引用核验", default=list, blank=True)
    #: One per question part: {"part", "text", "citations": [{"law", "article", "valid"}]} (ARCHITECTURE §8).
    conclusions = models.JSONField("结论", default=list, blank=True)
    #: The issue cards the answer stands on: [{"id", "slug", "title", "confidence"}].
    cards = models.JSONField("要点卡片", default=list, blank=True)
    disclaimer = models.CharField("免责声明", max_length=200, blank=True)
    notices = models.JSONField("提示", default=list, blank=True)
    trace_id = models.UUIDField("追踪编号", null=True, blank=True, db_index=True)
    turn_id = models.UUIDField("轮次", default=uuid.uuid4, editable=False, db_index=True)
    # No fixed dimension: semantic memory compares only vectors of the current backend's size.
    embedding = VectorField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField("时间", auto_now_add=True)

    objects = MessageManager()

    class Meta:
        verbose_name = "消息"
        verbose_name_plural = "消息"
        ordering = ["created_at", "pk"]
        constraints = [
            # One answer at a time per session: a second pending answer cannot be inserted.
            models.UniqueConstraint(
                fields=["session"], condition=models.Q(role="assistant", status__in=["pending", "running"]),
                name="one_turn_in_flight_per_session",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()}：{self.content[:30]}"


@client_work(matter="message__session__matter", owner="message__session__owner")
class Feedback(models.Model):
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="feedback")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_feedback")
    rating = models.PositiveSmallIntegerField("评分")
    comment = models.TextField("意见", blank=True)
    created_at = models.DateTimeField("时间", auto_now_add=True)

    class Meta:
        verbose_name = "评价"
        verbose_name_plural = "评价"
        constraints = [
            models.UniqueConstraint(fields=["message", "user"], name="one_feedback_per_user_and_message"),
            models.CheckConstraint(condition=models.Q(rating__gte=1, rating__lte=5), name="rating_1_to_5"),
        ]

    def __str__(self) -> str:
        return f"{self.rating}★ {self.message_id}"
