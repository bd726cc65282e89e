"""web_search against a local fake HTTP endpoint (stdlib http.server on 127.0.0.1, a free port)."""

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from knowledge.websearch import NOT_CONFIGURED, PROVIDERS, configured_providers, web_search

KEYS = {"bocha": "sk-bocha-secret", "tavily": "tvly-secret", "exa": "exa-secret", "perplexity": "pplx-secret"}


@dataclass
class Route:
    status: int = 200
    body: Any = None
    delay: float = 0.0
    raw: bytes | None = None


@dataclass
class FakeSearchServer:
    url: str
    routes: dict[str, Route] = field(default_factory=dict)
    requests: list[dict[str, Any]] = field(default_factory=list)


@pytest.fixture
def server() -> Iterator[FakeSearchServer]:
    state = FakeSearchServer(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # the http.server API names it so
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"null")
            state.requests.append(
                {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "json": body}
            )
            route = state.routes.get(self.path, Route(status=404, body={"error": "not found"}))
            if route.delay:
                time.sleep(route.delay)
            payload = route.raw if route.raw is not None else json.dumps(route.body).encode()
            try:
                self.send_response(route.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test)

        def log_message(self, format: str, *args: Any) -> None:
            return

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield state
    httpd.shutdown()
    httpd.server_close()


def env_for(server: FakeSearchServer, *names: str) -> dict[str, str]:
    env: dict[str, str] = {}
    for provider in PROVIDERS:
        env[provider.base_url_env] = server.url
        if provider.name in names:
            env[provider.key_env] = KEYS[provider.name]
    return env


BOCHA_BODY = {
    "code": 200,
    "log_id": "abc",
    "msg": None,
    "data": {
        "_type": "SearchResponse",
        "queryContext": {"originalQuery": "经济补偿"},
        "webPages": {
            "webSearchUrl": "https://bochaai.com/search?q=经济补偿",
            "totalEstimatedMatches": 2,
            "value": [
                {
                    "id": "https://api.bochaai.com/v1/#WebPages.0",
                    "name": "劳动合同法第四十七条解读",
                    "url": "https://example.cn/47",
                    "displayUrl": "https://example.cn/47",
                    "snippet": "经济补偿按劳动者在本单位工作的年限……",
                    "summary": "经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资。",
                    "siteName": "example",
                    "datePublished": "2024-05-01T08:00:00+08:00",
                },
                {"id": "x", "name": "无链接条目", "snippet": "没有 url 的结果被丢弃"},
            ],
        },
    },
}
TAVILY_BODY = {
    "query": "经济补偿",
    "answer": None,
    "results": [
        {"title": "经济补偿标准", "url": "https://example.com/t", "content": "每满一年支付一个月工资", "score": 0.9},
        {"title": "二", "url": "https://example.com/t2", "content": "第二条", "score": 0.5},
    ],
    "response_time": 0.5,
}
EXA_BODY = {
    "requestId": "r1",
    "results": [
        {
            "id": "https://example.org/e",
            "title": "Exa 结果",
            "url": "https://example.org/e",
            "publishedDate": "2023-01-02T00:00:00.000Z",
            "author": None,
            "text": "劳动合同法第四十七条全文……",
        }
    ],
}
PERPLEXITY_BODY = {
    "id": "p1",
    "results": [
        {"title": "Perplexity 结果", "url": "https://example.net/p", "snippet": "经济补偿的计算", "date": "2024-02-03"}
    ],
}


def test_without_any_key_search_is_not_configured(server):
    response = web_search("经济补偿", env={"BOCHA_BASE_URL": server.url})
    assert response.configured is False
    assert response.ok is False
    assert response.message.startswith(NOT_CONFIGURED)
    assert response.results == []
    assert server.requests == []


def test_the_process_environment_is_read_by_default(server, monkeypatch):
    for provider in PROVIDERS:
        monkeypatch.delenv(provider.key_env, raising=False)
    assert web_search("经济补偿").message.startswith(NOT_CONFIGURED)
    monkeypatch.setenv("TAVILY_API_KEY", KEYS["tavily"])
    monkeypatch.setenv("TAVILY_BASE_URL", server.url)
    server.routes["/search"] = Route(body=TAVILY_BODY)
    assert web_search("经济补偿").provider == "tavily"


def test_bocha_request_and_response_shape(server):
    server.routes["/v1/web-search"] = Route(body=BOCHA_BODY)
    response = web_search("经济补偿", max_results=3, env=env_for(server, "bocha"))
    assert response.provider == "bocha"
    assert [r.url for r in response.results] == ["https://example.cn/47"]
    first = response.results[0]
    assert first.title == "劳动合同法第四十七条解读"
    assert first.snippet.startswith("经济补偿按劳动者在本单位工作的年限，每满一年")  # the summary, when present
    assert first.published == "2024-05-01T08:00:00+08:00"
    (request,) = server.requests
    assert request["headers"]["authorization"] == f"Bearer {KEYS['bocha']}"
    assert request["json"] == {"query": "经济补偿", "count": 3, "summary": True, "freshness": "noLimit"}


