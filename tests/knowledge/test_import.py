import asyncio
import json
from io import StringIO

import pytest
from channels.layers import get_channel_layer
from django.core.management import CommandError, call_command
from django.db import connections

from knowledge import services, setup
from knowledge.importers import CorpusFormatError
from knowledge.models import Article, ImportRun, Law
from knowledge.services import StatuteImportError


def _write_jsonl(path, laws):
    path.write_text("\n".join(json.dumps(law, ensure_ascii=False) for law in laws) + "\n", encoding="utf-8")
    return path


RULES = {
    "id": "rules-2024", "name": "某律师事务所利益冲突审查规则", "aliases": ["冲突规则"], "doc_type": "内部规定",
    "department": "内部规定", "publish_date": "2024-01-01", "effective_date": "2024-02-01",
    "articles": [
        {"label": "第一条", "chapter": "第一章 总则", "text": "为规范本所利益冲突审查工作，制定本规则。"},
        {"number": 2, "chapter": "第一章 总则", "text": "律师接受委托前，应当进行利益冲突检索。"},
        {"label": "第2条之一", "chapter": "第一章 总则", "text": "发现利益冲突的，应当书面告知委托人。"},
    ],
}


def test_both_versions_are_kept_and_the_current_one_marked(statutes):
    versions = Law.objects.filter(name="中华人民共和国商标法").order_by("-is_current")
    assert [(v.is_current, v.status) for v in versions] == [(True, "现行有效"), (False, "历史版本")]
    assert versions[0].articles.count() == 87 and versions[1].articles.count() == 73
    assert versions[0].articles.filter(current=True).count() == 87
    assert not versions[1].articles.filter(current=True).exists()
    criminal = Law.objects.get(name="中华人民共和国刑法")
    assert criminal.is_current and criminal.status == "已被修改"  # stored once: it is the current text


def test_reimport_is_idempotent_and_keeps_ids(statutes, memo_embedder):
    before = dict(Article.objects.filter(law__name="中华人民共和国劳动合同法").values_list("id", "text_hash"))
    law_id = Law.objects.get(name="中华人民共和国劳动合同法").pk
    result = services.statute_import(laws=["劳动合同法"], embedder=memo_embedder)
    assert (result.laws_created, result.laws_updated, result.laws_unchanged) == (0, 0, 1)
    assert result.articles_created == result.articles_updated == result.articles_deleted == 0
    assert dict(Article.objects.filter(law_id=law_id).values_list("id", "text_hash")) == before


def test_reimport_repairs_a_changed_article_in_place(statutes, memo_embedder):
    article = Article.objects.get(law__name="中华人民共和国劳动合同法", number=47)
    original = article.text
    Article.objects.filter(pk=article.pk).update(text="旧文本", text_hash="stale", embedding=None)
    Law.objects.filter(pk=article.law_id).update(content_hash="stale")
    result = services.statute_import(laws=["《中华人民共和国劳动合同法》"], embedder=memo_embedder)
    assert result.articles_updated == 1 and result.laws_updated == 1 and result.embedded == 1
    fresh = Article.objects.get(pk=article.pk)
    assert fresh.text == original and fresh.embedding is not None and "经济补偿" in fresh.search_tokens


def test_unknown_law_filter_names_suggestions(statutes):
    with pytest.raises(StatuteImportError, match="劳动合同法"):
        services.statute_import(laws=["劳动合同法典"], embed=False)


