"""The OpenAI-compatible endpoint against a live daphne whose LLM is the scripted server: tokens are
forwarded as the model produces them, usage is the trace's, a client that leaves mid-stream leaves
a recorded turn and no subscription behind, and a model that stalls mid-answer ends the stream
with OpenAI's error chunk."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx  # the openai client's own HTTP library
import openai
import pytest
import redis
from django.conf import settings

from chat.constants import session_group
from chat.models import ChatSession, Message
from firm.services import token_issue
from integrations.models import Conversation
from integrations.services import answer_text
from integrations.streaming import REVISED_MARK
from tests.fakellm import Call, FakeLLM, Reply
from tests.fakellm import _usage as fake_usage
from tests.support import free_port, stop_process, wait_for_children_sessions_to_close, wait_for_port
from tracing.models import AuditEvent, LLMCall, Trace

pytestmark = [pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "违法解除劳动合同的赔偿金标准是什么规定"
ANSWER = ("依据《中华人民共和国劳动合同法》第八十七条，用人单位违法解除劳动合同的，"
          "应当依照经济补偿标准的二倍向劳动者支付赔偿金。")
#: The model's timeout in the daphne under test: a stall longer than this is an LLM timeout.
LLM_TIMEOUT = 3
PIECE = 2  # characters per streamed delta of the scripted model


def _script() -> tuple[Reply, ...]:
    """A turn of the multi-agent Q&A: a search, the answer streamed slowly, the critic's approval."""
    return (Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"})),
            Reply.text(ANSWER, chunk_size=PIECE, chunk_delay=0.15),
            Reply.json({"acceptable": True, "feedback": "引用准确"}))


@pytest.fixture(scope="module")
def fake_llm() -> Iterator[FakeLLM]:
    with FakeLLM() as fake:
        yield fake


@pytest.fixture(scope="module")
def llm_daphne(subprocess_env, django_db_blocker, fake_llm) -> Iterator[str]:
    """A real daphne whose LLM endpoint is the scripted server."""
    env = dict(subprocess_env, LLM_BASE_URL=fake_llm.base_url, LLM_API_KEY="sk-test-0123456789",
               LLM_TIMEOUT=str(LLM_TIMEOUT))
    port = free_port()
    log = open(Path(settings.DATA_DIR) / "daphne-llm.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "legalsite.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, proc)
        yield f"127.0.0.1:{port}"
    finally:
        stop_process(proc)
        log.close()
        with django_db_blocker.unblock():
            wait_for_children_sessions_to_close()


@pytest.fixture
def fake(fake_llm) -> Iterator[FakeLLM]:
    fake_llm.reset()
    yield fake_llm
    fake_llm.reset()


@pytest.fixture
def lawyer(make_user, statutes):
    # No new corpus generation here: a generation never repeats (corpus_generation_bump, and the test
    # database's flush sets a new one whenever it restores the corpus), so the module's daphne can keep what it
    # cached for an unchanged corpus instead of rebuilding it (the citation graph) for every test.
    return make_user("staff")


def _client(url: str, key: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"http://{url}/v1", api_key=key, max_retries=0, timeout=120)


def _trace_usage(trace_id: str) -> tuple[int, int]:
    calls = LLMCall.objects.filter(trace__trace_id=trace_id)
    return sum(c.tokens_in or 0 for c in calls), sum(c.tokens_out or 0 for c in calls)


def _wait_until(predicate, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.1)


