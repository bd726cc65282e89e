"""Field validation and formats: 大写金额 (整/角/分), dates, phones, ID numbers, credit codes, groups."""

from __future__ import annotations

import pytest

from drafting import schema as fs


@pytest.mark.parametrize(("value", "words"), [
    ("50000", "人民币伍万元整"),
    ("5万", "人民币伍万元整"),
    ("120,000.00", "人民币壹拾贰万元整"),
    ("10.1", "人民币壹拾元壹角整"),
    ("0.5", "人民币伍角整"),
    ("100.05", "人民币壹佰元零伍分"),
    ("1234.56", "人民币壹仟贰佰叁拾肆元伍角陆分"),
    ("1000000.01", "人民币壹佰万元零壹分"),
])
def test_amount_in_words(value, words):
    assert fs.amount_in_words(value) == words


@pytest.mark.parametrize("value", ["-1", "abc", "1.234", "五万", "1e20"])
def test_bad_amounts(value):
    with pytest.raises(fs.FieldError):
        fs.parse_amount(value)


@pytest.mark.parametrize(("value", "iso"), [("2024-3-5", "2024-03-05"), ("2024年3月5日", "2024-03-05"),
                                            ("2024/03/05", "2024-03-05")])
def test_dates(value, iso):
    assert fs.clean_value(fs.field("d", "日期", "date"), value) == iso
    assert fs.format_date(value) == "2024年3月5日"


@pytest.mark.parametrize(("kind", "good", "bad"), [
    ("phone", ["13800138000", "010-65123456", "0755-8888888-123", "400-800-1234"], ["12345", "2380013800", "abc"]),
    ("id_number", ["11010519491231002X", "11010519491231002x"], ["110105194912310021", "11010519491331002X", "123"]),
    ("credit_code", ["91110000600037341L", "91310000MA1FL8TQ36"], ["91110000600037341A", "911100006000373"]),
    ("integer", ["3", 7], ["-1", "3.5"]),
])
def test_typed_fields(kind, good, bad):
    spec = fs.field("x", "X", kind)
    for value in good:
        fs.clean_value(spec, value)
    for value in bad:
        with pytest.raises(fs.FieldError):
            fs.clean_value(spec, value)


def test_groups_report_dotted_paths_and_missing_items():
    schema = [fs.group("parties", "原告", [fs.field("name", "姓名", required=True),
                                           fs.field("id", "身份证", "id_number")], required=True),
              fs.field("court", "法院", required=True), fs.field("kind", "类型", "choice", choices=("甲", "乙"))]
    cleaned, errors = fs.validate(schema, {"parties": [{"name": "张三"}, {"id": "123"}], "kind": "丙"})
    assert set(errors) == {"parties[1].id", "kind"}
    assert fs.missing(schema, {"parties": [{"name": "张三"}, {}]}) == ["parties[1].name", "court"]
    assert fs.missing(schema, {}) == ["parties", "court"]
    assert fs.labels(schema)["parties.name"] == "原告·姓名"
