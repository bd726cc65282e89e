"""The OpenAI-compatible ``/v1`` endpoint streaming a turn on every provider profile: a live daphne whose
model is the scripted server in that provider's shapes. The client receives the answer and never the
thinking; the usage it is given is the trace's, which is what the provider reported."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

from chat.models import Message
from firm.services import token_issue
from tests.fakellm import Call, FakeLLM, Reply
from tests.integrations.test_openai_streaming import ROOT, _client, _trace_usage
from tests.integrations.test_openai_streaming import lawyer as lawyer
from tests.provider_shapes import FLOW_PROVIDERS
from tests.support import free_port, stop_process, wait_for_children_sessions_to_close, wait_for_port

pytestmark = [pytest.mark.django_db(transaction=True)]

QUESTION = "违法解除劳动合同的赔偿金标准是什么规定"
ANSWER = ("依据《中华人民共和国劳动合同法》第八十七条，用人单位违法解除劳动合同的，"
          "应当依照经济补偿标准的二倍向劳动者支付赔偿金。")
THINKING = "思考：是不是第九百九十九条？不，是第八十七条。"
USAGE = [(310, 21), (620, 48), (230, 12)]


@pytest.fixture(scope="module", params=FLOW_PROVIDERS, ids=[p for p, _ in FLOW_PROVIDERS])
def served(request, subprocess_env, django_db_blocker) -> Iterator[tuple[str, FakeLLM, str]]:
    """A daphne whose LLM is the scripted server speaking one provider's shapes."""
    provider, model = request.param
    with FakeLLM(provider=provider) as fake:
        env = dict(subprocess_env, LLM_BASE_URL=fake.base_url, LLM_API_KEY="sk-test-0123456789", LLM_TIMEOUT="10",
                   LLM_MODEL=model, LLM_PROVIDER=provider)
        port = free_port()
        log = open(Path(settings.DATA_DIR) / f"daphne-{provider}.log", "w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "legalsite.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_for_port(port, proc)
            yield f"127.0.0.1:{port}", fake, provider
        finally:
            stop_process(proc)
            log.close()
            with django_db_blocker.unblock():
                wait_for_children_sessions_to_close()


def test_v1_streams_the_answer_without_thinking_on_each_provider(served, lawyer):
    url, fake, provider = served
    fake.reset()
    fake.script(Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"}), reasoning="先检索。",
                            usage=USAGE[0]),
                Reply.text(ANSWER, reasoning=THINKING, usage=USAGE[1], chunk_size=3),
                Reply.json({"acceptable": True, "feedback": "引用准确"}, reasoning="核对。", usage=USAGE[2]))
    stream = _client(url, token_issue(user=lawyer).key).chat.completions.create(
        model="legalsite-qa", stream=True, stream_options={"include_usage": True},
        messages=[{"role": "user", "content": QUESTION}])
    chunks = list(stream)
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
