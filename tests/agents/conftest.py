"""Fixtures for the agent runtime tests: the scripted LLM, a gateway on it, a fresh tool registry,
an event collector and a run context."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from agents.events import ListCollector
from agents.llm import LLMConfig, LLMGateway
from agents.tools import RunContext, ToolCache, ToolRegistry
from tests.fakellm import FakeLLM


@pytest.fixture
def fake() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


@pytest.fixture
def make_gateway() -> Callable[..., LLMGateway]:
    def make(base_url: str = "", **overrides: Any) -> LLMGateway:
        options: dict[str, Any] = {
            "base_url": base_url,
            "api_key": "sk-test-0123456789",
            "model": "qwen-plus",
            "timeout": 5.0,
            "retry_backoff": 0.0,
        }
        options.update(overrides)
        return LLMGateway(LLMConfig(**options))

    return make


@pytest.fixture
def gateway(fake: FakeLLM, make_gateway: Callable[..., LLMGateway]) -> LLMGateway:
    return make_gateway(fake.base_url)


@pytest.fixture
def offline_gateway(make_gateway: Callable[..., LLMGateway]) -> LLMGateway:
    return make_gateway("")


@pytest.fixture
def registry() -> ToolRegistry:
    """A registry of its own (no autodiscovery), with a cache namespace of its own (empty)."""
    return ToolRegistry(cache=ToolCache(namespace=uuid.uuid4().hex))


@pytest.fixture
def collector() -> ListCollector:
    return ListCollector()


@pytest.fixture
def ctx(collector: ListCollector) -> RunContext:
    return RunContext(user=None, trace_id="trace-test", emit=collector)
