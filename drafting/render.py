"""Rendering Word templates with docxtpl (Jinja2 inside Word), and reading them back.

- :func:`render` fills a template with a draft's values: a sandboxed Jinja environment with
  ``autoescape=True``, so ``&``, ``<``, ``>`` and ``{{ … }}`` typed by a user end up in the
  document literally and are never executed. Filters give the court formats: ``cn_date``
  (2024年3月5日), ``yuan`` (50,000.00), ``rmb`` (人民币伍万元整), ``party`` (one 当事人 line),
  ``paras`` (a textarea as paragraphs), ``cn_num`` (3 → 三).
- :func:`lint` checks an uploaded template: every tag parses, and names the tag and the paragraph
  where one does not; :func:`placeholders` lists the variables it uses.
- :func:`document_text` / :func:`to_html` read a rendered document (the leftover-syntax check,
  the live preview).
"""

from __future__ import annotations

import html
import io
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.conf import settings
from docx import Document
from docx.oxml.ns import qn
from docxtpl import DocxTemplate
from jinja2 import TemplateSyntaxError, Undefined, meta, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from core import documents, uploads
from drafting import schema as fs

#: Template syntax that must never survive a render.
LEFTOVER: Final = re.compile(r"\{\{|\}\}|\{%|%\}|\{#|#\}")
_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")


#: A template is a few pages: its text and its XML parts are capped well under a contract's
#: (docs/decisions/upload-limits.md); it is checked in the upload request, bounded by these.
TEMPLATE_MAX_TEXT_CHARS: Final = 200_000
TEMPLATE_MAX_PART_BYTES: Final = 10 * 1024 * 1024


class TemplateProblem(ValueError):
    """An uploaded file that cannot serve as a template; ``where`` says which paragraph."""

    def __init__(self, message: str, *, tag: str = "", where: str = "") -> None:
        super().__init__(message)
        self.message, self.tag, self.where = message, tag, where

    def as_dict(self) -> dict[str, str]:
        return {"reason": self.message, "tag": self.tag, "where": self.where}


# -- filters ----------------------------------------------------------------------------------------

def _blank(value: Any) -> bool:
    return value is None or isinstance(value, Undefined) or fs.is_empty(value)


def cn_date(value: Any) -> str:
    if _blank(value):
        return ""
    try:
        return fs.format_date(value)
    except fs.FieldError:
        return str(value)


def yuan(value: Any) -> str:
    if _blank(value):
        return ""
    try:
        return fs.format_amount(value)
    except fs.FieldError:
        return str(value)


def rmb(value: Any) -> str:
    if _blank(value):
        return ""
    try:
        return fs.amount_in_words(value)
    except fs.FieldError:
        return str(value)


def paras(value: Any) -> list[str]:
    """A textarea as its non-empty lines (each becomes one paragraph of the document)."""
    if _blank(value):
        return []
    return [line.strip() for line in str(value).splitlines() if line.strip()]


def cn_num(value: Any) -> str:
    import cn2an
    try:
        return cn2an.an2cn(int(value))
    except (TypeError, ValueError):
        return str(value)


def party(value: Any, role: str = "") -> str:
    """One 当事人 line: 张三，男，1980年1月1日出生，汉族，住……，公民身份号码……，联系电话…… —
    or for an organisation: 某公司，住所地……，统一社会信用代码……，法定代表人……，职务……。"""
    if not isinstance(value, Mapping):
        return ""
    get = lambda key: str(value.get(key) or "").strip()  # noqa: E731
    parts = [get("name")]
    if get("kind") in ("法人", "非法人组织") or get("credit_code") or get("representative"):
        if get("address"):
            parts.append(f"住所地{get('address')}")
        if get("credit_code"):
            parts.append(f"统一社会信用代码{get('credit_code')}")
        if get("representative"):
            parts.append(f"法定代表人{get('representative')}" + (f"，职务{get('title')}" if get("title") else ""))
    else:
        for key in ("gender",):
            if get(key):
                parts.append(get(key))
        if get("birth_date"):
            parts.append(f"{cn_date(get('birth_date'))}出生")
        if get("ethnicity"):
            parts.append(get("ethnicity"))
        if get("address"):
            parts.append(f"住{get('address')}")
        if get("id_number"):
            parts.append(f"公民身份号码{get('id_number')}")
    if get("phone"):
        parts.append(f"联系电话{get('phone')}")
    line = "，".join(part for part in parts if part) + "。"
    return f"{role}：{line}" if role else line


