"""Matters (案件/事项) and their teams: the unit that decides who may see client work."""

from django.conf import settings
from django.db import models
from django.urls import reverse


class Role(models.TextChoices):
    STAFF = "staff", "律师/助理"
    COMPLIANCE = "compliance", "合规"
    ADMIN = "admin", "管理员"


class Matter(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "进行中"
        CLOSED = "closed", "已结案"

    number = models.CharField("案件编号", max_length=64, unique=True)
    title = models.CharField("名称", max_length=200)
    client = models.CharField("委托人", max_length=200)
    description = models.TextField("说明", blank=True)
    privileged = models.BooleanField(
        "保密事项", default=False, help_text="保密事项的工作成果仅对团队成员可见，管理员也不例外。"
    )
    status = models.CharField("状态", max_length=16, choices=Status.choices, default=Status.OPEN)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="主办律师", on_delete=models.PROTECT, related_name="owned_matters"
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="MatterMember", related_name="matters", verbose_name="团队成员"
    )
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)

    class Meta:
        verbose_name = "案件/事项"
        verbose_name_plural = "案件/事项"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.number} {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("matter-detail", args=[self.pk])


class MatterMember(models.Model):
    class TeamRole(models.TextChoices):
        LEAD = "lead", "主办"
        MEMBER = "member", "协办"
        ASSISTANT = "assistant", "助理"

    matter = models.ForeignKey(Matter, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matter_memberships")
    team_role = models.CharField("团队角色", max_length=16, choices=TeamRole.choices, default=TeamRole.MEMBER)
    added_at = models.DateTimeField("加入时间", auto_now_add=True)

    class Meta:
        verbose_name = "团队成员"
        verbose_name_plural = "团队成员"
        constraints = [models.UniqueConstraint(fields=["matter", "user"], name="unique_matter_member")]

    def __str__(self) -> str:
        return f"{self.matter.number} · {self.user}"
