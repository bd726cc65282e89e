"""Reading and splitting the dev contracts (real model contracts) and plain-text uploads."""

from __future__ import annotations

import pytest

from contracts.ingest import read_document, split_document
from tests.contracts.ingest_support import DATA, check_invariants, clause_numbers, gold

GOLD = gold()


@pytest.mark.parametrize("name", sorted(GOLD))
def test_dev_contract_clauses_match_the_documents_own_clauses(name):
    doc = read_document(name, (DATA / name).read_bytes())
    result = split_document(doc)
    check_invariants(result, doc.paragraphs)
    assert not result.fallback_paragraphs
    assert clause_numbers(result) == GOLD[name]["clauses"]
    assert [s.number for s in result.sections if s.kind == "annex"] == GOLD[name]["annexes"]
    assert [s.number for s in result.sections if s.kind == "chapter"] == GOLD[name]["chapters"]
    for section in result.sections:
        if section.kind == "clause":
            # the clause starts at its own heading
            assert section.text.lstrip(" \u3000").startswith(section.number)
            assert section.title
    # the document begins with a preamble (cover, 使用说明, party block) and the body ends with a signature
    assert result.sections[0].kind == "preamble"
    assert "signature" in [s.kind for s in result.sections]


def _split(name):
    doc = read_document(name, (DATA / name).read_bytes())
    return doc, split_document(doc)


def test_usage_notes_and_special_notices_numbered_like_clauses_are_preamble():
    _, result = _split("beijing_tech_offcampus_training_bf2024_2738.docx")
    by_title = {s.title: s for s in result.sections if s.kind == "preamble"}
    assert "使用说明" in by_title and "特别提示" in by_title
    assert "一、本合同文本为示范文本" in by_title["使用说明"].text
    assert "一、甲方不得使用培训贷款方式收取费用" in by_title["特别提示"].text
    clauses = [s for s in result.sections if s.kind == "clause"]
    assert not any("本合同文本为示范文本" in s.text for s in clauses)
    # the party block is preamble too
    party = [s for s in result.sections if s.kind == "preamble" and "甲方（提供培训方）：" in s.text]
    assert party and "统一社会信用代码" in party[-1].text


def test_cross_references_inside_a_clause_are_not_split_points():
    _, result = _split("beijing_tech_offcampus_training_bf2024_2738.docx")
    seventh = next(s for s in result.sections if s.number == "第七条")
    assert "乙方违反本合同第五条第（六）项规定" in seventh.text
    assert "按本合同第七条第（八）项规定解除合同" in seventh.text
    assert seventh.title == "违约责任"


def test_chapters_are_parents_of_their_articles():
    _, result = _split("outbound_group_tour_contract_gf2014_2402.txt")
    by_order = {s.order: s for s in result.sections}
    art = next(s for s in result.sections if s.number == "第十七条")
    assert by_order[art.parent].number == "第六章"
    assert by_order[art.parent].title == "违约责任"
    first = next(s for s in result.sections if s.number == "第一条")
    assert by_order[first.parent].number == "第一章"
    # 本合同第十四条 / 第十二条第2款 in the text never start a section
    assert all(not s.text.startswith("本合同") for s in result.sections)


def test_annexes_after_the_signature_block():
    _, result = _split("data_provision_contract_gf2025_2615_placeholders.docx")
    kinds = [s.kind for s in result.sections]
    assert kinds[-3:] == ["signature", "annex", "annex"]
    annex2 = result.sections[-1]
    assert annex2.title == "数据交付质量标准要求示例"
    assert "一、适用范围" in annex2.text  # 附件2's own 一、二、三、 stay inside the annex


def test_dev_contract_types_and_parties():
    expected = {
        "entrustment_contract_gf2025_1001.docx": "entrustment",
        "beijing_driving_training_service_bf2024_2726.docx": "service",
        "beijing_tech_offcampus_training_bf2024_2738.docx": "service",
        "data_provision_contract_gf2025_2615_placeholders.docx": "data",
        "outbound_group_tour_contract_gf2014_2402.txt": "service",
    }
    for name, kind in expected.items():
        _, result = _split(name)
        assert result.contract_type == kind, name
        roles = [p.role for p in result.parties]
        assert len(roles) >= 2, name
    _, tour = _split("outbound_group_tour_contract_gf2014_2402.txt")
    assert [p.role for p in tour.parties] == ["旅游者", "出境社"]


