"""The OpenAI-compatible ``/v1`` endpoint streaming a turn on every provider profile: the project's ASGI
application, in this process, whose model is the scripted server in that provider's shapes. The client
receives the answer and never the thinking; the usage it is given is the trace's, which is what the
provider reported. (The stream through a real daphne is tests/integrations/test_openai_streaming.py; what
changes from one provider to the next is the gateway's profile, which the settings choose here.)"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from asgiref.testing import ApplicationCommunicator
from openai.types.chat import ChatCompletionChunk

from chat.models import Message
from firm.services import token_issue
from legalsite.asgi import application
from tests.fakellm import Call, FakeLLM, Reply
from tests.integrations.test_openai_streaming import _trace_usage
from tests.integrations.test_openai_streaming import lawyer as lawyer
from tests.provider_shapes import FLOW_PROVIDERS

# committed rows: the completion runs on a thread of its own, with its own connection
pytestmark = [pytest.mark.django_db(transaction=True)]

QUESTION = "违法解除劳动合同的赔偿金标准是什么规定"
ANSWER = ("依据《中华人民共和国劳动合同法》第八十七条，用人单位违法解除劳动合同的，"
          "应当依照经济补偿标准的二倍向劳动者支付赔偿金。")
THINKING = "思考：是不是第九百九十九条？不，是第八十七条。"
USAGE = [(310, 21), (620, 48), (230, 12)]


@pytest.fixture(params=FLOW_PROVIDERS, ids=[p for p, _ in FLOW_PROVIDERS])
def served(request, settings) -> Iterator[tuple[FakeLLM, str]]:
    """The settings of a LegalSite whose LLM is the scripted server speaking one provider's shapes."""
    provider, model = request.param
    with FakeLLM(provider=provider) as fake:
        settings.LLM_BASE_URL, settings.LLM_API_KEY, settings.LLM_TIMEOUT = fake.base_url, "sk-test-0123456789", 10.0
        settings.LLM_MODEL, settings.LLM_PROVIDER = model, provider
        yield fake, provider


def _stream(key: str, body: dict) -> list[ChatCompletionChunk]:
    """POST ``body`` to /v1/chat/completions through the ASGI application as a server would (the whole
    body, then the response's messages until the last); the SSE chunks, parsed as the openai client
    parses them."""
    scope = {"type": "http", "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/v1/chat/completions", "raw_path": b"/v1/chat/completions", "query_string": b"",
             "headers": [(b"host", b"localhost"), (b"authorization", f"Bearer {key}".encode()),
                         (b"content-type", b"application/json")],
             "server": ("localhost", 80), "client": ("127.0.0.1", 50000)}

    async def ask() -> tuple[dict, bytes]:
        communicator = ApplicationCommunicator(application, scope)
        await communicator.send_input({"type": "http.request", "body": json.dumps(body).encode(), "more_body": False})
        start, parts = await communicator.receive_output(120), []
        while True:
            message = await communicator.receive_output(120)
            parts.append(message.get("body", b""))
            if not message.get("more_body"):
                return start, b"".join(parts)

    start, content = asyncio.run(ask())
    assert start["status"] == 200, content[:500]
    assert dict(start["headers"])[b"Content-Type"].startswith(b"text/event-stream")
    events = [block.removeprefix("data: ") for block in content.decode().split("\n\n") if block.startswith("data: ")]
    assert events[-1] == "[DONE]"
    return [ChatCompletionChunk.model_validate(json.loads(event)) for event in events[:-1]]


def test_v1_streams_the_answer_without_thinking_on_each_provider(served, lawyer):
    fake, provider = served
    fake.reset()
    fake.script(Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"}), reasoning="先检索。",
                            usage=USAGE[0]),
                Reply.text(ANSWER, reasoning=THINKING, usage=USAGE[1], chunk_size=3),
                Reply.json({"acceptable": True, "feedback": "引用准确"}, reasoning="核对。", usage=USAGE[2]))
    chunks = _stream(token_issue(user=lawyer).key, {
        "model": "legalsite-qa", "stream": True, "stream_options": {"include_usage": True},
        "messages": [{"role": "user", "content": QUESTION}]})
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert ANSWER in text and "思考" not in text and "第九百九十九条" not in text
    extra = next(c for c in chunks if c.choices and c.choices[0].finish_reason).model_extra["legalsite"]
    saved = Message.objects.get(pk=extra["message_id"])
    assert saved.status == Message.Status.COMPLETE and saved.content == ANSWER
    assert [c["article"] for c in saved.citations] == ["第八十七条"]
    assert _trace_usage(extra["trace_id"]) == (sum(u[0] for u in USAGE), sum(u[1] for u in USAGE))
    usage = chunks[-1].usage
    assert (usage.prompt_tokens, usage.completion_tokens) == _trace_usage(extra["trace_id"])
    assert fake.rejections == [], provider
