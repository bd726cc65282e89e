"""Web search for the research and case-analysis agents, with providers tried in order.

``web_search(query, max_results=5)`` tries every provider whose API key is set, in the order
Bocha (博查, ``BOCHA_API_KEY``), Tavily (``TAVILY_API_KEY``), Exa (``EXA_API_KEY``), Perplexity
(``PERPLEXITY_API_KEY``). A provider that times out, answers an HTTP error or an unexpected body
is skipped and the next one is tried. With no key at all the answer says 未配置网络搜索 — web
search is an optional integration that is simply off (ARCHITECTURE §3).

Each provider's base URL can be overridden (``BOCHA_BASE_URL`` …), which is how the tests point
them at a local fake server. Keys never appear in results, errors or logs. Caching belongs to the
agent runtime, not here.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx2

logger = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 10.0
MAX_RESULTS_LIMIT = 20
SNIPPET_CHARS = 500
NOT_CONFIGURED = "未配置网络搜索"


@dataclass(frozen=True)
class WebResult:
    title: str
    url: str
    snippet: str
    published: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "url": self.url, "snippet": self.snippet, "published": self.published}


@dataclass(frozen=True)
class WebSearchResponse:
    """``provider`` is the one that answered (None when none did); ``errors`` one line per
    provider that failed, e.g. ``bocha: HTTP 500``."""

    query: str
    configured: bool
    provider: str | None
    results: list[WebResult]
    message: str
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.provider is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "configured": self.configured,
            "provider": self.provider,
            "results": [result.to_dict() for result in self.results],
            "message": self.message,
            "errors": list(self.errors),
        }


class ProviderError(Exception):
    """A provider answered, but not with search results."""


@dataclass(frozen=True)
class Provider:
    name: str
    label: str
    key_env: str
    base_url_env: str
    default_base_url: str
    path: str
    build: Callable[[str, str, int], tuple[dict[str, str], dict[str, Any]]]  # (key, query, n) -> headers, body
    parse: Callable[[Any], list[WebResult]]

    def base_url(self, env: Mapping[str, str]) -> str:
        return (env.get(self.base_url_env) or self.default_base_url).rstrip("/")


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _snippet(*candidates: Any) -> str:
    for candidate in candidates:
        text = _text(candidate)
        if text:
            return text[:SNIPPET_CHARS]
    return ""


def _items(body: Any, *path: str) -> list[dict[str, Any]]:
    node = body
    for key in path:
        if not isinstance(node, dict) or key not in node:
            raise ProviderError(f"响应缺少字段 {'.'.join(path)}")
        node = node[key]
    if not isinstance(node, list):
        raise ProviderError(f"字段 {'.'.join(path)} 不是列表")
    return [item for item in node if isinstance(item, dict)]


def _result(title: Any, url: Any, snippet: str, published: Any) -> WebResult | None:
    url_text = _text(url)
    if not url_text:
        return None
    return WebResult(title=_text(title) or url_text, url=url_text, snippet=snippet, published=_text(published) or None)


# -- Bocha: POST /v1/web-search, Bearer key; Bing-compatible body under data.webPages.value -------


def _bocha_build(key: str, query: str, n: int) -> tuple[dict[str, str], dict[str, Any]]:
    return _bearer(key), {"query": query, "count": n, "summary": True, "freshness": "noLimit"}


def _bocha_parse(body: Any) -> list[WebResult]:
    if isinstance(body, dict) and body.get("code") not in (None, 200):
        raise ProviderError(f"code {body.get('code')}: {body.get('msg') or ''}".strip())
    found = []
    for item in _items(body, "data", "webPages", "value"):
        snippet = _snippet(item.get("summary"), item.get("snippet"))
        result = _result(item.get("name"), item.get("url"), snippet, item.get("datePublished"))
        if result:
            found.append(result)
    return found


# -- Tavily: POST /search, Bearer key; results[].{title,url,content} ------------------------------


def _tavily_build(key: str, query: str, n: int) -> tuple[dict[str, str], dict[str, Any]]:
    return _bearer(key), {"query": query, "max_results": n, "search_depth": "basic", "include_answer": False}


def _tavily_parse(body: Any) -> list[WebResult]:
    found = []
    for item in _items(body, "results"):
        result = _result(item.get("title"), item.get("url"), _snippet(item.get("content")), item.get("published_date"))
        if result:
            found.append(result)
    return found


# -- Exa: POST /search, x-api-key header; results[].{title,url,text,publishedDate} ----------------


def _exa_build(key: str, query: str, n: int) -> tuple[dict[str, str], dict[str, Any]]:
    headers = {"x-api-key": key, "Content-Type": "application/json"}
    body = {"query": query, "numResults": n, "type": "auto", "contents": {"text": {"maxCharacters": SNIPPET_CHARS}}}
    return headers, body


def _exa_parse(body: Any) -> list[WebResult]:
    found = []
    for item in _items(body, "results"):
        highlights = item.get("highlights")
        first_highlight = highlights[0] if isinstance(highlights, list) and highlights else None
        snippet = _snippet(item.get("summary"), first_highlight, item.get("text"))
        result = _result(item.get("title"), item.get("url"), snippet, item.get("publishedDate"))
        if result:
            found.append(result)
    return found


# -- Perplexity Search API: POST /search, Bearer key; results[].{title,url,snippet,date} -----------


def _perplexity_build(key: str, query: str, n: int) -> tuple[dict[str, str], dict[str, Any]]:
    return _bearer(key), {"query": query, "max_results": n}


def _perplexity_parse(body: Any) -> list[WebResult]:
    found = []
    for item in _items(body, "results"):
        result = _result(item.get("title"), item.get("url"), _snippet(item.get("snippet")), item.get("date"))
        if result:
            found.append(result)
    return found


PROVIDERS: tuple[Provider, ...] = (
    Provider(
        "bocha",
        "博查",
        "BOCHA_API_KEY",
        "BOCHA_BASE_URL",
        "https://api.bochaai.com",
        "/v1/web-search",
        _bocha_build,
        _bocha_parse,
    ),
    Provider(
        "tavily",
        "Tavily",
        "TAVILY_API_KEY",
        "TAVILY_BASE_URL",
        "https://api.tavily.com",
        "/search",
        _tavily_build,
        _tavily_parse,
    ),
    Provider("exa", "Exa", "EXA_API_KEY", "EXA_BASE_URL", "https://api.exa.ai", "/search", _exa_build, _exa_parse),
    Provider(
        "perplexity",
        "Perplexity",
        "PERPLEXITY_API_KEY",
        "PERPLEXITY_BASE_URL",
        "https://api.perplexity.ai",
        "/search",
        _perplexity_build,
        _perplexity_parse,
    ),
)


def configured_providers(env: Mapping[str, str] | None = None) -> list[Provider]:
    """The providers with a non-empty API key, in the order they are tried."""
    env = os.environ if env is None else env
    return [provider for provider in PROVIDERS if (env.get(provider.key_env) or "").strip()]


def _call(
    provider: Provider, key: str, query: str, max_results: int, env: Mapping[str, str], timeout: float
) -> list[WebResult]:
    headers, body = provider.build(key, query, max_results)
    url = provider.base_url(env) + provider.path
    with httpx2.Client(timeout=httpx2.Timeout(timeout), follow_redirects=False) as client:
        response = client.post(url, headers=headers, json=body)
    if response.status_code != 200:
        raise ProviderError(f"HTTP {response.status_code}")
    try:
        payload = response.json()
    except ValueError as exc:
        raise ProviderError("响应不是 JSON") from exc
    return provider.parse(payload)[:max_results]


def web_search(
    query: str,
    *,
    max_results: int = 5,
    timeout: float = DEFAULT_TIMEOUT,
    env: Mapping[str, str] | None = None,
) -> WebSearchResponse:
    """Search the web with the first configured provider that answers.

    ``max_results`` is clamped to 1–20; ``timeout`` (seconds) applies to each provider's request;
    ``env`` defaults to ``os.environ`` (read on every call, so configuration changes apply at once).
    """
    env = os.environ if env is None else env
    query = (query or "").strip()
    max_results = max(1, min(int(max_results), MAX_RESULTS_LIMIT))
    providers = configured_providers(env)
    if not providers:
        message = f"{NOT_CONFIGURED}：请设置 " + "、".join(p.key_env for p in PROVIDERS) + " 之一"
        return WebSearchResponse(query, False, None, [], message)
    if not query:
        return WebSearchResponse(query, True, None, [], "搜索词为空")
    errors: list[str] = []
    for provider in providers:
        key = env[provider.key_env].strip()
        try:
            results = _call(provider, key, query, max_results, env, timeout)
        except httpx2.TimeoutException:
            errors.append(f"{provider.name}: 超时（{timeout:g} 秒）")
        except httpx2.HTTPError as exc:
            errors.append(f"{provider.name}: 网络错误 {type(exc).__name__}")
        except ProviderError as exc:
            errors.append(f"{provider.name}: {exc}")
        else:
            message = f"网络搜索（{provider.label}）返回 {len(results)} 条结果"
            return WebSearchResponse(query, True, provider.name, results, message, errors)
        logger.warning("web search provider failed: %s", errors[-1])
    return WebSearchResponse(query, True, None, [], "网络搜索失败：已配置的搜索服务均不可用", errors)
