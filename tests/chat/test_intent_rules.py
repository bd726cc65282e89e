import json
from pathlib import Path

import pytest

from legal.text.domains import DOMAINS, INTENTS
from legal.text.intent_rules import THRESHOLD, classify, normalize
from tests.support import DEV_DATA, dev_set

HERE = Path(__file__).resolve().parent
DEV_SET = DEV_DATA / "dev_intent.jsonl"
OWN_SETS = sorted(HERE.glob("intent_holdout*.jsonl"))


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def measure(items: list[dict]) -> dict[str, float]:
    decisions = [classify(item["text"]) for item in items]
    joint = [
        d.guess_domain == i["domain"] and d.guess_intent == i["intent"] for d, i in zip(decisions, items, strict=True)
    ]
    decided = [ok for ok, d in zip(joint, decisions, strict=True) if d.decided]
    return {
        "domain": sum(d.guess_domain == i["domain"] for d, i in zip(decisions, items, strict=True)) / len(items),
        "joint": sum(joint) / len(items),
        "coverage": len(decided) / len(items),
        "precision": sum(decided) / len(decided),
    }


# -- accuracy floors (bench/intent.py prints the measured values; floors sit a few points below) ----


def test_dev_set_accuracy_floor():
    scores = measure(dev_set(DEV_SET.name))
    assert scores["domain"] >= 0.92
    assert scores["joint"] >= 0.80
    assert scores["coverage"] >= 0.62
    assert scores["precision"] >= 0.94


def test_own_consultation_sets_accuracy_floor():
    items = [item for path in OWN_SETS for item in load(path)]
    assert len(items) == 264
    scores = measure(items)
    assert scores["domain"] >= 0.90
    assert scores["joint"] >= 0.80
    assert scores["coverage"] >= 0.55
    assert scores["precision"] >= 0.95


# -- non-legal hard negatives -------------------------------------------------------------------------

HARD_NEGATIVES = [
    "帮我算下房贷，贷100万30年，利率3.1%，等额本息每月还多少",
    "帮我写一首关于秋天的诗",
    "感冒嗓子疼吃什么药好得快",
    "“合同违约”用英语怎么说",
    "请把“不可抗力”翻译成英文",
    "用python写一个冒泡排序，要带注释",
    "红烧肉怎么做才不腻",
    "明天上海会下雨吗，要不要带伞",
    "你好呀",
    "好的谢谢，没别的问题了",
]


@pytest.mark.parametrize("text", HARD_NEGATIVES)
def test_hard_negatives_are_not_routed_to_a_legal_domain_with_confidence(text):
    decision = classify(text)
    assert not (decision.decided and decision.domain != "non_legal")
    assert decision.guess_domain == "non_legal"


def test_non_legal_messages_of_every_set_are_never_decided_as_legal():
    items = [item for path in OWN_SETS for item in load(path)] + dev_set(DEV_SET.name)
    non_legal = [item["text"] for item in items if item["domain"] == "non_legal"]
    assert len(non_legal) >= 24
    for text in non_legal:
        decision = classify(text)
        assert not (decision.decided and decision.domain != "non_legal"), text


def test_a_legal_question_mentioning_health_stays_legal():
    decision = classify("孩子打完疫苗后高烧住院了，国家有补偿吗")
    assert decision.guess_domain == "medical"


# -- decisions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "domain", "intent"),
    [
        ("公司把我辞退了，没给补偿，我干了3年，月薪8000，能拿多少？", "labor", "calculation"),
        ("帮我写一份民事起诉状，被告张某借我5万元不还", "debt", "document_drafting"),
        ("帮我看看这份租房合同，押金条款有没有问题", "real_estate", "contract_review"),
        ("家属怎么申请取保候审，需要准备什么材料", "criminal", "procedure_guidance"),
        ("离婚冷静期是多少天", "marriage_family", "qa_retrieval"),
        ("邻居家的狗把我咬伤了，他不肯赔，这事他要负什么责任", "tort", "case_analysis"),
    ],
)
def test_clear_messages_are_decided(text, domain, intent):
    decision = classify(text)
    assert (decision.domain, decision.intent) == (domain, intent)
    assert decision.decided
    assert decision.confidence >= THRESHOLD
    assert "规则判定" in decision.reason


def test_typos_are_understood():
    assert normalize("入职10个月没签劳动和同，去仲栽") == "入职10个月没签劳动合同，去仲裁"
    decision = classify("入职10个月一直没签劳动和同，工资5500，双倍工资能拿多少")
    assert (decision.guess_domain, decision.guess_intent) == ("labor", "calculation")
    assert classify("前夫一直不给抚养非怎么办").guess_domain == "marriage_family"


def test_below_the_threshold_falls_back_to_general_qa_with_a_reason():
    decision = classify("这个事情我该怎么办")
    assert not decision.decided
    assert (decision.domain, decision.intent) == ("general", "qa_retrieval")
    assert decision.confidence < THRESHOLD
    assert "回退到综合咨询" in decision.reason


def test_the_threshold_is_a_parameter():
    text = "下班骑电动车回家路上被汽车撞了，这个算不算工伤"  # torn between labor and traffic
    low = classify(text, threshold=0.0)
    high = classify(text, threshold=1.0)
    assert low.decided and not high.decided
    assert high.guess_domain == low.domain


def test_empty_message():
    decision = classify("   ")
    assert not decision.decided
    assert decision.confidence == 0.0
    assert decision.reason.startswith("空消息")


def test_every_domain_and_intent_is_scored_and_the_runner_up_differs():
    decision = classify("买房交了5万定金，结果银行贷款没批下来，定金能退吗")
    assert set(decision.domain_scores) == set(DOMAINS)
    assert set(decision.intent_scores) == set(INTENTS) - {"non_legal"}
    top = (decision.guess_domain, decision.guess_intent)
    runner_up = (decision.runner_up.domain, decision.runner_up.intent)
    assert runner_up != top
    assert 0 < decision.runner_up.score <= decision.confidence <= 1


def test_cues_and_entities_are_reported():
    decision = classify("在公司干了6年半，月薪1.2万，这次裁员能拿多少N+1")
    assert "labor:裁员" in decision.cues
    assert any(cue.startswith("intent:calculation:") for cue in decision.cues)
    assert decision.entities.monthly_wage() == 12_000
    assert decision.entities.service_months() == 78


def test_to_dict_has_the_api_fields():
    data = classify("劳动仲裁去哪里申请").to_dict()
    assert {"domain", "domain_label", "intent", "confidence", "layer", "entities", "runner_up", "reason"} <= set(data)
    assert data["layer"] == "rule"
    assert data["domain_label"] == DOMAINS[data["domain"]]


def test_a_long_pasted_text_is_classified_quickly():
    text = "甲方：某某有限公司，乙方：张某。合同约定乙方每月工资8000元。" * 500
    decision = classify(text)  # its time: bench/suite_timings.py; the mean latency per message: bench/intent.py
    assert decision.guess_domain != "non_legal"
