"""The firm of the ethical-wall tests (docs/decisions/ethical-walls.md): seven people, three matters.

- M1 (open): A leads it, B and X on the team;
- M2 (open): C leads it;
- M3 (privileged): A leads it, X (a plain member) on the team;
- D is on no matter; E is a compliance officer; F an admin on no team.

``work_in(matter)`` makes one object of every kind of client work in a matter, through the services.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator
from rest_framework.test import APIClient

from chat import services as chat_services
from chat.models import Feedback, Message
from contracts.models import ContractMessage, IssueChange, Section
from contracts.services.issues import issue_add
from contracts.services.review import manual_run
from drafting.models import DraftVersion, TemplateVersion
from drafting.services import draft_create
from firm import services as firm_services
from firm.services import token_issue
from integrations.models import Conversation
from knowledge.models import CaseChunk, CaseDocument
from research import services as research_services
from research.models import ResearchStep
from tests.contracts.review_support import make_contract

ROLES = ("A", "B", "C", "D", "E", "F", "X")


def build_firm(make_user: Any) -> dict[str, Any]:
    users = {"A": make_user("staff"), "B": make_user("staff"), "C": make_user("staff"), "D": make_user("staff"),
             "E": make_user("compliance"), "F": make_user("admin"), "X": make_user("staff")}
    m1 = firm_services.matter_create(actor=users["A"], number="W-M1", title="借款纠纷", client="甲公司",
                                     members=[users["B"], users["X"]])
    m2 = firm_services.matter_create(actor=users["C"], number="W-M2", title="股权转让", client="乙公司")
    m3 = firm_services.matter_create(actor=users["A"], number="W-M3", title="内部调查", client="丙公司",
                                     members=[users["X"]], privileged=True)
    return {"users": users, "matters": {"M1": m1, "M2": m2, "M3": m3}}


def work_in(owner: Any, matter: Any, tag: str) -> dict[str, Any]:
    """One object of every client-work model in ``matter``, owned by ``owner``; every text they are
    made with carries ``tag``."""
    session = chat_services.session_create(actor=owner, title=f"{tag} 咨询", matter=matter)
    question = Message.objects.create(session=session, role=Message.Role.USER, author=owner,
                                      content=f"{tag} 借款到期不还怎么办？")
    answer = Message.objects.create(session=session, role=Message.Role.ASSISTANT, reply_to=question,
                                    content=f"{tag} 可以起诉。依据《中华人民共和国民法典》第六百七十五条。")
    feedback = Feedback.objects.create(message=answer, user=owner, rating=1, comment=f"{tag} 有用")
    contract = make_contract(owner, matter=matter, title=f"{tag} 设备买卖合同")
    section = Section.objects.filter(contract=contract).order_by("order").last()
    issue = issue_add(actor=owner, contract=contract, section=None, category=f"{tag}类别", severity="high",
                      description=f"{tag} 合同缺少争议解决条款")
    run = manual_run(actor=owner, contract=contract)
    chat_line = ContractMessage.objects.create(contract=contract, role="user", author=owner, content=f"{tag} 审核")
    task = research_services.task_create(actor=owner, question=f"{tag} 公司无故辞退我，能拿多少赔偿？",
                                         matter=matter, queue=False)
    step = ResearchStep.objects.create(task=task, step_id="s1", order=1, description=f"{tag} 检索法条")
    version = TemplateVersion.objects.filter(status=TemplateVersion.Status.APPROVED).order_by("pk").first()
    draft = draft_create(actor=owner, version=version, matter=matter, title=f"{tag} 起诉状")
    rendered = DraftVersion.objects.create(draft=draft, number=1, docx=b"PK", fields={}, created_by=owner)
    data = f"{tag} 判决书".encode()
    case = CaseDocument.objects.create(owner=owner, matter=matter, title=f"{tag} 判决书", file_name="case.txt",
                                       content_type="text/plain", size=len(data),
                                       sha256=hashlib.sha256(data).hexdigest())
    chunk = CaseChunk.objects.create(document=case, ordinal=0, heading="", text=f"{tag} 本院认为，借款应当归还。")
    conversation = Conversation.objects.create(user=owner, model="legalsite-qa", key=hashlib.sha256(
        tag.encode()).hexdigest(), session=session)
    objects = [session, question, feedback, contract, section, issue, run, chat_line, task, step, draft, rendered,
               case, chunk, conversation, *IssueChange.objects.filter(contract=contract)]
    return {"objects": objects, "session": session, "contract": contract, "issue": issue, "task": task,
            "draft": draft, "case": case}


def api(user: Any) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=user).key}")
    return client


def mcp_calls(monkeypatch: Any, calls: list[tuple[Any, str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """JSON-RPC ``tools/call`` requests on ``/mcp`` (streamable HTTP, stateless), each with its user's
    token, in one event loop with an MCP app of its own (stopped at the end)."""
    import asyncio

    from integrations.mcp_server import MCPHttpApp
    from legalsite import asgi

    mcp_app = MCPHttpApp()
    monkeypatch.setattr(asgi, "mcp_app", mcp_app)
    prepared = []
    for user, tool, arguments in calls:
        headers = [(b"content-type", b"application/json"), (b"accept", b"application/json, text/event-stream"),
                   (b"authorization", f"Token {token_issue(user=user).key}".encode())]
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                           "params": {"name": tool, "arguments": arguments}}).encode()
        prepared.append((headers, body))

    async def scenario() -> list[dict[str, Any]]:
        answers = []
        for headers, body in prepared:
            communicator = HttpCommunicator(asgi.application, "POST", "/mcp", body=body, headers=headers)
            response = await communicator.get_response(timeout=60)
            answers.append(json.loads(response["body"]))
        task = getattr(mcp_app, "_task", None)
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        return answers

    return async_to_sync(scenario)()


__all__ = ["ROLES", "api", "build_firm", "mcp_calls", "work_in"]
