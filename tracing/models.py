"""The audit trail: traces and what happened in them, append-only and hash-chained.

A trace is a chain: the ``Trace`` row (the opening facts) is link 0, then routing decisions,
agent runs, LLM calls and tool calls in the order they were recorded (``seq`` 1..n, across the
four tables), each carrying ``prev_hash`` and ``hash`` = SHA-256 over its canonical content
including ``prev_hash``. Closing a trace appends a ``TraceSeal`` that links to the trace's last
record *and* to the previous seal (one global chain). Nothing is ever updated: legal holds and
purges are rows of their own. A database trigger refuses UPDATE and DELETE (migration 0002).
"""

from __future__ import annotations

import json
import uuid
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.urls import reverse

from tracing.chain import compute_hash


class Kind(models.TextChoices):
    CHAT = "chat", "法律咨询"
    CONTRACT_REVIEW = "contract_review", "合同审查"
    RESEARCH = "research", "研究任务"
    DRAFTING = "drafting", "文书起草"
    INTENT = "intent", "意图识别"
    SUMMARY = "summary", "会话摘要"
    MCP = "mcp", "MCP 工具调用"


class TraceStatus(models.TextChoices):
    OPEN = "open", "进行中"
    SUCCESS = "success", "成功"
    ERROR = "error", "失败"
    TIMEOUT = "timeout", "超时"
    CANCELLED = "cancelled", "已取消"


class RecordStatus(models.TextChoices):
    SUCCESS = "success", "成功"
    TIMEOUT = "timeout", "超时"
    ERROR = "error", "失败"


class Layer(models.TextChoices):
    RULE = "rule", "规则"
    LLM = "llm", "模型"


class HashedRecord(models.Model):
    """A row whose ``hash`` covers ``HASH_FIELDS`` (always including its link field)."""

    HASH_FIELDS: ClassVar[tuple[str, ...]] = ()

    hash = models.CharField("哈希", max_length=64, editable=False)

    class Meta:
        abstract = True

    def compute_hash(self) -> str:
        return compute_hash(self, self.HASH_FIELDS)


