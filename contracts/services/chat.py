"""The per-contract chat with the review agent: console words and questions.

A message is stored (:class:`~contracts.models.ContractMessage`, role user), then handled:

- console words are parsed deterministically (:func:`command_parse`): 帮助/help, 状态/status,
  自动审核, 取消审核, 导出/export, 重置/reset, 退出/quit answer at once; 审核当前章节,
  下一章/上一章 (move the manual run's cursor, then review that section), 第五条 / 回到第五条
  (move there, then review it) and 重新审核第五条 (move to 第五条, then review it again) are the
  agent's work;
- “第三条的违约金问题改为中风险”: offline, parsed and applied as the lawyer (``issue_update``,
  an audit event); with a model, the agent is asked and uses ``manage_issues``;
- “新增问题：违约金过高，建议降至20%” (or “第五条新增高风险问题：……”): the lawyer's own issue on the
  current section (or the one named), added at once through ``issue_add`` as the page and the API do —
  author the lawyer, an audit event, the counters recounted and pushed to every open page;
- any other text goes to the agent, about the current section.

The agent's work runs at once without a model (the offline reviewer is fast) or when the caller
asks for it (``inline``: the console); with a model it is queued (``contracts.chat_reply``) and the
reply reaches the page over the websocket and is stored as the assistant message.

Each stored message (the lawyer's, then exactly one reply to it) is sent to every open page of the
contract as a ``message`` event, and each move of the cursor as a ``cursor`` event read back from the
database (``contracts.services.live``); the page renders from those, so it shows one reply per
message, in order, and follows the current section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from celery import current_app as celery_app
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from agents import events
from contracts.constants import CHAT_TASK, MAX_MESSAGE_CHARS
from contracts.models import Contract, ContractMessage, ReviewRun, Section
from contracts.selectors import reviews as selectors
from contracts.selectors.contracts import contract_visible
from contracts.services import issues as issue_services
from contracts.services import live, review

HELP_TEXT = (
    "可用指令：\n"
    "- 审核当前章节：由合同审核智能体审查当前章节\n"
    "- 下一章 / 上一章：移到下一个或上一个章节并审查\n"
    "- 重新审核第五条：重新审查指定条款\n"
    "- 第三条的违约金问题改为中风险：调整问题的风险等级\n"
    "- 新增问题：违约金过高，建议降至20%：在当前章节添加您自己的问题（可写“第五条新增高风险问题：……”）\n"
    "- 自动审核：逐节审查全部条款（可在页面看到进度）；取消审核：停止自动审核\n"
    "- 状态 / status：审核进度与问题统计\n"
    "- 导出 / export：下载批注版 Word、审查报告、JSON 或 Markdown\n"
    "- 重置 / reset：回到第一节重新逐条审核（已有问题保留）\n"
    "- 帮助 / help；退出 / quit\n"
    "其他内容将作为问题交给合同审核智能体回答。"
)
SEVERITY_WORDS = {"高": "high", "中": "medium", "低": "low"}
SEVERITY_LABELS = {"high": "高", "medium": "中", "low": "低"}

_WORDS: dict[str, tuple[str, ...]] = {
    "help": ("帮助", "help", "?", "？", "指令"),
    "status": ("状态", "status", "进度"),
    "review": ("审核当前章节", "审查当前章节", "审核本章", "审核本条", "审核当前条款", "审核"),
    "next": ("下一章", "下一条", "下一节", "next"),
    "prev": ("上一章", "上一条", "上一节", "prev"),
    "auto": ("自动审核", "自动审查", "auto"),
    "cancel": ("取消审核", "停止审核", "取消自动审核", "cancel"),
    "export": ("导出", "export"),
    "reset": ("重置", "reset"),
    "quit": ("退出", "quit", "exit"),
}
_LOOKUP = {word.lower(): name for name, words in _WORDS.items() for word in words}
_NUMBER = r"[零〇一二两三四五六七八九十百千\d]+"
_LABEL = rf"(第{_NUMBER}[条章节]|附件{_NUMBER}?|{_NUMBER}(?:\.\d+)*\.?)"
_REREVIEW = re.compile(rf"^(?:请)?重新?(?:审核|审查)(?:一下)?\s*{_LABEL}\s*$")
_REVIEW_AT = re.compile(rf"^(?:请)?(?:审核|审查)\s*{_LABEL}\s*$")
_GOTO = re.compile(rf"^(?:请)?(?:回到|返回|跳到|跳转到|转到|移到|去|到|查看|看)\s*{_LABEL}\s*[。.!！]?$")
_BARE = re.compile(rf"^(第{_NUMBER}[条章节]|附件{_NUMBER}?)\s*[。.!！]?$")
_SEVERITY = re.compile(
    rf"^(?:请?把|将)?\s*{_LABEL}(?:中|里)?的?(.{{0,20}}?)(?:的)?问题(?:的风险等级|的等级)?\s*(?:改为|改成|调整为|调为|设为|降为|升为)"
    r"\s*([高中低])(?:风险|等级)?\s*[。.!！]?$")
_PATH = re.compile(r"^审核合同\s+(\S.*)$")
_ADD = re.compile(
    rf"^(?:请)?(?:在|给|对)?\s*{_LABEL}?\s*(?:中|里|上)?\s*(?:新增|添加|增加|新建|提出|记录|加)(?:一个|一条|个)?\s*"
    r"(?:([高中低])(?:风险)?的?)?\s*(?:问题|意见)\s*(?:[（(]\s*([高中低])(?:风险)?\s*[)）])?\s*[：:]\s*(\S.*)$",
    re.S)


@dataclass(frozen=True)
class Command:
    """A parsed console word: ``name`` and, for some, the section label, keyword and severity."""

    name: str
    label: str = ""
    keyword: str = ""
    severity: str = ""
    path: str = ""
    #: ``add``: the lawyer's words after 新增问题：
    text: str = ""

    @property
    def agent_work(self) -> bool:
        return self.name in ("review", "next", "prev", "goto", "rereview", "ask", "severity")

    @property
    def moves(self) -> bool:
        """Whether the command moves the chat's current section (the page follows)."""
        return self.name in ("next", "prev", "goto", "rereview")


