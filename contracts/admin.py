from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from contracts.models import PlaybookRule
from contracts.playbook.starter import starter_rule
from contracts.services import playbook as playbook_services
from firm.roles import is_admin

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
        data = {name: form.cleaned_data.get(name) for name in PlaybookRuleForm.Meta.fields}
        if change:
            saved = playbook_services.playbook_rule_update(
                actor=request.user, rule=obj, data={k: v for k, v in data.items() if k != "code"})
        else:
            saved = playbook_services.playbook_rule_create(actor=request.user, data=data)
        obj.pk, obj.code = saved.pk, saved.code

    @admin.action(description="启用所选规则")
    def enable_rules(self, request, queryset):
        for rule in queryset:
            playbook_services.playbook_rule_set_enabled(actor=request.user, rule=rule, enabled=True)

    @admin.action(description="停用所选规则")
    def disable_rules(self, request, queryset):
        for rule in queryset:
            playbook_services.playbook_rule_set_enabled(actor=request.user, rule=rule, enabled=False)

    @admin.action(description="恢复为初始规则")
    def reset_rules(self, request, queryset):
        restored = 0
        for rule in queryset:
            if starter_rule(rule.code) is not None:
                playbook_services.playbook_rule_reset(actor=request.user, rule=rule)
                restored += 1
        self.message_user(request, f"已恢复 {restored} 条初始规则", messages.SUCCESS)
