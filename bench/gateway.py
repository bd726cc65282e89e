"""LLM gateway overhead: ``agents.llm.LLMGateway`` against a raw ``openai.AsyncOpenAI`` call, both
talking to the same zero-latency fake endpoint (tests/fakellm.FakeLLM) with the same request.

    .venv/bin/python bench/gateway.py [--n 300] [--warmup 20]

Prints numbers; asserts nothing. For each mode (non-streaming ``complete`` and streaming
``stream``) the two clients are called N times each, interleaved (the order alternates per
round), after a warm-up; p50/p95 of each and the overhead (gateway p50 - raw p50, and the median
of the per-round differences) are printed. The gateway is built from an LLMConfig directly, with
no listeners (no audit trail); no Django settings or database are needed.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import openai

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from agents.llm import LLMConfig, LLMGateway, LLMResult  # noqa: E402
from bench.stats import percentile  # noqa: E402
from tests.fakellm import FakeLLM, Reply  # noqa: E402

MODEL = "qwen-plus"
ROLE = "research"
SYSTEM = "你是一名中国执业律师的研究助理。只依据现行有效的法律条文回答，并注明出处。"
QUESTION = "公司以经营困难为由单方解除劳动合同，没有提前通知，也没有支付经济补偿，我可以主张什么？"
MESSAGES = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUESTION}]
ANSWER = "可以主张经济补偿；违法解除的，可以主张二倍经济补偿的赔偿金（劳动合同法第四十六条、第八十七条）。"


async def timed(fake: FakeLLM, call: Callable[[], Awaitable[str]]) -> float:
    fake.script(Reply.text(ANSWER))
    started = time.perf_counter()
    content = await call()
    elapsed = (time.perf_counter() - started) * 1000
    if content != ANSWER:
        raise SystemExit(f"unexpected answer: {content!r}")
    return elapsed


async def run(fake: FakeLLM, n: int, warmup: int) -> dict[str, tuple[list[float], list[float]]]:
    gateway = LLMGateway(LLMConfig(base_url=fake.base_url, model=MODEL))
    raw = openai.AsyncOpenAI(base_url=fake.base_url, api_key="no-key", max_retries=0, timeout=60.0)
    params = {"model": MODEL, "messages": MESSAGES, "temperature": gateway.temperature_for(ROLE)}

    async def raw_complete() -> str:
        completion = await raw.chat.completions.create(**params)
        return completion.choices[0].message.content or ""

    async def gateway_complete() -> str:
        return (await gateway.complete(ROLE, MESSAGES)).content

    async def raw_stream() -> str:
        stream = await raw.chat.completions.create(**params, stream=True, stream_options={"include_usage": True})
        parts = [chunk.choices[0].delta.content or "" async for chunk in stream if chunk.choices]
        return "".join(parts)

    async def gateway_stream() -> str:
        content = ""
        async for item in gateway.stream(ROLE, MESSAGES):
            if isinstance(item, LLMResult):
                content = item.content
        return content

    results: dict[str, tuple[list[float], list[float]]] = {}
    try:
        for mode, raw_call, gateway_call in (("non-streaming", raw_complete, gateway_complete),
                                             ("streaming", raw_stream, gateway_stream)):
            for _ in range(warmup):
                await timed(fake, raw_call)
                await timed(fake, gateway_call)
            raw_ms: list[float] = []
            gateway_ms: list[float] = []
            for i in range(n):
                if i % 2:
                    gateway_ms.append(await timed(fake, gateway_call))
                    raw_ms.append(await timed(fake, raw_call))
                else:
                    raw_ms.append(await timed(fake, raw_call))
                    gateway_ms.append(await timed(fake, gateway_call))
            results[mode] = (raw_ms, gateway_ms)
    finally:
        await raw.close()
        await gateway.aclose()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=300, help="timed calls per client and mode (default 300)")
    parser.add_argument("--warmup", type=int, default=20, help="untimed calls per client and mode first")
    args = parser.parse_args()
    with FakeLLM(models=(MODEL,)) as fake:
        results = asyncio.run(run(fake, args.n, args.warmup))
    print(f"openai {openai.__version__}; zero-latency FakeLLM; N={args.n} per client and mode, interleaved")
    for mode, (raw_ms, gateway_ms) in results.items():
        raw50, gw50 = percentile(raw_ms, 50), percentile(gateway_ms, 50)
        paired = statistics.median(g - r for r, g in zip(raw_ms, gateway_ms, strict=True))
        print(f"{mode}:")
        print(f"  raw openai.AsyncOpenAI   p50 {raw50:7.3f} ms   p95 {percentile(raw_ms, 95):7.3f} ms")
        print(f"  LLMGateway               p50 {gw50:7.3f} ms   p95 {percentile(gateway_ms, 95):7.3f} ms")
        print(f"  overhead p50: {gw50 - raw50:+.3f} ms (median of per-round differences {paired:+.3f} ms)")


if __name__ == "__main__":
    main()
