"""Matters and users in the Django admin. Every change goes through ``firm.services`` so it is
checked and recorded as an audit event (docs/decisions/audit-events.md): matters, their teams,
users' roles and active flags."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm, UserCreationForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest

from firm import services
from firm.models import Matter, MatterMember, Role
from firm.roles import user_role

User = get_user_model()


class MatterMemberInline(admin.TabularInline):
    model = MatterMember
    extra = 0
    fields = ["user", "team_role"]
    autocomplete_fields = ["user"]


@admin.register(Matter)
class MatterAdmin(admin.ModelAdmin):
    list_display = ["number", "title", "client", "owner", "privileged", "status", "created_at"]
    list_filter = ["status", "privileged"]
    search_fields = ["number", "title", "client"]
    fields = ["number", "title", "client", "description", "privileged", "status", "owner"]
    autocomplete_fields = ["owner"]
    inlines = [MatterMemberInline]

    def has_delete_permission(self, request: HttpRequest, obj: Matter | None = None) -> bool:
        return False  # a matter is closed (status), never deleted: its audit trail points at it

    def save_model(self, request: HttpRequest, obj: Matter, form: forms.ModelForm, change: bool) -> None:
        data = form.cleaned_data
        if change:
            changes = {name: data[name] for name in form.changed_data if name in services.MATTER_FIELDS}
            services.matter_update(actor=request.user, matter=obj, **changes)
            return
        created = services.matter_create(
            actor=request.user, owner=data["owner"], number=data["number"], title=data["title"],
            client=data["client"], description=data.get("description", ""), privileged=data.get("privileged", False),
        )
        if data.get("status") and data["status"] != created.status:
            services.matter_update(actor=request.user, matter=created, status=data["status"])
        obj.pk, obj.created_at, obj.updated_at = created.pk, created.created_at, created.updated_at
        obj._state.adding = False

    def save_formset(
        self, request: HttpRequest, form: forms.ModelForm, formset: BaseInlineFormSet, change: bool
    ) -> None:
        if formset.model is not MatterMember:
            super().save_formset(request, form, formset, change)
            return
        matter = form.instance
        formset.save(commit=False)  # fills deleted/new/changed objects without writing
        try:
            for membership in formset.deleted_objects:
                services.matter_member_remove(actor=request.user, matter=matter, user=membership.user)
            for membership, changed in formset.changed_objects:
                if "user" in changed:
                    previous = MatterMember.objects.get(pk=membership.pk).user
                    services.matter_member_remove(actor=request.user, matter=matter, user=previous)
                services.matter_member_add(actor=request.user, matter=matter, user=membership.user,
                                           team_role=membership.team_role)
            for membership in formset.new_objects:
                services.matter_member_add(actor=request.user, matter=matter, user=membership.user,
                                           team_role=membership.team_role)
        except (ValidationError, PermissionDenied) as exc:
            self.message_user(request, "；".join(getattr(exc, "messages", [str(exc)])), messages.ERROR)


# --- users -----------------------------------------------------------------------------------
class RoleChangeForm(UserChangeForm):
    role = forms.ChoiceField(label="角色", choices=Role.choices)

    class Meta(UserChangeForm.Meta):
        model = User
        fields = ["username", "first_name", "last_name", "email", "is_active"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["role"].initial = user_role(self.instance)


class RoleCreationForm(UserCreationForm):
    role = forms.ChoiceField(label="角色", choices=Role.choices, initial=Role.STAFF)

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ["username"]


admin.site.unregister(User)


@admin.register(User)
class FirmUserAdmin(UserAdmin):
    """Users get one role (staff, compliance, admin) instead of raw groups and flags, so a role
    change is ``firm.services.user_role_set`` and an audit event."""

    form = RoleChangeForm
    add_form = RoleCreationForm
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        ("个人信息", {"fields": ("first_name", "last_name", "email")}),
        ("角色与状态", {"fields": ("role", "is_active")}),
        ("时间", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("username", "role", "password1", "password2")}),)
    readonly_fields = ["last_login", "date_joined"]
    list_display = ["username", "first_name", "email", "role_label", "is_active"]
    list_filter = ["is_active", "groups"]
    filter_horizontal = []

    @admin.display(description="角色")
    def role_label(self, user: Any) -> str:
        role = user_role(user)
        return Role(role).label if role else "—"

    def save_model(self, request: HttpRequest, obj: Any, form: forms.ModelForm, change: bool) -> None:
        data = form.cleaned_data
        if not change:
            created, _ = services.user_create(actor=request.user, username=data["username"], role=data["role"],
                                              password=data["password1"])
            obj.pk, obj.password, obj.date_joined = created.pk, created.password, created.date_joined
            obj._state.adding = False
            return
        profile = {name: data[name] for name in form.changed_data if name in services.PROFILE_FIELDS}
        services.user_update(actor=request.user, user=obj, role=data["role"], is_active=data["is_active"],
                             **profile)

    def save_related(self, request: HttpRequest, form: forms.ModelForm, formsets: Any, change: bool) -> None:
        """Groups and permissions are not edited here: the role is (``save_model``)."""
