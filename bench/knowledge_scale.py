"""Scale bench: the statute corpus's vectors ×N (perturbed copies), HNSW vs exact scan.

    LEGALSITE_DATA_DIR=/tmp/kdev python bench/knowledge_scale.py [--factor 8] [--data tests/data]

Works in a throw-away table (``bench_knowledge_scale``; ``knowledge_article`` is only read): copy 0 is
the corpus's own vectors, copies 1..N-1 add normal noise (σ = ``--noise``/√dim per dimension, so the
noise vector has norm ≈ ``--noise``) and are renormalised. Builds an HNSW index (cosine, m=16,
ef_construction=64, maintenance_work_mem 512MB by default), then for the dev questions' query
embeddings (``embed_query``) times an exact scan (index scans off) and HNSW at each ef_search, and
scores recall@10 of HNSW against the exact top 10. Drops the table at the end (also on error).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import struct
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import django  # noqa: E402

django.setup()

import numpy as np  # noqa: E402
from django.conf import settings  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from knowledge.embeddings import embed_query, preload  # noqa: E402
from knowledge.models import HNSW_EF_CONSTRUCTION, HNSW_M  # noqa: E402

TABLE = "bench_knowledge_scale"
K = 10


def literal(vector: np.ndarray) -> str:
    return "[" + ",".join(f"{x:.7g}" for x in vector) + "]"


def corpus_vectors() -> np.ndarray:
    with connection.cursor() as cursor:
        cursor.execute("SELECT embedding::text FROM knowledge_article WHERE embedding IS NOT NULL ORDER BY id")
        rows = cursor.fetchall()
    return np.array([np.fromstring(r[0][1:-1], sep=",", dtype=np.float32) for r in rows], dtype=np.float32)


def copy_binary(base: np.ndarray, factor: int, noise: float, seed: int) -> int:
    """COPY the N copies in pgvector's binary format (int16 dim, int16 0, float4[] big-endian)."""
    n, dim = base.shape
    rng = np.random.default_rng(seed)
    row = np.dtype([("nfields", ">i2"), ("idlen", ">i4"), ("id", ">i8"), ("veclen", ">i4"),
                    ("dim", ">i2"), ("unused", ">i2"), ("vec", ">f4", (dim,))])
    total = 0
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {TABLE} (id, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy:
        copy.write(b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0))
        for c in range(factor):
            vectors = base if c == 0 else base + rng.normal(0, noise / np.sqrt(dim), base.shape).astype(np.float32)
            vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
            rows = np.zeros(n, dtype=row)
            rows["nfields"], rows["idlen"], rows["veclen"], rows["dim"] = 2, 8, 4 + 4 * dim, dim
            rows["id"] = np.arange(total, total + n)
            rows["vec"] = vectors
            copy.write(rows.tobytes())
            total += n
        copy.write(struct.pack(">h", -1))
    return total