def command_parse(text: str) -> Command:
    """What a chat message asks for; ``ask`` (for the agent) when it is no console word."""
    stripped = (text or "").strip()
    word = _LOOKUP.get(stripped.lower().rstrip("。.!！"))
    if word:
        return Command(word)
    if match := _REREVIEW.match(stripped) or _REVIEW_AT.match(stripped):
        return Command("rereview", label=match.group(1))
    if match := _GOTO.match(stripped) or _BARE.match(stripped):
        return Command("goto", label=match.group(1))
    if match := _SEVERITY.match(stripped):
        return Command("severity", label=match.group(1), keyword=match.group(2).strip(),
                       severity=SEVERITY_WORDS[match.group(3)])
    if match := _ADD.match(stripped):
        level = match.group(2) or match.group(3)
        return Command("add", label=match.group(1) or "", severity=SEVERITY_WORDS[level] if level else "medium",
                       text=match.group(4).strip())
    if match := _PATH.match(stripped):
        return Command("open", path=match.group(1).strip())
    return Command("ask")


def _label_number(label: str) -> int | None:
    """第三条 → 3, 五、 → 5, 3. → 3, 附件二 → 2 (the first number of a label)."""
    import cn2an
    found = re.search(_NUMBER, label or "")
    if not found:
        return None
    try:
        return int(cn2an.cn2an(found.group(0), "smart"))
    except (ValueError, KeyError):
        return None


def section_for_label(*, contract_id: int, label: str) -> Section | None:
    """The section a lawyer names: its own number (第五条, 5.), else the same number written
    otherwise (第5条 for 第五条, 五、), among clauses first (附件 labels among annexes)."""
    exact = selectors.section_find(contract_id=contract_id, label=label)
    if exact is not None:
        return exact
    wanted = _label_number(label)
    if wanted is None:
        return None
    kinds = ("annex",) if label.startswith("附件") else ("clause", "chapter") if "章" in label else ("clause",)
    for section in Section.objects.filter(contract_id=contract_id, kind__in=kinds).only(
            "pk", "number", "order", "contract_id").order_by("order"):
        if section.number and "." not in section.number.strip(".") and _label_number(section.number) == wanted:
            return Section.objects.get(pk=section.pk)
    return None


# --- storing and answering --------------------------------------------------------------------------------
def message_validate(content: str) -> str:
    text = (content or "").strip()
    if not text:
        raise ValidationError({"content": "消息不能为空"})
    if len(text) > MAX_MESSAGE_CHARS:
        raise ValidationError({"content": f"消息过长（{len(text)} 字），上限为 {MAX_MESSAGE_CHARS} 字"})
    return text


def _reply(*, contract: Contract, message: ContractMessage, content: str, trace_id: str | None = None
           ) -> ContractMessage:
    """Store the one reply to ``message`` and tell every open page (``live.message_publish``)."""
    reply = ContractMessage.objects.create(contract=contract, role=ContractMessage.Role.ASSISTANT, content=content,
                                           command=message.command, trace_id=trace_id or None)
    live.message_publish(message=reply, reply_to=message.pk)
    return reply


