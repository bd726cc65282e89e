"""Admin of contracts: read-mostly. The lists follow the matter rule (``work_visible_q``: an admin
does not see the work of a privileged matter whose team they are not on); a contract's title and
type are edited, and a contract deleted, through ``contracts.services.contracts`` (audit events);
issues, runs and the history are read here and changed in the review page."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from contracts.models import Contract, IssueChange, ReviewIssue, ReviewRun, Section
from contracts.services.contracts import contract_delete, contract_update
from firm.selectors import work_visible_q


class _ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SectionInline(_ReadOnly, admin.TabularInline):
    model = Section
    fields = ["order", "kind", "number", "title", "para_start", "para_end", "ocr", "parent"]
    readonly_fields = fields
    ordering = ["order"]
    extra = 0
    show_change_link = False


@admin.register(Contract)
class ContractAdmin(admin.ModelAdmin):
    list_display = ["title", "contract_type", "status", "matter", "owner", "file_format", "file_size", "created_at"]
    list_filter = ["status", "contract_type", "file_format", "split_fallback", "ocr_used"]
    search_fields = ["title", "file_name", "file_sha256", "matter__number", "owner__username"]
    list_select_related = ["matter", "owner"]
    fields = ["title", "contract_type", "status", "matter", "owner", "file_name", "file_format", "file_size",
              "file_sha256", "parties", "split_fallback", "ocr_used", "error", "created_at", "updated_at"]
    readonly_fields = ["status", "matter", "owner", "file_name", "file_format", "file_size", "file_sha256", "parties",
                       "split_fallback", "ocr_used", "error", "created_at", "updated_at"]
    inlines = [SectionInline]
    actions = None

    def get_queryset(self, request: HttpRequest) -> QuerySet[Contract]:
        return super().get_queryset(request).filter(work_visible_q(user=request.user)).defer("original")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # uploads go through the review page or the API (reading and splitting)

    def save_model(self, request: HttpRequest, obj: Contract, form: Any, change: bool) -> None:
        contract_update(actor=request.user, contract=obj, title=form.cleaned_data.get("title"),
                        contract_type=form.cleaned_data.get("contract_type"))

    def delete_model(self, request: HttpRequest, obj: Contract) -> None:
        contract_delete(actor=request.user, contract=obj)


def _visible_contracts(request: HttpRequest) -> QuerySet[Contract]:
    return Contract.objects.filter(work_visible_q(user=request.user)).values("pk")


@admin.register(ReviewIssue)
class ReviewIssueAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ["id", "contract", "section", "category", "severity", "status", "author", "rule_code", "version",
                    "updated_at"]
    list_filter = ["severity", "status", "author", "category"]
    search_fields = ["contract__title", "category", "quote", "description", "rule_code"]
    list_select_related = ["contract", "section"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[ReviewIssue]:
        return super().get_queryset(request).filter(contract__in=_visible_contracts(request))


@admin.register(ReviewRun)
class ReviewRunAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ["id", "contract", "mode", "status", "progress", "total", "current_section", "created_by",
                    "created_at", "finished_at"]
    list_filter = ["mode", "status"]
    search_fields = ["contract__title", "trace_id"]
    list_select_related = ["contract", "current_section", "created_by"]
    exclude = ["snapshot"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[ReviewRun]:
        return super().get_queryset(request).filter(contract__in=_visible_contracts(request))


@admin.register(IssueChange)
class IssueChangeAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ["created_at", "contract", "issue_ref", "action", "actor", "agent_name"]
    list_filter = ["action"]
    search_fields = ["contract__title", "issue_ref", "agent_name", "actor__username"]
    list_select_related = ["contract", "actor"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[IssueChange]:
        return super().get_queryset(request).filter(contract__in=_visible_contracts(request))
