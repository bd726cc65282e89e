"""Research tasks: a question, the plan the planner made for it, each step's result and
verification, and the answer synthesised from the steps that succeeded."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from core.jobs import JobMixin
from firm.walls import client_work


@client_work(matter="matter", owner="owner", metadata=["current_step"])
class ResearchTask(JobMixin):
    class Status(models.TextChoices):
        QUEUED = "queued", "排队中"
        PLANNING = "planning", "制定计划"
        AWAITING_APPROVAL = "awaiting_approval", "待确认计划"
        RUNNING = "running", "执行中"
        SYNTHESIZING = "synthesizing", "综合中"
        DONE = "done", "完成"
        FAILED = "failed", "失败"
        CANCELLED = "cancelled", "已取消"

    #: A worker is (or should be) working on a task in one of these.
    ACTIVE = (Status.PLANNING, Status.RUNNING, Status.SYNTHESIZING)
    #: Nothing more happens to a task in one of these (until it is resumed).
    SETTLED = (Status.DONE, Status.FAILED, Status.CANCELLED)

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="research_tasks",
                              verbose_name="所有人")
    matter = models.ForeignKey("firm.Matter", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="research_tasks", verbose_name="案件/事项")
    question = models.TextField("问题")
    status = models.CharField("状态", max_length=20, choices=Status.choices, default=Status.QUEUED)
    plan = models.JSONField("计划", default=dict, blank=True,
                            help_text="{source: llm|heuristic|edited, steps: [...]}")
    review_plan = models.BooleanField("计划需确认", default=False)
    replan_rounds = models.PositiveSmallIntegerField("重新计划次数", default=0)
    current_step = models.CharField("当前步骤", max_length=20, blank=True)
    answer = models.TextField("答案", blank=True)
    confidence = models.FloatField("置信度", null=True, blank=True)
    citations = models.JSONField("引用", default=list, blank=True)
    # db_default: a row written by code that predates the field still gets an empty list
    conclusions = models.JSONField("结论", default=list, db_default=[], blank=True,
                                   help_text="每个子问题一条：{part, text, citations}（ARCHITECTURE §8）")
    sources = models.JSONField("来源", default=list, blank=True)
    notices = models.JSONField("提示", default=list, blank=True)
    disclaimer = models.TextField("免责声明", blank=True)
    error = models.TextField("错误", blank=True)
    trace_id = models.UUIDField("追踪 ID", null=True, blank=True, db_index=True)
    cancel_requested = models.BooleanField("已请求取消", default=False)
    heartbeat = models.DateTimeField("心跳", null=True, blank=True)
    #: The job kernel reads ``heartbeat`` (the column this model always had).
    heartbeat_at = None
    attached_at = models.DateTimeField("归档到案件时间", null=True, blank=True)
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)
    started_at = models.DateTimeField("开始时间", null=True, blank=True)
    finished_at = models.DateTimeField("结束时间", null=True, blank=True)

    class Meta:
        verbose_name = "研究任务"
        verbose_name_plural = "研究任务"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.question[:40]

    def get_absolute_url(self) -> str:
        return reverse("research:detail", args=[self.pk])

    @property
    def settled(self) -> bool:
        return self.status in self.SETTLED


@client_work(matter="task__matter", owner="task__owner", metadata=["step_id"])
class ResearchStep(models.Model):
    class ToolType(models.TextChoices):
        SEARCH_LEGAL = "search_legal", "法条检索"
        LOOKUP_ARTICLE = "lookup_article", "法条查询"
        SEARCH_CASES = "search_cases", "案例检索"
        CALCULATE = "calculate", "计算"
        SEARCH_WEB = "search_web", "网络检索"
        NONE = "none", "推理"

    class Status(models.TextChoices):
        PENDING = "pending", "待执行"
        RUNNING = "running", "执行中"
        DONE = "done", "完成"
        FAILED = "failed", "失败"
        SKIPPED = "skipped", "跳过"

    class Method(models.TextChoices):
        TOOL = "tool", "工具"
        REASONING = "reasoning", "推理"
        FALLBACK = "fallback", "降级推理"

    task = models.ForeignKey(ResearchTask, on_delete=models.CASCADE, related_name="steps")
    step_id = models.CharField("步骤 ID", max_length=20)
    order = models.PositiveSmallIntegerField("顺序")
    description = models.TextField("说明")
    tool_type = models.CharField("工具类型", max_length=20, choices=ToolType.choices, default=ToolType.NONE)
    input = models.JSONField("输入", default=dict, blank=True)
    depends_on = models.JSONField("依赖", default=list, blank=True)
    status = models.CharField("状态", max_length=10, choices=Status.choices, default=Status.PENDING)
    method = models.CharField("方式", max_length=10, choices=Method.choices, blank=True)
    result = models.TextField("结果", blank=True)
    result_summary = models.CharField("结果摘要", max_length=300, blank=True)
    sources = models.JSONField("来源", default=list, blank=True)
    output = models.JSONField("结构化结果", default=dict, blank=True)
    verified = models.BooleanField("核验通过", null=True, blank=True)
    verification = models.JSONField("核验", default=dict, blank=True)
    confidence = models.FloatField("置信度", null=True, blank=True)
    duration_ms = models.FloatField("耗时（毫秒）", null=True, blank=True)
    error = models.TextField("错误", blank=True)
    started_at = models.DateTimeField("开始时间", null=True, blank=True)
    finished_at = models.DateTimeField("结束时间", null=True, blank=True)

    class Meta:
        verbose_name = "研究步骤"
        verbose_name_plural = "研究步骤"
        ordering = ["task", "order"]
        constraints = [models.UniqueConstraint(fields=["task", "step_id"], name="research_step_unique_id")]

    def __str__(self) -> str:
        return f"{self.step_id} {self.description[:30]}"

