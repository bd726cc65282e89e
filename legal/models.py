"""Issue cards as the firm keeps them: seeded from ``legal/cards/*.toml``, edited by the firm.

Each card has versions; the engine uses a card's approved version. An edit makes a new draft
version; approving it makes it the card's current one. A firm's own card (not in the files) is
edited and approved the same way. Every change leaves an audit event (``legal.services``).
"""

from django.conf import settings
from django.db import models
from django.urls import reverse


class IssueCard(models.Model):
    class Origin(models.TextChoices):
        FILE = "file", "随产品发布"
        FIRM = "firm", "本所编写"

    slug = models.SlugField("标识", max_length=120, unique=True, allow_unicode=False)
    title = models.CharField("问题", max_length=200)
    domain = models.CharField("领域", max_length=40, db_index=True)
    origin = models.CharField("来源", max_length=8, choices=Origin.choices, default=Origin.FILE)
    #: The approved version the engine uses (None until one is approved).
    current = models.ForeignKey("IssueCardVersion", on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="+", verbose_name="生效版本")
    #: The file's data when it was last seeded (a firm-edited card keeps its own version).
    file_data = models.JSONField("文件内容", default=dict, blank=True)
    active = models.BooleanField("启用", default=True)
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)

    class Meta:
        verbose_name = "法律要点卡片"
        verbose_name_plural = "法律要点卡片"
        ordering = ["domain", "slug"]

    def __str__(self) -> str:
        return f"{self.title}（{self.slug}）"

    def get_absolute_url(self) -> str:
        return reverse("legal:card", args=[self.pk])


class IssueCardVersion(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "待审批"
        APPROVED = "approved", "已批准"
        SUPERSEDED = "superseded", "已被取代"
        REJECTED = "rejected", "已驳回"

    card = models.ForeignKey(IssueCard, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField("版本号")
    data = models.JSONField("卡片内容")
    status = models.CharField("状态", max_length=12, choices=Status.choices, default=Status.DRAFT)
    note = models.CharField("修改说明", max_length=300, blank=True)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+", verbose_name="作者")
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="+", verbose_name="批准人")
    approved_at = models.DateTimeField("批准时间", null=True, blank=True)
    created_at = models.DateTimeField("创建时间", auto_now_add=True)

    class Meta:
        verbose_name = "卡片版本"
        verbose_name_plural = "卡片版本"
        ordering = ["card", "-number"]
        constraints = [models.UniqueConstraint(fields=["card", "number"], name="one_number_per_card_version")]

    def __str__(self) -> str:
        return f"{self.card.slug} v{self.number}（{self.get_status_display()}）"