def purpose(value: Any) -> str:
    """An evidence's purpose after the template's own 证明 (证明借款事实 → 借款事实: no 证明证明)."""
    text = str(value or "").strip()
    return text[2:] if text.startswith("证明") else text


FILTERS: Final = {"cn_date": cn_date, "yuan": yuan, "rmb": rmb, "paras": paras, "cn_num": cn_num, "party": party,
                  "purpose": purpose}


class RenderRefused(TemplateProblem):
    """A render the sandbox stopped: unsafe access, or past the time or size bound (a 4xx)."""


#: Method calls a template may make on its values; every other call is refused at upload.
SAFE_METHODS: Final = frozenset({"items", "keys", "values", "get", "strip", "lstrip", "rstrip", "upper", "lower",
                                 "title", "split", "join", "replace", "startswith", "endswith", "cycle", "changed"})
#: Functions a template may call.
SAFE_FUNCTIONS: Final = frozenset({"range", "loop", "dict", "joiner", "cycler", "namespace"})
#: The largest constant a template may multiply by (``"-" * 20`` for a rule line is fine).
MAX_CONSTANT_FACTOR: Final = 200


class BoundedEnvironment(SandboxedEnvironment):
    """The sandbox with bounds: no ``**``; ``*`` bounded; ``range`` bounded by
    ``DRAFTING_RENDER_MAX_RANGE``; the output bounded by ``DRAFTING_RENDER_MAX_CHARS`` and the render
    by ``DRAFTING_RENDER_MAX_SECONDS`` (checked at every emitted piece, call, attribute and loop
    step). Over a bound: :class:`RenderRefused`."""

    intercepted_binops = frozenset({"**", "*"})

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.deadline = time.monotonic() + settings.DRAFTING_RENDER_MAX_SECONDS
        self.max_chars = settings.DRAFTING_RENDER_MAX_CHARS
        self.globals["range"] = self._range
        self.concat = self._concat  # type: ignore[method-assign]

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            raise RenderRefused(f"模板渲染超过时限（{settings.DRAFTING_RENDER_MAX_SECONDS:g} 秒），已停止")

    def _range(self, *args: int) -> list[int]:
        numbers = range(*args)
        if len(numbers) > settings.DRAFTING_RENDER_MAX_RANGE:
            raise RenderRefused(f"range 超过上限（{settings.DRAFTING_RENDER_MAX_RANGE} 项）", tag="range")
        self.tick()
        return list(numbers)

    def _concat(self, pieces: Any) -> str:
        out: list[str] = []
        size = 0
        for piece in pieces:
            size += len(piece)
            if size > self.max_chars:
                raise RenderRefused(f"模板渲染结果超过上限（{self.max_chars} 字符）")
            self.tick()
            out.append(piece)
        return "".join(out)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.tick()
        if operator == "**":
            raise RenderRefused("模板不能使用乘方（**）", tag="**")
        if isinstance(left, str | list | tuple) or isinstance(right, str | list | tuple):
            sequence, times = (left, right) if isinstance(left, str | list | tuple) else (right, left)
            if isinstance(times, int) and len(sequence) * max(times, 0) > self.max_chars:
                raise RenderRefused(f"模板渲染结果超过上限（{self.max_chars} 字符）", tag="*")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        __self.tick()
        return super().call(__context, __obj, *args, **kwargs)

    def getattr(self, obj: Any, attribute: str) -> Any:
        self.tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        self.tick()
        return super().getitem(obj, argument)


