"""Contracts under review: the uploaded file, its sections, review runs, the issues raised on it
(with their change history), the per-contract chat, and the firm's review playbook."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

from core.jobs import JobMixin
from firm.walls import client_work


class ContractType(models.TextChoices):
    SALE = "sale", "买卖合同"
    LEASE = "lease", "租赁合同"
    FINANCE_LEASE = "finance_lease", "融资租赁合同"
    LABOR = "labor", "劳动合同"
    SERVICE = "service", "服务合同"
    ENTRUSTMENT = "entrustment", "委托合同"
    LOAN = "loan", "借款合同"
    TECH_DEV = "tech_dev", "技术开发合同"
    NDA = "nda", "保密协议"
    DATA = "data", "数据合同"
    TECH_TRANSFER = "tech_transfer", "技术转让/许可合同"
    TECH_SERVICE = "tech_service", "技术服务/咨询合同"
    CONSTRUCTION = "construction", "建设工程合同"
    PROPERTY = "property", "物业服务合同"
    INTERMEDIARY = "intermediary", "中介（居间）合同"
    WORK = "work", "承揽合同"
    TRANSPORT = "transport", "运输合同"
    STORAGE = "storage", "仓储/保管合同"
    GIFT = "gift", "赠与合同"
    PARTNERSHIP = "partnership", "合伙协议"
    EQUITY = "equity", "股权转让协议"
    GUARANTEE = "guarantee", "保证/担保合同"
    FRANCHISE = "franchise", "特许经营合同"
    ADVERTISING = "advertising", "广告合同"
    PERFORMANCE = "performance", "演出/经纪合同"
    OTHER = "other", "其他"


@client_work(matter="matter", owner="owner", metadata=["file_sha256"])
class Contract(JobMixin):
    class Status(models.TextChoices):
        UPLOADED = "uploaded", "已上传"
        SPLITTING = "splitting", "拆分中"
        SPLIT = "split", "已拆分"
        REVIEWING = "reviewing", "审查中"
        REVIEWED = "reviewed", "已审查"
        FAILED = "failed", "失败"

    class Format(models.TextChoices):
        DOCX = "docx", "Word"
        PDF = "pdf", "PDF"
        TXT = "txt", "文本"
        MD = "md", "Markdown"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="contracts",
                              verbose_name="所有人")
    matter = models.ForeignKey("firm.Matter", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="contracts", verbose_name="案件/事项")
    title = models.CharField("标题", max_length=200)
    contract_type = models.CharField("合同类型", max_length=16, choices=ContractType.choices,
                                     default=ContractType.OTHER)
    status = models.CharField("状态", max_length=16, choices=Status.choices, default=Status.UPLOADED)
    file_name = models.CharField("文件名", max_length=255)
    file_format = models.CharField("格式", max_length=8, choices=Format.choices)
    file_size = models.PositiveIntegerField("大小（字节）", default=0)
    file_sha256 = models.CharField("SHA-256", max_length=64)
    #: The uploaded bytes. Kept in Postgres so every daphne and Celery host reads the same file with
    #: no shared file system (docs/decisions/contract-storage.md); never loaded in lists.
    original = models.BinaryField("原文件")
    parties = models.JSONField("当事人", default=list, blank=True,
                               help_text="[{role, name, credit_code, credit_code_valid}]")
    #: The party the firm acts for, as the contract names it (甲方, 出租人 …); "" when not stated. The
    #: playbook's side-aware rules read it (docs/decisions/contract-playbook.md, “Side”).
    side = models.CharField("我方", max_length=20, blank=True)
    #: The firm's own standard text for its contract type (本所标准文本): a counterparty's draft is compared
    #: with it clause by clause (contracts.services.compare). Uploaded, split and seen like any contract.
    is_template = models.BooleanField("本所标准文本", default=False)
    #: The splitter found no numbering and fell back to one section per paragraph.
    split_fallback = models.BooleanField("按段落拆分", default=False)
    ocr_used = models.BooleanField("经过 OCR", default=False)
    error = models.TextField("错误", blank=True)
    created_at = models.DateTimeField("上传时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)
    #: The split's job reads ``updated_at`` as its heartbeat (a split saves the row when it is taken).
    heartbeat_at = None

    class Meta:
        verbose_name = "合同"
        verbose_name_plural = "合同"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("contracts:detail", args=[self.pk])


@client_work(matter="contract__matter", owner="contract__owner", metadata=["number"])
class Section(models.Model):
    class Kind(models.TextChoices):
        PREAMBLE = "preamble", "前言"
        CHAPTER = "chapter", "章"
        CLAUSE = "clause", "条款"
        ANNEX = "annex", "附件"
        SIGNATURE = "signature", "签署"

    contract = models.ForeignKey(Contract, on_delete=models.CASCADE, related_name="sections")
    order = models.PositiveIntegerField("顺序")
    kind = models.CharField("类别", max_length=16, choices=Kind.choices)
    #: The document's own label: 第一条, 一、, 1., 1.1, 附件一 (from Word's automatic numbering too).
    number = models.CharField("编号", max_length=40, blank=True)
    title = models.CharField("标题", max_length=200, blank=True)
    text = models.TextField("正文")
    parent = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="children")
    #: Inclusive paragraph range in the source file (core.docx_walk order for .docx).
    para_start = models.PositiveIntegerField("起始段落")
    para_end = models.PositiveIntegerField("结束段落")
    ocr = models.BooleanField("OCR 识别", default=False)

    class Meta:
        verbose_name = "合同章节"
        verbose_name_plural = "合同章节"
        ordering = ["contract", "order"]
        constraints = [models.UniqueConstraint(fields=["contract", "order"], name="section_order_unique")]

    def __str__(self) -> str:
        return f"{self.number} {self.title}".strip() or f"章节 {self.order}"


@client_work(matter="contract__matter", owner="contract__owner")
class ReviewRun(JobMixin):
    class Mode(models.TextChoices):
        AUTO = "auto", "自动审核"
        MANUAL = "manual", "逐条审核"

    class Status(models.TextChoices):
        QUEUED = "queued", "排队中"
        RUNNING = "running", "进行中"
        DONE = "done", "完成"
        FAILED = "failed", "失败"
        CANCELLED = "cancelled", "已取消"

    contract = models.ForeignKey(Contract, on_delete=models.CASCADE, related_name="review_runs")
    mode = models.CharField("方式", max_length=8, choices=Mode.choices)
    status = models.CharField("状态", max_length=12, choices=Status.choices, default=Status.QUEUED)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                   related_name="contract_review_runs", verbose_name="发起人")
    total = models.PositiveIntegerField("章节总数", default=0)
    #: Sections completed, in order; an interrupted auto-review resumes after the last one.
    progress = models.PositiveIntegerField("已完成", default=0)
    last_completed_order = models.IntegerField("最后完成的章节顺序", null=True, blank=True)
    current_section = models.ForeignKey(Section, on_delete=models.SET_NULL, null=True, blank=True,
                                        related_name="+", verbose_name="当前章节")
    cancel_requested = models.BooleanField("已请求取消", default=False)
    error = models.TextField("错误", blank=True)
    trace_id = models.UUIDField("追踪号", null=True, blank=True)
    #: The existing issues grouped by section, taken when the run starts (the agent's system prompt).
    snapshot = models.JSONField("问题快照", default=dict, blank=True)
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    started_at = models.DateTimeField("开始时间", null=True, blank=True)
    finished_at = models.DateTimeField("结束时间", null=True, blank=True)
    heartbeat_at = models.DateTimeField("心跳", null=True, blank=True)

    class Meta:
        verbose_name = "审查任务"
        verbose_name_plural = "审查任务"
        ordering = ["-created_at"]
        constraints = [
            # One auto-review at a time per contract: a second one is refused, not queued behind it.
            models.UniqueConstraint(fields=["contract"], condition=Q(mode="auto", status__in=["queued", "running"]),
                                    name="one_auto_review_in_flight"),
        ]

    def __str__(self) -> str:
        return f"{self.get_mode_display()} #{self.pk}"


@client_work(matter="contract__matter", owner="contract__owner", metadata=["agent_name", "rule_code"])
class ReviewIssue(models.Model):
    class Severity(models.TextChoices):
        HIGH = "high", "高"
        MEDIUM = "medium", "中"
        LOW = "low", "低"

    class Status(models.TextChoices):
        OPEN = "open", "待处理"
        CONFIRMED = "confirmed", "已确认"
        REJECTED = "rejected", "已驳回"
        RESOLVED = "resolved", "已解决"

    class Author(models.TextChoices):
        AGENT = "agent", "智能体"
        USER = "user", "用户"

    contract = models.ForeignKey(Contract, on_delete=models.CASCADE, related_name="issues")
    #: None: a clause the contract lacks (e.g. no 争议解决 clause).
    section = models.ForeignKey(Section, on_delete=models.SET_NULL, null=True, blank=True, related_name="issues")
    run = models.ForeignKey(ReviewRun, on_delete=models.SET_NULL, null=True, blank=True, related_name="issues")
    quote = models.TextField("引文", blank=True)
    #: Offsets of ``quote`` in the section's text (quote == section.text[start:end]).
    start = models.PositiveIntegerField("起始位置", default=0)
    end = models.PositiveIntegerField("结束位置", default=0)
    category = models.CharField("类别", max_length=60)
    severity = models.CharField("风险等级", max_length=8, choices=Severity.choices)
    description = models.TextField("问题描述")
    suggestion = models.TextField("修改建议", blank=True)
    #: [{law, article, valid}] — verified through the knowledge app when stored.
    basis = models.JSONField("依据", default=list, blank=True)
    status = models.CharField("状态", max_length=12, choices=Status.choices, default=Status.OPEN)
    author = models.CharField("提出者", max_length=8, choices=Author.choices)
    agent_name = models.CharField("智能体", max_length=60, blank=True)
    #: Who the issue is by, as the Word comment names it: the lawyer's name for a user's issue, the firm's
    #: reviewer name (settings.CONTRACT_AGENT_AUTHOR) for an agent's.
    author_name = models.CharField("作者", max_length=60, blank=True)
    rule_code = models.CharField("审查规则", max_length=60, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name="创建人")
    #: Optimistic lock: an edit names the version it read; a stale one is refused (no lost update).
    version = models.PositiveIntegerField("版本", default=1)
    created_at = models.DateTimeField("创建时间", auto_now_add=True)
    updated_at = models.DateTimeField("更新时间", auto_now=True)

    class Meta:
        verbose_name = "审查问题"
        verbose_name_plural = "审查问题"
        ordering = ["contract", "section__order", "id"]

    def __str__(self) -> str:
        return f"[{self.get_severity_display()}] {self.category}"


@client_work(matter="contract__matter", owner="contract__owner", metadata=["action", "agent_name"])
class IssueChange(models.Model):
    """One change of an issue (created, edited, confirmed, rejected, deleted), by a user or an agent."""

    issue = models.ForeignKey(ReviewIssue, on_delete=models.SET_NULL, null=True, related_name="changes")
    contract = models.ForeignKey(Contract, on_delete=models.CASCADE, related_name="issue_changes")
    issue_ref = models.PositiveIntegerField("问题编号")
    action = models.CharField("操作", max_length=16)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+", verbose_name="操作人")
    agent_name = models.CharField("智能体", max_length=60, blank=True)
    changes = models.JSONField("变更", default=dict, blank=True, help_text="{field: [old, new]}")
    created_at = models.DateTimeField("时间", auto_now_add=True)

    class Meta:
        verbose_name = "问题变更"
        verbose_name_plural = "问题变更"
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"#{self.issue_ref} {self.action}"


@client_work(matter="contract__matter", owner="contract__owner", metadata=["command"])
class ContractMessage(models.Model):
    """The per-contract chat with the review agent."""

    class Role(models.TextChoices):
        USER = "user", "用户"
        ASSISTANT = "assistant", "助手"

    contract = models.ForeignKey(Contract, on_delete=models.CASCADE, related_name="messages")
    role = models.CharField("角色", max_length=12, choices=Role.choices)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+")
    content = models.TextField("内容")
    #: A console word (审核当前章节, 下一章, 导出 …) the message was handled as, or "" for the agent.
    command = models.CharField("指令", max_length=20, blank=True)
    trace_id = models.UUIDField("追踪号", null=True, blank=True)
    created_at = models.DateTimeField("时间", auto_now_add=True)

    class Meta:
        verbose_name = "审查对话"
        verbose_name_plural = "审查对话"
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_role_display()}：{self.content[:30]}"


class PlaybookRule(models.Model):
    """A firm-editable review rule the offline reviewer applies (and the agent consults)."""

    class Detection(models.TextChoices):
        MISSING = "missing_clause", "缺少必备条款"
        PATTERN = "pattern", "出现风险表述"
        NUMERIC = "numeric_limit", "数值超限"
        FACT = "fact", "条款事实判断"

    code = models.SlugField("规则代码", max_length=60, unique=True)
    title = models.CharField("名称", max_length=120)
    #: Contract types it applies to (ContractType values); empty: every type.
    contract_types = models.JSONField("适用合同类型", default=list, blank=True)
    detection = models.CharField("检测方式", max_length=16, choices=Detection.choices)
    #: Detection parameters (keywords, patterns, limits); validated by contracts.playbook on save.
    params = models.JSONField("检测参数", default=dict, blank=True)
    category = models.CharField("类别", max_length=60)
    severity = models.CharField("风险等级", max_length=8, choices=ReviewIssue.Severity.choices)
    description = models.TextField("问题描述")
    suggestion = models.TextField("修改建议", blank=True)
    #: [{law, article}] — each verified against the corpus when saved.
    basis = models.JSONField("法律依据", default=list, blank=True)
    enabled = models.BooleanField("启用", default=True)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name="修改人")
    updated_at = models.DateTimeField("修改时间", auto_now=True)

    class Meta:
        verbose_name = "审查规则"
        verbose_name_plural = "审查规则（Playbook）"
        ordering = ["code"]

    def __str__(self) -> str:
        return f"{self.code} {self.title}"
