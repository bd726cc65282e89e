"""Word documents built in the test: automatic numbering (w:numPr), 一、 top level, 1.1/1.1.1,
tables, annexes, no numbering at all."""

from __future__ import annotations

from docx.oxml import parse_xml

from contracts.ingest import read_document, split_document
from tests.contracts.ingest_support import (
    W,
    add_numbering,
    check_invariants,
    clause_numbers,
    docx_bytes,
    new_document,
    numbered,
)

CN = "一二三四五六七八九十"


def _read(document, name="合同.docx"):
    doc = read_document(name, docx_bytes(document))
    result = split_document(doc)
    check_invariants(result, doc.paragraphs)
    return doc, result


def test_word_auto_numbering_chinese_articles_with_sub_items():
    d = new_document()
    add_numbering(d, 7, [("chineseCounting", "第%1条"), ("chineseCounting", "（%2）")])
    d.add_paragraph("技术服务合同")
    d.add_paragraph("甲方：北京甲科技有限公司")
    d.add_paragraph("乙方：上海乙信息技术有限公司")
    for k in range(12):
        numbered(d, f"标题{k + 1}", 7, 0)
        numbered(d, "第一项内容。", 7, 1)
        numbered(d, "第二项内容。", 7, 1)
    d.add_paragraph("甲方（盖章）：          乙方（盖章）：")
    doc, result = _read(d)
    autos = [p.auto_number for p in doc.paragraphs if p.auto_number]
    assert autos[:6] == ["第一条", "（一）", "（二）", "第二条", "（一）", "（二）"]
    assert "第十一条" in autos and "第十二条" in autos
    # the number is not in the text
    assert doc.paragraphs[3].text == "标题1" and doc.paragraphs[3].auto_number == "第一条"
    expected = ["第一条", "第二条", "第三条", "第四条", "第五条", "第六条", "第七条", "第八条", "第九条", "第十条",
                "第十一条", "第十二条"]
    assert clause_numbers(result) == expected
    eleventh = next(s for s in result.sections if s.number == "第十一条")
    assert eleventh.title == "标题11"
    assert eleventh.text == "标题11\n第一项内容。\n第二项内容。"
    assert result.sections[0].kind == "preamble"
    assert result.sections[-1].kind == "signature"
    assert result.contract_type == "tech_service"


def test_word_auto_numbering_decimal_levels_and_restart():
    d = new_document()
    add_numbering(d, 3, [("decimal", "%1."), ("decimal", "%1.%2"), ("decimal", "%1.%2.%3")])
    d.add_paragraph("软件开发合同")
    for top in range(3):
        numbered(d, f"条款{top + 1}", 3, 0)
        numbered(d, "细则甲", 3, 1)
        numbered(d, "细则乙", 3, 2)
        numbered(d, "细则丙", 3, 1)
    doc, result = _read(d)
    autos = [p.auto_number for p in doc.paragraphs if p.auto_number]
    assert autos[:8] == ["1.", "1.1", "1.1.1", "1.2", "2.", "2.1", "2.1.1", "2.2"]
    assert clause_numbers(result) == ["1.", "2.", "3."]
    assert [s.title for s in result.sections if s.kind == "clause"] == ["条款1", "条款2", "条款3"]
    assert result.contract_type == "tech_dev"


def test_numbering_removed_with_num_id_zero_keeps_the_texts_own_number():
    d = new_document()
    d.add_paragraph("委托合同")
    d.add_paragraph("第一条 委托事项")
    d.add_paragraph("受托人处理委托事务。")
    p = d.add_paragraph("第二条 报酬")
    p._p.get_or_add_pPr().append(parse_xml(f'<w:numPr xmlns:w="{W}"><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr>'))
    d.add_paragraph("报酬为一万元。")
    doc, result = _read(d)
    assert doc.paragraphs[3].auto_number == ""
    assert clause_numbers(result) == ["第一条", "第二条"]