def test_text_pdf_of_a_dev_contract():
    doc, result = _split("entrustment_contract_gf2025_1001.pdf")
    assert doc.fmt == "pdf" and not doc.ocr_used
    assert clause_numbers(result) == GOLD["entrustment_contract_gf2025_1001.docx"]["clauses"]
    first = next(s for s in result.sections if s.number == "第一条")
    assert first.title == "委托事务"


LEASE_TXT = """\ufeff房屋租赁合同

出租方（甲方）：北京示例物业管理有限公司
统一社会信用代码：91110000600037341L
承租方（乙方）：李四

甲乙双方经协商一致，订立本合同。
\u3000\u3000第一条 租赁房屋
\u3000\u3000甲方将位于北京市海淀区的房屋出租给乙方使用。
\t第二条 租金
\t月租金为人民币伍仟元。逾期支付的，按第五条处理。
第三条 押金
第二条约定的租金以外，乙方另付押金一万元。
第四条 争议解决
因本合同发生争议，向房屋所在地人民法院起诉。
甲方（盖章）：              乙方（签字）：
"""


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030"])
def test_text_upload_in_any_common_encoding(encoding):
    data = LEASE_TXT.lstrip("\ufeff").encode(encoding)
    doc = read_document("租赁.txt", data)
    assert doc.fmt == "txt"
    assert doc.paragraphs[0].text == "房屋租赁合同"
    # indentation (full-width spaces, tabs) is not part of the paragraph
    assert any(p.text == "第一条 租赁房屋" for p in doc.paragraphs)
    result = split_document(doc)
    check_invariants(result, doc.paragraphs)
    assert clause_numbers(result) == ["第一条", "第二条", "第三条", "第四条"]
    # "第二条约定的租金…" starts a paragraph but refers to a clause: not a split point
    third = next(s for s in result.sections if s.number == "第三条")
    assert "第二条约定的租金以外" in third.text
    assert result.contract_type == "lease"
    lessor = result.parties[0]
    assert (lessor.role, lessor.name, lessor.credit_code, lessor.credit_code_valid) == (
        "出租方", "北京示例物业管理有限公司", "91110000600037341L", True)
    assert result.parties[1].name == "李四"
    assert result.sections[-1].kind == "signature"


def test_markdown_headings_without_numbers_become_clauses():
    md = ("# 保密协议\n\n## 保密信息\n披露方提供的全部技术资料。\n\n## 保密期限\n自签署之日起三年。\n\n"
          "## 违约责任\n违约方赔偿全部损失。\n")
    doc = read_document("nda.md", md.encode())
    assert doc.fmt == "md"
    assert doc.paragraphs[0].style == "Heading 1" and doc.paragraphs[0].text == "保密协议"
    result = split_document(doc)
    check_invariants(result, doc.paragraphs)
    assert [s.title for s in result.sections if s.kind == "clause"] == ["保密信息", "保密期限", "违约责任"]
    assert result.contract_type == "nda"


def test_markdown_with_numbered_headings():
    md = ("# 技术开发合同\n\n## 第一条 开发内容\n开发一套系统。\n\n## 第二条 交付\n1. 源代码\n2. 文档\n\n"
          "## 第三条 验收\n验收合格后付款。\n")
    result = split_document(read_document("dev.md", md.encode()))
    assert clause_numbers(result) == ["第一条", "第二条", "第三条"]
    assert result.contract_type == "tech_dev"


def test_a_heading_that_begins_with_a_reference_word_is_still_a_clause():
    text = ("软件委托开发合同\n甲方：某甲公司\n乙方：某乙公司\n第一章 总则\n第一条 项目名称\n仓储管理系统定制开发。\n"
            "第二条 款项支付\n甲方于验收后支付。\n第三条 违约\n依照本合同第二条 第二款的约定处理。\n")
    result = split_document(read_document("t.txt", text.encode()))
    clauses = [s for s in result.sections if s.kind == "clause"]
    wanted = [("第一条", "项目名称"), ("第二条", "款项支付"), ("第三条", "违约")]
    assert [(s.number, s.title) for s in clauses] == wanted
    chapter = next(s for s in result.sections if s.kind == "chapter")
    assert chapter.text == "第一章 总则" and clauses[0].parent == chapter.order


