"""The agent registry: an agent declared once (role, instructions, tools, offline handler, limits),
found by name, its offline handler given to the engine; and the chat specialists declared that way."""

from __future__ import annotations

import asyncio

import pytest

from agents.llm import LLMGateway
from agents.offline import DeferredHandler, OfflineEngine, OfflineRequest
from agents.registry import Agent, AgentRegistry
from agents.registry import registry as project_registry
from agents.runner import run_agent
from agents.tools import RunContext, ToolRegistry
from chat import specialists
from chat.offline import research_offline
from legal.text import domains


def _answer(request: OfflineRequest) -> str:
    return f"离线回答：{request.question}（{request.spec.instructions}）"


def test_register_get_all_and_refuse_a_different_agent_under_a_taken_name() -> None:
    engine = OfflineEngine()
    agents = AgentRegistry(engine=engine)
    reviewer = agents.register(Agent(name="clause_reviewer", role="contract_review", tools=["search_*"],
                                     offline=_answer, max_steps=3))
    assert agents.get("clause_reviewer") is reviewer and agents.all() == [reviewer]
    assert reviewer.tools == ("search_*",)
    assert agents.register(Agent(name="clause_reviewer", role="contract_review", tools=("search_*",),
                                 offline=_answer, max_steps=3)) is not None  # the same declaration again
    with pytest.raises(ValueError, match="already registered"):
        agents.register(Agent(name="clause_reviewer", role="advisor"))
    with pytest.raises(LookupError):
        agents.get("nobody")
    assert engine.resolve(reviewer.spec()) is _answer
    agents.unregister("clause_reviewer")
    assert "clause_reviewer" not in agents and engine.resolve(reviewer.spec()) is None


def test_spec_carries_the_declaration_and_the_callers_prompt() -> None:
    agent = Agent(name="drafter", role="drafting", instructions="你是文书起草助理。", tools=("draft_*",),
                  max_steps=2, window=8, temperature=0.1, max_tokens=500)
    spec = agent.spec(stream=False)
    assert (spec.name, spec.role, spec.instructions, tuple(spec.tools)) == ("drafter", "drafting", "你是文书起草助理。",
                                                                            ("draft_*",))
    assert (spec.max_steps, spec.window, spec.temperature, spec.max_tokens, spec.stream) == (2, 8, 0.1, 500, False)
    composed = agent.spec(instructions="你是文书起草助理。\n\n已知案情要素：……", tools=["draft_*", "lookup_*"])
    assert composed.instructions.endswith("已知案情要素：……") and tuple(composed.tools) == ("draft_*", "lookup_*")


def test_a_registered_agent_answers_offline_through_its_own_handler(offline_gateway: LLMGateway) -> None:
    engine = OfflineEngine()
    agents = AgentRegistry(engine=engine)
    agent = agents.register(Agent(name="checker", instructions="只核对引用", offline=_answer))
    result = asyncio.run(run_agent(agent.spec(), [{"role": "user", "content": "这条引用对吗"}], RunContext(),
                                   gateway=offline_gateway, registry=ToolRegistry(), engine=engine))
    assert result.offline and result.content == "【离线模式】离线回答：这条引用对吗（只核对引用）"


async def _answer_later(request: OfflineRequest) -> str:
    return f"稍后回答：{request.question}"


@pytest.mark.parametrize(("name", "expected"), [("_answer", "【离线模式】离线回答：这条引用对吗（只核对引用）"),
                                                ("_answer_later", "【离线模式】稍后回答：这条引用对吗")])
def test_a_deferred_handler_answers_through_the_function_it_names(offline_gateway: LLMGateway, name: str,
                                                                  expected: str) -> None:
    engine = OfflineEngine()
    agents = AgentRegistry(engine=engine)
    handler = DeferredHandler(__name__, name)
    agent = agents.register(Agent(name="checker", instructions="只核对引用", offline=handler))
    assert engine.resolve(agent.spec()) is handler and handler.target is globals()[name]
    result = asyncio.run(run_agent(agent.spec(), [{"role": "user", "content": "这条引用对吗"}], RunContext(),
                                   gateway=offline_gateway, registry=ToolRegistry(), engine=engine))
    assert result.offline and result.content == expected


def test_autodiscover_imports_each_apps_specialists_module() -> None:
    assert "chat.specialists" in AgentRegistry().autodiscover(["chat", "knowledge", "firm"])


def test_the_chat_specialists_are_declared_once_each_with_an_offline_handler() -> None:
    names = {agent.name for agent in specialists.SPECIALISTS}
    assert names == {domains.LEGAL_RESEARCH, domains.CASE_ANALYSIS, domains.LEGAL_ADVISOR, domains.DOCUMENT_DRAFTING,
                     domains.GENERAL_AGENT, specialists.SINGLE_AGENT}
    planned = {agent for plan in domains.INTENT_PLANS.values() for stage in plan.stages for agent in stage.agents}
    assert planned <= names  # every agent a plan names is declared
    for agent in specialists.SPECIALISTS:
        assert project_registry.get(agent.name) is agent and agent.offline is not None and agent.label
        assert project_registry.engine.resolve(agent.spec()) is agent.offline
        assert callable(agent.offline.target)  # the function it names exists
    assert project_registry.engine.resolve(specialists.LEGAL_ASSISTANT.spec()).target is research_offline
    assert specialists.AGENT_ROLES[domains.CASE_ANALYSIS] == "case_analysis"
    research = specialists.specialist(domains.LEGAL_RESEARCH)
    assert "calculate_severance" in research.tools_for(intent="calculation")
    assert "calculate_severance" not in research.tools_for(intent="qa_retrieval")
    assert "search_cases" in specialists.specialist(domains.CASE_ANALYSIS).tools_for(intent="case_analysis")