def test_top_level_chinese_enumeration_when_there_is_no_article_numbering():
    d = new_document()
    d.add_paragraph("房屋租赁合同")
    d.add_paragraph("使用说明")
    d.add_paragraph("一、本合同为示范文本。")
    d.add_paragraph("二、签约前请仔细阅读。")
    d.add_paragraph("出租人：王五")
    d.add_paragraph("承租人：赵六")
    d.add_paragraph("双方经协商一致，签订本合同，以资共同遵守。")
    d.add_paragraph("一、房屋基本情况")
    d.add_paragraph("（一）房屋坐落于北京市。")
    d.add_paragraph("（二）面积为80平方米。")
    d.add_paragraph("二、租金及支付")
    d.add_paragraph("1.月租金5000元。")
    d.add_paragraph("2.每月5日前支付。")
    d.add_paragraph("三、押金")
    d.add_paragraph("押金为一个月租金，按本合同二、约定的方式支付。")
    d.add_paragraph("四、违约责任")
    d.add_paragraph("五、争议解决")
    d.add_paragraph("出租人（签字）：            承租人（签字）：")
    doc, result = _read(d)
    assert clause_numbers(result) == ["一、", "二、", "三、", "四、", "五、"]
    notes = next(s for s in result.sections if s.title == "使用说明")
    assert notes.kind == "preamble" and "二、签约前请仔细阅读。" in notes.text
    assert [s.title for s in result.sections if s.kind == "clause"][:2] == ["房屋基本情况", "租金及支付"]
    assert result.contract_type == "lease"
    assert [(p.role, p.name) for p in result.parties] == [("出租人", "王五"), ("承租人", "赵六")]


def test_literal_decimal_numbering_1_and_1_1_and_1_1_1():
    d = new_document()
    d.add_paragraph("采购合同")
    d.add_paragraph("买方：甲公司")
    d.add_paragraph("卖方：乙公司")
    d.add_paragraph("1. 定义")
    d.add_paragraph("1.1 货物指本合同附件所列设备。")
    d.add_paragraph("1.1.1 设备包括备件。")
    d.add_paragraph("1.2 交付指货物运抵买方仓库。")
    d.add_paragraph("2. 价格与付款")
    d.add_paragraph("2.1 合同总价为100万元。")
    d.add_paragraph("2.2 买方在验收后30日内付款。")
    d.add_paragraph("3. 质量保证")
    d.add_paragraph("3.1 质保期为12个月。")
    doc, result = _read(d)
    assert clause_numbers(result) == ["1.", "2.", "3."]
    second = next(s for s in result.sections if s.number == "2.")
    assert second.title == "价格与付款" and "2.2 买方在验收后30日内付款。" in second.text
    assert result.contract_type == "sale"


def test_decimal_sub_numbering_without_top_level_headings():
    d = new_document()
    d.add_paragraph("服务协议")
    for top in (1, 2, 3):
        for sub in (1, 2):
            d.add_paragraph(f"{top}.{sub} 第{top}部分第{sub}款的约定内容。")
    doc, result = _read(d)
    assert clause_numbers(result) == ["1", "2", "3"]
    first = next(s for s in result.sections if s.kind == "clause")
    assert first.text == "1.1 第1部分第1款的约定内容。\n1.2 第1部分第2款的约定内容。"