def environment() -> BoundedEnvironment:
    """The Jinja environment of every render: sandboxed and bounded, autoescaping, with the filters above."""
    env = BoundedEnvironment(autoescape=True)
    env.filters.update(FILTERS)
    return env


# -- render -----------------------------------------------------------------------------------------

def context_for(values: Mapping[str, Any], schema: Sequence[fs.Field]) -> dict[str, Any]:
    """The render context: the values, every schema field present (empty when not given) and
    ``copies`` (本诉状副本份数: one per defendant/respondent)."""
    context: dict[str, Any] = {}
    for spec in schema:
        default: Any = ([] if spec.get("many") else {}) if spec["type"] == "group" else ""
        context[spec["name"]] = values.get(spec["name"], default)
    for name in ("defendants", "respondents", "被告"):
        if isinstance(context.get(name), list):
            context["copies"] = len(context[name])
            break
    else:
        context.setdefault("copies", 1)
    return context


def render(template_docx: bytes, values: Mapping[str, Any], schema: Sequence[fs.Field]) -> bytes:
    """Fill a template; :class:`RenderRefused` when the sandbox refuses an access or a bound is passed."""
    template = DocxTemplate(io.BytesIO(template_docx))
    try:
        template.render(context_for(values, schema), jinja_env=environment(), autoescape=True)
    except RenderRefused:
        raise
    except SecurityError as exc:
        raise RenderRefused(f"模板试图访问不允许的内容：{exc}") from None
    except (OverflowError, MemoryError, RecursionError) as exc:
        raise RenderRefused(f"模板渲染超过上限：{type(exc).__name__}") from None
    out = io.BytesIO()
    template.save(out)
    return out.getvalue()


# -- reading documents ------------------------------------------------------------------------------

def _paragraphs(document: Any) -> list[Any]:
    """Body paragraphs and table cells' paragraphs, in document order."""
    out = []
    body = document.element.body
    for child in body.iterchildren():
        if child.tag == qn("w:p"):
            out.append(child)
        elif child.tag == qn("w:tbl"):
            out.extend(child.iter(qn("w:p")))
    return out


def _text(p: Any) -> str:
    return "".join(node.text or "" for node in p.iter(qn("w:t")))


def document_text(docx: bytes) -> str:
    """All the text of a .docx (body, tables, headers, footers), one paragraph a line."""
    document = Document(io.BytesIO(docx))
    lines = [_text(p) for p in _paragraphs(document)]
    for section in document.sections:
        for part in (section.header, section.footer):
            lines += [p.text for p in part.paragraphs]
    return "\n".join(lines)


def to_html(docx: bytes) -> str:
    """A rendered document as simple HTML for the live preview (paragraphs, alignment, bold,
    tables). Text is escaped."""
    document = Document(io.BytesIO(docx))
    out = ['<div class="docx-page">']

    def paragraph_html(element: Any) -> str:
        paragraph = next((p for p in [element]), None)
        jc = paragraph.find(qn("w:pPr") + "/" + qn("w:jc"))
        align = jc.get(qn("w:val")) if jc is not None else ""
        classes = {"center": "c", "right": "r", "end": "r"}.get(align, "")
        runs = []
        for run in paragraph.iter(qn("w:r")):
            text = "".join(node.text or "" for node in run.iter(qn("w:t")))
            if not text:
                continue
            bold = run.find(qn("w:rPr") + "/" + qn("w:b")) is not None
            runs.append(f"<b>{html.escape(text)}</b>" if bold else html.escape(text))
        indent = paragraph.find(qn("w:pPr") + "/" + qn("w:ind"))
        if indent is not None and indent.get(qn("w:firstLine")):
            classes = (classes + " i").strip()
        return f'<p class="{classes}">' + ("".join(runs) or "&nbsp;") + "</p>"

    for child in document.element.body.iterchildren():
        if child.tag == qn("w:p"):
            out.append(paragraph_html(child))
        elif child.tag == qn("w:tbl"):
            out.append('<table class="docx-table">')
            for row in child.iter(qn("w:tr")):
                out.append("<tr>")
                for cell in row.iter(qn("w:tc")):
                    span = cell.find(qn("w:tcPr") + "/" + qn("w:gridSpan"))
                    colspan = f' colspan="{span.get(qn("w:val"))}"' if span is not None else ""
                    inner = "".join(paragraph_html(p) for p in cell.iter(qn("w:p")))
                    out.append(f"<td{colspan}>{inner}</td>")
                out.append("</tr>")
            out.append("</table>")
    out.append("</div>")
    return "\n".join(out)


