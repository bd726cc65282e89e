"""The offline answer searches the statutes in the question's domain even when the route fell back to
综合咨询 (docs/decisions/offline-search-domain.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from agents.aio import run_sync
from agents.tools import ToolResult
from chat.deps import ChatDeps
from chat.offline import research_offline
from chat.offline.common import CLASSIFIED_SEARCH_MIN
from chat.offline.handlers import search_domain

DISMISSAL = "我在物流公司做了四年七个月，部门撤了让我去仓库我不干，HR昨天发通知明天起解除合同，能拿多少钱"


def routing(route: str, classified: str | None = None, confidence: Any = 0.0) -> dict[str, Any]:
    out: dict[str, Any] = {"domain": route, "intent": "qa_retrieval"}
    if classified is not None:
        out["classified"] = {"domain": classified, "intent": "case_analysis", "confidence": confidence}
    return out


@pytest.mark.parametrize(("route", "classified", "confidence", "searched"), [
    ("labor", None, 0.0, "labor"),                       # a decided route is searched as routed
    ("labor", "criminal", 0.9, "labor"),                 # the route wins over the classification
    ("general", "labor", 0.82, "labor"),                 # below the routing threshold: still its domain
    ("general", "labor", CLASSIFIED_SEARCH_MIN, "labor"),
    ("general", "labor", CLASSIFIED_SEARCH_MIN - 0.01, "general"),  # too unsure: the whole corpus
    ("general", "general", 0.9, "general"),
    ("general", "non_legal", 0.9, "general"),            # not a legal domain
    ("general", "no_such_domain", 0.9, "general"),
    ("general", "labor", "not a number", "general"),
    ("general", "labor", None, "general"),
])
def test_search_domain(route, classified, confidence, searched):
    assert search_domain(routing(route, classified, confidence)) == searched


def test_search_domain_without_routing_is_general():
    assert search_domain({}) == "general"


@dataclass
class _Ctx:
    deps: ChatDeps


class _Toolbox:
    NAMES = ("search_legal_knowledge",)

    def names(self) -> list[str]:
        return list(self.NAMES)

    def __contains__(self, name: object) -> bool:
        return name in self.NAMES


@dataclass
class _Request:
    """What research_offline reads of an offline request, with every tool call recorded."""

    deps: ChatDeps
    question: str = DISMISSAL
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    @property
    def ctx(self) -> _Ctx:
        return _Ctx(self.deps)

    @property
    def toolbox(self) -> _Toolbox:
        return _Toolbox()

    async def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> ToolResult:
        self.calls.append((name, dict(arguments or {})))
        return ToolResult(call_id="c", tool=name, agent="legal_research", ok=True, content="",
                          arguments=arguments or {},
                          output={"sources": []})


@pytest.mark.parametrize(("classified_confidence", "first_domain"), [(0.82, "labor"), (0.3, None)])
def test_an_answer_routed_to_general_searches_the_classified_domain(db, classified_confidence, first_domain):
    request = _Request(ChatDeps(routing=routing("general", "labor", classified_confidence)))
    text = run_sync(research_offline(request))
    searches = [arguments for name, arguments in request.calls if name == "search_legal_knowledge"]
    assert searches, request.calls
    assert searches[0].get("domain") == first_domain
    if first_domain:  # the domain found nothing here: the whole corpus is searched next
        assert len(searches) == 2 and "domain" not in searches[1]
    assert "未检索到" in text
