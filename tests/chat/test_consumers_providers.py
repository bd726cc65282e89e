"""A chat turn asked over the websocket on every provider profile: the events the browser receives carry
the answer token by token and never the model's thinking, whatever shape the provider sends it in."""

import asyncio
import threading
from unittest import mock

import pytest
from django.db import connection

from chat import services
from chat.models import Message
from tests.chat.test_consumers import _communicator, _cookie, _receive_until
from tests.chat.test_turn_providers import ANSWER, QUESTION, THINKING
from tests.fakellm import Call, FakeLLM, Reply
from tests.provider_shapes import FLOW_PROVIDERS, use_provider

pytestmark = pytest.mark.django_db(transaction=True)


def _run_in_a_worker_thread(name, args):
    """Stands in for the Celery worker: the turn runs in this process, on the scripted provider."""
    def work():
        try:
            services.turn_run(answer_id=args[0])
        finally:
            connection.close()

    threading.Thread(target=work, daemon=True).start()


@pytest.mark.parametrize(("provider", "model"), FLOW_PROVIDERS)
def test_a_turn_over_the_websocket_on_each_provider(staff_user, statutes, settings, provider, model):
    session = services.session_create(actor=staff_user)
    cookie = _cookie(staff_user)

    async def scenario():
        communicator = _communicator(session.pk, [(b"cookie", cookie), (b"origin", b"http://localhost")])
        connected, _ = await communicator.connect()
        await communicator.send_json_to({"type": "ask", "content": QUESTION})
        events = await _receive_until(communicator, lambda e: e.get("type") == "status" and e.get("phase") == "done")
        await communicator.disconnect()
        return connected, events

    with FakeLLM(provider=provider) as fake, \
            mock.patch.object(services.celery_app, "send_task", side_effect=_run_in_a_worker_thread):
        use_provider(settings, fake, provider, model)
        search = Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"})
        fake.script(Reply.calls(search, reasoning="先检索。"),
                    Reply.text(ANSWER, reasoning=THINKING, chunk_size=3),
                    Reply.json({"acceptable": True, "feedback": "引用准确"}, reasoning="核对。"))
        connected, events = asyncio.run(scenario())
        assert fake.rejections == []
    assert connected
    tokens = "".join(e["delta"] for e in events if e["type"] == "token")
    assert tokens == ANSWER and "思考" not in tokens
    final = next(e for e in events if e["type"] == "final")
    assert final["content"] == ANSWER and [c["article"] for c in final["citations"]] == ["第八十七条"]
    assert {"tool_call", "tool_result", "critic"} <= {e["type"] for e in events}
    assert Message.objects.get(pk=final["message_id"]).status == Message.Status.COMPLETE
