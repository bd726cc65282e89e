from __future__ import annotations

from rest_framework import serializers

from knowledge.domains import DOMAINS
from knowledge.selectors.search import MAX_TOP_K, STATUS_SCOPES


class SearchInput(serializers.Serializer):
    q = serializers.CharField(trim_whitespace=True, allow_blank=True, help_text="问题、关键词或案情（最多 30,000 字）")
    top_k = serializers.IntegerField(required=False, default=10, min_value=1, max_value=MAX_TOP_K)
    law = serializers.CharField(required=False, allow_blank=True, default="",
                                help_text="只在该法中检索（全称、简称、《》或缩写）")
    domain = serializers.ChoiceField(required=False, allow_blank=True, default="", choices=list(DOMAINS))
    department = serializers.CharField(required=False, allow_blank=True, default="", help_text="法律部门，如 民法商法")
    doc_type = serializers.CharField(required=False, allow_blank=True, default="",
                                     help_text="文件类型：法律、行政法规、司法解释、部门规章 …")
    status = serializers.ChoiceField(required=False, default="current", choices=list(STATUS_SCOPES),
                                     help_text="current（默认：现行有效）、all、history 或具体时效")


class SearchResultOutput(serializers.Serializer):
    law = serializers.CharField()
    doc_type = serializers.CharField(allow_blank=True, help_text="法律 / 行政法规 / 司法解释 / 部门规章 …")
    article_no = serializers.IntegerField(allow_null=True)
    article_label = serializers.CharField()
    chapter = serializers.CharField(allow_blank=True)
    text = serializers.CharField()
    score = serializers.FloatField()
    id = serializers.IntegerField()
    suffix = serializers.IntegerField()
    section = serializers.CharField(allow_blank=True)
    law_status = serializers.CharField()
    law_version = serializers.CharField(allow_blank=True)
    signals = serializers.ListField(child=serializers.CharField(), help_text="citation / dense / fts / law_mention")
    matched_terms = serializers.ListField(child=serializers.CharField())


class QueryInfoOutput(serializers.Serializer):
    length = serializers.IntegerField()
    long = serializers.BooleanField()
    expanded_terms = serializers.ListField(child=serializers.CharField())
    key_terms = serializers.ListField(child=serializers.CharField())
    citations = serializers.ListField(child=serializers.CharField())
    laws_mentioned = serializers.ListField(child=serializers.CharField())
    dense = serializers.BooleanField()
    elapsed_ms = serializers.FloatField()


class SearchOutput(serializers.Serializer):
    results = SearchResultOutput(many=True)
    query = QueryInfoOutput()


class ArticleInput(serializers.Serializer):
    law = serializers.CharField(help_text="全称、简称、《》或缩写：民法典、《劳动合同法》、道交法")
    article = serializers.CharField(help_text="47、第47条、第四十七条、四十七、第一百三十三条之一")
    version = serializers.CharField(required=False, allow_blank=True, default="",
                                    help_text="可选：版本年份（2019）或 历史版本；默认现行版本")


class ArticleOutput(serializers.Serializer):
    law = serializers.CharField()
    article_no = serializers.IntegerField(allow_null=True)
    article_label = serializers.CharField()
    chapter = serializers.CharField(allow_blank=True)
    text = serializers.CharField()
    id = serializers.IntegerField()
    suffix = serializers.IntegerField()
    section = serializers.CharField(allow_blank=True)
    law_status = serializers.CharField()
    law_version = serializers.CharField(allow_blank=True)
    is_current_version = serializers.BooleanField()
    effective_date = serializers.DateField(allow_null=True)
    url = serializers.CharField()


class SuggestionOutput(serializers.Serializer):
    laws = serializers.ListField(child=serializers.CharField())
    articles = serializers.ListField(child=serializers.DictField())


class NotFoundOutput(serializers.Serializer):
    detail = serializers.CharField()
    suggestions = SuggestionOutput()


class StatusOutput(serializers.Serializer):
    laws = serializers.DictField(child=serializers.IntegerField())
    articles = serializers.DictField(child=serializers.IntegerField())
    sources = serializers.ListField(child=serializers.DictField())
    embedding = serializers.DictField()
    last_import = serializers.DictField(allow_null=True)