def test_tables_annexes_and_clause_text_in_cells():
    d = new_document()
    d.add_paragraph("买卖合同")
    d.add_paragraph("出卖人：甲公司")
    d.add_paragraph("买受人：乙公司")
    d.add_paragraph("第一条 标的物")
    table = d.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "名称"
    table.cell(0, 1).text = "数量"
    table.cell(1, 0).text = "钢材"
    table.cell(1, 1).text = "100吨"
    d.add_paragraph("第二条 价款")
    d.add_paragraph("总价款见附件一。")
    d.add_paragraph("第三条 合同附件")
    d.add_paragraph("附件一：价格清单")  # listed inside clause 3, the sequence goes on after it
    d.add_paragraph("第四条 生效")
    d.add_paragraph("本合同自签字之日起生效。")
    d.add_paragraph("出卖人（盖章）：        买受人（盖章）：")
    d.add_paragraph("附件一")
    d.add_paragraph("价格清单")
    annex_table = d.add_table(rows=1, cols=2)
    annex_table.cell(0, 0).text = "钢材"
    annex_table.cell(0, 1).text = "5000元/吨"
    d.add_paragraph("附件二：交货计划")
    d.add_paragraph("一、交货时间")
    d.add_paragraph("二、交货地点")
    doc, result = _read(d)
    assert clause_numbers(result) == ["第一条", "第二条", "第三条", "第四条"]
    first = next(s for s in result.sections if s.number == "第一条")
    assert "钢材\n100吨" in first.text
    cells = [p for p in doc.paragraphs if p.text == "钢材"]
    assert cells and all(p.in_table for p in cells)
    third = next(s for s in result.sections if s.number == "第三条")
    assert "附件一：价格清单" in third.text
    annexes = [s for s in result.sections if s.kind == "annex"]
    assert [(a.number, a.title) for a in annexes] == [("附件一", "价格清单"), ("附件二", "交货计划")]
    assert "5000元/吨" in annexes[0].text and "二、交货地点" in annexes[1].text
    assert result.contract_type == "sale"


def test_numbers_must_advance():
    d = new_document()
    d.add_paragraph("借款合同")
    d.add_paragraph("第一条 借款金额")
    d.add_paragraph("第二条 借款期限")
    d.add_paragraph("第三条 利息")
    d.add_paragraph("第一条所述借款按月计息。")  # a reference, and a jump backwards
    d.add_paragraph("第二条 的期限届满前不得提前还款。")  # backwards with a space: still not a heading
    d.add_paragraph("第四条 还款")
    d.add_paragraph("第八条第（二）项另有约定的除外。")
    d.add_paragraph("第五条 担保")
    _, result = _read(d)
    assert clause_numbers(result) == ["第一条", "第二条", "第三条", "第四条", "第五条"]
    fourth = next(s for s in result.sections if s.number == "第四条")
    assert "第八条第（二）项另有约定的除外。" in fourth.text


def test_sub_list_continuing_past_the_clause_number_is_not_a_clause():
    d = new_document()
    d.add_paragraph("服务合同")
    d.add_paragraph("1. 服务内容")
    d.add_paragraph("2. 服务要求")
    d.add_paragraph("1.乙方应按时提供服务，不得延误；")
    d.add_paragraph("2.乙方应保证服务质量符合国家标准；")
    d.add_paragraph("3.乙方应配备合格人员，并保持稳定；")
    d.add_paragraph("3. 服务费用")
    d.add_paragraph("4. 违约责任")
    _, result = _read(d)
    assert clause_numbers(result) == ["1.", "2.", "3.", "4."]
    second = next(s for s in result.sections if s.number == "2.")
    assert "3.乙方应配备合格人员，并保持稳定；" in second.text


def test_no_numbering_falls_back_to_paragraphs():
    d = new_document()
    d.add_paragraph("合作协议")
    d.add_paragraph("双方同意就市场推广开展合作，具体方式另行商定。")
    d.add_paragraph("")
    d.add_paragraph("合作期间产生的费用由双方各自承担。")
    d.add_paragraph("任何一方不得泄露合作中知悉的商业秘密。")
    doc, result = _read(d)
    assert result.fallback_paragraphs is True
    kinds = [s.kind for s in result.sections]
    assert kinds == ["preamble", "clause", "clause", "clause"]
    second = result.sections[1]
    assert second.text == "双方同意就市场推广开展合作，具体方式另行商定。\n"
    assert (second.para_start, second.para_end) == (1, 2)


