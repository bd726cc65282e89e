"""Admin: statutes are read here and changed only through `import_statutes` (so ids and vectors stay right)."""

from django.contrib import admin

from knowledge.models import Article, ImportRun, Law


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Law)
class LawAdmin(ReadOnlyAdmin):
    list_display = ["name", "version_label", "status", "time_status_today", "start_date_shown", "department",
                    "article_count", "source"]
    list_filter = ["status", "is_current", "department", "source", "doc_type"]
    search_fields = ["name", "aliases"]
    readonly_fields = ["time_status_today", "start_date_shown"]

    @admin.display(description="今日时效（按日期计算）")
    def time_status_today(self, obj: Law) -> str:
        return f"{obj.time_status}{obj.status_note if obj.time_status != '已废止' else ''}"

    @admin.display(description="本版本施行日期")
    def start_date_shown(self, obj: Law) -> str:
        return obj.start_date.isoformat() if obj.start_date else "—"


@admin.register(Article)
class ArticleAdmin(ReadOnlyAdmin):
    list_display = ["law", "label", "chapter", "current"]
    list_filter = ["current", "law__department"]
    search_fields = ["law__name", "label", "text"]
    list_select_related = ["law"]
    exclude = ["embedding", "search_tokens", "search_vector"]
    raw_id_fields = ["law"]


@admin.register(ImportRun)
class ImportRunAdmin(ReadOnlyAdmin):
    list_display = ["source", "started_at", "finished_at", "status", "actor"]
    list_filter = ["status", "source"]