class Trace(HashedRecord):
    HASH_FIELDS = (
        "trace_id", "kind", "object_type", "object_id", "user", "username", "matter", "matter_number",
        "started_at",
    )

    trace_id = models.UUIDField("追踪编号", primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField("类型", max_length=32, choices=Kind.choices, db_index=True)
    object_type = models.CharField("对象类型", max_length=100, blank=True)
    object_id = models.CharField("对象编号", max_length=64, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="用户", on_delete=models.PROTECT, null=True, blank=True,
        related_name="traces",
    )
    username = models.CharField("用户名（记录时）", max_length=150, blank=True)
    matter = models.ForeignKey(
        "firm.Matter", verbose_name="案件/事项", on_delete=models.PROTECT, null=True, blank=True,
        related_name="traces",
    )
    matter_number = models.CharField("案件编号（记录时）", max_length=64, blank=True)
    started_at = models.DateTimeField("开始时间", db_index=True)

    class Meta:
        verbose_name = "追踪记录"
        verbose_name_plural = "追踪记录"
        ordering = ["-started_at"]
        permissions = [("unmask_trace", "查看未遮蔽的个人信息（身份证号、手机号、银行卡号、邮箱）")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.trace_id}"

    def get_absolute_url(self) -> str:
        return reverse("admin:tracing_trace_change", args=[self.pk])

    @property
    def seal_or_none(self) -> TraceSeal | None:
        try:
            return self.seal
        except TraceSeal.DoesNotExist:
            return None

    @property
    def status(self) -> str:
        seal = self.seal_or_none
        return seal.status if seal else TraceStatus.OPEN

    def get_status_display(self) -> str:
        return TraceStatus(self.status).label


class ChainedRecord(HashedRecord):
    """One link of a trace's chain (seq >= 1)."""

    LINK_FIELDS: ClassVar[tuple[str, ...]] = ("trace", "seq", "prev_hash", "recorded_at")

    seq = models.PositiveIntegerField("序号")
    prev_hash = models.CharField("前一哈希", max_length=64)
    recorded_at = models.DateTimeField("记录时间")

    class Meta:
        abstract = True
        ordering = ["trace_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["trace", "seq"], name="%(app_label)s_%(class)s_unique_seq"),
        ]


class RoutingDecision(ChainedRecord):
    HASH_FIELDS = ChainedRecord.LINK_FIELDS + (
        "layer", "domain", "intent", "confidence", "runner_up", "agents", "reason",
    )

    trace = models.ForeignKey(Trace, verbose_name="追踪", on_delete=models.PROTECT, related_name="routing_decisions")
    layer = models.CharField("判定层", max_length=8, choices=Layer.choices, blank=True, db_index=True)
    domain = models.CharField("领域", max_length=64, blank=True)
    intent = models.CharField("意图", max_length=64, blank=True)
    confidence = models.FloatField("置信度", null=True, blank=True)
    runner_up = models.CharField("次选", max_length=200, blank=True)
    agents = models.TextField("选中的智能体", blank=True, help_text="JSON 数组")
    reason = models.TextField("理由", blank=True)

    class Meta(ChainedRecord.Meta):
        verbose_name = "路由决策"
        verbose_name_plural = "路由决策"

    def __str__(self) -> str:
        return f"{self.domain}/{self.intent} ({self.layer})"

    @property
    def agent_list(self) -> list[str]:
        try:
            value = json.loads(self.agents or "[]")
        except ValueError:
            return []
        return [str(item) for item in value] if isinstance(value, list) else []


class AgentRun(ChainedRecord):
    HASH_FIELDS = ChainedRecord.LINK_FIELDS + (
        "agent", "model", "started_at", "ended_at", "duration_ms", "status", "tokens_in", "tokens_out", "error",
    )

    trace = models.ForeignKey(Trace, verbose_name="追踪", on_delete=models.PROTECT, related_name="agent_runs")
    agent = models.CharField("智能体", max_length=100, db_index=True)
    model = models.CharField("模型", max_length=100, blank=True)
    started_at = models.DateTimeField("开始时间")
    ended_at = models.DateTimeField("结束时间")
    duration_ms = models.FloatField("耗时（毫秒）")
    status = models.CharField("状态", max_length=16, choices=RecordStatus.choices)
    tokens_in = models.PositiveIntegerField("输入令牌", null=True, blank=True)
    tokens_out = models.PositiveIntegerField("输出令牌", null=True, blank=True)
    error = models.TextField("错误", blank=True)

    class Meta(ChainedRecord.Meta):
        verbose_name = "智能体运行"
        verbose_name_plural = "智能体运行"

    def __str__(self) -> str:
        return f"{self.agent} ({self.status})"


class LLMCall(ChainedRecord):
    HASH_FIELDS = ChainedRecord.LINK_FIELDS + (
        "agent", "model", "role", "started_at", "ended_at", "latency_ms", "status", "tokens_in", "tokens_out",
        "cost_cny", "attempts", "streamed", "finish_reason", "request", "request_sha256", "request_bytes",
        "response", "response_sha256", "response_bytes", "error",
    )

    trace = models.ForeignKey(Trace, verbose_name="追踪", on_delete=models.PROTECT, related_name="llm_calls")
    agent = models.CharField("智能体", max_length=100, blank=True)
    model = models.CharField("模型", max_length=100)
    role = models.CharField("角色", max_length=32, blank=True)
    started_at = models.DateTimeField("开始时间")
    ended_at = models.DateTimeField("结束时间")
    latency_ms = models.FloatField("延迟（毫秒）")
    status = models.CharField("状态", max_length=16, choices=RecordStatus.choices)
    tokens_in = models.PositiveIntegerField("输入令牌", null=True, blank=True)
    tokens_out = models.PositiveIntegerField("输出令牌", null=True, blank=True)
    cost_cny = models.DecimalField("费用（元）", max_digits=14, decimal_places=6, null=True, blank=True)
    attempts = models.PositiveSmallIntegerField("尝试次数", default=1)
    streamed = models.BooleanField("流式", default=False)
    finish_reason = models.CharField("结束原因", max_length=32, blank=True)
    request = models.TextField("请求（截断）", blank=True)
    request_sha256 = models.CharField("请求全文 SHA-256", max_length=64, blank=True)
    request_bytes = models.PositiveIntegerField("请求全文字节数", default=0)
    response = models.TextField("响应（截断）", blank=True)
    response_sha256 = models.CharField("响应全文 SHA-256", max_length=64, blank=True)
    response_bytes = models.PositiveIntegerField("响应全文字节数", default=0)
    error = models.TextField("错误", blank=True)

    class Meta(ChainedRecord.Meta):
        verbose_name = "模型调用"
        verbose_name_plural = "模型调用"

    def __str__(self) -> str:
        return f"{self.model} ({self.role})"

    @property
    def request_truncated(self) -> bool:
        return len(self.request.encode("utf-8")) < self.request_bytes

    @property
    def response_truncated(self) -> bool:
        return len(self.response.encode("utf-8")) < self.response_bytes


class ToolCall(ChainedRecord):
    HASH_FIELDS = ChainedRecord.LINK_FIELDS + (
        "call_id", "agent", "tool", "started_at", "ended_at", "duration_ms", "status", "attempt",
        "input", "input_sha256", "input_bytes", "output", "output_sha256", "output_bytes", "error",
    )

    trace = models.ForeignKey(Trace, verbose_name="追踪", on_delete=models.PROTECT, related_name="tool_calls")
    call_id = models.CharField("调用编号", max_length=100, blank=True)
    agent = models.CharField("智能体", max_length=100, blank=True)
    tool = models.CharField("工具", max_length=100, db_index=True)
    started_at = models.DateTimeField("开始时间")
    ended_at = models.DateTimeField("结束时间")
    duration_ms = models.FloatField("耗时（毫秒）")
    status = models.CharField("状态", max_length=16, choices=RecordStatus.choices)
    attempt = models.PositiveSmallIntegerField("第几次尝试", default=1)
    input = models.TextField("输入（截断）", blank=True)
    input_sha256 = models.CharField("输入全文 SHA-256", max_length=64, blank=True)
    input_bytes = models.PositiveIntegerField("输入全文字节数", default=0)
    output = models.TextField("输出（截断）", blank=True)
    output_sha256 = models.CharField("输出全文 SHA-256", max_length=64, blank=True)
    output_bytes = models.PositiveIntegerField("输出全文字节数", default=0)
    error = models.TextField("错误", blank=True)

    class Meta(ChainedRecord.Meta):
        verbose_name = "工具调用"
        verbose_name_plural = "工具调用"

    def __str__(self) -> str:
        return f"{self.tool} #{self.call_id}"

    @property
    def output_truncated(self) -> bool:
        return len(self.output.encode("utf-8")) < self.output_bytes


RECORD_MODELS: tuple[type[ChainedRecord], ...] = (RoutingDecision, AgentRun, LLMCall, ToolCall)


class TraceSeal(HashedRecord):
    """Closing a trace: its outcome and totals, linked to the trace's last record (``prev_hash``)
    and to the previous seal in the global chain (``prev_seal_hash``, ``chain_index``)."""

    HASH_FIELDS = (
        "trace", "seq", "prev_hash", "record_count", "ended_at", "status", "error", "duration_ms",
        "tokens_in", "tokens_out", "cost_cny", "cost_complete", "chain_index", "prev_seal_hash",
    )

    trace = models.OneToOneField(Trace, verbose_name="追踪", on_delete=models.PROTECT, related_name="seal")
    seq = models.PositiveIntegerField("序号")
    prev_hash = models.CharField("最后一条记录的哈希", max_length=64)
    record_count = models.PositiveIntegerField("记录数")
    ended_at = models.DateTimeField("结束时间", db_index=True)
    status = models.CharField("状态", max_length=16, choices=TraceStatus.choices, db_index=True)
    error = models.TextField("错误", blank=True)
    duration_ms = models.PositiveBigIntegerField("总耗时（毫秒）")
    tokens_in = models.PositiveBigIntegerField("输入令牌合计", default=0)
    tokens_out = models.PositiveBigIntegerField("输出令牌合计", default=0)
    cost_cny = models.DecimalField("费用合计（元）", max_digits=14, decimal_places=6, default=0)
    cost_complete = models.BooleanField("费用完整", default=True, help_text="有模型调用缺少价格或用量时为否")
    chain_index = models.PositiveBigIntegerField("全局链序号", unique=True)
    prev_seal_hash = models.CharField("前一封存哈希", max_length=64)

    class Meta:
        verbose_name = "追踪封存"
        verbose_name_plural = "追踪封存"
        ordering = ["chain_index"]

    def __str__(self) -> str:
        return f"#{self.chain_index} {self.trace_id}"


class LegalHold(HashedRecord):
    """A legal hold placed on (or released from) a trace or a whole matter. Releasing appends a
    row pointing at the hold it releases. Hold rows outlive the traces they protected."""

    class Action(models.TextChoices):
        PLACE = "place", "施加保全"
        RELEASE = "release", "解除保全"

    HASH_FIELDS = (
        "chain_index", "action", "trace_ref", "matter", "matter_number", "releases", "reason", "actor",
        "actor_username", "created_at", "prev_hash",
    )

    chain_index = models.PositiveBigIntegerField("序号", unique=True)
    action = models.CharField("操作", max_length=16, choices=Action.choices)
    trace_ref = models.UUIDField("追踪编号", null=True, blank=True, db_index=True)
    matter = models.ForeignKey(
        "firm.Matter", verbose_name="案件/事项", on_delete=models.PROTECT, null=True, blank=True,
        related_name="legal_holds",
    )
    matter_number = models.CharField("案件编号", max_length=64, blank=True)
    releases = models.ForeignKey(
        "self", verbose_name="解除的保全", on_delete=models.PROTECT, null=True, blank=True, related_name="released_by"
    )
    reason = models.TextField("原因")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="操作人", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    actor_username = models.CharField("操作人用户名", max_length=150, blank=True)
    created_at = models.DateTimeField("时间")
    prev_hash = models.CharField("前一哈希", max_length=64)

    class Meta:
        verbose_name = "法律保全"
        verbose_name_plural = "法律保全"
        ordering = ["-chain_index"]

    def __str__(self) -> str:
        target = f"追踪 {self.trace_ref}" if self.trace_ref else f"案件 {self.matter_number}"
        return f"{self.get_action_display()} · {target}"


class PurgeRecord(HashedRecord):
    """What one ``purge_traces`` run removed. ``removed_seals`` keeps the links
    ([chain_index, prev_seal_hash, hash]) of the removed seals so the global chain still verifies
    across the gap; the purge records chain among themselves."""

    HASH_FIELDS = (
        "chain_index", "performed_by", "actor", "created_at", "before", "trace_count", "record_count",
        "held_skipped", "trace_ids", "removed_seals", "max_removed_index", "last_removed_seal_hash", "prev_hash",
    )

    chain_index = models.PositiveBigIntegerField("序号", unique=True)
    performed_by = models.CharField("执行人", max_length=150)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="执行用户", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField("执行时间")
    before = models.DateTimeField("清理此时间之前开始的追踪")
    trace_count = models.PositiveIntegerField("清理的追踪数")
    record_count = models.PositiveIntegerField("清理的记录数")
    held_skipped = models.PositiveIntegerField("因法律保全跳过的追踪数")
    trace_ids = models.TextField("清理的追踪编号", help_text="JSON 数组")
    removed_seals = models.TextField("清理的封存链接", help_text="JSON 数组：[全局链序号, 前一封存哈希, 封存哈希]")
    max_removed_index = models.PositiveBigIntegerField("清理的最大全局链序号", null=True, blank=True)
    last_removed_seal_hash = models.CharField("清理的最后封存哈希", max_length=64, blank=True)
    prev_hash = models.CharField("前一哈希", max_length=64)

    class Meta:
        verbose_name = "清理记录"
        verbose_name_plural = "清理记录"
        ordering = ["-chain_index"]

    def __str__(self) -> str:
        return f"#{self.chain_index} {self.created_at:%Y-%m-%d %H:%M} · {self.trace_count} 条追踪"

    @property
    def removed_seal_links(self) -> list[tuple[int, str, str]]:
        return [(int(i), str(p), str(h)) for i, p, h in json.loads(self.removed_seals or "[]")]

    @property
    def trace_id_list(self) -> list[str]:
        value: Any = json.loads(self.trace_ids or "[]")
        return [str(item) for item in value]


class AuditEvent(HashedRecord):
    """One change made through a service: who changed what, from what to what. Written inside the
    change's own transaction (``tracing.services.audit_event_record``), so the change and its record
    commit together or not at all. The events form one chain (``chain_index``, ``prev_hash``)."""

    HASH_FIELDS = (
        "chain_index", "ts", "actor", "actor_username", "event_type", "object_type", "object_id", "matter",
        "matter_number", "old", "new", "detail", "prev_hash",
    )

    chain_index = models.PositiveBigIntegerField("序号", unique=True)
    ts = models.DateTimeField("时间", db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="操作人", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    actor_username = models.CharField("操作人用户名（记录时）", max_length=150, blank=True)
    event_type = models.CharField("事件类型", max_length=100, db_index=True)
    object_type = models.CharField("对象类型", max_length=100)
    object_id = models.CharField("对象编号", max_length=64, blank=True)
    matter = models.ForeignKey(
        "firm.Matter", verbose_name="案件/事项", on_delete=models.PROTECT, null=True, blank=True,
        related_name="audit_events",
    )
    matter_number = models.CharField("案件编号（记录时）", max_length=64, blank=True)
    old = models.TextField("变更前", blank=True, help_text="JSON 对象")
    new = models.TextField("变更后", blank=True, help_text="JSON 对象")
    detail = models.TextField("说明", blank=True, help_text="JSON 对象")
    prev_hash = models.CharField("前一哈希", max_length=64)

    class Meta:
        verbose_name = "审计事件"
        verbose_name_plural = "审计事件"
        ordering = ["-chain_index"]
        indexes = [models.Index(fields=["object_type", "object_id"], name="tracing_audit_object_idx")]

    def __str__(self) -> str:
        return f"#{self.chain_index} {self.event_type} {self.object_type}:{self.object_id}"

    @staticmethod
    def _json(text: str) -> Any:
        return json.loads(text) if text else None

    @property
    def old_data(self) -> Any:
        return self._json(self.old)

    @property
    def new_data(self) -> Any:
        return self._json(self.new)

    @property
    def detail_data(self) -> Any:
        return self._json(self.detail)


AUDIT_MODELS: tuple[type[models.Model], ...] = (
    Trace, *RECORD_MODELS, TraceSeal, LegalHold, PurgeRecord, AuditEvent,
)