def test_tokens_stream_as_the_model_produces_them_and_the_text_is_the_saved_answer(llm_daphne, fake, lawyer):
    replies = _script()
    fake.script(*replies)
    stream = _client(llm_daphne, token_issue(user=lawyer).key).chat.completions.create(
        model="legalsite-qa", stream=True, stream_options={"include_usage": True},
        messages=[{"role": "user", "content": QUESTION}])
    arrivals = []  # (arrival time, chunk, model deltas written by then)
    for chunk in stream:
        arrivals.append((time.monotonic(), chunk, len(fake.streamed)))

    content = [(at, c, written) for at, c, written in arrivals if c.choices and c.choices[0].delta.content]
    produced = fake.streamed
    assert "".join(text for _, text in produced) == ANSWER
    first_at, _, written = content[0]
    # the first chunk reached the client while the model was still writing the answer
    assert written < len(produced) and first_at < produced[-1][0]
    assert sum(1 for at, _, _ in content if at < produced[-1][0]) > 1  # more than one, token by token

    text = "".join(c.choices[0].delta.content for _, c, _ in content)
    closing = arrivals[-2][1]
    assert closing.choices[0].finish_reason == "stop"
    extra = closing.model_extra["legalsite"]
    saved = Message.objects.get(pk=extra["message_id"], session__owner=lawyer)
    assert saved.status == Message.Status.COMPLETE and saved.content == ANSWER
    assert text == answer_text(saved.content, saved.citations, saved.disclaimer)
    assert REVISED_MARK not in text and extra["revised"] is False

    usage_chunk = arrivals[-1][1]
    assert usage_chunk.choices == []
    prompt, completion = _trace_usage(extra["trace_id"])
    requests = fake.chat_requests
    assert len(requests) == len(replies) == LLMCall.objects.filter(trace__trace_id=extra["trace_id"]).count()
    reported = [fake_usage(r.json, reply) for r, reply in zip(requests, replies, strict=True)]
    assert prompt == sum(u["prompt_tokens"] for u in reported) > 0
    assert completion == sum(u["completion_tokens"] for u in reported) > 0
    assert (usage_chunk.usage.prompt_tokens, usage_chunk.usage.completion_tokens,
            usage_chunk.usage.total_tokens) == (prompt, completion, prompt + completion)
    assert all(getattr(c, "usage", None) is None for _, c, _ in arrivals[:-1])

    # the client sends the conversation back as it received it: the same session continues
    fake.script(*_script())
    again = _client(llm_daphne, token_issue(user=lawyer).key).chat.completions.create(
        model="legalsite-qa", messages=[{"role": "user", "content": QUESTION},
                                        {"role": "assistant", "content": text},
                                        {"role": "user", "content": "赔偿金和经济补偿可以同时主张吗？"}])
    assert again.model_extra["legalsite"]["session_id"] == saved.session_id


def test_a_plain_completion_reports_the_traces_usage(llm_daphne, fake, lawyer):
    replies = _script()
    fake.script(*replies)
    reply = _client(llm_daphne, token_issue(user=lawyer).key).chat.completions.create(
        model="legalsite-qa", messages=[{"role": "user", "content": QUESTION}])
    prompt, completion = _trace_usage(reply.model_extra["legalsite"]["trace_id"])
    reported = [fake_usage(r.json, s) for r, s in zip(fake.chat_requests, replies, strict=True)]
    assert prompt == sum(u["prompt_tokens"] for u in reported) > 0
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens, reply.usage.total_tokens) == (
        prompt, completion, prompt + completion)


def test_stream_options_need_a_stream(llm_daphne, lawyer):
    with httpx.Client(timeout=30) as http:
        response = http.post(f"http://{llm_daphne}/v1/chat/completions",
                             headers={"Authorization": f"Bearer {token_issue(user=lawyer).key}"},
                             json={"model": "legalsite-qa", "stream_options": {"include_usage": True},
                                   "messages": [{"role": "user", "content": QUESTION}]})
    assert response.status_code == 400 and response.json()["error"]["param"] == "stream_options"
    assert not ChatSession.objects.filter(owner=lawyer).exists()


def _subscriptions(client: redis.Redis) -> set[bytes]:
    return set(client.pubsub_channels("legalsite:asgi*"))


def test_a_client_that_leaves_mid_stream_leaves_a_recorded_turn_and_no_subscription(llm_daphne, fake, lawyer):
    fake.script(*_script())
    client = redis.Redis.from_url(settings.REDIS_URL)
    before = _subscriptions(client)
    with httpx.Client(timeout=120) as http, http.stream(
            "POST", f"http://{llm_daphne}/v1/chat/completions",
            headers={"Authorization": f"Bearer {token_issue(user=lawyer).key}"},
            json={"model": "legalsite-qa", "stream": True, "messages": [{"role": "user", "content": QUESTION}]},
    ) as response:
        for line in response.iter_lines():
            if '"content": "' in line and '"content": ""' not in line:
                break  # the first token: hang up
        written_at_hangup = len(fake.streamed)
    session = ChatSession.objects.get(owner=lawyer)
    group = f"legalsite:asgi__group__{session_group(session.pk)}".encode()
    assert written_at_hangup < len(ANSWER) // PIECE  # the answer was still being written

    answer = Message.objects.get(session=session, role=Message.Role.ASSISTANT)
    _wait_until(lambda: Message.objects.get(pk=answer.pk).status == Message.Status.COMPLETE)
    _wait_until(lambda: AuditEvent.objects.filter(event_type="integrations.completion", actor=lawyer).exists())
    answer.refresh_from_db()
    assert answer.content == ANSWER  # the whole answer, though the client left after its first token
    assert Trace.objects.get(trace_id=answer.trace_id).status == "success"
    assert Conversation.objects.filter(user=lawyer, session=session).exists()
    _wait_until(lambda: _subscriptions(client) == before, timeout=30)
    assert client.pubsub_numsub(group) == [(group, 0)]