# -- uploaded templates -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Placeholder:
    name: str
    where: str


def _check_docx(data: bytes) -> Any:
    """The template opened by the one document reader (its type judged from the bytes, the package
    guard with a template's own caps) before python-docx and docxtpl parse it."""
    try:
        return documents.open_docx(data, lim=uploads.limits(text_chars=TEMPLATE_MAX_TEXT_CHARS,
                                                            part_bytes=TEMPLATE_MAX_PART_BYTES))
    except documents.DocumentRefused as refused:
        if refused.code in ("corrupt", "not_docx"):
            raise TemplateProblem("文件不是 Word .docx 文档（或已损坏）") from None
        raise TemplateProblem(refused.message) from None


def _where(index: int, text: str) -> str:
    snippet = text if len(text) <= 40 else text[:40] + "…"
    return f"第{index}段：{snippet}"


def lint(data: bytes) -> list[Placeholder]:
    """The placeholders of an uploaded template, in order of appearance; :class:`TemplateProblem`
    naming the tag and the paragraph for a file that is not a .docx or has a broken tag."""
    document = _check_docx(data)
    paragraphs = [_text(p) for p in _paragraphs(document)]
    env = environment()
    found: dict[str, Placeholder] = {}
    blocks: list[tuple[str, str, str]] = []  # (keyword, tag, where) of the blocks still open
    for index, text in enumerate(paragraphs, 1):
        # an opening without its closing inside one paragraph
        for opener, closer in (("{{", "}}"), ("{%", "%}"), ("{#", "#}")):
            position = 0
            while (start := text.find(opener, position)) != -1:
                end = text.find(closer, start + 2)
                if end == -1:
                    raise TemplateProblem(f"标签 {text[start:start + 30]} 没有闭合（缺少 {closer}）",
                                          tag=text[start:start + 30], where=_where(index, text))
                position = end + 2
        for tag in _TAG.findall(text):
            if tag.startswith("{%"):
                _balance(blocks, tag, _where(index, text))
            if tag.startswith("{{"):
                try:
                    names = meta.find_undeclared_variables(env.parse(tag))
                except TemplateSyntaxError as exc:
                    raise TemplateProblem(f"标签 {tag} 有语法错误：{exc.message}", tag=tag,
                                          where=_where(index, text)) from None
                for name in sorted(names):
                    found.setdefault(name, Placeholder(name, _where(index, text)))
    if blocks:
        keyword, tag, where = blocks[-1]
        raise TemplateProblem(f"标签 {tag} 没有对应的 {{% end{keyword} %}}", tag=tag, where=where)
    # block tags ({% for %} … {% endfor %}) may span paragraphs: parse the whole template too
    template = DocxTemplate(io.BytesIO(data))
    template.init_docx()
    source = re.sub(r"<w:p([ >])", r"\n<w:p\1", template.patch_xml(template.get_xml()))
    lines = source.splitlines()

    def located(lineno: int | None, hint: str = "") -> tuple[str, str]:
        line = lines[lineno - 1] if lineno and lineno <= len(lines) else ""
        text = html.unescape(re.sub(r"<[^>]+>", "", line))
        tags = _TAG.findall(text)
        tag = next((t for t in tags if hint and hint in t), tags[0] if tags else text[:30])
        return tag, _where(_paragraph_number(lines, lineno), text)

    try:
        tree = env.parse(source)
    except TemplateSyntaxError as exc:
        tag, where = located(exc.lineno)
        raise TemplateProblem(f"模板语法错误：{exc.message}", tag=tag, where=where) from None
    for unsafe, lineno, hint in _unsafe_nodes(tree):
        tag, where = located(lineno, hint)
        raise TemplateProblem(f"标签 {tag} 不允许：{unsafe}", tag=tag, where=where)
    return list(found.values())


