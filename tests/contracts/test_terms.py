"""The key-terms table (合同要素表): read from the clauses' facts, served by the API, shown on the page
and carried into the report and the JSON export."""

from __future__ import annotations

import io

import docx
import pytest

from contracts.playbook.terms import key_terms
from contracts.types import SectionDraft
from tests.contracts.contract_files import api, docx_bytes, portal, upload


def clause(order: int, number: str, text: str, title: str = "") -> SectionDraft:
    return SectionDraft(order=order, kind="clause", number=number, title=title, text=text, para_start=order,
                        para_end=order)


SALE = [
    clause(1, "第一条", "合同总金额人民币壹佰玖拾万元整，单价每吨人民币3800元。", "价款"),
    clause(2, "第二条", "买方应于收货后三十日内付清全部货款。", "付款"),
    clause(3, "第三条", "买方应于签订后三日内支付定金人民币二十万元。", "定金"),
    clause(4, "第四条", "任何一方违约的，应按合同总额的百分之二十支付违约金。"
                        "逾期付款的，每日按未付款项的万分之五支付违约金。"),
    clause(5, "第五条", "买方应于到货后七日内完成验收。"),
    clause(6, "第六条", "卖方逾期交货超过三十日的，买方有权解除合同。"),
    clause(7, "第七条", "本合同自2025年1月1日起至2025年12月31日止。", "合同期限"),
    clause(8, "第八条", "因本合同发生的争议，提交上海仲裁委员会仲裁。本合同适用中华人民共和国法律。"),
    clause(9, "第九条", "双方的通知应以书面形式送达本合同首部载明的地址。"),
]


def test_each_term_with_its_parsed_value_and_clause():
    parties = [{"role": "买方", "name": "甲公司"}, {"role": "卖方", "name": "乙公司"}]
    items = {i["key"]: i for i in key_terms(SALE, parties)}
    assert items["parties"]["value"] == {"parties": parties}
    assert items["price"]["value"] == {"amount": 1_900_000, "currency": "CNY"}
    assert items["price"]["section_number"] == "第一条"
    assert items["payment"]["value"] == {"days": 30, "from": "收货"}
    assert items["deposit"]["value"] == {"amount": 200_000, "currency": "CNY"}
    assert items["penalty"]["value"] == {"ratio": 0.2, "per": "", "base": "合同总额"}
    assert items["late_fee"]["value"] == {"ratio": pytest.approx(0.0005), "per": "day", "base": "未付款项"}
    assert items["acceptance"]["value"] == {"days": 7, "from": "到货"}
    assert items["termination"]["value"] == {"party": "买方"}
    assert items["term"]["value"] == {"start": "2025-01-01", "end": "2025-12-31"}
    assert items["forum"]["value"] == {"forum": "arbitration", "place": "上海仲裁委员会"}
    assert "中华人民共和国法律" in items["governing_law"]["text"]
    assert items["notice"]["section_number"] == "第九条"


def test_a_deferred_term_is_not_a_term():
    items = {i["key"] for i in key_terms([clause(1, "第一条", "价格以出卖人届时报价为准。")])}
    assert "price" not in items


LEASE = [
    "房屋租赁合同",
    "出租人（甲方）：北京安和物业管理有限公司",
    "承租人（乙方）：张三",
    "第一条 租赁房屋 甲方将位于北京市朝阳区建国路88号的房屋出租给乙方使用，租赁期限为两年。",
    "第二条 租金 月租金为人民币伍仟元整，乙方应于每月5日前支付。",
    "第三条 押金 乙方应支付押金人民币壹万元。",
    "第四条 争议 因本合同发生争议，由房屋所在地人民法院管辖。",
]


@pytest.mark.django_db
def test_terms_api_page_report_and_json(staff_user, make_user):
    contract_id = upload(staff_user, data=docx_bytes(LEASE)).json()["id"]
    body = api(staff_user).get(f"/api/v1/contracts/{contract_id}/terms").json()
    items = {i["key"]: i for i in body["items"]}
    assert items["price"]["value"] == {"amount": 5000, "currency": "CNY"}
    assert items["deposit"]["value"] == {"amount": 10000, "currency": "CNY"}
    assert items["term"]["value"]["years"] == 2
    assert items["forum"]["value"] == {"forum": "court", "place": "房屋所在地"}
    assert isinstance(items["price"]["section"], int) and items["price"]["section_number"] == "第二条"
    assert api(make_user("staff")).get(f"/api/v1/contracts/{contract_id}/terms").status_code == 404

    page = portal(staff_user).get(f"/contracts/{contract_id}/").content.decode()
    assert 'id="terms-table"' in page and "月租金为人民币伍仟元整" in page

    report = api(staff_user).get(f"/api/v1/contracts/{contract_id}/export?format=report").content
    text = "\n".join(c.text for t in docx.Document(io.BytesIO(report)).tables for r in t.rows for c in r.cells)
    assert "押金" in text and "乙方应支付押金人民币壹万元" in text
    data = api(staff_user).get(f"/api/v1/contracts/{contract_id}/export?format=json").json()
    assert {i["key"] for i in data["terms"]} >= {"parties", "price", "deposit", "term", "forum"}
    md = api(staff_user).get(f"/api/v1/contracts/{contract_id}/export?format=md").content.decode()
    assert "三、合同要素表" in md
