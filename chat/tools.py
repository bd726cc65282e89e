"""Agent tools of the chat app: situation analysis, the calculators lawyers use daily, safe
arithmetic and web search. Each calculator result carries its legal basis."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, Field

from agents.tools import RunContext, ToolError, tool
from knowledge.websearch import web_search as run_web_search
from legal import calculators
from legal.text import arith, intent_rules
from legal.text.domains import domain_label, intent_label

_NEGATIVE = ("着急", "焦虑", "害怕", "担心", "气愤", "生气", "愤怒", "委屈", "无奈", "崩溃", "走投无路", "欺负", "骗")


class SituationParams(BaseModel):
    text: str = Field(description="用户描述的情况（原文）", min_length=1, max_length=30_000)


@tool(description="分析用户描述的法律情况：领域、意图、实体（人物、机构、金额、日期、期间、地点）与情绪。",
      parameters=SituationParams, timeout=5)
async def analyze_legal_situation(params: SituationParams, ctx: RunContext) -> dict[str, Any]:
    decision = intent_rules.classify(params.text)
    negative = [word for word in _NEGATIVE if word in params.text]
    return {
        "domain": decision.guess_domain, "domain_label": domain_label(decision.guess_domain),
        "intent": decision.guess_intent, "intent_label": intent_label(decision.guess_intent),
        "confidence": round(decision.confidence, 3),
        "entities": decision.entities.to_dict(),
        "sentiment": "negative" if negative else "neutral", "sentiment_cues": negative,
    }


def _result(calculation: calculators.CalculationResult) -> dict[str, Any]:
    return calculation.to_dict()


class CompensationParams(BaseModel):
    monthly_wage: float = Field(description="解除前十二个月平均月工资（元）", gt=0)
    service_months: int = Field(description="在本单位工作的月数", ge=0, le=12 * 60)
    local_average_monthly_wage: float | None = Field(
        None, description="当地上年度职工月平均工资（元），用于三倍封顶", gt=0)
    unlawful: bool = Field(False, description="违法解除（按第八十七条计二倍赔偿金）")
    with_notice_pay: bool = Field(False, description="是否加付一个月代通知金（N+1）")


@tool(description="计算解除劳动合同经济补偿（劳动合同法第四十七条）或违法解除赔偿金（第八十七条），含三倍封顶与十二年上限。",
      parameters=CompensationParams, timeout=5, retries=0)
async def calculate_severance(params: CompensationParams, ctx: RunContext) -> dict[str, Any]:
    try:
        if params.unlawful:
            return _result(calculators.unlawful_termination_damages(
                monthly_wage=params.monthly_wage, service_months=params.service_months,
                local_average_monthly_wage=params.local_average_monthly_wage))
        return _result(calculators.economic_compensation(
            monthly_wage=params.monthly_wage, service_months=params.service_months,
            local_average_monthly_wage=params.local_average_monthly_wage, with_notice_pay=params.with_notice_pay))
    except calculators.CalculatorInputError as exc:
        raise ToolError(str(exc)) from None


class DoubleWageParams(BaseModel):
    monthly_wage: float = Field(description="月工资（元）", gt=0)
    months_without_contract: int = Field(description="自用工之日起未签书面劳动合同的月数", ge=0, le=600)


@tool(description="计算未签书面劳动合同的二倍工资差额（劳动合同法第八十二条）。", parameters=DoubleWageParams,
      timeout=5, retries=0)
async def calculate_double_wage(params: DoubleWageParams, ctx: RunContext) -> dict[str, Any]:
    try:
        return _result(calculators.double_wage(monthly_wage=params.monthly_wage,
                                               months_without_contract=params.months_without_contract))
    except calculators.CalculatorInputError as exc:
        raise ToolError(str(exc)) from None


class FeeParams(BaseModel):
    case_type: Literal["property", "divorce", "personality", "labor", "ip", "administrative",
                       "administrative_special", "other_non_property"] = "property"
    amount: float | None = Field(None, description="诉讼请求金额（元）", ge=0)
    simple_procedure: bool = Field(False, description="适用简易程序（减半收取）")


@tool(description="计算案件受理费（《诉讼费用交纳办法》第十三条）。", parameters=FeeParams, timeout=5, retries=0)
async def calculate_litigation_fee(params: FeeParams, ctx: RunContext) -> dict[str, Any]:
    try:
        return _result(calculators.litigation_fee(case_type=params.case_type, amount=params.amount,
                                                  simple_procedure=params.simple_procedure))
    except calculators.CalculatorInputError as exc:
        raise ToolError(str(exc)) from None


class LimitationParams(BaseModel):
    known_on: date = Field(description="知道或者应当知道权利受到损害以及义务人之日（YYYY-MM-DD）")
    infringed_on: date | None = Field(None, description="权利受到损害之日")
    interrupted_on: date | None = Field(None, description="最近一次时效中断之日（催告、对方同意履行等）")


@tool(description="计算诉讼时效届满日（民法典第一百八十八条，三年普通时效、二十年最长保护期）。",
      parameters=LimitationParams, timeout=5, retries=0)
async def calculate_limitation_period(params: LimitationParams, ctx: RunContext) -> dict[str, Any]:
    try:
        return _result(calculators.limitation_period(known_on=params.known_on, infringed_on=params.infringed_on,
                                                     interrupted_on=params.interrupted_on))
    except calculators.CalculatorInputError as exc:
        raise ToolError(str(exc)) from None


class ArithmeticParams(BaseModel):
    expression: str = Field(description="算式，如 (8000*3+4000)/2", min_length=1, max_length=500)


@tool(description="安全计算四则运算算式（不执行任意代码）。", parameters=ArithmeticParams, timeout=2, retries=0)
async def calculate(params: ArithmeticParams, ctx: RunContext) -> dict[str, Any]:
    try:
        return {"expression": params.expression, "value": arith.evaluate(params.expression)}
    except arith.ArithmeticInputError as exc:
        raise ToolError(str(exc)) from None


class WebSearchParams(BaseModel):
    query: str = Field(description="检索词", min_length=1, max_length=500)
    max_results: int = Field(5, ge=1, le=10)


@tool(description="网络检索最新的新闻、政策与案例报道（未配置检索服务时返回“未配置网络搜索”）。",
      parameters=WebSearchParams, timeout=20, cache="news", shared_cache=True)
def web_search(params: WebSearchParams, ctx: RunContext) -> dict[str, Any]:
    return run_web_search(params.query, max_results=params.max_results).to_dict()