def test_jsonl_import_update_and_removed_articles(statutes, memo_embedder, tmp_path):
    path = _write_jsonl(tmp_path / "firm.jsonl", [RULES])
    result = services.statute_import(source=str(path), embedder=memo_embedder)
    law = Law.objects.get(source="jsonl:firm", source_id="rules-2024")
    assert (result.laws_created, result.articles_created) == (1, 3)
    assert law.is_current and law.aliases == ["冲突规则"]
    labels = list(law.articles.order_by("ordinal").values_list("label", "number", "suffix"))
    assert labels == [("第一条", 1, 0), ("第二条", 2, 0), ("第二条之一", 2, 1)]
    ids = list(law.articles.order_by("ordinal").values_list("id", flat=True))

    reworded = {**RULES["articles"][1], "text": "律师接受委托前必须检索。"}
    changed = {**RULES, "articles": [RULES["articles"][0], reworded]}
    result = services.statute_import(source=str(_write_jsonl(path, [changed])), embedder=memo_embedder)
    assert (result.articles_updated, result.articles_deleted, result.articles_unchanged) == (1, 1, 1)
    assert list(law.articles.order_by("ordinal").values_list("id", flat=True)) == ids[:2]
    from knowledge import selectors
    assert selectors.article_lookup(law="冲突规则", article=2).text == "律师接受委托前必须检索。"


def test_malformed_jsonl_names_the_line_and_loses_nothing(statutes, memo_embedder, tmp_path):
    good = _write_jsonl(tmp_path / "firm.jsonl", [RULES])
    services.statute_import(source=str(good), embedder=memo_embedder)
    laws, articles = Law.objects.count(), Article.objects.count()
    bad = tmp_path / "firm.jsonl"
    bad.write_text(json.dumps({**RULES, "name": "改名"}, ensure_ascii=False) + "\n{\"name\": \"x\", \n"
                   + json.dumps({"name": "无条文"}, ensure_ascii=False) + "\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError) as caught:
        services.statute_import(source=str(bad), embedder=memo_embedder)
    assert any(e.startswith("line 2: invalid JSON") for e in caught.value.errors)
    assert any(e.startswith("line 3:") and "articles" in e for e in caught.value.errors)
    assert (Law.objects.count(), Article.objects.count()) == (laws, articles)
    assert Law.objects.filter(name=RULES["name"]).exists() and not Law.objects.filter(name="改名").exists()
    assert ImportRun.objects.order_by("-started_at").first().status == "failed"
    with pytest.raises(CommandError, match="line 2"):
        call_command("import_statutes", "--source", str(bad), "--no-progress", stdout=StringIO(), stderr=StringIO())


def test_command_imports_with_a_law_filter(statutes, memo_embedder, monkeypatch):
    from knowledge import embeddings

    monkeypatch.setattr(embeddings, "_embedder", memo_embedder)
    out, err = StringIO(), StringIO()
    call_command("import_statutes", "--law", "劳动合同法", stdout=out, stderr=err)
    assert "laws +0 ~0 =1" in out.getvalue()


def test_import_task_publishes_progress_to_the_import_group(statutes, memo_embedder, tmp_path, monkeypatch):
    from knowledge import embeddings, tasks

    monkeypatch.setattr(embeddings, "_embedder", memo_embedder)
    layer = get_channel_layer()
    path = _write_jsonl(tmp_path / "task.jsonl", [{**RULES, "id": "task-rules"}])

    def run_task() -> dict:
        try:
            return tasks.statute_import.apply(kwargs={"source": str(path), "source_name": "jsonl:task"}).get()
        finally:
            connections.close_all()

    async def listen() -> tuple[dict, list[dict]]:  # a consumer's view: its channel, in the group
        channel = await layer.new_channel()
        await layer.group_add(services.IMPORT_GROUP, channel)
        try:
            counts = await asyncio.to_thread(run_task)
            events: list[dict] = []
            while not events or events[-1]["phase"] != "done":
                message = await asyncio.wait_for(layer.receive(channel), timeout=10)
                events.append(message["event"])
            return counts, events
        finally:
            await layer.group_discard(services.IMPORT_GROUP, channel)

    counts, events = asyncio.run(listen())
    assert counts["articles_created"] == 3 and counts["embedded"] == 3
    phases = [e["phase"] for e in events]
    assert phases[0] == "read" and "write" in phases and "embed" in phases and phases[-1] == "done"
    assert all(e["type"] == "import.progress" and "total" in e and "ts" in e for e in events)


def test_first_run_step_is_skipped_when_statutes_exist(judicial_statutes):
    out = StringIO()
    assert setup.statutes(out) is None
    assert out.getvalue() == ""