def chat_post(*, actor: AbstractUser, contract: Contract, content: str, inline: bool = False,
              listener: review.Listener | None = None) -> tuple[ContractMessage, ContractMessage | None]:
    """Store ``actor``'s message and answer it. Returns the message and the reply, or None when the
    agent's reply was queued (it arrives over the websocket and is stored when done)."""
    text = message_validate(content)
    command = command_parse(text)
    message = ContractMessage.objects.create(contract=contract, role=ContractMessage.Role.USER, author=actor,
                                             content=text, command="" if command.name == "ask" else command.name)
    live.message_publish(message=message)
    if command.name == "add":
        return message, _reply(contract=contract, message=message,
                               content=issue_from_chat(actor=actor, contract=contract, command=command))
    if not command.agent_work:
        reply = _reply(contract=contract, message=message,
                       content=_answer_word(actor=actor, contract=contract, command=command))
        if command.name == "reset":
            live.cursor_publish(contract_id=contract.pk)
        return message, reply
    run = review.manual_run(actor=actor, contract=contract)
    before = run.current_section_id
    target, problem = _target(run=run, command=command)
    if command.moves and not problem or run.current_section_id != before:
        live.cursor_publish(contract_id=contract.pk)  # the page moves before the agent starts
    if problem:
        return message, _reply(contract=contract, message=message, content=problem)
    if command.name == "severity" and review.agent_offline():
        return message, _reply(contract=contract, message=message,
                               content=_severity_change(actor=actor, contract=contract, command=command,
                                                        section=target))
    if inline or review.agent_offline():
        return message, _agent_reply(actor=actor, message=message, command=command, run=run, section=target,
                                     listener=listener)
    transaction.on_commit(lambda: celery_app.send_task(CHAT_TASK, args=[message.pk, target.pk if target else None]))
    return message, None


def cursor_set(*, actor: AbstractUser, contract: Contract, section_id: int) -> Section:
    """Make ``section_id`` (the section the page shows) the chat's current section."""
    section = Section.objects.filter(pk=section_id, contract=contract).first()
    if section is None:
        raise ValidationError({"section": "章节不属于该合同"})
    run = review.manual_run(actor=actor, contract=contract)
    if run.current_section_id != section.pk:
        review.section_move(run=run, section=section)
        live.cursor_publish(contract_id=contract.pk)
    return section


def cursor_get(*, contract: Contract) -> dict[str, object] | None:
    """The chat's current section (the manual run's cursor) as ``{id, number}``, read from the database,
    so the page follows 下一章 / 上一章 / 重新审核第五条."""
    run = selectors.review_latest(contract_id=contract.pk, mode=ReviewRun.Mode.MANUAL)
    section = run.current_section if run is not None else None
    if section is None:
        return None
    return {"id": section.pk, "number": section.number or section.title or str(section.order)}


def _target(*, run: ReviewRun, command: Command) -> tuple[Section | None, str]:
    """The section the agent works on (moving the manual cursor), or what is wrong."""
    if command.name in ("next", "prev"):
        moved = review.section_move(run=run, step=1 if command.name == "next" else -1)
        if moved is None:
            return None, "已经是最后一个章节。" if command.name == "next" else "已经是第一个章节。"
        return moved, ""
    if command.name in ("rereview", "goto", "severity"):
        section = section_for_label(contract_id=run.contract_id, label=command.label)
        if section is None:
            return None, f"没有找到{command.label}。"
        if command.name != "severity":
            review.section_move(run=run, section=section)
        return section, ""
    current = run.current_section or review.section_move(run=run, step=1)
    if current is None:
        return None, "该合同没有可审核的章节。"
    return current, ""


def chat_reply(*, message_id: int, section_id: int | None = None) -> ContractMessage | None:
    """The agent's reply to a stored message (what the task ``contracts.chat_reply`` calls)."""
    message = ContractMessage.objects.select_related("author", "contract").filter(pk=message_id).first()
    if message is None or message.author is None:
        return None
    contract = message.contract
    if not contract_visible(user=message.author, contract_id=contract.pk):
        return None  # the asker lost access meanwhile
    run = review.manual_run(actor=message.author, contract=contract)
    section = Section.objects.filter(pk=section_id, contract=contract).first() if section_id else None
    return _agent_reply(actor=message.author, message=message, command=command_parse(message.content), run=run,
                        section=section)


