"""A safe arithmetic evaluator for the agents' calculator tool (never ``eval``).

``evaluate("(8000 * 3 + 4000) / 2")`` parses the expression with :mod:`ast` and walks a
whitelist: numbers, ``+ - * / // % **``, parentheses, unary ``+``/``-`` and the functions
``min``, ``max``, ``round``, ``abs``. Names, attributes, subscripts, calls of anything else,
comprehensions, strings and lambdas are rejected before anything runs. Sizes are bounded: the
expression length, the number of nodes, the exponent, and the magnitude of every intermediate
result, so ``9**9**9`` or ``10**100000`` fail fast instead of eating the CPU.

Chinese input is accepted: ×, ÷, full-width digits and brackets, and Chinese commas between
function arguments.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from decimal import Decimal

MAX_LENGTH = 500
MAX_NODES = 200
MAX_EXPONENT = 100
MAX_MAGNITUDE = 10**30
MAX_ROUND_DIGITS = 10

Number = int | float


class ArithmeticInputError(ValueError):
    """The expression is not allowed or cannot be computed; the message is Chinese, for the user."""


_TRANSLATE = str.maketrans(
    {
        "×": "*",
        "÷": "/",
        "（": "(",
        "）": ")",
        "，": ",",
        "－": "-",
        "＋": "+",
        "＊": "*",
        "／": "/",
        "％": "%",
        "．": ".",
        "　": " ",
        **{chr(0xFF10 + i): str(i) for i in range(10)},
    }
)

_BINARY: dict[type[ast.operator], Callable[[Number, Number], Number]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_UNARY: dict[type[ast.unaryop], Callable[[Number], Number]] = {ast.UAdd: operator.pos, ast.USub: operator.neg}


def _round(value: Number, digits: Number = 0) -> Number:
    if not isinstance(digits, int) or not 0 <= digits <= MAX_ROUND_DIGITS:
        raise ArithmeticInputError(f"round 的小数位数须为 0 到 {MAX_ROUND_DIGITS} 的整数")
    if digits == 0:
        return round(value)
    return round(value, digits)


_FUNCTIONS: dict[str, Callable[..., Number]] = {"min": min, "max": max, "round": _round, "abs": abs}
_FUNCTION_ARITY = {"min": (1, 20), "max": (1, 20), "round": (1, 2), "abs": (1, 1)}


def evaluate(expression: str) -> Number:
    """Evaluate an arithmetic expression; raises :class:`ArithmeticInputError` with a Chinese message.

    Integers stay exact (``2**10`` → 1024); ``/`` gives a float. A float result that is a whole
    number is returned as an int (``10/2`` → 5).
    """
    if not isinstance(expression, str):
        raise ArithmeticInputError("算式必须是文本")
    text = expression.translate(_TRANSLATE).strip()
    if not text:
        raise ArithmeticInputError("算式为空")
    if len(text) > MAX_LENGTH:
        raise ArithmeticInputError(f"算式过长（最多 {MAX_LENGTH} 个字符）")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise ArithmeticInputError(f"算式格式不正确：{expression}") from exc
    nodes = sum(1 for _ in ast.walk(tree))
    if nodes > MAX_NODES:
        raise ArithmeticInputError(f"算式过于复杂（最多 {MAX_NODES} 个节点）")
    result = _eval(tree.body)
    if isinstance(result, float) and result.is_integer():
        return int(result)
    return result


def evaluate_decimal(expression: str) -> Decimal:
    """Like :func:`evaluate`, as a Decimal (for money, via the float's shortest repr)."""
    return Decimal(str(evaluate(expression)))


def _check(value: Number) -> Number:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArithmeticInputError("只能计算数字")
    if isinstance(value, float) and not math.isfinite(value):
        raise ArithmeticInputError("计算结果溢出")
    if abs(value) > MAX_MAGNITUDE:
        raise ArithmeticInputError("计算结果超出允许范围（绝对值不超过 10 的 30 次方）")
    return value


def _eval(node: ast.AST) -> Number:
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, int | float):
            raise ArithmeticInputError("算式中只允许数字")
        return _check(node.value)
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _check(_UNARY[type(node.op)](_eval(node.operand)))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left = _eval(node.left)
        right = _eval(node.right)
        if isinstance(node.op, ast.Pow):
            _check_power(left, right)
        if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod) and right == 0:
            raise ArithmeticInputError("除数不能为零")
        try:
            return _check(_BINARY[type(node.op)](left, right))
        except OverflowError as exc:
            raise ArithmeticInputError("计算结果溢出") from exc
    if isinstance(node, ast.Call):
        return _call(node)
    raise ArithmeticInputError(f"不支持的运算：{type(node).__name__}")


def _check_power(base: Number, exponent: Number) -> None:
    if abs(exponent) > MAX_EXPONENT:
        raise ArithmeticInputError(f"指数过大（绝对值不超过 {MAX_EXPONENT}）")
    if base == 0 and exponent < 0:
        raise ArithmeticInputError("零不能取负数次幂")
    if base < 0 and isinstance(exponent, float) and not exponent.is_integer():
        raise ArithmeticInputError("负数不能取小数次幂")
    if base != 0 and exponent > 0 and exponent * math.log10(abs(base)) > 30:
        raise ArithmeticInputError("计算结果超出允许范围（绝对值不超过 10 的 30 次方）")


def _call(node: ast.Call) -> Number:
    if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
        raise ArithmeticInputError("只允许使用函数 min、max、round、abs")
    if node.keywords:
        raise ArithmeticInputError("函数不接受关键字参数")
    name = node.func.id
    low, high = _FUNCTION_ARITY[name]
    if not low <= len(node.args) <= high:
        raise ArithmeticInputError(f"函数 {name} 的参数个数不正确")
    if any(isinstance(arg, ast.Starred) for arg in node.args):
        raise ArithmeticInputError("函数不接受展开参数")
    args = [_eval(arg) for arg in node.args]
    return _check(_FUNCTIONS[name](*args))
