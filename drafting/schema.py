"""Field schemas of document templates (ARCHITECTURE §8) and the validation of filled values.

A schema is a list of field dicts: ``{"name", "label", "type", "required", "many", "fields",
"choices"}`` with ``type`` one of :data:`FIELD_TYPES`. A ``group`` holds sub-fields; with
``many`` its value is a list of items (several 原告, several 诉讼请求), otherwise one dict.

:func:`validate` checks and normalises what a user typed (dates to ISO, amounts to two decimals,
身份证号 against GB 11643, 统一社会信用代码 against GB 32100, phone numbers) and names every field it
refuses; :func:`missing` lists the required fields still empty, as dotted paths
(``plaintiffs[0].name``). Pure functions, no database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from stdnum import exceptions as stdnum_errors
from stdnum.cn import ric, uscc

FIELD_TYPES: Final = ("text", "textarea", "date", "amount", "integer", "id_number", "credit_code", "phone",
                      "choice", "group")
#: The longest value one text field accepts (a whole 事实与理由 fits comfortably).
MAX_TEXT: Final = 20_000
#: The most items one repeating group accepts (a 50-party case fits).
MAX_ITEMS: Final = 500

Field = dict[str, Any]


def field(name: str, label: str, type: str = "text", *, required: bool = False, many: bool = False,
          fields: Iterable[Field] = (), choices: Iterable[str] = ()) -> Field:
    """One field of a schema, in the shape of ARCHITECTURE §8."""
    if type not in FIELD_TYPES:
        raise ValueError(f"unknown field type {type!r}")
    out: Field = {"name": name, "label": label, "type": type, "required": required}
    if type == "group":
        out["many"] = many
        out["fields"] = list(fields)
    if type == "choice":
        out["choices"] = list(choices)
    return out


def group(name: str, label: str, fields: Iterable[Field], *, required: bool = False, many: bool = True) -> Field:
    return field(name, label, "group", required=required, many=many, fields=fields)


# -- single values ----------------------------------------------------------------------------------

class FieldError(ValueError):
    """A value a field refuses; the message is the reason shown to the user."""


_DATE_PATTERNS = (
    re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$"),
    re.compile(r"^(\d{4})/(\d{1,2})/(\d{1,2})$"),
    re.compile(r"^(\d{4})\.(\d{1,2})\.(\d{1,2})$"),
    re.compile(r"^(\d{4})年(\d{1,2})月(\d{1,2})日$"),
)
_MOBILE = re.compile(r"^(?:\+?86[- ]?)?1[3-9]\d{9}$")
_LANDLINE = re.compile(r"^(?:\(?0\d{2,3}\)?[- ]?)?\d{7,8}(?:[-转]\d{1,6})?$")
_SERVICE = re.compile(r"^(?:400|800)[- ]?\d{3}[- ]?\d{4}$")
_WAN = re.compile(r"^([\d.]+)万元?$")


def parse_date(value: Any) -> date:
    if isinstance(value, date):
        return value
    text = str(value).strip()
    for pattern in _DATE_PATTERNS:
        match = pattern.match(text)
        if match:
            try:
                return date(*(int(part) for part in match.groups()))
            except ValueError:
                raise FieldError("日期不存在") from None
    raise FieldError("日期格式应为 2024-03-05 或 2024年3月5日")


def parse_amount(value: Any) -> Decimal:
    """50000 · "50,000.00" · "5万" · "5万元" · "¥50000" → Decimal with two places; negatives refused."""
    if isinstance(value, bool):
        raise FieldError("金额应为数字")
    text = str(value).strip().replace(",", "").replace("，", "").replace("¥", "").replace("￥", "")
    text = text.removeprefix("人民币").removesuffix("元") if not _WAN.match(text) else text
    multiplier = Decimal(1)
    wan = _WAN.match(text)
    if wan:
        text, multiplier = wan.group(1), Decimal(10_000)
    try:
        amount = Decimal(text) * multiplier
    except InvalidOperation:
        raise FieldError("金额应为数字，如 50000 或 50000.00") from None
    if not amount.is_finite() or amount < 0:
        raise FieldError("金额应为不小于零的数字")
    if amount >= Decimal("1e15"):
        raise FieldError("金额过大")
    if amount != amount.quantize(Decimal("0.01")):
        raise FieldError("金额最多保留两位小数（到分）")
    return amount.quantize(Decimal("0.01"))


def amount_in_words(value: Any) -> str:
    """人民币 in capitals (大写金额): 50000 → 人民币伍万元整, 10.1 → 人民币壹拾元壹角整,
    100.05 → 人民币壹佰元零伍分. The rule of 《支付结算办法》: 整 after 元 and after 角, none after 分."""
    import cn2an
    amount = parse_amount(value)
    words = cn2an.an2cn(format(amount, "f"), "rmb")
    if words.endswith("角"):
        words += "整"
    return "人民币" + words


def format_amount(value: Any) -> str:
    """50000 → 50,000.00 (thousands separated, to the 分)."""
    return f"{parse_amount(value):,.2f}"


def format_date(value: Any) -> str:
    """2024-03-05 → 2024年3月5日."""
    day = parse_date(value)
    return f"{day.year}年{day.month}月{day.day}日"


def clean_value(spec: Field, value: Any) -> Any:
    """The normalised value of one non-group field, or :class:`FieldError` with the reason."""
    kind = spec["type"]
    if kind in ("text", "textarea"):
        if isinstance(value, (dict, list)):
            raise FieldError("应为文字")
        text = str(value)
        if len(text) > MAX_TEXT:
            raise FieldError(f"不能超过 {MAX_TEXT} 字")
        return text if kind == "textarea" else text.strip()
    if kind == "date":
        return parse_date(value).isoformat()
    if kind == "amount":
        return format(parse_amount(value), "f")
    if kind == "integer":
        try:
            number = int(str(value).strip())
        except ValueError:
            raise FieldError("应为整数") from None
        if number < 0:
            raise FieldError("应为不小于零的整数")
        return number
    if kind == "id_number":
        text = str(value).strip().upper()
        try:
            return ric.validate(text)
        except stdnum_errors.InvalidChecksum:
            raise FieldError("身份证号校验位错误（GB 11643）") from None
        except stdnum_errors.InvalidComponent:
            raise FieldError("身份证号中的地区码或出生日期无效（GB 11643）") from None
        except stdnum_errors.ValidationError:
            raise FieldError("身份证号应为18位，最后一位可为X（GB 11643）") from None
    if kind == "credit_code":
        text = str(value).strip().upper()
        try:
            return uscc.validate(text)
        except stdnum_errors.InvalidChecksum:
            raise FieldError("统一社会信用代码校验位错误（GB 32100）") from None
        except stdnum_errors.ValidationError:
            raise FieldError("统一社会信用代码应为18位数字或大写字母（GB 32100）") from None
    if kind == "phone":
        text = str(value).strip()
        if _MOBILE.match(text) or _LANDLINE.match(text) or _SERVICE.match(text):
            return text
        raise FieldError("电话号码格式不正确（手机11位，或区号-座机号）")
    if kind == "choice":
        text = str(value).strip()
        if text not in spec.get("choices", []):
            raise FieldError("应为以下之一：" + "、".join(spec.get("choices", [])))
        return text
    raise FieldError(f"未知的字段类型 {kind}")


# -- whole schemas ----------------------------------------------------------------------------------

def is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or value == [] or value == {}


def validate(schema: Iterable[Field], values: Mapping[str, Any], *,
             prefix: str = "") -> tuple[dict[str, Any], dict[str, str]]:
    """``(cleaned, errors)``: the values normalised, and ``{"<dotted path>": "reason"}`` for each
    value refused. Empty values are kept empty (what is missing is :func:`missing`'s job); names
    the schema does not know are refused too, so a typo does not vanish silently."""
    cleaned: dict[str, Any] = {}
    errors: dict[str, str] = {}
    if not isinstance(values, Mapping):
        return {}, {prefix.rstrip(".") or "fields": "应为对象"}
    known = {spec["name"]: spec for spec in schema}
    for name in values:
        if name not in known:
            errors[f"{prefix}{name}"] = "模板中没有这个字段"
    for name, spec in known.items():
        if name not in values:
            continue
        value, path = values[name], f"{prefix}{name}"
        if spec["type"] == "group":
            if is_empty(value):
                cleaned[name] = [] if spec.get("many") else {}
                continue
            if spec.get("many"):
                if not isinstance(value, list):
                    errors[path] = "应为列表"
                    continue
                if len(value) > MAX_ITEMS:
                    errors[path] = f"最多 {MAX_ITEMS} 项"
                    continue
                items = []
                for index, item in enumerate(value):
                    item_clean, item_errors = validate(spec["fields"], item, prefix=f"{path}[{index}].")
                    items.append(item_clean)
                    errors.update(item_errors)
                cleaned[name] = items
            else:
                cleaned[name], group_errors = validate(spec["fields"], value, prefix=f"{path}.")
                errors.update(group_errors)
            continue
        if is_empty(value):
            cleaned[name] = ""
            continue
        try:
            cleaned[name] = clean_value(spec, value)
        except FieldError as exc:
            errors[path] = str(exc)
    return cleaned, errors


def missing(schema: Iterable[Field], values: Mapping[str, Any] | None, *, prefix: str = "") -> list[str]:
    """Dotted paths of the required fields still empty: ``plaintiffs`` when a required group has no
    item, ``plaintiffs[1].name`` inside an item."""
    values = values if isinstance(values, Mapping) else {}
    out: list[str] = []
    for spec in schema:
        name, path = spec["name"], f"{prefix}{spec['name']}"
        value = values.get(name)
        if spec["type"] == "group":
            items = value if isinstance(value, list) else ([value] if isinstance(value, Mapping) else [])
            if spec.get("many"):
                if not items:
                    if spec["required"]:
                        out.append(path)
                    continue
                for index, item in enumerate(items):
                    out += missing(spec["fields"], item, prefix=f"{path}[{index}].")
            elif items and not is_empty(items[0]):
                out += missing(spec["fields"], items[0], prefix=f"{path}.")
            elif spec["required"]:
                out.append(path)
            continue
        if spec["required"] and is_empty(value):
            out.append(path)
    return out


def labels(schema: Iterable[Field], *, prefix: str = "") -> dict[str, str]:
    """Field path → Chinese label (group items as 原告.姓名), for messages and the page."""
    out: dict[str, str] = {}
    for spec in schema:
        out[f"{prefix}{spec['name']}"] = spec["label"]
        if spec["type"] == "group":
            for sub, label in labels(spec["fields"]).items():
                out[f"{prefix}{spec['name']}.{sub}"] = f"{spec['label']}·{label}"
    return out


def walk(schema: Iterable[Field]) -> Iterable[Field]:
    """Every field of the schema, those inside groups included."""
    for spec in schema:
        yield spec
        if spec["type"] == "group":
            yield from walk(spec["fields"])


def check_schema(schema: Any) -> list[str]:
    """Problems of a schema a user edited (an empty list when it is well-formed)."""
    problems: list[str] = []
    if not isinstance(schema, list):
        return ["字段表应为列表"]
    seen: set[str] = set()
    for spec in schema:
        if not isinstance(spec, dict) or not spec.get("name") or not spec.get("label"):
            problems.append("每个字段需有 name 与 label")
            continue
        if spec["name"] in seen:
            problems.append(f"字段 {spec['name']} 重复")
        seen.add(spec["name"])
        if spec.get("type") not in FIELD_TYPES:
            problems.append(f"字段 {spec['name']} 的类型 {spec.get('type')!r} 无效")
        if spec.get("type") == "choice" and not spec.get("choices"):
            problems.append(f"字段 {spec['name']} 是选项，需给出 choices")
        if spec.get("type") == "group":
            problems += check_schema(spec.get("fields", []))
    return problems
