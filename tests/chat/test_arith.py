
import pytest

from legal.text.arith import MAX_LENGTH, ArithmeticInputError, evaluate, evaluate_decimal


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("-3 + 5", 2),
        ("--3", 3),
        ("2 ** 10", 1024),
        ("7 // 2", 3),
        ("7 % 4", 3),
        ("10 / 4", 2.5),
        ("10 / 2", 5),  # a whole float comes back as an int
        ("8000 * 6.5", 52000),
        ("max(8000, 3 * 2000)", 8000),
        ("min(1, 2, 3)", 1),
        ("abs(-12)", 12),
        ("round(2.345, 2)", 2.35),
        ("round(2.6)", 3),
        ("（8000＋2000）×3÷2", 15000),  # Chinese operators and full-width brackets
        ("max(1，5)", 5),  # Chinese comma
        ("１２ * 2", 24),  # full-width digits
    ],
)
def test_evaluates_arithmetic(expression, expected):
    assert evaluate(expression) == expected


def test_evaluate_decimal_keeps_money_exact():
    assert str(evaluate_decimal("0.1 + 0.2")) == "0.30000000000000004"  # float arithmetic, reported as is
    assert str(evaluate_decimal("12000 * 6.5")) == "78000"


@pytest.mark.parametrize(
    "expression",
    [
        "__import__('os').system('echo hacked')",
        "().__class__.__bases__[0].__subclasses__()",
        "open('/etc/passwd').read()",
        "x + 1",
        "eval('1+1')",
        "[1, 2, 3]",
        "(lambda: 1)()",
        "'a' * 3",
        "1 if 2 else 3",
        "True + 1",
        "max(*[1, 2])",
        "round(1.5, ndigits=1)",
        "1 < 2",
        "2 << 3",
        "a.b",
        "{1: 2}",
    ],
)
def test_rejects_anything_but_arithmetic(expression):
    with pytest.raises(ArithmeticInputError):
        evaluate(expression)


@pytest.mark.parametrize("expression", ["9 ** 9 ** 9", "2 ** 1000", "10 ** 31", "(10 ** 20) * (10 ** 20)", "1e400"])
def test_huge_results_fail_fast(expression):  # refused before computing (the time: bench/suite_timings.py)
    with pytest.raises(ArithmeticInputError, match="指数过大|溢出|超出允许范围"):
        evaluate(expression)


def test_errors_are_chinese_and_specific():
    with pytest.raises(ArithmeticInputError, match="除数不能为零"):
        evaluate("1 / 0")
    with pytest.raises(ArithmeticInputError, match="指数过大"):
        evaluate("2 ** 101")
    with pytest.raises(ArithmeticInputError, match="算式为空"):
        evaluate("   ")
    with pytest.raises(ArithmeticInputError, match="算式过长"):
        evaluate("1+" * MAX_LENGTH + "1")
    with pytest.raises(ArithmeticInputError, match="算式格式不正确"):
        evaluate("1 +* 2")
    with pytest.raises(ArithmeticInputError, match="只允许使用函数"):
        evaluate("pow(2, 3)")
    with pytest.raises(ArithmeticInputError, match="过于复杂"):
        evaluate("+".join(["1"] * 150))


def test_non_text_input_is_rejected():
    with pytest.raises(ArithmeticInputError):
        evaluate(12)  # type: ignore[arg-type]