def _unsafe_nodes(tree: nodes.Template) -> Iterator[tuple[str, int | None, str]]:
    """What a template may not do, found in its syntax tree: (reason, line, a word of the tag).
    Templates are untrusted code: no private or dunder attributes, no calls but a few safe methods
    and functions, no ``**``, no large constant factors or ranges (docs/decisions/ethical-walls.md)."""
    for node in tree.find_all((nodes.Getattr, nodes.Getitem, nodes.Call, nodes.Pow, nodes.Mul)):
        lineno = getattr(node, "lineno", None)
        if isinstance(node, nodes.Getattr) and node.attr.startswith("_"):
            yield f"访问受限属性 {node.attr}", lineno, node.attr
        elif isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const) \
                and isinstance(node.arg.value, str) and node.arg.value.startswith("_"):
            yield f"访问受限属性 {node.arg.value}", lineno, node.arg.value
        elif isinstance(node, nodes.Pow):
            yield "不能使用乘方（**）", lineno, "**"
        elif isinstance(node, nodes.Mul):
            for side in (node.left, node.right):
                if isinstance(side, nodes.Const) and isinstance(side.value, int | float) \
                        and abs(side.value) > MAX_CONSTANT_FACTOR:
                    yield f"乘数 {side.value} 超过上限 {MAX_CONSTANT_FACTOR}", lineno, "*"
        elif isinstance(node, nodes.Call):
            target = node.node
            if isinstance(target, nodes.Name):
                if target.name not in SAFE_FUNCTIONS:
                    yield f"不能调用 {target.name}()", lineno, target.name
                elif target.name == "range":
                    bound = settings.DRAFTING_RENDER_MAX_RANGE
                    for arg in node.args:
                        if isinstance(arg, nodes.Const) and isinstance(arg.value, int) and abs(arg.value) > bound:
                            yield f"range 超过上限（{bound} 项）", lineno, "range"
            elif isinstance(target, nodes.Getattr):
                if target.attr not in SAFE_METHODS:
                    yield f"不能调用 {target.attr}()", lineno, target.attr
            else:
                yield "不能调用表达式的结果", lineno, "("


_BLOCK_KEYWORDS: Final = ("if", "for", "macro", "call", "filter", "with", "block", "raw", "autoescape")


def _balance(blocks: list[tuple[str, str, str]], tag: str, where: str) -> None:
    """Track block tags across paragraphs; a closing tag without its opening is refused here."""
    words = tag[2:-2].split()
    if words and words[0] in ("p", "tr", "tc", "r"):  # docxtpl's paragraph/row/cell/run tags
        words = words[1:]
    if not words:
        raise TemplateProblem(f"标签 {tag} 是空的", tag=tag, where=where)
    keyword = words[0]
    if keyword in _BLOCK_KEYWORDS:
        blocks.append((keyword, tag, where))
    elif keyword.startswith("end"):
        if not blocks or blocks[-1][0] != keyword[3:]:
            raise TemplateProblem(f"标签 {tag} 没有对应的开始标签", tag=tag, where=where)
        blocks.pop()
    elif keyword in ("elif", "else") and (not blocks or blocks[-1][0] not in ("if", "for")):
        raise TemplateProblem(f"标签 {tag} 不在 if 或 for 之内", tag=tag, where=where)


def _paragraph_number(lines: list[str], lineno: int | None) -> int:
    if not lineno:
        return 0
    return sum(1 for line in lines[:lineno] if line.startswith("<w:p"))


def placeholders(data: bytes) -> list[str]:
    return [placeholder.name for placeholder in lint(data)]


def has_leftover(text: str) -> bool:
    return bool(LEFTOVER.search(text))


