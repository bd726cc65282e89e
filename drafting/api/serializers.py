"""Shapes of the drafting API (ARCHITECTURE §8)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from drafting import schema as fs
from drafting.models import DocumentTemplate, Draft, DraftVersion, TemplateVersion
from drafting.selectors import template_current


class FieldSpec(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    type = serializers.ChoiceField(choices=["text", "textarea", "date", "amount", "integer", "id_number",
                                            "credit_code", "phone", "choice", "group"])
    required = serializers.BooleanField()
    many = serializers.BooleanField(required=False, help_text="groups only")
    fields = serializers.ListField(child=serializers.DictField(), required=False, help_text="groups only")
    choices = serializers.ListField(child=serializers.CharField(), required=False, help_text="choice only")


class TemplateOutput(serializers.ModelSerializer):
    fields = serializers.SerializerMethodField(method_name="field_specs")
    version = serializers.SerializerMethodField()

    class Meta:
        model = DocumentTemplate
        fields = ["id", "slug", "name", "category", "description", "source", "version", "fields"]

    def _current(self, template: DocumentTemplate) -> Any:
        cache = self.context.setdefault("current", {})
        if template.pk not in cache:
            cache[template.pk] = template_current(template=template)
        return cache[template.pk]

    @extend_schema_field(FieldSpec(many=True))
    def field_specs(self, template: DocumentTemplate) -> list[dict[str, Any]]:
        current = self._current(template)
        return current.fields if current else []

    def get_version(self, template: DocumentTemplate) -> int | None:
        current = self._current(template)
        return current.number if current else None


class DraftInput(serializers.Serializer):
    template = serializers.CharField(help_text="template id or slug")
    fields = serializers.DictField(required=False, default=dict)
    matter = serializers.IntegerField(required=False, allow_null=True, default=None)
    chat_session = serializers.IntegerField(required=False, allow_null=True, default=None)
    title = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class DraftUpdateInput(serializers.Serializer):
    fields = serializers.DictField()
    replace = serializers.BooleanField(required=False, default=False)


class VersionOutput(serializers.ModelSerializer):
    download = serializers.SerializerMethodField()
    created_by = serializers.CharField(source="created_by.username", default="")

    class Meta:
        model = DraftVersion
        fields = ["number", "created_at", "created_by", "download"]

    def get_download(self, version: DraftVersion) -> str:
        return reverse("api-drafting-download", args=[version.draft_id]) + f"?version={version.number}"


class DraftOutput(serializers.ModelSerializer):
    template = serializers.IntegerField(source="template_id")
    template_slug = serializers.CharField(source="template.slug")
    template_version = serializers.IntegerField(source="template_version.number")
    missing = serializers.SerializerMethodField()
    versions = serializers.SerializerMethodField()
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = Draft
        fields = ["id", "title", "template", "template_slug", "template_version", "matter", "chat_session",
                  "status", "fields", "missing", "prefilled", "notes", "versions", "url", "created_at", "updated_at"]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_missing(self, draft: Draft) -> list[str]:
        return fs.missing(draft.template_version.fields, draft.fields)

    @extend_schema_field(VersionOutput(many=True))
    def get_versions(self, draft: Draft) -> list[dict[str, Any]]:
        return VersionOutput(draft.versions.defer("docx").order_by("-number"), many=True).data


class RenderOutput(serializers.Serializer):
    version = serializers.IntegerField()
    download = serializers.CharField()


class FieldErrors(serializers.Serializer):
    """400: ``fields`` names each invalid field and why, ``missing`` the required fields still empty;
    a body that is not JSON at all gets ``detail`` instead."""

    fields = serializers.DictField(child=serializers.CharField(), required=False)
    missing = serializers.ListField(child=serializers.CharField(), required=False)
    detail = serializers.CharField(required=False)


class TemplateUploadInput(serializers.Serializer):
    file = serializers.FileField(help_text=".docx with {{ placeholders }}")
    name = serializers.CharField(max_length=200)
    category = serializers.CharField(max_length=50, required=False, default="本所模板")
    description = serializers.CharField(required=False, allow_blank=True, default="")


class TemplateVersionOutput(serializers.ModelSerializer):
    template = serializers.IntegerField(source="template_id")
    slug = serializers.CharField(source="template.slug")
    name = serializers.CharField(source="template.name")

    class Meta:
        model = TemplateVersion
        fields = ["id", "template", "slug", "name", "number", "status", "fields", "created_at", "approved_at"]


class TemplateFieldsInput(serializers.Serializer):
    fields = serializers.ListField(child=serializers.DictField())


class ApproveInput(serializers.Serializer):
    approve = serializers.BooleanField(required=False, default=True)