def test_a_model_that_stalls_mid_answer_ends_the_stream_with_an_error_chunk(llm_daphne, fake, lawyer):
    good = "依据《中华人民共和国劳动合同法》第四十七条，经济补偿按劳动者在本单位工作的年限计算。"
    fake.script(
        Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"})),
        Reply.text(ANSWER, chunk_size=PIECE, stall_after=4, stall=LLM_TIMEOUT + 3),  # stops after 3 deltas
        Reply.json({"query": "劳动合同法 经济补偿 规定"}),  # the critic refines the query
        Reply.text(good),
        Reply.json({"acceptable": True, "feedback": "ok"}),
    )
    stream = _client(llm_daphne, token_issue(user=lawyer).key).chat.completions.create(
        model="legalsite-qa", stream=True, messages=[{"role": "user", "content": QUESTION}])
    received = []
    with pytest.raises(openai.APIError) as caught:
        for chunk in stream:
            received.append(chunk.choices[0].delta.content or "")
    assert caught.value.body["code"] == "llm_timeout" and caught.value.body["type"] == "timeout"
    assert set(caught.value.body) == {"message", "type", "param", "code"}
    partial = "".join(received)
    assert partial and ANSWER.startswith(partial) and partial != ANSWER

    # the turn goes on without the client and is recorded
    session = ChatSession.objects.get(owner=lawyer)
    answer = Message.objects.get(session=session, role=Message.Role.ASSISTANT)
    _wait_until(lambda: AuditEvent.objects.filter(event_type="integrations.completion", actor=lawyer,
                                                  object_id=str(session.pk)).exists())
    answer.refresh_from_db()
    assert answer.status == Message.Status.COMPLETE and answer.content == good
    assert Trace.objects.get(trace_id=answer.trace_id).llm_calls.filter(status__in=["timeout", "error"]).exists()


def test_a_draft_the_critic_rejects_is_followed_by_the_revised_answer(llm_daphne, fake, lawyer):
    bad = "依据《中华人民共和国劳动合同法》第九百九十九条，公司应当赔偿。"
    good = "依据《中华人民共和国劳动合同法》第四十七条，经济补偿按劳动者在本单位工作的年限计算。"
    fake.script(
        Reply.text(bad, chunk_size=PIECE),                # an invented article, streamed
        Reply.json({"query": "劳动合同法 经济补偿 规定"}),  # the critic refines the query
        Reply.text(good, chunk_size=PIECE),
        Reply.json({"acceptable": True, "feedback": "ok"}),
    )
    client = _client(llm_daphne, token_issue(user=lawyer).key)
    question = "经济补偿金的法律规定是什么"
    chunks = list(client.chat.completions.create(model="legalsite-qa", stream=True,
                                                 messages=[{"role": "user", "content": question}]))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    extra = chunks[-1].model_extra["legalsite"]
    saved = Message.objects.get(pk=extra["message_id"])
    assert saved.content == good and extra["revised"] is True
    draft, revised = text.split(REVISED_MARK)
    assert draft == bad and revised == answer_text(saved.content, saved.citations, saved.disclaimer)

    fake.script(Reply.text(good), Reply.json({"acceptable": True, "feedback": "ok"}))
    again = client.chat.completions.create(model="legalsite-qa", messages=[
        {"role": "user", "content": question}, {"role": "assistant", "content": text},
        {"role": "user", "content": "经济补偿金的计算年限怎么算？"}])
    assert again.model_extra["legalsite"]["session_id"] == saved.session_id


def test_a_draft_kept_after_the_last_critic_round_is_not_sent_twice(llm_daphne, fake, lawyer):
    bad = "依据《中华人民共和国劳动合同法》第九百九十九条，公司应当赔偿。"
    fake.script(
        Reply.text(bad, chunk_size=PIECE),                # an invented article, streamed
        Reply.json({"query": "劳动合同法 经济补偿 规定"}),  # the critic refines the query
        Reply.text(bad, chunk_size=PIECE),                # the same again: the last round keeps it
    )
    chunks = list(_client(llm_daphne, token_issue(user=lawyer).key).chat.completions.create(
        model="legalsite-qa", stream=True, messages=[{"role": "user", "content": "经济补偿金的法律规定是什么"}]))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    extra = chunks[-1].model_extra["legalsite"]
    saved = Message.objects.get(pk=extra["message_id"])
    assert saved.content.startswith(bad) and not any(c["valid"] for c in saved.citations)
    assert text == bad + REVISED_MARK + answer_text(saved.content, saved.citations, saved.disclaimer)
    assert extra["revised"] is True
