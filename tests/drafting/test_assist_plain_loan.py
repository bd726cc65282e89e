"""The drafting assistant on a plain loan story with a repayment (offline): it tells parties from the
bank, the law firm and the court the story mentions, takes the court the client names (or the
defendant's domicile), claims the principal net of the repayment with the interest as its own claim,
and runs as background work that streams what it fills."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from chat.models import ChatSession, Message
from drafting import services
from drafting.catalog import LOAN_COMPLAINT
from drafting.models import Draft, TemplateVersion
from drafting.prefill import Known, court_for_domicile, court_named, is_party_name, prefill
from legal.text.entities import Entities, extract_entities, merge

STORY = ("2023年3月15日我通过中国工商银行转账借给朋友刘伟50万元，约定年利率6%，2024年3月15日前还清。"
         "他2024年5月还了10万元，剩下的一直不还。刘伟住在上海市徐汇区漕溪北路88号。我之前咨询过上海明海律师事务所，"
         "想在上海市徐汇区人民法院起诉他。")
TODAY = date(2026, 11, 27)


def _prefill(text: str):
    return prefill(LOAN_COMPLAINT.fields, Known(messages=[text], today=TODAY))


def test_banks_law_firms_courts_and_relation_words_are_never_parties():
    values = _prefill(STORY).values
    assert [d["name"] for d in values["defendants"]] == ["刘伟"]
    assert "plaintiffs" not in values  # the client never gave a name: asked for, not invented
    for name in ("通过中国工商银行", "海明海律师事务所", "上海市徐汇区人民法院", "朋友", "中国工商银行"):
        assert not is_party_name(name), name
    assert is_party_name("刘伟") and is_party_name("北京某某科技有限公司")


def test_the_named_court_or_the_defendants_domicile():
    assert _prefill(STORY).values["court"] == "上海市徐汇区人民法院"
    assert court_named("想在上海市徐汇区人民法院起诉他") == "上海市徐汇区人民法院"
    assert court_named("准备去杭州市中级人民法院") == "杭州市中级人民法院"
    assert court_for_domicile("上海市徐汇区漕溪北路88号") == "上海市徐汇区人民法院"
    assert court_for_domicile("浙江省杭州市西湖区文三路1号") == "浙江省杭州市西湖区人民法院"
    assert court_for_domicile("某地") == ""
    unnamed = _prefill(STORY.replace("想在上海市徐汇区人民法院起诉他。", "")).values
    assert unnamed["court"] == "上海市徐汇区人民法院"  # 被告住所地


def test_the_claim_is_net_of_the_repayment_and_the_interest_is_its_own_claim():
    values = _prefill(STORY).values
    claims = [c["text"] for c in values["claims"]]
    assert claims[0] == "判令被告偿还借款本金400,000.00元（借款500,000.00元，已还100,000.00元）"
    # 500,000 × 6 % from 2023-03-15 to 2024-05-01 (413 days) + 400,000 × 6 % to 2026-11-27 (940 days)
    assert claims[1].startswith("判令被告支付利息（以500,000.00元为基数自2023年3月15日起至2024年5月还款之日止")
    assert "暂计至2026年11月27日为95,753.42元" in claims[1]
    assert claims[-1] == "判令被告承担本案诉讼费用"
    assert values["total"] == "495753.42" and values["total_note"] == "（本金400,000.00元＋利息暂计95,753.42元）"
    assert values["loan_date"] == "2023-03-15" and values["repaid"] == "100000.00"
    assert values["interest_terms"] == "约定年利率6%" and values["delivery"] == "银行转账"
    assert "律师事务所" not in values["facts"] and "人民法院" not in values["facts"]


def test_without_an_agreed_rate_the_overdue_interest_runs_at_lpr_from_the_day_after_the_due_date():
    claims = [c["text"] for c in _prefill("2024年1月10日我借给张三5万元，约定2024年6月30日还款，他一直不还").values[
        "claims"]]
    assert claims[0] == "判令被告偿还借款本金50,000.00元"
    assert "自2024年6月30日次日起" in claims[1] and "贷款市场报价利率" in claims[1]


@pytest.fixture
def story_draft(db, staff_user) -> Draft:
    state = merge(Entities(), extract_entities(STORY))
    session = ChatSession.objects.create(owner=staff_user, title="借款", state=state.to_dict())
    Message.objects.create(session=session, role=Message.Role.USER, author=staff_user, content=STORY)
    version = TemplateVersion.objects.filter(template__slug="complaint-private-loan", status="approved").order_by(
        "-number").first()
    return services.draft_create(actor=staff_user, version=version, session=session)


@pytest.mark.django_db(transaction=True)
def test_the_assistant_is_queued_runs_in_a_worker_and_streams_what_it_fills(statutes, story_draft, staff_user,
                                                                            client, monkeypatch):
    sent = []
    monkeypatch.setattr(services.celery_app, "send_task", lambda name, args: sent.append((name, args)))
    client.force_login(staff_user)
    url = reverse("drafting:assist", args=[story_draft.pk])
    response = client.post(url, {"message": "我叫陈静"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 202 and response.json()["ws"] == f"/ws/drafting/{story_draft.pk}/"
    assert sent == [(services.ASSIST_TASK, [story_draft.pk, staff_user.pk, "我叫陈静"])]
    assert Draft.objects.get(pk=story_draft.pk).notes["assist"] == {"status": "queued"}
    # a second ask while the first is queued is refused, the first is kept
    again = client.post(url, {"message": ""}, HTTP_ACCEPT="application/json")
    assert again.status_code == 409 and len(sent) == 1

    services.draft_assist_run(draft_id=story_draft.pk, actor_id=staff_user.pk, message="我叫陈静")
    events = services.draft_assist_log(story_draft.pk).read()
    kinds = [e["type"] for e in events]
    assert kinds[0] == "assist" and events[0]["status"] == "queued"
    assert kinds[1] == "assist" and events[1]["status"] == "running" and kinds[-1] == "assist_done"
    filled = {e["name"] for e in events if e["type"] == "field"}
    assert "plaintiffs" in filled and all(e["seq"] == i + 1 for i, e in enumerate(events))
    draft = Draft.objects.get(pk=story_draft.pk)
    assert draft.notes["assist"] == {"status": "done"}
    assert draft.fields["plaintiffs"][0]["name"] == "陈静" and draft.fields["court"] == "上海市徐汇区人民法院"
    assert [d["name"] for d in draft.fields["defendants"]] == ["刘伟"]


@pytest.mark.django_db
def test_a_nul_in_the_message_is_a_400_and_queues_nothing(statutes, story_draft, staff_user, client, monkeypatch):
    sent = []
    monkeypatch.setattr(services.celery_app, "send_task", lambda name, args: sent.append(name))
    client.force_login(staff_user)
    response = client.post(reverse("drafting:assist", args=[story_draft.pk]), {"message": "补充\x00"},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 400 and not sent
    assert "assist" not in (Draft.objects.get(pk=story_draft.pk).notes or {})


def test_the_complaint_from_the_story_reads_as_the_official_form_in_libreoffice():
    from pathlib import Path

    from contracts.export.libreoffice import docx_to_pdf, pdf_text
    from drafting.render import render

    values = dict(_prefill(STORY + "我叫陈静，身份证号11010519491231002X。").values)
    values.update(evidence=[{"name": "银行转账记录", "purpose": "证明借款已交付"}], mediation="愿意",
                  sign_date="2026-11-27", legal_basis="《中华人民共和国民法典》第六百七十五条")
    template = Path(__file__).resolve().parents[2] / "drafting" / "templates_docx" / "complaint-private-loan.docx"
    data = render(template.read_bytes(), values, LOAN_COMPLAINT.fields)
    text = pdf_text(docx_to_pdf(data)).replace(" ", "")
    for words in ("请求依据", "《中华人民共和国民法典》第六百七十五条", "具状人（签字）：陈静", "上海市徐汇区人民法院",
                  "400,000.00", "本金400,000.00元＋利息暂计95,753.42元", "（证明借款已交付）"):
        assert words in text, words
    third = text.split("第三人", 1)[1][:6]
    assert third.lstrip().startswith("无"), third
    assert "证明证明" not in text and "通过中国工商银行" not in text.split("诉讼请求")[0]
