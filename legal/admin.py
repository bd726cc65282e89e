"""Admin: issue cards and their versions. Approval goes through the service (audit event)."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError

from legal.models import IssueCard, IssueCardVersion


class VersionInline(admin.TabularInline):
    model = IssueCardVersion
    fields = ("number", "status", "note", "author", "approved_by", "approved_at", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(IssueCard)
class IssueCardAdmin(admin.ModelAdmin):
    list_display = ("title", "slug", "domain", "origin", "current", "active", "updated_at")
    list_filter = ("domain", "origin", "active")
    search_fields = ("title", "slug")
    readonly_fields = ("slug", "title", "domain", "origin", "current", "file_data", "created_at", "updated_at")
    fields = ("slug", "title", "domain", "origin", "current", "active", "file_data", "created_at", "updated_at")
    inlines = [VersionInline]

    def has_add_permission(self, request) -> bool:
        return False  # new cards come from the files or the portal page (validated, versioned)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(IssueCardVersion)
class IssueCardVersionAdmin(admin.ModelAdmin):
    list_display = ("card", "number", "status", "author", "approved_by", "created_at")
    list_filter = ("status",)
    search_fields = ("card__slug", "card__title", "note")
    readonly_fields = ("card", "number", "data", "status", "note", "author", "approved_by", "approved_at", "created_at")
    actions = ["approve"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(description="批准所选的待审批版本")
    def approve(self, request, queryset) -> None:
        from legal import services  # the card services and their readers: imported by the action, not the admin

        for version in queryset:
            try:
                services.card_version_approve(actor=request.user, version=version)
            except (ValidationError, PermissionDenied) as exc:
                self.message_user(request, f"{version}：{exc}", level=messages.ERROR)
