"""Read-only shapes of the audit trail. Text that may hold personal data passes through
``mask_text`` unless the serializer context says ``unmask`` (``tracing.unmask_trace``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tracing.models import AgentRun, AuditEvent, LLMCall, RoutingDecision, ToolCall, Trace
from tracing.redaction import MASKED_CONTENT, mask_text
from tracing.selectors import audit_event_payload, content_hidden


class MaskedText(serializers.CharField):
    def to_representation(self, value: Any) -> str:
        text = super().to_representation(value)
        return text if self.context.get("unmask") else mask_text(text)


class ContentText(MaskedText):
    """The content of the work (question text, model request and response, tool input and output):
    replaced as a whole when the context says ``hide_content`` (a privileged matter the viewer is
    not on); its hash and size, separate fields, stay visible."""

    def to_representation(self, value: Any) -> str:
        if self.context.get("hide_content") and value:
            return MASKED_CONTENT
        return super().to_representation(value)


CHAIN_FIELDS = ["seq", "recorded_at", "prev_hash", "hash"]


def _status() -> serializers.CharField:
    # plain text, not an enum: several apps have a "status" choice set and the schema names collide
    return serializers.CharField(help_text="success | timeout | error")


class RoutingDecisionOutput(serializers.ModelSerializer):
    agents = serializers.ListField(source="agent_list", child=serializers.CharField())
    reason = ContentText()

    class Meta:
        model = RoutingDecision
        fields = [*CHAIN_FIELDS, "layer", "domain", "intent", "confidence", "runner_up", "agents", "reason"]


class AgentRunOutput(serializers.ModelSerializer):
    status = _status()
    error = MaskedText()

    class Meta:
        model = AgentRun
        fields = [*CHAIN_FIELDS, "agent", "model", "started_at", "ended_at", "duration_ms", "status",
                  "tokens_in", "tokens_out", "error"]


class LLMCallOutput(serializers.ModelSerializer):
    status = _status()
    request = ContentText()
    response = ContentText()
    error = MaskedText()
    request_truncated = serializers.BooleanField()
    response_truncated = serializers.BooleanField()

    class Meta:
        model = LLMCall
        fields = [*CHAIN_FIELDS, "agent", "model", "role", "started_at", "ended_at", "latency_ms", "status",
                  "tokens_in", "tokens_out", "cost_cny", "attempts", "streamed", "finish_reason",
                  "request", "request_truncated", "request_sha256", "request_bytes",
                  "response", "response_truncated", "response_sha256", "response_bytes", "error"]


class ToolCallOutput(serializers.ModelSerializer):
    status = _status()
    input = ContentText()
    output = ContentText()
    error = MaskedText()
    output_truncated = serializers.BooleanField()

    class Meta:
        model = ToolCall
        fields = [*CHAIN_FIELDS, "call_id", "agent", "tool", "started_at", "ended_at", "duration_ms", "status",
                  "attempt", "input", "input_sha256", "input_bytes", "output", "output_truncated",
                  "output_sha256", "output_bytes", "error"]


class TraceListOutput(serializers.ModelSerializer):
    user = serializers.CharField(source="username")
    matter = serializers.SerializerMethodField()
    status = serializers.CharField(help_text="open | success | error | timeout | cancelled")
    ended_at = serializers.DateTimeField(source="seal.ended_at", default=None)
    duration_ms = serializers.IntegerField(source="seal.duration_ms", default=None)
    tokens_in = serializers.IntegerField(source="seal.tokens_in", default=None)
    tokens_out = serializers.IntegerField(source="seal.tokens_out", default=None)
    cost_cny = serializers.DecimalField(source="seal.cost_cny", max_digits=14, decimal_places=6, default=None)
    error = serializers.SerializerMethodField()

    class Meta:
        model = Trace
        fields = ["trace_id", "kind", "object_type", "object_id", "user", "matter", "started_at", "ended_at",
                  "status", "error", "duration_ms", "tokens_in", "tokens_out", "cost_cny", "hash"]

    def get_matter(self, trace: Trace) -> dict[str, Any] | None:
        if trace.matter_id is None:
            return None
        return {"id": trace.matter_id, "number": trace.matter_number}

    def get_error(self, trace: Trace) -> str:
        seal = trace.seal_or_none
        text = seal.error if seal else ""
        return text if self.context.get("unmask") else mask_text(text)


class SealOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    record_count = serializers.IntegerField()
    chain_index = serializers.IntegerField()
    prev_hash = serializers.CharField()
    prev_seal_hash = serializers.CharField()
    hash = serializers.CharField()
    cost_complete = serializers.BooleanField()


class TraceDetailOutput(TraceListOutput):
    """One trace with its records. Build it with ``context=trace_context(viewer, trace)``."""

    seal = SealOutput(source="seal_or_none", allow_null=True)
    content_hidden = serializers.SerializerMethodField(
        help_text="true when the trace belongs to a privileged matter the viewer is not on: its requests, "
                  "responses, tool input/output and routing reasons are masked (hashes and sizes kept)")
    routing_decisions = RoutingDecisionOutput(many=True)
    agent_runs = AgentRunOutput(many=True)
    llm_calls = LLMCallOutput(many=True)
    tool_calls = ToolCallOutput(many=True)

    class Meta(TraceListOutput.Meta):
        fields = [*TraceListOutput.Meta.fields, "seal", "content_hidden", "routing_decisions", "agent_runs",
                  "llm_calls", "tool_calls"]

    def get_content_hidden(self, trace: Trace) -> bool:
        return bool(self.context.get("hide_content"))


def trace_context(*, unmask: bool, trace: Trace) -> dict[str, Any]:
    """Serializer context for one trace read through ``tracing.selectors``."""
    return {"unmask": unmask, "hide_content": content_hidden(trace)}


class AuditEventOutput(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor_username", help_text="username as recorded")
    matter = serializers.CharField(source="matter_number", help_text="matter number as recorded, or empty")
    old = serializers.SerializerMethodField()
    new = serializers.SerializerMethodField()
    detail = serializers.SerializerMethodField()

    class Meta:
        model = AuditEvent
        fields = ["id", "ts", "actor", "event_type", "object_type", "object_id", "matter", "old", "new", "detail"]

    def _payload(self, event: AuditEvent) -> dict[str, Any]:
        cache = self.context.setdefault("_payloads", {})
        if event.pk not in cache:
            cache[event.pk] = audit_event_payload(event, unmask=bool(self.context.get("unmask")))
        return cache[event.pk]

    @extend_schema_field({"type": "object", "nullable": True, "additionalProperties": True})
    def get_old(self, event: AuditEvent) -> Any:
        return self._payload(event)["old"]

    @extend_schema_field({"type": "object", "nullable": True, "additionalProperties": True})
    def get_new(self, event: AuditEvent) -> Any:
        return self._payload(event)["new"]

    @extend_schema_field({"type": "object", "nullable": True, "additionalProperties": True})
    def get_detail(self, event: AuditEvent) -> Any:
        return self._payload(event)["detail"]
