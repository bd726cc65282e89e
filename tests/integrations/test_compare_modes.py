"""manage.py compare_modes against the scripted LLM server: every mode's answers, citations, gold hits,
latency, tokens and cost, in Markdown and JSON."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.fakellm import FakeLLM, Reply

pytestmark = [pytest.mark.django_db]

ANSWER = ("### 结论\n可以解除劳动合同并要求经济补偿。\n### 法律依据\n"
          "《中华人民共和国劳动合同法》第三十八条：用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。"
          "《中华人民共和国劳动合同法》第四十六条：劳动者依照本法第三十八条规定解除劳动合同的，用人单位应当支付经济补偿。")


@pytest.fixture
def questions(tmp_path):
    path = tmp_path / "questions.jsonl"
    path.write_text("\n".join(json.dumps(item, ensure_ascii=False) for item in [
        {"question": "公司拖欠工资三个月，我可以解除劳动合同并要求经济补偿吗？",
         "gold": [{"law": "中华人民共和国劳动合同法", "article": "第四十六条"}, "劳动合同法第八十二条"]},
    ]) + "\n", encoding="utf-8")
    return path


def _run(questions, out, *args) -> tuple[dict, str, str]:
    stdout = io.StringIO()
    call_command("compare_modes", "--questions", str(questions), "--out", str(out), *args, stdout=stdout)
    return (json.loads((out / "compare.json").read_text(encoding="utf-8")),
            (out / "compare.md").read_text(encoding="utf-8"), stdout.getvalue())


def test_all_three_modes_against_the_scripted_llm(questions, tmp_path, make_user, statutes, settings):
    lawyer = make_user("staff")
    with FakeLLM() as fake:
        fake.script(*[Reply.text(ANSWER, usage=(1000, 200)) for _ in range(80)])
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_MODEL = "scripted-model"
        settings.LLM_ROLE_MODELS = {}
        settings.LLM_PRICES = {"scripted-model": {"input": 2.0, "output": 8.0}}
        report, md, _ = _run(questions, tmp_path / "out", "--user", lawyer.username)
        requests_made = len(fake.chat_requests)
    assert report["modes"] == ["multi", "single", "offline"] and report["skipped"] == {}
    assert requests_made > 0
    results = report["questions"][0]["results"]
    for mode in ("multi", "single"):
        r = results[mode]
        assert r["status"] == "complete" and not r["offline"]
        assert r["tokens_in"] > 0 and r["tokens_in"] % 1000 == 0 and r["tokens_out"] == r["tokens_in"] // 5
        assert r["cost_cny"] == pytest.approx(r["tokens_in"] * 2.0 / 1e6 + r["tokens_out"] * 8.0 / 1e6)
        assert r["gold_hits"] == ["劳动合同法第四十六条"] and r["gold_total"] == 2
        assert r["citations_valid"] >= 2
    assert results["multi"]["llm_calls"] > results["single"]["llm_calls"]  # routing plus several specialists
    offline = results["offline"]
    assert offline["offline"] and offline["tokens_in"] == 0 and offline["cost_cny"] == 0
    assert report["summary"]["multi"]["gold_hits"] == 1 and report["summary"]["multi"]["gold_total"] == 2
    assert "| 命中标准条文 | 1/2 | 1/2 |" in md
    assert "### 多智能体（multi）" in md and "### 离线引擎（offline）" in md


def test_llm_modes_are_skipped_without_an_llm(questions, tmp_path, make_user, statutes, settings):
    settings.LLM_BASE_URL = ""
    lawyer = make_user("staff")
    report, md, stdout = _run(questions, tmp_path / "out", "--user", lawyer.username)
    assert report["modes"] == ["offline"] and set(report["skipped"]) == {"multi", "single"}
    assert "multi: 未配置 LLM_BASE_URL，跳过" in stdout and "未配置 LLM_BASE_URL，跳过" in md
    assert report["questions"][0]["results"]["offline"]["status"] == "complete"


def test_an_unknown_mode_is_refused(questions, tmp_path, make_user):
    make_user("admin")
    with pytest.raises(CommandError, match="unknown modes: fast"):
        call_command("compare_modes", "--questions", str(questions), "--out", str(tmp_path), "--modes", "offline,fast")
