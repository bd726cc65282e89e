"""Document templates (shipped and the firm's own, versioned) and drafts (every rendered version kept)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from firm.walls import client_work


class DocumentTemplate(models.Model):
    class Source(models.TextChoices):
        SHIPPED = "shipped", "系统内置"
        FIRM = "firm", "本所模板"

    slug = models.SlugField("标识", max_length=80, unique=True, allow_unicode=True)
    name = models.CharField("名称", max_length=200)
    category = models.CharField("类别", max_length=50, blank=True)
    description = models.TextField("说明", blank=True)
    keywords = models.CharField("关键词", max_length=300, blank=True)
    source = models.CharField("来源", max_length=16, choices=Source.choices, default=Source.FIRM)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="document_templates", verbose_name="上传人")
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)

    class Meta:
        verbose_name = "文书模板"
        verbose_name_plural = "文书模板"
        ordering = ["source", "category", "name"]

    def __str__(self) -> str:
        return self.name


class TemplateVersion(models.Model):
    """One version of a template: the Word file and its field schema. Staff draft only from an
    approved version (shipped ones are approved when loaded; the firm's own by an admin)."""

    class Status(models.TextChoices):
        PENDING = "pending", "待审批"
        APPROVED = "approved", "已批准"
        REJECTED = "rejected", "已驳回"

    template = models.ForeignKey(DocumentTemplate, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField("版本号")
    docx = models.BinaryField("Word 模板")
    sha256 = models.CharField("文件摘要", max_length=64)
    fields = models.JSONField("字段", default=list, blank=True)
    status = models.CharField("状态", max_length=16, choices=Status.choices, default=Status.PENDING)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name="创建人")
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="+", verbose_name="审批人")
    approved_at = models.DateTimeField("审批时间", null=True, blank=True)

    class Meta:
        verbose_name = "模板版本"
        verbose_name_plural = "模板版本"
        ordering = ["template", "-number"]
        constraints = [models.UniqueConstraint(fields=["template", "number"], name="unique_template_version")]

    def __str__(self) -> str:
        return f"{self.template.name} v{self.number}"


@client_work(matter="matter", owner="owner", metadata=["prefilled"])
class Draft(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "草稿"
        RENDERED = "rendered", "已生成"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="drafts",
                              verbose_name="所有人")
    matter = models.ForeignKey("firm.Matter", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="drafts", verbose_name="案件/事项")
    chat_session = models.ForeignKey("chat.ChatSession", on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="drafts", verbose_name="来源会话")
    template = models.ForeignKey(DocumentTemplate, on_delete=models.PROTECT, related_name="drafts",
                                 verbose_name="模板")
    template_version = models.ForeignKey(TemplateVersion, on_delete=models.PROTECT, related_name="drafts",
                                         verbose_name="模板版本")
    title = models.CharField("标题", max_length=200, blank=True)
    fields = models.JSONField("字段值", default=dict, blank=True)
    #: Which fields were filled for the lawyer (chat state memory, the matter, the agent) and how.
    prefilled = models.JSONField("预填来源", default=dict, blank=True)
    notes = models.JSONField("起草提示", default=dict, blank=True,
                             help_text="待补充的问题、离线模式标记、引用核验结果")
    status = models.CharField("状态", max_length=16, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)

    class Meta:
        verbose_name = "文书草稿"
        verbose_name_plural = "文书草稿"
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.title or f"{self.template.name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("drafting:draft", args=[self.pk])


@client_work(matter="draft__matter", owner="draft__owner")
class DraftVersion(models.Model):
    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField("版本号")
    docx = models.BinaryField("Word 文件")
    fields = models.JSONField("生成时的字段值", default=dict)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name="生成人")
    created_at = models.DateTimeField("生成时间", auto_now_add=True)

    class Meta:
        verbose_name = "文书版本"
        verbose_name_plural = "文书版本"
        ordering = ["draft", "-number"]
        constraints = [models.UniqueConstraint(fields=["draft", "number"], name="unique_draft_version")]

    def __str__(self) -> str:
        return f"{self.draft} v{self.number}"
