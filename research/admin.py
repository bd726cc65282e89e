"""Admin of research tasks: read-only, through the one scope of client work
(``firm.admin_base.ClientWorkAdmin``): a privileged matter's task is absent for an admin off its team."""

from django.contrib import admin

from firm.admin_base import ClientWorkAdmin, ClientWorkTabularInline
from research.models import ResearchStep, ResearchTask


class ResearchStepInline(ClientWorkTabularInline):
    model = ResearchStep
    extra = 0
    fields = ("order", "step_id", "description", "tool_type", "status", "method", "verified", "confidence",
              "duration_ms", "result_summary", "error")
    readonly_fields = fields
    can_delete = False


@admin.register(ResearchTask)
class ResearchTaskAdmin(ClientWorkAdmin):
    list_display = ("id", "question_short", "owner", "matter", "status", "confidence", "created_at")
    list_filter = ("status", "review_plan", "created_at")
    search_fields = ("question", "trace_id", "owner__username")
    readonly_fields = ("owner", "matter", "question", "status", "plan", "review_plan", "replan_rounds", "current_step",
                       "answer", "confidence", "citations", "sources", "notices", "error", "trace_id",
                       "cancel_requested", "heartbeat", "attached_at", "created_at", "updated_at", "started_at",
                       "finished_at")
    inlines = [ResearchStepInline]

    @admin.display(description="问题")
    def question_short(self, task: ResearchTask) -> str:
        return task.question[:40]

    def has_add_permission(self, request) -> bool:  # tasks are created by lawyers, not in the admin
        return False
