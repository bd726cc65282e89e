"""Admin of contracts: read-mostly. Every client-work page reads through the one scope
(``firm.admin_base.ClientWorkAdmin``: an admin does not see the work of a privileged matter whose
team they are not on); a contract's title and
type are edited, and a contract deleted, through ``contracts.services.contracts`` (audit events);
issues, runs and the history are read here and changed in the review page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest

from contracts.models import Contract, IssueChange, PlaybookRule, ReviewIssue, ReviewRun, Section
from firm.admin_base import ClientWorkAdmin, ClientWorkTabularInline
from firm.roles import is_admin


class _ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SectionInline(_ReadOnly, ClientWorkTabularInline):
    model = Section
    fields = ["order", "kind", "number", "title", "para_start", "para_end", "ocr", "parent"]
    readonly_fields = fields
    ordering = ["order"]
    extra = 0
    show_change_link = False


@admin.register(Contract)
class ContractAdmin(ClientWorkAdmin):
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
        return super().get_queryset(request).defer("original")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # uploads go through the review page or the API (reading and splitting)

    def save_model(self, request: HttpRequest, obj: Contract, form: Any, change: bool) -> None:
        # the contract services (the export's docx and PDF readers) when an admin saves, not in every
        # process's admin discovery (a worker, a manage.py command)
        from contracts.services.contracts import contract_update

        contract_update(actor=request.user, contract=obj, title=form.cleaned_data.get("title"),
                        contract_type=form.cleaned_data.get("contract_type"))

    def delete_model(self, request: HttpRequest, obj: Contract) -> None:
        from contracts.services.contracts import contract_delete

        contract_delete(actor=request.user, contract=obj)


@admin.register(ReviewIssue)
class ReviewIssueAdmin(_ReadOnly, ClientWorkAdmin):
    list_display = ["id", "contract", "section", "category", "severity", "status", "author", "rule_code", "version",
                    "updated_at"]
    list_filter = ["severity", "status", "author", "category"]
    search_fields = ["contract__title", "category", "quote", "description", "rule_code"]
    list_select_related = ["contract", "section"]


@admin.register(ReviewRun)
class ReviewRunAdmin(_ReadOnly, ClientWorkAdmin):
    list_display = ["id", "contract", "mode", "status", "progress", "total", "current_section", "created_by",
                    "created_at", "finished_at"]
    list_filter = ["mode", "status"]
    search_fields = ["contract__title", "trace_id"]
    list_select_related = ["contract", "current_section", "created_by"]
    exclude = ["snapshot"]


@admin.register(IssueChange)
class IssueChangeAdmin(_ReadOnly, ClientWorkAdmin):
    list_display = ["created_at", "contract", "issue_ref", "action", "actor", "agent_name"]
    list_filter = ["action"]
    search_fields = ["contract__title", "issue_ref", "agent_name", "actor__username"]
    list_select_related = ["contract", "actor"]


# --- Playbook rules (审查规则): every change goes through contracts.services.playbook ---------------------


class PlaybookRuleForm(forms.ModelForm):
    class Meta:
        model = PlaybookRule
        fields = ["code", "title", "contract_types", "detection", "params", "category", "severity", "description",
                  "suggestion", "basis", "enabled"]

    def clean(self):
        data = super().clean()
        values = {name: data.get(name) for name in PlaybookRuleForm.Meta.fields}
        values["code"] = values.get("code") or self.instance.code
        # the playbook's services and engine are imported by the actions that use them, not by the admin's
        # discovery in every process (docs/decisions/test-suite.md)
        from contracts.services import playbook as playbook_services

        try:
            playbook_services.playbook_rule_validate(values)
        except ValidationError as exc:
            for field, messages_ in exc.message_dict.items():
                name = field.split(".")[0].split("[")[0]
                self.add_error(name if name in self.fields else None, [f"{field}：{m}" for m in messages_])
        return data


@admin.register(PlaybookRule)
class PlaybookRuleAdmin(admin.ModelAdmin):
    form = PlaybookRuleForm
    list_display = ("code", "title", "category", "severity", "detection", "enabled", "updated_at")
    list_filter = ("enabled", "detection", "severity", "category")
    search_fields = ("code", "title", "category", "description")
    readonly_fields = ("updated_by", "updated_at")
    actions = ("enable_rules", "disable_rules", "reset_rules")

    def get_readonly_fields(self, request, obj=None):
        return (*self.readonly_fields, "code") if obj else self.readonly_fields

    def has_change_permission(self, request, obj=None):
        return is_admin(request.user)

    def has_add_permission(self, request):
        return is_admin(request.user)

    def has_delete_permission(self, request, obj=None):
        # A rule is disabled, not deleted (the history of issues names its code).
        return False

    def save_model(self, request, obj, form, change):
        from contracts.services import playbook as playbook_services

        data = {name: form.cleaned_data.get(name) for name in PlaybookRuleForm.Meta.fields}
        if change:
            saved = playbook_services.playbook_rule_update(
                actor=request.user, rule=obj, data={k: v for k, v in data.items() if k != "code"})
        else:
            saved = playbook_services.playbook_rule_create(actor=request.user, data=data)
        obj.pk, obj.code = saved.pk, saved.code

    @admin.action(description="启用所选规则")
    def enable_rules(self, request, queryset):
        from contracts.services import playbook as playbook_services

        for rule in queryset:
            playbook_services.playbook_rule_set_enabled(actor=request.user, rule=rule, enabled=True)

    @admin.action(description="停用所选规则")
    def disable_rules(self, request, queryset):
        from contracts.services import playbook as playbook_services

        for rule in queryset:
            playbook_services.playbook_rule_set_enabled(actor=request.user, rule=rule, enabled=False)

    @admin.action(description="恢复为初始规则")
    def reset_rules(self, request, queryset):
        from contracts.playbook.starter import starter_rule
        from contracts.services import playbook as playbook_services

        restored = 0
        for rule in queryset:
            if starter_rule(rule.code) is not None:
                playbook_services.playbook_rule_reset(actor=request.user, rule=rule)
                restored += 1
        self.message_user(request, f"已恢复 {restored} 条初始规则", messages.SUCCESS)