def test_bocha_error_code_falls_through(server):
    server.routes["/v1/web-search"] = Route(body={"code": 401, "msg": "Invalid API KEY", "data": None})
    server.routes["/search"] = Route(body=TAVILY_BODY)
    response = web_search("经济补偿", env=env_for(server, "bocha", "tavily"))
    assert response.provider == "tavily"
    assert response.errors == ["bocha: code 401: Invalid API KEY"]


def test_tavily_request_and_response_shape(server):
    server.routes["/search"] = Route(body=TAVILY_BODY)
    response = web_search("经济补偿", max_results=1, env=env_for(server, "tavily"))
    assert response.provider == "tavily"
    assert [(r.title, r.url, r.snippet) for r in response.results] == [
        ("经济补偿标准", "https://example.com/t", "每满一年支付一个月工资")
    ]  # max_results=1 keeps the first only
    (request,) = server.requests
    assert request["headers"]["authorization"] == f"Bearer {KEYS['tavily']}"
    assert request["json"]["query"] == "经济补偿"
    assert request["json"]["max_results"] == 1


def test_exa_request_and_response_shape(server):
    server.routes["/search"] = Route(body=EXA_BODY)
    response = web_search("经济补偿", max_results=4, env=env_for(server, "exa"))
    assert response.provider == "exa"
    assert response.results[0].snippet == "劳动合同法第四十七条全文……"
    assert response.results[0].published == "2023-01-02T00:00:00.000Z"
    (request,) = server.requests
    assert request["headers"]["x-api-key"] == KEYS["exa"]
    assert "authorization" not in request["headers"]
    assert request["json"]["numResults"] == 4
    assert request["json"]["contents"] == {"text": {"maxCharacters": 500}}


def test_perplexity_request_and_response_shape(server):
    server.routes["/search"] = Route(body=PERPLEXITY_BODY)
    response = web_search("经济补偿", env=env_for(server, "perplexity"))
    assert response.provider == "perplexity"
    assert [(r.title, r.snippet, r.published) for r in response.results] == [
        ("Perplexity 结果", "经济补偿的计算", "2024-02-03")
    ]
    (request,) = server.requests
    assert request["headers"]["authorization"] == f"Bearer {KEYS['perplexity']}"
    assert request["json"] == {"query": "经济补偿", "max_results": 5}


def test_a_server_error_falls_through_to_the_next_provider(server):
    server.routes["/v1/web-search"] = Route(status=500, body={"error": "boom"})
    server.routes["/search"] = Route(body=TAVILY_BODY)
    response = web_search("经济补偿", env=env_for(server, "bocha", "tavily", "exa"))
    assert response.provider == "tavily"
    assert response.errors == ["bocha: HTTP 500"]
    assert [r["path"] for r in server.requests] == ["/v1/web-search", "/search"]


def test_a_timeout_falls_through(server):
    server.routes["/v1/web-search"] = Route(body=BOCHA_BODY, delay=1.0)
    server.routes["/search"] = Route(body=PERPLEXITY_BODY)
    response = web_search("经济补偿", timeout=0.2, env=env_for(server, "bocha", "perplexity"))
    assert response.provider == "perplexity"
    assert response.errors == ["bocha: 超时（0.2 秒）"]


def test_a_body_that_is_not_json_or_not_results_falls_through(server):
    server.routes["/v1/web-search"] = Route(raw=b"<html>gateway</html>")
    server.routes["/search"] = Route(body={"unexpected": True})
    response = web_search("经济补偿", env=env_for(server, "bocha", "tavily"))
    assert response.ok is False
    assert response.configured is True
    assert response.message.startswith("网络搜索失败")
    assert response.errors == ["bocha: 响应不是 JSON", "tavily: 响应缺少字段 results"]


def test_an_unreachable_provider_falls_through(server):
    env = env_for(server, "bocha", "tavily")
    env["BOCHA_BASE_URL"] = "http://127.0.0.1:9"  # discard port: nothing listens
    server.routes["/search"] = Route(body=TAVILY_BODY)
    response = web_search("经济补偿", env=env)
    assert response.provider == "tavily"
    assert response.errors[0].startswith("bocha: 网络错误")


def test_keys_never_appear_in_the_response(server):
    server.routes["/v1/web-search"] = Route(status=403, body={"error": "forbidden"})
    server.routes["/search"] = Route(status=500)
    response = web_search("经济补偿", env=env_for(server, *KEYS))
    dumped = json.dumps(response.to_dict(), ensure_ascii=False)
    assert response.ok is False
    assert len(response.errors) == 4
    for key in KEYS.values():
        assert key not in dumped


def test_providers_are_tried_in_the_documented_order(server):
    env = env_for(server, "perplexity", "exa", "tavily", "bocha")
    assert [p.name for p in configured_providers(env)] == ["bocha", "tavily", "exa", "perplexity"]
    env["TAVILY_API_KEY"] = "   "  # blank keys do not count
    assert [p.name for p in configured_providers(env)] == ["bocha", "exa", "perplexity"]


def test_empty_query_and_clamped_max_results(server):
    server.routes["/search"] = Route(body=TAVILY_BODY)
    env = env_for(server, "tavily")
    assert web_search("   ", env=env).message == "搜索词为空"
    assert server.requests == []
    web_search("经济补偿", max_results=500, env=env)
    assert server.requests[0]["json"]["max_results"] == 20