def test_style_numbering_and_heading_style_names():
    d = new_document()
    add_numbering(d, 9, [("chineseCounting", "第%1条")])
    heading = d.styles["Heading 1"]
    heading.element.get_or_add_pPr().append(
        parse_xml(f'<w:numPr xmlns:w="{W}"><w:ilvl w:val="0"/><w:numId w:val="9"/></w:numPr>'))
    d.add_paragraph("保密协议")
    for title in ("保密信息", "保密义务", "保密期限"):
        d.add_paragraph(title, style="Heading 1")
        d.add_paragraph("接收方应当对保密信息严格保密。")
    doc, result = _read(d)
    heads = [p for p in doc.paragraphs if p.style == "Heading 1"]
    assert [p.auto_number for p in heads] == ["第一条", "第二条", "第三条"]
    assert clause_numbers(result) == ["第一条", "第二条", "第三条"]
    assert result.contract_type == "nda"


def test_credit_codes_are_validated():
    d = new_document()
    d.add_paragraph("数据处理协议")
    d.add_paragraph("甲方（委托方）：北京数据有限公司")
    d.add_paragraph("统一社会信用代码：91110000600037341L")
    d.add_paragraph("乙方（受托方）：上海处理有限公司")
    d.add_paragraph("统一社会信用代码：91310000MA1FL0000X")
    d.add_paragraph("第一条 处理目的")
    d.add_paragraph("第二条 安全措施")
    _, result = _read(d)
    parties = {p.role: p for p in result.parties}
    assert parties["甲方"].name == "北京数据有限公司"
    assert parties["甲方"].credit_code_valid is True
    assert parties["乙方"].credit_code == "91310000MA1FL0000X"
    assert parties["乙方"].credit_code_valid is False
    assert result.contract_type == "data"


def test_lists_sharing_a_definition_continue_unless_restarted():
    d = new_document()
    add_numbering(d, 4, [("chineseCounting", "第%1条")])
    root = d.part.numbering_part.element
    # numId 5: another instance of the same abstract definition (continues the list);
    # numId 6: an instance restarting at 1 (w:startOverride) — a list of its own
    root.append(parse_xml(f'<w:num xmlns:w="{W}" w:numId="5"><w:abstractNumId w:val="104"/></w:num>'))
    root.append(parse_xml(
        f'<w:num xmlns:w="{W}" w:numId="6"><w:abstractNumId w:val="104"/>'
        f'<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>'))
    d.add_paragraph("合同")
    numbered(d, "甲", 4)
    numbered(d, "乙", 5)
    numbered(d, "丙", 4)
    d.add_paragraph("附件一")
    numbered(d, "子", 6)
    numbered(d, "丑", 6)
    doc = read_document("c.docx", docx_bytes(d))
    autos = [p.auto_number for p in doc.paragraphs if p.auto_number]
    assert autos == ["第一条", "第二条", "第三条", "第一条", "第二条"]