def _agent_reply(*, actor: AbstractUser, message: ContractMessage, command: Command, run: ReviewRun,
                 section: Section | None, listener: review.Listener | None = None) -> ContractMessage:
    contract = message.contract
    history = [m for m in selectors.chat_history(contract_id=contract.pk, limit=12)][:-1]
    if command.name in ("review", "next", "prev", "goto"):
        request, purpose = "", None
    elif command.name == "rereview":
        request, purpose = f"请重新审核本节（{message.content}），修正或补充已有问题。", None
    else:
        request, purpose = message.content, "contract_chat"
    try:
        result, trace_id = review.section_review(actor=actor, run=run, section=section, request=request,
                                                 history=history if purpose else None, purpose=purpose,
                                                 listener=listener)
    except Exception:
        reply = _reply(contract=contract, message=message, content="抱歉，本次审核未能完成，请稍后重试。")
        review.publish(run, events.error(review.trace_of(run), code="internal", message=reply.content),
                       listener)
        return reply
    reply = _reply(contract=contract, message=message, content=result.content, trace_id=trace_id)
    review.publish(run, events.final(trace_id, message_id=reply.pk, content=reply.content, disclaimer="")
                   | {"reply_to": message.pk}, listener)
    live.cursor_publish(contract_id=contract.pk)  # the agent's tools may have moved it
    return reply


# --- console words ------------------------------------------------------------------------------------------
def _answer_word(*, actor: AbstractUser, contract: Contract, command: Command) -> str:
    if command.name == "help":
        return HELP_TEXT
    if command.name == "status":
        return status_text(contract=contract)
    if command.name == "export":
        base = f"/api/v1/contracts/{contract.pk}/export?format="
        return (f"导出：批注版 Word（批注与修订）{base}docx；审查报告 {base}report；JSON {base}json；"
                f"Markdown {base}md")
    if command.name == "auto":
        try:
            run = review.review_start(actor=actor, contract=contract, mode=ReviewRun.Mode.AUTO)
        except review.ReviewInProgress as exc:
            return exc.message
        except ValidationError as exc:
            return "；".join(exc.messages)
        resumed = f"，从第 {run.progress + 1} 节继续" if run.progress else ""
        return f"已开始自动审核（共 {run.total} 节{resumed}），进度见页面进度条。"
    if command.name == "cancel":
        running = selectors.review_in_flight(contract_id=contract.pk)
        if running is None:
            return "当前没有进行中的自动审核。"
        review.review_cancel(actor=actor, run=running)
        return f"已请求取消自动审核（已完成 {running.progress}/{running.total}），当前章节完成后停止。"
    if command.name == "reset":
        current = selectors.review_latest(contract_id=contract.pk, mode=ReviewRun.Mode.MANUAL)
        if current is None:
            review.review_start(actor=actor, contract=contract, mode=ReviewRun.Mode.MANUAL)
        else:
            review.manual_reset(actor=actor, run=current)
        return "已重置：回到第一节重新逐条审核；已有问题保留。"
    if command.name == "quit":
        return "已结束本次对话。需要时可随时继续。"
    if command.name == "open":
        return "在页面中请用“上传合同”；按路径审核合同只在命令行（manage.py review_contract）中可用。"
    return HELP_TEXT


def status_text(*, contract: Contract) -> str:
    tally = selectors.issue_tally(contract_id=contract.pk)
    lines = [f"《{contract.title}》（{contract.get_contract_type_display()}，{contract.get_status_display()}）"]
    auto = selectors.review_latest(contract_id=contract.pk, mode=ReviewRun.Mode.AUTO)
    if auto is not None:
        lines.append(f"自动审核：{auto.get_status_display()}，进度 {auto.progress}/{auto.total}"
                     + (f"（{auto.error}）" if auto.error else ""))
    manual = selectors.review_latest(contract_id=contract.pk, mode=ReviewRun.Mode.MANUAL)
    if manual is not None and manual.current_section is not None:
        section = manual.current_section
        lines.append(f"当前章节：{section.number or section.title or section.order}")
    pending, by_status = tally["open_severity"], tally["status"]
    lines.append(f"问题：共 {tally['total']} 个，待处理 {tally['open']} 个（高 {pending['high']}、"
                 f"中 {pending['medium']}、低 {pending['low']}），已确认 {by_status['confirmed']} 个，"
                 f"已驳回 {by_status['rejected']} 个")
    return "\n".join(lines)


