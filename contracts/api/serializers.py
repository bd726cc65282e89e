"""Serializers of the contracts API (ARCHITECTURE §8): what goes in and what comes out."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from contracts.models import Contract, ContractType, IssueChange, ReviewIssue, Section
from contracts.selectors.contracts import issue_counts


class PartyOutput(serializers.Serializer):
    role = serializers.CharField()
    name = serializers.CharField()
    credit_code = serializers.CharField(allow_blank=True)
    credit_code_valid = serializers.BooleanField(allow_null=True)


class ContractOutput(serializers.ModelSerializer):
    matter = serializers.PrimaryKeyRelatedField(read_only=True)
    matter_number = serializers.SerializerMethodField()
    owner = serializers.CharField(source="owner.username")
    contract_type_label = serializers.CharField(source="get_contract_type_display")
    status_label = serializers.CharField(source="get_status_display")
    parties = PartyOutput(many=True)
    section_count = serializers.SerializerMethodField()
    issue_counts = serializers.SerializerMethodField(
        help_text="{status: {open, confirmed, rejected, resolved}, severity: {high, medium, low}（不含已驳回）, total}")
    url = serializers.SerializerMethodField()

    class Meta:
        model = Contract
        fields = ["id", "title", "status", "status_label", "contract_type", "contract_type_label", "side",
                  "is_template", "matter",
                  "matter_number", "owner", "file_name", "file_format", "file_size", "file_sha256", "parties",
                  "split_fallback", "ocr_used", "section_count", "issue_counts", "error", "url", "created_at",
                  "updated_at"]

    def get_matter_number(self, contract: Contract) -> str | None:
        return contract.matter.number if contract.matter_id else None

    def get_section_count(self, contract: Contract) -> int:
        total = getattr(contract, "section_total", None)
        return total if total is not None else contract.sections.count()

    def get_url(self, contract: Contract) -> str:
        return contract.get_absolute_url()

    def get_issue_counts(self, contract: Contract) -> dict[str, Any]:
        return issue_counts(contract=contract)


class ContractUploadInput(serializers.Serializer):
    file = serializers.FileField(allow_empty_file=True, help_text=".docx、.pdf、.txt 或 .md，上限 20 MB")
    title = serializers.CharField(required=False, allow_blank=True, default="", max_length=200,
                                  help_text="留空时取合同自身的标题或文件名")
    matter = serializers.IntegerField(required=False, allow_null=True, default=None,
                                      help_text="所属案件 id（须为您所在团队的案件）")
    contract_type = serializers.ChoiceField(choices=ContractType.choices, required=False, allow_null=True,
                                            allow_blank=True, default=None, help_text="留空时自动识别")
    side = serializers.CharField(required=False, allow_blank=True, allow_null=True, default=None, max_length=20,
                                 help_text="我方：本所代表的一方，按合同中的称谓（甲方、乙方、出租人……）")
    is_template = serializers.BooleanField(required=False, default=False,
                                           help_text="作为本所标准文本（用于与对方草稿逐条比对）")


class ContractUpdateInput(serializers.Serializer):
    title = serializers.CharField(max_length=200, required=False)
    side = serializers.CharField(max_length=20, required=False, allow_blank=True, allow_null=True,
                                 help_text="我方（甲方、出租人……）；null 或空串表示未指定")
    contract_type = serializers.ChoiceField(choices=ContractType.choices, required=False)
    matter = serializers.IntegerField(required=False, allow_null=True, help_text="null：移出案件")


class TermOutput(serializers.Serializer):
    key = serializers.CharField(help_text="parties|price|payment|term|deposit|penalty|late_fee|termination|"
                                          "acceptance|ip|confidentiality|governing_law|forum|notice")
    label = serializers.CharField()
    text = serializers.CharField(help_text="合同原文（所依据的句子）")
    value = serializers.JSONField(allow_null=True, help_text="解析值：{amount, currency} | {ratio, per, base} | "
                                                             "{days|months|years|hours, from} | {start, end} | …")
    section = serializers.IntegerField(allow_null=True)
    section_number = serializers.CharField(allow_null=True)


class CompareInput(serializers.Serializer):
    against = serializers.IntegerField(required=False, help_text="同一合同上一稿的 id（版本比对）")
    template = serializers.IntegerField(required=False, help_text="本所标准文本的 id（标准文本比对）")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if bool(attrs.get("against")) == bool(attrs.get("template")):
            raise serializers.ValidationError("须且只能给出 against 或 template 之一")
        return attrs


class CompareItem(serializers.Serializer):
    section_number = serializers.CharField(allow_blank=True)
    section = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=["matches", "deviates", "missing", "added"])
    similarity = serializers.FloatField()
    ours = serializers.CharField(allow_blank=True, help_text="本所标准文本或上一稿的条款")
    theirs = serializers.CharField(allow_blank=True, help_text="本合同的条款")
    ours_number = serializers.CharField(allow_blank=True)
    issue = serializers.IntegerField(allow_null=True)


class CompareOutput(serializers.Serializer):
    items = CompareItem(many=True)
    carried = serializers.ListField(child=serializers.DictField(), required=False)
    closed = serializers.ListField(child=serializers.DictField(), required=False)


class TermsOutput(serializers.Serializer):
    items = TermOutput(many=True)


class SectionOutput(serializers.ModelSerializer):
    parent = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta:
        model = Section
        fields = ["id", "order", "kind", "number", "title", "text", "parent", "para_start", "para_end", "ocr"]


class SectionMergeInput(serializers.Serializer):
    sections = serializers.ListField(child=serializers.IntegerField(), min_length=2,
                                     help_text="相邻章节的 id（两个或更多）")


class SectionSplitInput(serializers.Serializer):
    at = serializers.IntegerField(min_value=1, help_text="新章节在原章节正文中的起始位置（须为某一段落的开头）")


class BasisInput(serializers.Serializer):
    law = serializers.CharField(max_length=200)
    article = serializers.CharField(max_length=40, help_text="条号：47、第四十七条 或 第47条")


class BasisOutput(serializers.Serializer):
    law = serializers.CharField()
    article = serializers.JSONField()
    label = serializers.CharField(required=False)
    valid = serializers.BooleanField()
    reason = serializers.CharField(required=False, allow_blank=True)


class IssueOutput(serializers.ModelSerializer):
    section = serializers.PrimaryKeyRelatedField(read_only=True)
    section_number = serializers.SerializerMethodField()
    section_order = serializers.SerializerMethodField()
    basis = BasisOutput(many=True)
    severity_label = serializers.CharField(source="get_severity_display")
    status_label = serializers.CharField(source="get_status_display")

    class Meta:
        model = ReviewIssue
        fields = ["id", "section", "section_number", "section_order", "quote", "start", "end", "category",
                  "severity", "severity_label", "description", "suggestion", "basis", "status", "status_label",
                  "author", "author_name", "agent_name", "rule_code", "version", "created_at", "updated_at"]

    def get_section_number(self, issue: ReviewIssue) -> str | None:
        return issue.section.number if issue.section_id else None

    def get_section_order(self, issue: ReviewIssue) -> int | None:
        return issue.section.order if issue.section_id else None


class IssueCreateInput(serializers.Serializer):
    section = serializers.IntegerField(allow_null=True, help_text="章节 id；null 表示合同缺少的条款")
    quote = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False,
                                  max_length=2000, help_text="章节正文中的原文片段")
    start = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0)
    end = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0)
    category = serializers.CharField(max_length=60)
    severity = serializers.ChoiceField(choices=ReviewIssue.Severity.choices)
    description = serializers.CharField(max_length=4000)
    suggestion = serializers.CharField(required=False, allow_blank=True, default="", max_length=4000)
    basis = BasisInput(many=True, required=False, default=list)


class IssueUpdateInput(serializers.Serializer):
    version = serializers.IntegerField(min_value=1, help_text="读取时的版本号；已被他人修改时返回 409")
    section = serializers.IntegerField(required=False, allow_null=True)
    quote = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False, max_length=2000)
    start = serializers.IntegerField(required=False, min_value=0)
    end = serializers.IntegerField(required=False, min_value=0)
    category = serializers.CharField(required=False, max_length=60)
    severity = serializers.ChoiceField(choices=ReviewIssue.Severity.choices, required=False)
    description = serializers.CharField(required=False, max_length=4000)
    suggestion = serializers.CharField(required=False, allow_blank=True, max_length=4000)
    basis = BasisInput(many=True, required=False)
    status = serializers.ChoiceField(choices=ReviewIssue.Status.choices, required=False,
                                     help_text="也可用 …/confirm、…/reject")


class IssueDecisionInput(serializers.Serializer):
    version = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                       help_text="读取时的版本号（可选）；已被他人修改时返回 409")


class IssueConflictOutput(serializers.Serializer):
    detail = serializers.CharField()
    current = IssueOutput()


class IssueChangeOutput(serializers.ModelSerializer):
    actor = serializers.SerializerMethodField()

    class Meta:
        model = IssueChange
        fields = ["id", "issue_ref", "action", "actor", "agent_name", "changes", "created_at"]

    def get_actor(self, change: IssueChange) -> str | None:
        return change.actor.get_username() if change.actor_id else None


class ExportQuery(serializers.Serializer):
    format = serializers.ChoiceField(choices=[("docx", "批注版合同"), ("report", "审查报告"), ("json", "JSON"),
                                              ("md", "Markdown")], default="docx")


def basis_in(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Validated basis input → the services' ``[{law, article}]`` (an article number as int when it is one)."""
    return [{"law": item["law"], "article": int(item["article"]) if str(item["article"]).isdigit()
             else item["article"]} for item in items]