def test_labor_contract_with_chinese_enumerated_parts_over_articles():
    d = new_document()
    d.add_paragraph("劳动合同书")
    d.add_paragraph("【使用说明】")
    d.add_paragraph("1.本合同由用人单位与劳动者签订。")
    d.add_paragraph("2.填写时请使用钢笔。")
    d.add_paragraph("甲　方：北京某某科技有限公司")
    d.add_paragraph("乙　方：陈七")
    d.add_paragraph("一、劳动合同期限")
    d.add_paragraph("第一条 本合同为固定期限劳动合同。")
    d.add_paragraph("第二条 试用期为两个月。")
    d.add_paragraph("二、工作内容和工作地点")
    d.add_paragraph("第三条 乙方同意在技术部门工作。")
    d.add_paragraph("三、劳动报酬")
    d.add_paragraph("第四条 乙方月工资为一万元。")
    d.add_paragraph("一、基本工资八千元；")  # a list inside 第四条, not a part heading
    d.add_paragraph("二、绩效工资二千元。")
    d.add_paragraph("第五条 甲方每月十日前支付工资。")
    d.add_paragraph("甲方（盖章）：          乙方（签字）：")
    doc, result = _read(d)
    assert clause_numbers(result) == ["第一条", "第二条", "第三条", "第四条", "第五条"]
    chapters = [s for s in result.sections if s.kind == "chapter"]
    assert [(c.number, c.title) for c in chapters] == [("一、", "劳动合同期限"), ("二、", "工作内容和工作地点"),
                                                       ("三、", "劳动报酬")]
    fourth = next(s for s in result.sections if s.number == "第四条")
    assert fourth.parent == chapters[2].order and "二、绩效工资二千元。" in fourth.text
    notes = next(s for s in result.sections if s.title == "使用说明" or s.title == "【使用说明】")
    assert notes.kind == "preamble"
    assert result.contract_type == "labor"
    assert [(p.role, p.name) for p in result.parties] == [("甲方", "北京某某科技有限公司"), ("乙方", "陈七")]


def test_a_recital_like_line_inside_a_clause_does_not_restart_the_body():
    d = new_document()
    d.add_paragraph("咨询服务合同")
    d.add_paragraph("委托方：甲公司")
    d.add_paragraph("服务方：乙公司")
    d.add_paragraph("一、服务内容")
    d.add_paragraph("1.市场调研；")
    d.add_paragraph("2.出具报告。")
    d.add_paragraph("二、合同解除")
    d.add_paragraph("经双方协商一致，可以解除本合同，有下列情形之一的，一方也可以解除：")
    d.add_paragraph("1.对方严重违约；")
    d.add_paragraph("2.不可抗力。")
    d.add_paragraph("三、争议解决")
    d.add_paragraph("1.协商解决；")
    d.add_paragraph("2.向甲方所在地法院起诉。")
    _, result = _read(d)
    assert clause_numbers(result) == ["一、", "二、", "三、"]
    assert result.sections[0].kind == "preamble" and "委托方：甲公司" in result.sections[0].text


def test_unnumbered_notes_then_a_numbered_body():
    d = new_document()
    d.add_paragraph("使用说明")
    d.add_paragraph("本合同为示范文本，供双方参照使用。")
    d.add_paragraph("签约前请仔细阅读全部条款。")
    d.add_paragraph("1. 标的")
    d.add_paragraph("2. 价款")
    d.add_paragraph("3. 交付")
    _, result = _read(d)
    assert clause_numbers(result) == ["1.", "2.", "3."]
    assert result.sections[0].kind == "preamble" and result.sections[0].title == "使用说明"
    assert "签约前请仔细阅读全部条款。" in result.sections[0].text


def test_table_of_contents_does_not_take_the_clauses():
    d = new_document()
    d.add_paragraph("股权转让协议")
    d.add_paragraph("目　录")
    d.add_paragraph("第一条 定义\t1")
    d.add_paragraph("第二条 转让价款……………………2")
    d.add_paragraph("第三条 交割.......3")
    d.add_paragraph("转让方：甲")
    d.add_paragraph("受让方：乙")
    d.add_paragraph("第一条 定义")
    d.add_paragraph("本协议中下列用语具有如下含义。")
    d.add_paragraph("第二条 转让价款")
    d.add_paragraph("第二条（一）项所述价款分两期支付。")  # a reference to an item, not a heading
    d.add_paragraph("第三条 交割")
    d.add_paragraph("第—条约定的定义适用于本条。")  # OCR-style dash for 一: still a reference
    _, result = _read(d)
    assert clause_numbers(result) == ["第一条", "第二条", "第三条"]
    first = next(s for s in result.sections if s.kind == "clause")
    assert first.text.startswith("第一条 定义\n本协议")
    toc = next(s for s in result.sections if s.title == "目录")
    assert toc.kind == "preamble" and "第三条 交割.......3" in toc.text


