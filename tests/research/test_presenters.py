"""A research step's input reads as words: labels from the tools' own parameter descriptions."""

from research.presenters import step_input_text


def test_a_calculation_reads_with_the_tools_labels_and_no_python():
    text = step_input_text({"calculator": "calculate_severance",
                            "arguments": {"monthly_wage": 8000.0, "service_months": 36, "unlawful": True}})
    assert text.startswith("计算：经济补偿计算；")
    assert "月工资" in text and "8000" in text and "36" in text and "是" in text
    for python in ("{", "}", "=", "True", "8000.0", "arguments"):
        assert python not in text, python


def test_citations_searches_and_plain_text():
    cited = step_input_text({"law": "中华人民共和国劳动合同法", "article": "第八十七条"})
    assert cited == "《中华人民共和国劳动合同法》第八十七条"
    assert step_input_text("辞退 赔偿") == "辞退 赔偿"
    assert step_input_text("") == "" and step_input_text(None) == ""
    assert step_input_text({"query": "押金", "flags": [True, False]}) == "检索词：押金；flags：是、否"