def knn(vector: str, *, exact: bool, ef: int = 40) -> tuple[list[int], float]:
    with transaction.atomic(), connection.cursor() as cursor:
        if exact:
            cursor.execute("SET LOCAL enable_indexscan = off")
        else:
            cursor.execute(f"SET LOCAL hnsw.ef_search = {int(ef)}")
        start = time.perf_counter()
        cursor.execute(f"SELECT id FROM {TABLE} ORDER BY embedding <=> %s::vector LIMIT {K}", [vector])  # noqa: S608 - constant table name
        ids = [r[0] for r in cursor.fetchall()]
        return ids, (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    parser.add_argument("--factor", type=int, default=20, help="copies of the corpus (copy 0 unperturbed)")
    parser.add_argument("--noise", type=float, default=0.3, help="norm of the noise added to each copy")
    parser.add_argument("--ef", default="40,100,200")
    parser.add_argument("--maintenance-work-mem", default="512MB")
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    efs = [int(x) for x in args.ef.split(",")]

    preload()
    items = [json.loads(line) for line in (args.data / "dev_retrieval.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip()]
    queries = [literal(embed_query(item["query"])) for item in items]
    base = corpus_vectors()
    dim = base.shape[1]
    print(f"corpus vectors: {base.shape[0]} × {dim}-d (settings.EMBEDDING_DIM={settings.EMBEDDING_DIM}); "
          f"factor ×{args.factor}, noise norm {args.noise}; {len(queries)} dev questions; "
          f"HNSW m={HNSW_M} ef_construction={HNSW_EF_CONSTRUCTION}")
    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        pgvector_version = cursor.fetchone()[0]
        cursor.execute("SHOW server_version")
        print(f"postgres {cursor.fetchone()[0]}, pgvector {pgvector_version}, cpus {os.cpu_count()}")
    connection.ensure_connection()
    connection.connection.add_notice_handler(lambda diag: print(f"  [postgres notice] {diag.message_primary}"))
    try:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
            cursor.execute(f"CREATE UNLOGGED TABLE {TABLE} (id bigint PRIMARY KEY, embedding vector({dim}) NOT NULL)")
        start = time.perf_counter()
        total = copy_binary(base, args.factor, args.noise, args.seed)
        load_s = time.perf_counter() - start
        cosines = base[:200] @ (lambda v: v / np.linalg.norm(v, axis=1, keepdims=True))(
            base[:200] + np.random.default_rng(1).normal(0, args.noise / np.sqrt(dim), (200, dim))).T
        print(f"loaded {total} vectors in {load_s:.1f} s (cosine of a copy to its original ≈ "
              f"{float(np.mean(np.diag(cosines))):.3f})")
        with connection.cursor() as cursor:
            cursor.execute(f"SET maintenance_work_mem = '{args.maintenance_work_mem}'")
            cursor.execute("SET max_parallel_maintenance_workers = 1")
            start = time.perf_counter()
            cursor.execute(f"CREATE INDEX {TABLE}_hnsw ON {TABLE} USING hnsw (embedding vector_cosine_ops) "
                           f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})")
            build_s = time.perf_counter() - start
            cursor.execute(f"ANALYZE {TABLE}")
            cursor.execute(f"SELECT pg_size_pretty(pg_table_size('{TABLE}')), "
                           f"pg_size_pretty(pg_relation_size('{TABLE}_hnsw'))")
            table_size, index_size = cursor.fetchone()
        print(f"HNSW build {build_s:.1f} s (maintenance_work_mem {args.maintenance_work_mem}, 1 parallel worker); "
              f"table {table_size}, index {index_size}")

        for q in queries[:10]:  # warm-up: pull table and index into cache
            knn(q, exact=True)
            knn(q, exact=False, ef=max(efs))
        n = base.shape[0]
        truth, exact_ms = [], []
        for q in queries:
            ids, ms = knn(q, exact=True)
            truth.append(set(ids))
            exact_ms.append(ms)
        copies = statistics.fmean(len(t) - len({i % n for i in t}) for t in truth)
        print(f"\n== {total} vectors, top {K}, {len(queries)} queries (ms, warm) ==")
        print("  recall@10 = exact top-10 rows found; article recall = distinct source articles of the exact "
              f"top 10 found (copies of one article count once; exact top 10 holds {copies:.1f} extra copies on avg)")
        print(f"  {'exact scan':<16} p50 {percentile(exact_ms, 50):7.1f}  p95 {percentile(exact_ms, 95):7.1f}  "
              f"recall@{K} 1.000")
        for ef in efs:
            for q in queries:  # warm this ef's path through the index first
                knn(q, exact=False, ef=ef)
            times, recalls, article_recalls = [], [], []
            for q, gold in zip(queries, truth, strict=True):
                ids, ms = knn(q, exact=False, ef=ef)
                times.append(ms)
                recalls.append(len(gold & set(ids)) / K)
                gold_articles = {i % n for i in gold}
                article_recalls.append(len(gold_articles & {i % n for i in ids}) / len(gold_articles))
            print(f"  {'HNSW ef=' + str(ef):<16} p50 {percentile(times, 50):7.1f}  p95 {percentile(times, 95):7.1f}  "
                  f"recall@{K} {statistics.fmean(recalls):.3f} (min {min(recalls):.1f}, "
                  f"{sum(r < 0.5 for r in recalls)} queries < 0.5)  "
                  f"article recall {statistics.fmean(article_recalls):.3f}")
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
        print(f"dropped {TABLE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
