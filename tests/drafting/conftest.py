"""Drafting fixtures: API clients logged in as staff, a matter with a team, a chat session about an
unpaid loan (its state memory as the chat extracts it)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from chat.models import ChatSession, Message
from firm import services as firm_services
from legal.text.entities import Entities, extract_entities, merge

LOAN_MESSAGES = (
    "我叫王小明，身份证号11010519491231002X，电话13800138000。2024年1月10日我借给张三5万元，"
    "约定2024年6月30日还款，他一直不还，怎么办？",
    "请帮我写一份起诉状",
)


@pytest.fixture
def client_for():
    def _client(user) -> APIClient:
        client = APIClient()
        client.force_authenticate(user)
        return client

    return _client


@pytest.fixture
def loan_session(db, staff_user) -> ChatSession:
    state = Entities()
    for text in LOAN_MESSAGES:
        state = merge(state, extract_entities(text))
    session = ChatSession.objects.create(owner=staff_user, title="借款纠纷", state=state.to_dict())
    for text in LOAN_MESSAGES:
        question = Message.objects.create(session=session, role=Message.Role.USER, author=staff_user, content=text)
        Message.objects.create(session=session, role=Message.Role.ASSISTANT, reply_to=question,
                               content="可以起诉。依据《中华人民共和国民法典》第六百七十五条，借款人应按约定期限返还借款。",
                               citations=[{"law": "中华人民共和国民法典", "article": "第六百七十五条", "valid": True}])
    return session


@pytest.fixture
def team(make_user):
    lead, member, outsider = make_user("staff"), make_user("staff"), make_user("staff")
    matter = firm_services.matter_create(actor=lead, number="D-1", title="借款纠纷", client="王小明", members=[member])
    return {"lead": lead, "member": member, "outsider": outsider, "matter": matter}