def test_a_definitions_list_before_the_body_is_not_the_body():
    # 释义 1. 2. 3. ends before 一、 begins: the body is numbered 一、 二、 三、 四、.
    text = ("仓储服务合同\n甲方：某甲食品有限公司\n乙方：某乙物流有限公司\n释义\n"
            "1.仓储物：指甲方交付乙方储存的冷冻食品。\n2.入库：指乙方验收后签署入库单。\n3.出库：指甲方凭出库单提货。\n"
            "一、仓储物与储存期限\n甲方交付冷冻食品二百吨，储存期限六个月。\n二、仓储费\n仓储费每吨每月人民币叁佰元。\n"
            "三、验收\n乙方应在入库时按件数验收。\n四、争议解决\n向乙方所在地人民法院起诉。\n")
    result = split_document(read_document("t.txt", text.encode()))
    check_invariants(result, read_document("t.txt", text.encode()).paragraphs)
    assert clause_numbers(result) == ["一、", "二、", "三、", "四、"]


def test_a_numbered_list_inside_a_chapter_still_follows_the_first_scheme():
    # 一、 headings with 1. 2. clauses under them: the 一、 run begins first and the 1. run goes on after it.
    text = ("服务合同\n甲方：某甲有限公司\n乙方：某乙有限公司\n一、服务内容\n1.乙方提供咨询服务。\n"
            "2.乙方每月提交报告。\n二、费用\n3.服务费每月人民币壹万元。\n4.甲方于每月五日前支付。\n")
    result = split_document(read_document("t.txt", text.encode()))
    assert clause_numbers(result)[:2] == ["一、", "二、"]


@pytest.mark.parametrize("heading", ["（{}）", "({})"])
def test_parenthesised_headings_with_items_numbered_again_under_each_are_the_clauses(heading):
    # （一）…（四） with 1. 2. restarting under each: the items belong to their （X） clause, not the body.
    titles = ["标的与数量", "价款与支付", "交付与验收", "争议解决"]
    items = [["出卖人交付钢材三十吨。", "规格以附件为准。"], ["总价人民币玖万元。", "买受人于交货后十日内付清。"],
             ["交货地点为买受人仓库。", "买受人收货后七日内验收。", "逾期未提异议的视为合格。"],
             ["协商不成的，向原告所在地人民法院起诉。"]]
    lines = ["钢材买卖合同", "出卖人（甲方）：某钢铁贸易有限公司", "买受人（乙方）：某建筑材料有限公司"]
    for number, (title, clause_items) in zip("一二三四", zip(titles, items, strict=True), strict=True):
        lines.append(heading.format(number) + title)
        lines += [f"{k}. {item}" for k, item in enumerate(clause_items, 1)]
    text = "\n".join(lines) + "\n"
    result = split_document(read_document("t.txt", text.encode()))
    check_invariants(result, read_document("t.txt", text.encode()).paragraphs)
    assert len(clause_numbers(result)) == 4
    assert all(number.strip("（）()") in "一二三四" for number in clause_numbers(result))
    body = {s.number: s.text for s in result.sections if s.kind == "clause"}
    assert "逾期未提异议的视为合格" in next(t for n, t in body.items() if "三" in n)


def test_items_numbered_on_across_parenthesised_headings_stay_the_clauses():
    # 1. 2. 3. 4. running on across （一）（二）（三） group headings: the numbered items are the clauses.
    text = ("服务合同\n甲方：某甲有限公司\n乙方：某乙有限公司\n（一）服务\n1.乙方提供咨询服务。\n2.乙方每月提交报告。\n"
            "（二）费用\n3.服务费每月人民币壹万元。\n4.甲方于每月五日前支付。\n（三）其他\n5.本合同一式两份。\n")
    result = split_document(read_document("t.txt", text.encode()))
    assert clause_numbers(result) == ["1.", "2.", "3.", "4.", "5."]
