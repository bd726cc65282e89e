"""Statutes: laws (one row per stored version) and their articles, with embeddings and search tokens.

A law stored in two versions (商标法 2019 and 2026) is two ``Law`` rows with the same ``name``;
``is_current`` marks the version a name resolves to by default. ``Article.current`` copies
"the law is current and not repealed" onto every article, so the default search scope is one
indexed column (the HNSW index is partial on it).

The embedding column's dimension is ``settings.EMBEDDING_DIM`` when the table is created.
Changing the dimension later needs ``manage.py reembed``, which alters the column, re-embeds
every article and rebuilds the HNSW index (docs/decisions/knowledge-embeddings.md).
"""

from __future__ import annotations

import datetime as dt

from django.apps import apps as django_apps
from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Q
from django.urls import reverse
from pgvector.django import HnswIndex, VectorField

from core.jobs import JobMixin
from firm.walls import client_work

HNSW_INDEX_NAME = "knowledge_article_emb_hnsw"
HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64
#: pgvector cannot build an HNSW index over ``vector`` columns wider than this.
HNSW_MAX_DIM = 2000


class LawStatus(models.TextChoices):
    CURRENT = "现行有效", "现行有效"
    AMENDED = "已被修改", "已被修改"
    REPEALED = "已废止", "已废止"
    HISTORICAL = "历史版本", "历史版本"


#: Statuses whose text is in force (刑法 is stored once, as the 2020 text marked 已被修改).
IN_FORCE_STATUSES = (LawStatus.CURRENT, LawStatus.AMENDED)


class Law(models.Model):
    name = models.CharField("名称", max_length=300, db_index=True)
    short_name = models.CharField("简称", max_length=300, blank=True)
    aliases = ArrayField(models.CharField(max_length=100), default=list, blank=True,
                         help_text="缩写与别名（道交法、消保法……），来自语料或内置表")
    doc_type = models.CharField("文件类型", max_length=50, blank=True)
    department = models.CharField("法律部门", max_length=50, blank=True, db_index=True)
    level = models.CharField("效力级别", max_length=50, blank=True)
    issuing_body = models.CharField("制定机关", max_length=200, blank=True)
    publish_date = models.DateField("公布日期", null=True, blank=True)
    effective_date = models.DateField("施行日期", null=True, blank=True)
    version_date = models.DateField("版本日期", null=True, blank=True)
    status = models.CharField("时效性", max_length=10, choices=LawStatus.choices, default=LawStatus.CURRENT)
    version_label = models.CharField("版本", max_length=100, blank=True)
    is_current = models.BooleanField("默认版本", default=False, db_index=True,
                                     help_text="同名法律的多个版本中，检索与查询默认使用的一个")
    source = models.CharField("来源", max_length=100)
    source_id = models.CharField("来源标识", max_length=200)
    content_hash = models.CharField(max_length=64, blank=True)
    article_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "法律"
        verbose_name_plural = "法律"
        ordering = ["name", "-is_current", "-version_date"]
        constraints = [
            models.UniqueConstraint(fields=["source", "source_id"], name="knowledge_law_source_uniq"),
        ]

    def __str__(self) -> str:
        return self.name if self.is_current else f"{self.name}（{self.version_label or self.status}）"

    def get_absolute_url(self) -> str:
        return reverse("knowledge:law", args=[self.pk])

    @property
    def in_force(self) -> bool:
        """Whether this version's text is in force today, computed from the dates of the law's versions
        (knowledge.selectors.versions) - a text 现行有效 by label but taking effect next year is not."""
        from knowledge.selectors.versions import IN_FORCE

        return self.time_status == IN_FORCE

    @property
    def time_status(self) -> str:
        """现行有效 / 已公布，尚未施行 / 已被修订 / 已废止 today, computed from the versions' dates. The reader
        (knowledge.selectors.statutes.law_time_status, over the corpus cache) is registered by
        KnowledgeConfig.ready(): the model layer imports no selector that imports it back."""
        return django_apps.get_app_config("knowledge").law_time_status(self)

    @property
    def status_note(self) -> str:
        """"" when in force today, else （2027年1月1日起施行） / （已废止） / （已被修订）."""
        from knowledge.selectors.versions import status_note, version_start

        return status_note(self.time_status, version_start(self))

    @property
    def start_date(self) -> dt.date | None:
        """The day this version's text takes effect (its 施行日期, or its own date for a revision stored
        with the original enactment's)."""
        from knowledge.selectors.versions import version_start

        return version_start(self)


