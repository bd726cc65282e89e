"""The deadline cue table: one entry per rule, each rule a real deadline rule, and fallback cues (a bare
起诉 or 仲裁) only where no other rule's words are named."""

from collections import Counter

import pytest

from legal.composer import DEADLINE_CUES, GENERAL_RULES, deadline_for
from legal.rules import START_EVENTS, deadline_basis


def test_each_rule_has_one_entry() -> None:
    names = Counter(name for name, _cues in DEADLINE_CUES)
    assert [name for name, count in names.items() if count > 1] == []


def test_every_entry_names_a_rule_with_a_basis() -> None:
    missing = [name for name, _cues in DEADLINE_CUES if not deadline_basis(name)]
    assert missing == []
    assert {name for name, _cues in DEADLINE_CUES} & set(START_EVENTS)


def test_only_general_rules_are_named_by_fallback_cues_alone() -> None:
    alone = {name for name, cues in DEADLINE_CUES if all(cue.fallback for cue in cues)}
    assert alone and alone <= GENERAL_RULES
    hinted = {name for name, cues in DEADLINE_CUES if any(cue.fallback for cue in cues)}
    assert GENERAL_RULES <= hinted


@pytest.mark.parametrize(("text", "domain", "rule"), [
    # the trial terms: one entry each, whether the client asks 多久 or 什么时候
    ("简易程序一般多久能判下来", "civil_procedure", "summary_trial_term"),
    ("走简易程序的话什么时候能审结", "civil_procedure", "summary_trial_term"),
    ("转成普通程序了，要审多长时间", "civil_procedure", "ordinary_trial_term"),
    ("普通程序的审限呢", "civil_procedure", "ordinary_trial_term"),
    # an execution objection, by its name or by what the client says of the seized thing
    ("提了执行异议，法院几天给答复", "civil_procedure", "enforcement_objection_review"),
    ("法院查封的那套房其实早就是我买的了，提出来以后多久有结果", "civil_procedure", "enforcement_objection_review"),
    ("我是案外人，东西被扣押了怎么办，期限多长", "debt", "enforcement_objection_review"),
    # a reconsideration named in the words outranks the bare 起诉 of an administrative dispute
    ("想先申请复议，不行再起诉，复议期限多久", "administrative", "admin_reconsideration"),
    ("罚款决定不服，可以不复议直接起诉吗，期限多久", "administrative", "admin_litigation"),
    ("罚款了不服，去法院告最晚哪天", "administrative", "admin_litigation"),
    ("法院强制执行的申请期限是多久", "administrative", "enforcement_application"),
    # a criminal ruling or judgment appealed
    ("刑事附带民事那个裁定不服，上诉期几天", "civil_procedure", "criminal_appeal_ruling"),
    ("一审判了三年，想上诉，最晚哪天", "criminal", "criminal_appeal_judgment"),
    ("驳回起诉的裁定，多少天内能上诉", "civil_procedure", "civil_appeal_ruling"),
    # a revocation: the creditor's needs a debtor; a contract's own (fraud, a bad bargain) is the contract's
    ("他欠我三十万不还，还把房子低价过户给他小舅子，我想撤销，期限多久", "debt", "creditor_revocation"),
    ("急用钱把车低价卖了，这个买卖合同能撤销吗，最晚哪天", "contract", "voidable_revocation"),
    ("被人骗着低价转让了股份，想撤销，来得及吗", "company", "voidable_revocation"),
    ("当初把房子赠与给侄子了，现在想撤销，有期限吗", "marriage_family", "creditor_revocation"),
    # the general limits: only when no procedure of its own is named
    ("朋友欠钱不还，多久不起诉就过时效了", "debt", "civil_limitation"),
    ("被公司辞退了，申请仲裁有没有时间限制", "labor", "labor_arbitration"),
    ("工伤认定要在多久之内申请，申请不了是不是只能仲裁", "labor", "work_injury_application"),
])
def test_rule_named_by_words(text: str, domain: str, rule: str) -> None:
    assert deadline_for(text, domain) == rule


@pytest.mark.parametrize(("question", "ends"), [
    ("我被起诉了 这周一23号收到起诉状 答辩要在几天内交", "2026年12月8日"),
    ("11月20号收到法院传票和起诉状副本，答辩期多少天", "2026年12月5日"),
    ("被人告了，上周五收到起诉状，最晚哪天交答辩状", "2026年12月7日"),  # 12月5日 is a Saturday
])
def test_the_defence_runs_fifteen_days_from_the_complaint(question: str, ends: str) -> None:
    from datetime import date

    from legal.cardfile import parse_card
    from legal.composer import compose
    from legal.facts import extract_facts
    from legal.matcher import CardScore, PartMatch

    nearest = parse_card({"slug": "t.suit", "title": "被起诉了怎么办", "domain": "civil_procedure", "summary": "测试。",
                          "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"],
                          "terms": ["测试"], "question_types": ["what_to_do"],
                          "answers": {"what_to_do": {"conclusion": "应诉。"}},
                          "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试",
                                          "keywords": ["测试"]}]})
    today = date(2026, 11, 27)
    match = PartMatch(question, [CardScore(nearest, 0.3, 0.3)], False)  # no card sure enough: the rule decides
    answer = compose(question, [match], facts=extract_facts(question, today=today), today=today).parts[0]
    assert answer.deadline is not None and answer.deadline.rule.name == "defence_period"
    assert ends in answer.text


def test_a_criminal_ruling_appealed_is_five_days_whatever_the_card_says() -> None:
    assert deadline_for("刑事裁定书26号收到 驳回了我们的申请 上诉期几天", "criminal") == "criminal_appeal_ruling"


@pytest.mark.parametrize("part", ["律师什么时候能见到他", "请了律师，最晚多久能会见", "会见最迟几天要安排"])
def test_a_lawyer_meeting_is_forty_eight_hours(part: str) -> None:
    assert deadline_for(part, "criminal") == "lawyer_meeting"


def test_enforcement_runs_from_the_last_day_to_perform() -> None:
    from datetime import date

    from legal.facts import extract_facts

    facts = extract_facts("判决是去年1月生效的 履行期到1月20号 对方一直没给钱", today=date(2026, 11, 27))
    assert ("due", date(2025, 1, 20)) in [(d.event, d.day) for d in facts.dates]
