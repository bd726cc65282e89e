"""The MCP server through the official ``mcp`` client: stdio (a subprocess) and streamable HTTP (daphne)."""

from __future__ import annotations

import asyncio
import json
import sys
from contextlib import asynccontextmanager

import httpx2 as httpx
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from agents.tools import registry as tool_registry
from contracts.services.issues import issue_add
from firm.services import token_issue
from tests.conftest import ROOT
from tests.contracts.review_support import make_contract
from tracing.models import AuditEvent, Trace

pytestmark = [pytest.mark.django_db(transaction=True)]

EXPECTED = {"search_legal_knowledge", "lookup_legal_article", "verify_citations", "query_knowledge_graph",
            "search_cases", "list_contract_issues"}


@pytest.fixture
def lawyer(make_user, statutes):
    # No new corpus generation here: a generation never repeats (corpus_generation_bump, and the test
    # database's flush sets a new one whenever it restores the corpus), so the run's daphne can keep what it
    # cached for an unchanged corpus instead of rebuilding it (the citation graph) for every test.
    return make_user("staff")


@pytest.fixture
def contracts(lawyer, make_user) -> tuple[int, int]:
    """The lawyer's contract with one issue, and another lawyer's unfiled contract (not visible)."""
    own = make_contract(lawyer)
    issue_add(actor=lawyer, contract=own, section=None, category="争议解决", severity="high",
              description="合同缺少争议解决条款")
    other = make_contract(make_user("staff"), title="他人的合同")
    return own.pk, other.pk


async def _exercise(transport, contracts: tuple[int, int]) -> tuple[dict, object, object]:
    async with Client(transport, read_timeout_seconds=120) as client:
        listed = await client.list_tools()
        schemas = {tool.name: tool.input_schema for tool in listed.tools}
        found = await client.call_tool("lookup_legal_article", {"law": "劳动合同法", "article": "第四十六条"})
        bad = await client.call_tool("lookup_legal_article", {"article": 46})
        issues = await client.call_tool("list_contract_issues", {"contract_id": contracts[0]})
        hidden = await client.call_tool("list_contract_issues", {"contract_id": contracts[1]})
    assert not issues.is_error and "合同缺少争议解决条款" in issues.content[0].text
    assert issues.structured_content["total"] == 1
    assert hidden.is_error and "无权访问" in hidden.content[0].text
    return schemas, found, bad


def _check(schemas, found, bad, user) -> None:
    assert set(schemas) == EXPECTED
    for name, schema in schemas.items():  # the registry's own parameter schemas
        assert schema == tool_registry.get(name).json_schema()
    assert not found.is_error
    assert "经济补偿" in found.content[0].text
    assert bad.is_error
    traces = Trace.objects.filter(kind="mcp", user=user)
    assert traces.count() == 4 and {t.status for t in traces} == {"success", "error"}
    assert {c.tool for t in traces for c in t.tool_calls.all()} == {"lookup_legal_article", "list_contract_issues"}
    events = AuditEvent.objects.filter(event_type="integrations.mcp_tool_call", actor=user)
    assert events.count() == 4 and {str(t.trace_id) for t in traces} == {json.loads(e.new)["trace_id"] for e in events}


def test_stdio(lawyer, contracts, subprocess_env):
    params = StdioServerParameters(command=sys.executable, args=["manage.py", "mcp_server", "--user", lawyer.username],
                                   env=subprocess_env, cwd=str(ROOT))
    schemas, found, bad = asyncio.run(_exercise(stdio_client(params), contracts))
    _check(schemas, found, bad, lawyer)


def _http(url: str, headers: dict[str, str]):
    async def transport():
        async with create_mcp_http_client(headers=headers) as http:
            async with streamable_http_client(url, http_client=http) as streams:
                yield streams

    return asynccontextmanager(transport)()


def test_streamable_http(lawyer, contracts, daphne_url):
    headers = {"Authorization": f"Token {token_issue(user=lawyer).key}"}
    schemas, found, bad = asyncio.run(_exercise(_http(f"http://{daphne_url}/mcp", headers), contracts))
    _check(schemas, found, bad, lawyer)


@pytest.mark.parametrize("authorization", [None, "Token not-a-token", "Bearer x"])
def test_http_without_a_valid_token_is_401(daphne_url, authorization):
    headers = {"Authorization": authorization} if authorization else {}
    with httpx.Client(timeout=30) as http:
        response = http.post(f"http://{daphne_url}/mcp", headers=headers,
                             json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert response.status_code == 401