class Article(models.Model):
    law = models.ForeignKey(Law, on_delete=models.CASCADE, related_name="articles", verbose_name="法律")
    ordinal = models.PositiveIntegerField("顺序", help_text="在该法中的文档顺序，从 0 开始")
    chapter = models.CharField("章", max_length=300, blank=True)
    section = models.CharField("节", max_length=300, blank=True)
    number = models.PositiveIntegerField("条号", null=True, blank=True)
    suffix = models.PositiveSmallIntegerField("之X", default=0, help_text="第一百三十三条之一 为 1")
    label = models.CharField("条文标签", max_length=50)
    text = models.TextField("条文")
    text_hash = models.CharField(max_length=32)
    source_id = models.CharField(max_length=100, blank=True)
    current = models.BooleanField(default=False, help_text="属于现行有效的默认版本（默认检索范围）")
    embedding = VectorField(dimensions=settings.EMBEDDING_DIM, null=True, blank=True)
    search_tokens = models.TextField(blank=True, help_text="jieba 分词结果（空格分隔）")
    search_vector = models.GeneratedField(
        expression=SearchVector("search_tokens", config="simple"),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    class Meta:
        verbose_name = "法条"
        verbose_name_plural = "法条"
        ordering = ["law", "ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["law", "ordinal"], name="knowledge_article_law_ordinal_uniq"),
        ]
        indexes = [
            models.Index(fields=["law", "number", "suffix"], name="knowledge_article_number_idx"),
            GinIndex(fields=["search_vector"], name="knowledge_article_fts_gin"),
            *(
                [
                    HnswIndex(
                        name=HNSW_INDEX_NAME,
                        fields=["embedding"],
                        m=HNSW_M,
                        ef_construction=HNSW_EF_CONSTRUCTION,
                        opclasses=["vector_cosine_ops"],
                        condition=Q(current=True),
                    )
                ]
                if settings.EMBEDDING_DIM <= HNSW_MAX_DIM
                else []
            ),
        ]

    def __str__(self) -> str:
        return f"{self.law.name}{self.label}"

    def get_absolute_url(self) -> str:
        return reverse("knowledge:article", args=[self.pk])


class TermStat(models.Model):
    """Document frequency of a search token over the default search scope (for IDF weighting)."""

    term = models.CharField(max_length=100, primary_key=True)
    df = models.PositiveIntegerField()

    class Meta:
        verbose_name = "词项统计"
        verbose_name_plural = "词项统计"

    def __str__(self) -> str:
        return f"{self.term}: {self.df}"


class CorpusState(models.Model):
    """Small facts about the corpus as a whole: the embedding in the column, the generation counter."""

    key = models.CharField(max_length=50, primary_key=True)
    value = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "语料状态"
        verbose_name_plural = "语料状态"

    def __str__(self) -> str:
        return self.key


class ImportRun(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", "进行中"
        OK = "ok", "完成"
        FAILED = "failed", "失败"

    source = models.CharField(max_length=300)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    counts = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")

    class Meta:
        verbose_name = "导入记录"
        verbose_name_plural = "导入记录"
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"{self.source} {self.started_at:%Y-%m-%d %H:%M} {self.status}"


# -- the firm's case library (docs/decisions/case-library.md) --------------------------------------------


@client_work(matter="matter", owner="owner", metadata=["sha256", "content_type"])
class CaseDocument(JobMixin):
    """A judgment or precedent uploaded by a lawyer; visible per ``firm.selectors.work_visible_q``.

    Stored at once with its bytes (``pending``); a worker extracts, chunks and embeds it (``ready``)
    or records why it could not (``failed`` + ``error``). Search and the agents read ready documents only.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "处理中"
        READY = "ready", "可检索"
        FAILED = "failed", "处理失败"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="case_documents",
                              verbose_name="上传人")
    matter = models.ForeignKey("firm.Matter", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="case_documents", verbose_name="案件/事项")
    title = models.CharField("标题", max_length=300)
    court = models.CharField("法院", max_length=200, blank=True)
    case_number = models.CharField("案号", max_length=200, blank=True)
    decided_date = models.DateField("裁判日期", null=True, blank=True)
    file_name = models.CharField("文件名", max_length=255)
    content_type = models.CharField("文件类型", max_length=100)
    size = models.PositiveBigIntegerField("大小（字节）")
    sha256 = models.CharField(max_length=64)
    status = models.CharField("状态", max_length=10, choices=Status.choices, default=Status.PENDING)
    error = models.TextField("错误", blank=True)
    #: The uploaded bytes, kept so a worker lost mid-extraction loses nothing (read again).
    original = models.BinaryField("原文件", default=b"")
    #: When a worker took it; an extraction older than ``knowledge.services.cases.EXTRACT_STALE_SECONDS`` is re-run.
    started_at = models.DateTimeField("开始处理", null=True, blank=True)
    #: The extraction's job reads ``started_at`` (when a worker took it) as its heartbeat.
    heartbeat_at = None
    created_at = models.DateTimeField("上传时间", auto_now_add=True)

    class Meta:
        verbose_name = "案例"
        verbose_name_plural = "案例"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("knowledge:case", args=[self.pk])


@client_work(matter="document__matter", owner="document__owner")
class CaseChunk(models.Model):
    document = models.ForeignKey(CaseDocument, on_delete=models.CASCADE, related_name="chunks", verbose_name="案例")
    ordinal = models.PositiveIntegerField("顺序")
    heading = models.CharField("部分", max_length=300, blank=True,
                               help_text="当事人、诉讼请求、事实与理由、本院查明、本院认为、裁判结果，或文档自身的标题")
    text = models.TextField("正文")
    embedding = VectorField(dimensions=settings.EMBEDDING_DIM, null=True, blank=True)
    search_tokens = models.TextField(blank=True, help_text="jieba 分词结果（空格分隔）")
    search_vector = models.GeneratedField(
        expression=SearchVector("search_tokens", config="simple"),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    class Meta:
        verbose_name = "案例片段"
        verbose_name_plural = "案例片段"
        ordering = ["document", "ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["document", "ordinal"], name="knowledge_casechunk_doc_ordinal_uniq"),
        ]
        indexes = [GinIndex(fields=["search_vector"], name="knowledge_casechunk_fts_gin")]

    def __str__(self) -> str:
        return f"{self.document.title} · {self.heading or self.ordinal}"