def _severity_change(*, actor: AbstractUser, contract: Contract, command: Command, section: Section | None) -> str:
    """“第三条的违约金问题改为中风险”, applied as the lawyer: the one issue of that section whose
    category, description or quote mentions the keyword (any issue there when no keyword)."""
    issues = list(selectors.contract_issues(contract_id=contract.pk).filter(section=section))
    keyword = command.keyword
    if keyword:
        issues = [i for i in issues if keyword in i.category or keyword in i.description or keyword in i.quote]
    label = command.label
    if not issues:
        return f"{label}没有{('“' + keyword + '”') if keyword else ''}相关的问题。"
    if len(issues) > 1:
        listed = "；".join(f"#{i.pk} {i.category}" for i in issues)
        return f"{label}有多个相关问题（{listed}），请在问题面板中修改，或说得更具体些。"
    issue = issues[0]
    if issue.severity == command.severity:
        return f"问题 #{issue.pk}（{issue.category}）已是{SEVERITY_LABELS[command.severity]}风险。"
    try:
        issue_services.issue_update(actor=actor, issue=issue, expected_version=issue.version,
                                    severity=command.severity)
    except (ValidationError, PermissionDenied, issue_services.IssueConflict) as exc:
        return "未能修改：" + "；".join(getattr(exc, "messages", None) or [str(exc)])
    return (f"已将问题 #{issue.pk}（{label} {issue.category}）的风险等级由{SEVERITY_LABELS[issue.severity]}"
            f"改为{SEVERITY_LABELS[command.severity]}。")


# --- the lawyer's own issue ---------------------------------------------------------------------------------
_QUOTED = re.compile(r"[「“\"『]([^」”\"』]{2,200})[」”\"』]")
#: “改为：……” / “修改为：……”: the wording the lawyer wants in place of the quoted words (the Word export's
#: tracked change). Advice in prose (“建议降至20%”) stays in the description.
_REWORD = re.compile(r"[，,；;。\s]*(?:建议)?(?:修改为|改为|替换为|调整为)[：:]\s*")
MAX_CATEGORY = 20


def _quote_for(section: Section, words: str) -> str:
    """The words of ``section`` the issue is about: a passage quoted in the message (「…」 or “…”) when the
    section has it; else the sentence sharing most characters with the lawyer's words; else the first one."""
    text = section.text
    for quoted in _QUOTED.findall(words):
        if quoted.strip() and quoted.strip() in text:
            return quoted.strip()
    spans = [m.span() for m in re.finditer(r"[^。；;！!？?\n]+[。；;！!？?]?", text) if m.group().strip()]
    if not spans:
        return text[:issue_services.MAX_QUOTE].strip()
    wanted = {ch for ch in words if "\u4e00" <= ch <= "\u9fff"}
    a, b = max(spans, key=lambda span: (len(wanted & set(text[span[0]:span[1]])), -span[0]))
    return text[a:b].strip()[:issue_services.MAX_QUOTE]


def _issue_parts(words: str) -> tuple[str, str, str]:
    """“违约金过高，建议降至20%” → category 违约金过高, description the whole remark, no rewording;
    “……，改为：违约金为合同总额的20%” → the words after 改为： are the suggested wording."""
    parts = _REWORD.split(words, maxsplit=1)
    description = parts[0].strip(" ，,；;。") or words.strip()
    suggestion = parts[1].strip() if len(parts) > 1 else ""
    category = re.split(r"[，,；;。：:（(]", _QUOTED.sub("", description))[0].strip() or description
    return category[:MAX_CATEGORY], description, suggestion


def issue_from_chat(*, actor: AbstractUser, contract: Contract, command: Command) -> str:
    """“新增问题：……”: the lawyer's own issue on the named section or the chat's current one, added through
    ``issue_add`` (author the lawyer, an audit event, counters pushed); the reply says what was added."""
    if command.label:
        section = section_for_label(contract_id=contract.pk, label=command.label)
        if section is None:
            return f"没有找到{command.label}。"
    else:
        run = selectors.review_latest(contract_id=contract.pk, mode=ReviewRun.Mode.MANUAL)
        section = run.current_section if run is not None and run.status == ReviewRun.Status.RUNNING else None
        if section is None:
            return "请先选择要添加问题的章节（如发送“第五条”），或写明条款：第五条新增问题：……"
    category, description, suggestion = _issue_parts(command.text)
    try:
        issue = issue_services.issue_add(
            actor=actor, contract=contract, section=section, quote=_quote_for(section, command.text),
            category=category, severity=command.severity, description=description, suggestion=suggestion)
    except (ValidationError, PermissionDenied) as exc:
        return "未能添加：" + "；".join(getattr(exc, "messages", None) or [str(exc)])
    label = section.number or section.title or str(section.order)
    added = f"已在{label}新增问题 #{issue.pk}（{SEVERITY_LABELS[issue.severity]}风险，{issue.category}）"
    return added + (f"，修改建议：{issue.suggestion}" if issue.suggestion else "") + "。"
