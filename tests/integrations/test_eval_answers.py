"""manage.py eval_answers against the scripted server: the answer measuring set and the planted-risk
contracts, the configured model beside the single agent and the offline engine, in Markdown and JSON."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from tests.fakellm import FakeLLM, Reply

pytestmark = [pytest.mark.django_db]

ANSWER = ("### 结论\n可以主张二倍工资。\n### 法律依据\n"
          "《中华人民共和国劳动合同法》第八十二条：用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，"
          "应当向劳动者每月支付二倍的工资。")


def _model(body: Mapping[str, Any]) -> Reply:
    """A model that answers every question the same way and approves every answer (JSON when asked)."""
    response_format = body.get("response_format") or {}
    if response_format:
        name = (response_format.get("json_schema") or {}).get("name", "")
        if "Critic" in name or "acceptable" in json.dumps(body.get("messages"), ensure_ascii=False):
            return Reply.json({"acceptable": True, "feedback": "ok"}, usage=(500, 20))
        return Reply.json({}, usage=(500, 5))
    return Reply.text(ANSWER, reasoning="思考：看第八十二条。", usage=(1000, 200))


def test_eval_answers_reports_the_model_the_single_agent_and_the_offline_engine(tmp_path, make_user, statutes,
                                                                              settings):
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"id": "q1", "query": "在公司干了一年多老板一直没跟我签合同，能要双倍工资不",
                                   "gold": [{"law": "中华人民共和国劳动合同法", "article_no": 82}]},
                                  ensure_ascii=False) + "\n", encoding="utf-8")
    admin = make_user("admin")
    out = tmp_path / "eval"
    with FakeLLM(provider="deepseek", responder=_model) as fake:
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        settings.LLM_MODEL = "deepseek-chat"
        settings.LLM_ROLE_MODELS = {}
        settings.LLM_PROVIDER = "auto"
        settings.LLM_PRICES = {"deepseek-chat": {"input": 2.0, "output": 3.0}}
        stdout = io.StringIO()
        call_command("eval_answers", "--answers", str(answers), "--limit", "1", "--out", str(out),
                     "--user", admin.username, stdout=stdout)
    report = json.loads((out / "eval.json").read_text(encoding="utf-8"))
    md = (out / "eval.md").read_text(encoding="utf-8")
    assert report["model"] == "deepseek-chat" and report["provider"] == "generic"  # a 127.0.0.1 URL names none
    answers_summary = report["answers"]["summary"]
    assert report["answers"]["modes"] == ["multi", "single", "offline"]
    for mode in ("multi", "single"):
        assert answers_summary[mode]["answered"] == 1 and answers_summary[mode]["gold_hits"] == 1
        assert answers_summary[mode]["tokens_in"] > 0 and answers_summary[mode]["cost_cny"] > 0
    assert answers_summary["offline"]["tokens_in"] == 0
    result = report["answers"]["questions"][0]["results"]["multi"]
    assert "思考" not in result["answer"] and "第八十二条" in result["answer"]
    contracts = report["contracts"]
    assert contracts["modes"] == ["multi", "offline"] and "single" in contracts["skipped"]
    (row,) = contracts["contracts"]
    assert row["file"].startswith("m")  # the measuring half by default
    for mode in ("multi", "offline"):
        assert row["results"][mode]["status"] == "done" and row["results"][mode]["planted"] > 0
        assert 0 <= contracts["summary"][mode]["recall"] <= 1
    assert contracts["summary"]["offline"]["tokens_in"] == 0 and contracts["summary"]["multi"]["tokens_in"] > 0
    assert "# 模型评测报告" in md and "## 问答（答案测量集）" in md and "## 合同审查（埋点风险）" in md
    assert "| 命中标准条文 | 1/1 | 1/1 |" in md and "配置的模型（多智能体）" in md
    assert "# 模型评测报告" in stdout.getvalue()


def test_eval_answers_offline_only_without_a_model(tmp_path, make_user, statutes, settings):
    settings.LLM_BASE_URL = ""
    admin = make_user("admin")
    out = tmp_path / "eval"
    call_command("eval_answers", "--limit", "1", "--skip-contracts", "--out", str(out), "--user", admin.username,
                 stdout=io.StringIO())
    report = json.loads((out / "eval.json").read_text(encoding="utf-8"))
    assert report["model"] is None and report["contracts"] is None
    assert report["answers"]["modes"] == ["offline"] and set(report["answers"]["skipped"]) == {"multi", "single"}
    assert "未配置大模型" in (out / "eval.md").read_text(encoding="utf-8")


def test_a_missing_data_file_is_a_clear_error(tmp_path, make_user):
    admin = make_user("admin")
    with pytest.raises(CommandError, match="nope.jsonl"):
        call_command("eval_answers", "--answers", str(tmp_path / "nope.jsonl"), "--user", admin.username)
