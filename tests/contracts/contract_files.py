"""Contract files for the core tests (built here, so each test says what it uploads), the firm of
the wall tests, and client helpers."""

from __future__ import annotations

import io
import time

import docx
from django.test import Client
from rest_framework.test import APIClient

from contracts.models import Contract
from contracts.services.contracts import contract_split
from firm import services as firm_services

#: A small lease with a title, a party block, five clauses (one of two paragraphs) and a signature block.
LEASE_PARAGRAPHS = [
    "房屋租赁合同",
    "出租人（甲方）：北京安和物业管理有限公司",
    "承租人（乙方）：张三",
    "第一条 租赁房屋 甲方将位于北京市朝阳区建国路88号的房屋出租给乙方使用。",
    "第二条 租金及支付 月租金为人民币伍仟元整。",
    "乙方应于每月5日前支付当月租金，逾期每日按租金的百分之五支付违约金。",
    "第三条 押金 乙方应于签订本合同时向甲方支付押金人民币壹万元。",
    "第四条 违约责任 任何一方违约的，应依照本合同第二条承担违约责任。",
    "第五条 争议解决 因本合同发生争议的，提交北京仲裁委员会仲裁。",
    "甲方（盖章）：",
    "乙方（签字）：",
]


def docx_bytes(paragraphs: list[str] | None = None) -> bytes:
    document = docx.Document()
    for text in paragraphs or LEASE_PARAGRAPHS:
        document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def txt_bytes(paragraphs: list[str] | None = None) -> bytes:
    return "\n".join(paragraphs or LEASE_PARAGRAPHS).encode("utf-8")


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def portal(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def split_now(contract_id: int):
    """What the worker does after an upload (``contracts.tasks.contract_split``), run here; when a
    live worker of another test claimed it first, wait for it to settle."""
    contract = contract_split(contract_id=contract_id)
    deadline = time.monotonic() + 60
    while contract is not None and contract.status in ("uploaded", "splitting") and time.monotonic() < deadline:
        time.sleep(0.1)
        contract = Contract.objects.defer("original").filter(pk=contract_id).first()
    return contract


def upload(user, *, name: str = "租赁合同.docx", data: bytes | None = None, split: bool = True, **fields):
    """POST /api/v1/contracts as ``user``; the response (201: status ``uploaded``). ``split``: the
    worker's reading and splitting is then run too, so the contract is ``split`` (or ``failed``)."""
    file = io.BytesIO(docx_bytes() if data is None else data)
    file.name = name
    response = api(user).post("/api/v1/contracts", {"file": file, **fields}, format="multipart")
    if split and response.status_code == 201:
        split_now(response.json()["id"])
    return response


def sections_of(user, contract_id: int) -> list[dict]:
    response = api(user).get(f"/api/v1/contracts/{contract_id}/sections")
    assert response.status_code == 200, response.content
    return response.json()["results"]


def clause(sections: list[dict], number: str) -> dict:
    """The clause section numbered ``number`` (e.g. 第二条)."""
    found = [s for s in sections if s["kind"] == "clause" and s["number"].startswith(number)]
    assert len(found) == 1, [(s["kind"], s["number"]) for s in sections]
    return found[0]


def make_firm(make_user) -> dict:
    """Users A, B, C (staff), an admin and a compliance officer; matters M1..M4, M2 and M4
    privileged; A leads M1, M2 and M4, C is on the teams of M1 and M2; C leads M3, where B sits."""
    a, b, c = make_user("staff", "lawyer-a"), make_user("staff", "lawyer-b"), make_user("staff", "lawyer-c")
    admin, auditor = make_user("admin", "the-admin"), make_user("compliance", "the-auditor")
    m1 = firm_services.matter_create(actor=a, number="M1", title="租赁纠纷", client="甲", members=[c])
    m2 = firm_services.matter_create(actor=a, number="M2", title="并购", client="乙", members=[c], privileged=True)
    m3 = firm_services.matter_create(actor=c, number="M3", title="劳动争议", client="丙", members=[b])
    m4 = firm_services.matter_create(actor=a, number="M4", title="内部调查", client="丁", privileged=True)
    return {"A": a, "B": b, "C": c, "admin": admin, "auditor": auditor, "M1": m1, "M2": m2, "M3": m3, "M4": m4}
