from django.contrib import admin

from firm.models import Matter, MatterMember


class MatterMemberInline(admin.TabularInline):
    model = MatterMember
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Matter)
class MatterAdmin(admin.ModelAdmin):
    list_display = ["number", "title", "client", "owner", "privileged", "status", "created_at"]
    list_filter = ["status", "privileged"]
    search_fields = ["number", "title", "client"]
    autocomplete_fields = ["owner"]
    inlines = [MatterMemberInline]
