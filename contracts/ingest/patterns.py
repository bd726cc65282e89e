"""Line patterns the splitter and the party reader share: party lines, recitals, signature lines,
contract titles, preamble titles."""

from __future__ import annotations

import re

ROLES = (
    "甲方", "乙方", "丙方", "丁方", "出租方", "出租人", "承租方", "承租人", "委托方", "委托人", "受托方", "受托人",
    "买方", "卖方", "买受人", "出卖人", "供方", "需方", "供货方", "采购方", "供应商", "用人单位", "劳动者", "雇主",
    "贷款人", "借款人", "出借人", "保证人", "担保人", "抵押人", "抵押权人", "发包方", "发包人", "承包方", "承包人",
    "服务方", "服务提供方", "接受方", "披露方", "接收方", "提供方", "开发方", "研究开发人", "转让方", "受让方",
    "许可方", "被许可方", "被许可人", "许可人", "旅游者", "出境社", "组团社", "旅行社", "定作人", "承揽人", "托运人",
    "承运人", "寄存人", "保管人", "存货人", "行纪人", "中介人", "合伙人", "投资方", "被投资方", "融资方", "经营者",
    "消费者", "学员", "员工", "聘用方", "受聘方", "管理人", "业主", "物业服务人", "物业服务企业", "赠与人", "受赠人",
)
_ROLE_ALT = "|".join(sorted(ROLES, key=len, reverse=True))
PARTY_LINE = re.compile(
    rf"^[\s\u3000]*({_ROLE_ALT})[\s\u3000]*(?:[（(]([^）)]{{0,40}})[）)])?[\s\u3000]*[：:](.*)$")
RECITAL = re.compile(
    r"(协商一致|友好协商|达成(如下|以下)|签订本合同|订立本合同|签署本合同|特订立|特签订|特制定|以资(共同)?遵守|共同遵守"
    r"|约定如下|协议如下|条款如下|签订如下|订立如下|达成一致意见|达成本合同|本着.{0,20}原则)")
SIGNATURE_LINE = re.compile(
    r"^[\s\u3000]*(?:"
    r"[^。；;，,]{0,24}[（(][^）)，,。]{0,12}(?:签字|签名|盖章|签章|公章|签署|捺印)[^）)，,。]{0,12}[）)][\s\u3000]*[：:]?"
    r"|[^。；;，,]{0,16}(?:签字|签名|盖章|签章|签署)[\s\u3000]*[：:]"
    r"|[（(]?(?:以下无正文|本页无正文|此页无正文|下接签署页|以下为.{0,12}签署页|以下为签字页|签署页|签字页)"
    r"|(?:签订|签约|签署|签字)(?:日期|时间|地点)[\s\u3000]*[：:]"
    r")")
CONTRACT_TITLE = re.compile(r"(合同|协议|协议书|合同书|契约|确认书|承诺书)[\s\u3000]*([（(][^）)]{1,12}[）)])*$")
PREAMBLE_TITLES = (
    "使用说明", "特别提示", "重要提示", "风险提示", "签约提示", "填写说明", "签约须知", "合同使用说明", "说明", "提示",
    "须知", "温馨提示", "特别说明", "使用指南", "阅读提示", "签署须知", "合同签订提示", "签约说明", "用户须知",
    "特别告知", "重要声明", "声明", "目录", "鉴于",
)
_WS = re.compile(r"[\s\u3000\u00a0]+")
_TOC_TAIL = re.compile(r"(\.{2,}|…+|·{2,}|\t|-{3,}|_{3,})[\s\u3000]*\d{1,4}[\s\u3000]*$")
_TOC_STYLE = re.compile(r"^(toc|目录)\s*\d", re.IGNORECASE)


def compact(text: str) -> str:
    return _WS.sub("", text)


_HEAD_SPACED = re.compile(r"^[\s\u3000]*((?:[\u4e00-\u9fff][ \u3000]+){1,3}[\u4e00-\u9fff])(?=[\s\u3000]*[（(：:])")


def despace_head(text: str) -> str:
    """``甲　方：…`` → ``甲方：…`` (a label letter-spaced for layout)."""
    m = _HEAD_SPACED.match(text)
    return compact(m.group(1)) + text[m.end():] if m else text


def is_preamble_title(text: str) -> bool:
    return compact(text).strip("【】[]〔〕：:") in PREAMBLE_TITLES


def party_match(text: str) -> re.Match[str] | None:
    return PARTY_LINE.match(despace_head(text))


def is_party_line(text: str) -> bool:
    return bool(party_match(text)) and not SIGNATURE_LINE.match(text)


def is_recital(text: str) -> bool:
    return len(compact(text)) >= 12 and bool(RECITAL.search(text))


def is_signature_line(text: str) -> bool:
    return bool(SIGNATURE_LINE.match(text))


def is_contract_title(text: str) -> bool:
    s = compact(text)
    return 2 <= len(s) <= 40 and not re.search(r"[。；;，,：:]", s) and bool(CONTRACT_TITLE.search(s))


def is_toc_line(text: str, style: str = "") -> bool:
    """A table-of-contents entry: a TOC style, or a line ending in a page number after dot leaders or a tab."""
    return bool(_TOC_STYLE.match(style or "")) or bool(_TOC_TAIL.search(text.rstrip()))