def test_ocr_dash_read_as_one_in_an_article_heading():
    d = new_document()
    d.add_paragraph("保管合同")
    d.add_paragraph("第—条 保管物")
    d.add_paragraph("第二条 保管期限")
    _, result = _read(d)
    assert clause_numbers(result) == ["第一条", "第二条"]


def test_articles_numbered_afresh_in_each_chapter():
    d = new_document()
    d.add_paragraph("合作经营合同")
    d.add_paragraph("第一章 总则")
    d.add_paragraph("第一条 目的")
    d.add_paragraph("第二条 原则")
    d.add_paragraph("第二章 经营")
    d.add_paragraph("第一条 经营范围")
    d.add_paragraph("依照第二条约定的原则经营。")
    d.add_paragraph("第二条 经营期限")
    d.add_paragraph("第一条 范围不得变更。")  # back to 1 with no new chapter before it: not a clause
    _, result = _read(d)
    assert clause_numbers(result) == ["第一条", "第二条", "第一条", "第二条"]
    by_order = {s.order: s for s in result.sections}
    assert [by_order[s.parent].number for s in result.sections if s.kind == "clause"] == [
        "第一章", "第一章", "第二章", "第二章"]


def test_an_annexed_agreement_with_articles_does_not_change_the_body_scheme():
    d = new_document()
    d.add_paragraph("软件许可合同")
    d.add_paragraph("许可方：甲公司")
    d.add_paragraph("被许可方：乙公司")
    d.add_paragraph("一、许可范围")
    d.add_paragraph("二、许可费")
    d.add_paragraph("三、保密")
    d.add_paragraph("许可方（盖章）：        被许可方（盖章）：")
    d.add_paragraph("附件一：保密协议")
    d.add_paragraph("第一条 保密信息")
    d.add_paragraph("第二条 保密期限")
    d.add_paragraph("第三条 违约责任")
    _, result = _read(d)
    assert clause_numbers(result) == ["一、", "二、", "三、"]
    annex = result.sections[-1]
    assert annex.kind == "annex" and annex.title == "保密协议" and "第三条 违约责任" in annex.text


def test_parenthesised_chinese_numbers_as_the_only_numbering():
    d = new_document()
    d.add_paragraph("车辆借用协议")
    d.add_paragraph("出借人：张三")
    d.add_paragraph("借用人：李四")
    d.add_paragraph("（一）借用车辆：京A12345。")
    d.add_paragraph("（二）借用期限：三日。")
    d.add_paragraph("（1）期满当日归还；")
    d.add_paragraph("（2）逾期按日计费。")
    d.add_paragraph("（三）借用期间的违章由借用人承担。")
    _, result = _read(d)
    assert clause_numbers(result) == ["（一）", "（二）", "（三）"]
    second = next(s for s in result.sections if s.number == "（二）")
    assert "（2）逾期按日计费。" in second.text


def test_whereas_items_are_preamble():
    d = new_document()
    d.add_paragraph("战略合作协议")
    d.add_paragraph("甲方：甲集团")
    d.add_paragraph("乙方：乙公司")
    d.add_paragraph("鉴于：")
    d.add_paragraph("1. 甲方是一家从事物流业务的企业；")
    d.add_paragraph("2. 乙方拥有先进的仓储技术；")
    d.add_paragraph("为此，双方经友好协商，达成如下协议：")
    d.add_paragraph("一、合作内容")
    d.add_paragraph("1. 共建仓储中心；")
    d.add_paragraph("2. 共享客户资源。")
    d.add_paragraph("二、合作期限")
    d.add_paragraph("三、保密")
    _, result = _read(d)
    assert clause_numbers(result) == ["一、", "二、", "三、"]
    whereas = next(s for s in result.sections if s.title == "鉴于")
    assert whereas.kind == "preamble" and "2. 乙方拥有先进的仓储技术；" in whereas.text
