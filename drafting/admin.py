"""Admin of 文书起草: templates and their versions (approve the firm's uploads). Drafts are client work
and stay out of the admin: they are read through the portal and the API, behind the matter walls."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from drafting.models import DocumentTemplate, TemplateVersion


class TemplateVersionInline(admin.TabularInline):
    model = TemplateVersion
    fields = ("number", "status", "sha256", "created_by", "created_at", "approved_by", "approved_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(DocumentTemplate)
class DocumentTemplateAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "category", "source", "owner", "updated_at")
    list_filter = ("source", "category")
    search_fields = ("name", "slug", "keywords", "description")
    readonly_fields = ("slug", "source", "owner", "created_at", "updated_at")
    inlines = [TemplateVersionInline]


@admin.register(TemplateVersion)
class TemplateVersionAdmin(admin.ModelAdmin):
    list_display = ("template", "number", "status", "created_by", "created_at", "approved_by")
    list_filter = ("status", "template__source")
    search_fields = ("template__name", "template__slug")
    readonly_fields = ("template", "number", "sha256", "fields", "status", "created_by", "created_at",
                       "approved_by", "approved_at")
    exclude = ("docx",)
    actions = ["approve", "reject"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="批准所选模板版本（员工即可使用）")
    def approve(self, request: HttpRequest, queryset: QuerySet[TemplateVersion]) -> None:
        self._decide(request, queryset, approve=True)

    @admin.action(description="驳回所选模板版本")
    def reject(self, request: HttpRequest, queryset: QuerySet[TemplateVersion]) -> None:
        self._decide(request, queryset, approve=False)

    def _decide(self, request: HttpRequest, queryset: QuerySet[TemplateVersion], *, approve: bool) -> None:
        from drafting import services  # the template renderer (jinja2, docxtpl) when an admin decides

        try:
            for version in queryset:
                services.template_approve(actor=request.user, version=version, approve=approve)
        except PermissionError as exc:
            self.message_user(request, str(exc), messages.ERROR)
            return
        self.message_user(request, f"已{'批准' if approve else '驳回'} {queryset.count()} 个版本")
