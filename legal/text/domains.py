"""Domains, intents, domain SOPs and intent plans of legal Q&A (ARCHITECTURE §4), as data.

Nothing here runs an agent: the runtime reads these tables to pick specialists, give each its SOP
and decide what runs in parallel. Law names in ``key_laws`` are exact ``laws.law_name`` values of
the bundled statute corpus (a test checks them), so they can be used as search filters.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from knowledge.domains import GENERAL, domain_labels

# -- domains ---------------------------------------------------------------------------------------

NON_LEGAL: Final = "non_legal"
#: Domain code -> Chinese label, in the order of ARCHITECTURE §4: the legal domains of the
#: knowledge registry (knowledge/vocab/domains.toml), then non_legal for messages that are not legal.
DOMAINS: Final = MappingProxyType({**domain_labels(), NON_LEGAL: "非法律问题"})
#: The 20 legal domains (every domain but non_legal), general last.
LEGAL_DOMAINS: Final = tuple(code for code in DOMAINS if code != NON_LEGAL)
#: The 19 specialised legal domains (neither general nor non_legal).
SPECIALISED_DOMAINS: Final = tuple(code for code in LEGAL_DOMAINS if code != GENERAL)

# -- intents ---------------------------------------------------------------------------------------

INTENTS: Final = MappingProxyType(
    {
        "qa_retrieval": "法律问答",
        "case_analysis": "案情分析",
        "calculation": "计算",
        "document_drafting": "文书起草",
        "contract_review": "合同审查",
        "procedure_guidance": "程序指引",
        "non_legal": "非法律问题",
    }
)
QA_RETRIEVAL: Final = "qa_retrieval"
NON_LEGAL_INTENT: Final = "non_legal"
LEGAL_INTENTS: Final = tuple(code for code in INTENTS if code != NON_LEGAL_INTENT)


def domain_label(code: str) -> str:
    """综合咨询 for ``general``; raises KeyError for an unknown code."""
    return DOMAINS[code]


def intent_label(code: str) -> str:
    return INTENTS[code]


# -- agents ----------------------------------------------------------------------------------------

LEGAL_RESEARCH: Final = "legal_research"
CASE_ANALYSIS: Final = "case_analysis"
LEGAL_ADVISOR: Final = "legal_advisor"
DOCUMENT_DRAFTING: Final = "document_drafting"
GENERAL_AGENT: Final = "general"

#: Tool families a plan stage may add to its agents' own tools.
TOOLS_CALCULATORS: Final = "calculators"

# -- SOPs ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SopStep:
    name: str
    guidance: str


@dataclass(frozen=True)
class Sop:
    """A standard operating procedure: the steps an answer walks through, in order."""

    code: str
    steps: tuple[SopStep, ...]
    key_laws: tuple[str, ...] = ()

    @property
    def outline(self) -> str:
        """犯罪构成 → 罪名辨析 → 量刑情节 → 法条依据"""
        return " → ".join(step.name for step in self.steps)

    def as_prompt(self) -> str:
        """Numbered steps for a system prompt."""
        lines = [f"{i}. {step.name}：{step.guidance}" for i, step in enumerate(self.steps, start=1)]
        if self.key_laws:
            lines.append("重点法律：" + "、".join(f"《{law}》" for law in self.key_laws))
        return "\n".join(lines)


def _sop(code: str, steps: list[tuple[str, str]], laws: tuple[str, ...] = ()) -> Sop:
    return Sop(code=code, steps=tuple(SopStep(name, guidance) for name, guidance in steps), key_laws=laws)


_CIVIL_CODE = "中华人民共和国民法典"
_CIVIL_PROCEDURE = "中华人民共和国民事诉讼法"

DOMAIN_SOPS: Final = MappingProxyType(
    {
        "marriage_family": _sop(
            "marriage_family",
            [
                ("法律关系", "识别婚姻、亲子、收养、扶养或继承关系，及其成立、存续的时间节点"),
                ("争议焦点", "离婚与否、子女抚养、财产性质与分割、债务承担、继承份额中当事人真正争什么"),
                ("请求权基础", "逐项找到支持请求的民法典婚姻家庭编、继承编条文"),
                ("利益平衡", "子女利益最大化、照顾女方和无过错方、赡养扶助，给出可行方案"),
            ],
            (_CIVIL_CODE, "中华人民共和国反家庭暴力法", "中华人民共和国妇女权益保障法"),
        ),
        "labor": _sop(
            "labor",
            [
                ("劳动关系认定", "是否存在劳动关系、入职时间、书面合同、用工主体"),
                ("争议事由", "解除或终止的事由与程序是否合法，工资、加班、社保、工伤等争点"),
                ("请求权与计算", "经济补偿、赔偿金、二倍工资、加班费等逐项核算，列明计算基数与年限"),
                ("程序与时效", "劳动仲裁前置、一年仲裁时效、管辖与证据"),
            ],
            (
                "中华人民共和国劳动合同法",
                "中华人民共和国劳动法",
                "中华人民共和国劳动争议调解仲裁法",
                "中华人民共和国社会保险法",
            ),
        ),
        "traffic_accident": _sop(
            "traffic_accident",
            [
                ("事故责任认定", "交通事故认定书的责任划分，对认定不服的复核途径"),
                ("赔偿主体", "交强险、商业三者险、驾驶人、车辆所有人或管理人的责任顺序"),
                ("损失项目", "医疗费、误工费、护理费、残疾或死亡赔偿金、财产损失逐项列明"),
                ("程序与证据", "调解、诉讼、管辖法院与所需证据"),
            ],
            ("中华人民共和国道路交通安全法", _CIVIL_CODE),
        ),
        "debt": _sop(
            "debt",
            [
                ("债权债务成立", "借贷合意、款项交付、借条欠条与转账记录"),
                ("履行与违约", "还款期限、逾期事实、保证或抵押等增信"),
                ("利息与责任", "约定利率是否超过法定上限、逾期利息、违约金"),
                ("时效与执行", "诉讼时效是否届满或中断、起诉、保全与强制执行"),
            ],
            (_CIVIL_CODE, _CIVIL_PROCEDURE),
        ),
        "criminal": _sop(
            "criminal",
            [
                ("犯罪构成", "主体、主观方面、客体、客观方面逐项对照事实"),
                ("罪名辨析", "此罪与彼罪、罪与非罪、一罪与数罪"),
                ("量刑情节", "法定刑幅度、自首立功、坦白、退赃退赔、谅解、从犯、未成年等情节"),
                ("法条依据", "刑法分则罪名条文、总则量刑条文及刑事诉讼法程序条文"),
            ],
            ("中华人民共和国刑法", "中华人民共和国刑事诉讼法"),
        ),
        "contract": _sop(
            "contract",
            [
                ("合同成立与效力", "要约承诺、形式、主体资格，是否无效或可撤销"),
                ("权利义务", "约定的主要义务、履行期限与方式、附随义务"),
                ("违约认定", "违约事实、违约形态、抗辩权与免责事由（不可抗力等）"),
                ("救济路径", "继续履行、解除、违约金调整、损失赔偿、定金罚则"),
            ],
            (_CIVIL_CODE,),
        ),
        "real_estate": _sop(
            "real_estate",
            [
                ("权属与登记", "所有权、预告登记、抵押与查封状态"),
                ("合同效力与履行", "买卖、租赁或物业合同的效力、交付与过户义务"),
                ("违约或侵权责任", "逾期交房、一房二卖、相邻关系、房屋质量责任"),
                ("救济与风险", "解除、违约金、继续履行，买卖不破租赁等特殊保护"),
            ],
            (_CIVIL_CODE, "中华人民共和国城市房地产管理法"),
        ),
        "tort": _sop(
            "tort",
            [
                ("侵权行为", "加害行为及侵害的权益（人身、财产、人格权）"),
                ("损害后果", "实际损失、精神损害"),
                ("因果关系", "行为与损害之间的因果联系"),
                ("归责与责任主体", "过错、过错推定或无过错责任，共同侵权与责任分担"),
            ],
            (_CIVIL_CODE, "中华人民共和国个人信息保护法"),
        ),
        "company": _sop(
            "company",
            [
                ("公司与股东关系", "公司类型、章程、出资与股权结构"),
                ("权利受损情形", "知情权、分红权、表决权、优先购买权或公司利益受损"),
                ("内部救济", "股东会、董事会、监事会与章程约定的救济"),
                ("诉讼路径", "决议撤销或无效、股东代表诉讼、回购请求、解散公司"),
            ],
            ("中华人民共和国公司法",),
        ),
        "medical": _sop(
            "medical",
            [
                ("诊疗关系与过错", "诊疗行为是否符合规范，告知同意义务是否履行"),
                ("损害与因果", "损害后果与诊疗行为的因果关系，医疗损害鉴定"),
                ("责任比例", "医方过错参与度与患者自身疾病因素"),
                ("赔偿与程序", "病历封存、鉴定、调解或诉讼及赔偿项目"),
            ],
            (_CIVIL_CODE, "中华人民共和国基本医疗卫生与健康促进法", "中华人民共和国医师法"),
        ),
        "demolition": _sop(
            "demolition",
            [
                ("征收主体与程序", "征收决定、公告、评估、补偿方案的程序是否合法"),
                ("补偿范围与标准", "房屋价值、搬迁、临时安置、停产停业损失，土地与青苗补偿"),
                ("安置方式", "货币补偿或产权调换，安置对象资格"),
                ("救济途径", "行政复议、行政诉讼、国家赔偿及其期限"),
            ],
            (
                "中华人民共和国土地管理法",
                _CIVIL_CODE,
                "中华人民共和国行政诉讼法",
                "中华人民共和国行政复议法",
            ),
        ),
        "administrative": _sop(
            "administrative",
            [
                ("行政行为识别", "哪个机关作出何种行政行为，是否可诉"),
                ("合法性审查", "职权、事实与证据、程序（告知、陈述申辩、听证）、法律适用"),
                ("救济途径", "行政复议、行政诉讼或国家赔偿的选择"),
                ("期限与管辖", "复议与起诉期限、管辖机关或法院"),
            ],
            (
                "中华人民共和国行政诉讼法",
                "中华人民共和国行政复议法",
                "中华人民共和国行政处罚法",
                "中华人民共和国国家赔偿法",
            ),
        ),
        "construction": _sop(
            "construction",
            [
                ("合同效力", "资质、招投标、转包违法分包、挂靠对效力的影响"),
                ("价款与结算", "工程价款、结算与审计、欠款利息"),
                ("质量与工期", "工程质量、竣工验收、保修与工期延误责任"),
                ("特别保护", "建设工程价款优先受偿权、实际施工人权利"),
            ],
            (_CIVIL_CODE, "中华人民共和国建筑法", "中华人民共和国招标投标法"),
        ),
        "intellectual_property": _sop(
            "intellectual_property",
            [
                ("权利基础", "权利类型、权属、登记与保护期"),
                ("侵权比对", "被诉行为与权利的相同或近似、接触与实质性相似"),
                ("抗辩事由", "合理使用、先用权、权利用尽、合法来源"),
                ("赔偿计算", "实际损失、侵权获利、许可费倍数或法定赔偿"),
            ],
            (
                "中华人民共和国著作权法",
                "中华人民共和国商标法",
                "中华人民共和国专利法",
                "中华人民共和国反不正当竞争法",
            ),
        ),
        "personal_injury": _sop(
            "personal_injury",
            [
                ("侵权事实与主体", "谁造成了什么伤害，直接侵权人与安全保障义务人"),
                ("过错与责任比例", "各方过错、受害人过错与责任减轻"),
                ("赔偿项目", "医疗费、误工费、护理费、交通费、伤残或死亡赔偿金、精神损害抚慰金"),
                ("证据与鉴定", "病历票据、伤残鉴定、收入证明"),
            ],
            (_CIVIL_CODE,),
        ),
        "foreign": _sop(
            "foreign",
            [
                ("涉外因素识别", "当事人国籍或经常居所、标的物所在地、法律事实发生地"),
                ("管辖", "中国法院管辖或仲裁协议的效力"),
                ("法律适用", "协议选择的法律或冲突规范指向的准据法"),
                ("承认与执行", "外国判决、裁决的承认执行与文书认证"),
            ],
            (
                "中华人民共和国涉外民事关系法律适用法",
                _CIVIL_PROCEDURE,
                "中华人民共和国外商投资法",
                "中华人民共和国出境入境管理法",
            ),
        ),
        "maritime": _sop(
            "maritime",
            [
                ("海事法律关系", "海上货物运输、船舶碰撞、海难救助、共同海损或船员劳务"),
                ("责任基础与免责", "承运人责任期间、过失与免责事由"),
                ("责任限制", "单位赔偿责任限制与海事赔偿责任限制"),
                ("海事程序", "海事法院专门管辖、海事请求保全与时效"),
            ],
            ("中华人民共和国海商法", "中华人民共和国海事诉讼特别程序法"),
        ),
        "consumer": _sop(
            "consumer",
            [
                ("消费关系", "消费者身份、经营者与平台"),
                ("经营者违法行为", "欺诈、质量缺陷、虚假宣传、不公平格式条款"),
                ("责任形式", "修理更换退货、退一赔三、十倍赔偿"),
                ("维权途径", "协商、12315投诉、调解、诉讼"),
            ],
            (
                "中华人民共和国消费者权益保护法",
                "中华人民共和国食品安全法",
                "中华人民共和国产品质量法",
                "中华人民共和国电子商务法",
            ),
        ),
        "security_interest": _sop(
            "security_interest",
            [
                ("主债权与担保关系", "主合同与担保合同的成立与效力"),
                ("担保方式与效力", "保证方式、抵押质押登记或交付、流押条款"),
                ("担保范围与期间", "担保范围、保证期间与诉讼时效"),
                ("实现与顺位", "实现方式、清偿顺序、追偿权"),
            ],
            (_CIVIL_CODE,),
        ),
        "general": _sop(
            "general",
            [
                ("问题定性", "属于哪类法律关系或程序问题"),
                ("适用规则", "找到直接适用的法律条文"),
                ("程序与期限", "时效、期限、管辖与所需材料"),
                ("风险提示", "证据、费用与不确定性，何时需要律师"),
            ],
            (_CIVIL_CODE, _CIVIL_PROCEDURE, "中华人民共和国法律援助法"),
        ),
    }
)

#: The next steps of an answer in the general domain, whose SOP steps are about analysing, not acting.
GENERAL_NEXT_STEPS: Final = (
    SopStep("证据", "保留与争议有关的合同、收据、聊天记录、转账记录、照片等材料，按时间顺序整理"),
    SopStep("程序", "先协商或申请调解；协商不成的，向有管辖权的人民法院起诉，或依约定申请仲裁、向主管机关投诉"),
)

#: Used instead of the domain SOP by procedure_guidance.
PROCEDURE_SOP: Final = _sop(
    "procedure",
    [
        ("主管与管辖", "找哪个机关：法院、仲裁委、行政机关，哪一个地域和级别"),
        ("前置程序与期限", "是否须先仲裁或复议，时效与各阶段期限"),
        ("材料与证据", "需要准备的身份、事实与证据材料"),
        ("办理步骤", "按顺序列出每一步及其结果"),
        ("费用与风险", "费用、周期与常见风险"),
    ],
    (_CIVIL_PROCEDURE,),
)
#: Used by the document_drafting agent.
DRAFTING_SOP: Final = _sop(
    "drafting",
    [
        ("文书类型", "确定文书种类与必备要素"),
        ("当事人信息", "各方名称、身份信息与联系方式，缺失的列为待补充"),
        ("请求或条款", "诉讼请求、申请事项或合同主要条款"),
        ("事实与理由", "事实经过、证据与法律依据"),
        ("落款与附件", "签署、日期、证据清单与副本份数"),
    ],
)
#: Used by contract_review.
CONTRACT_REVIEW_SOP: Final = _sop(
    "contract_review",
    [
        ("主体与效力", "签约主体资格、合同效力与必要形式"),
        ("核心权利义务", "标的、价款、履行期限与方式是否明确对等"),
        ("违约与解除", "违约责任、违约金高低、解除条件是否公平"),
        ("争议解决", "管辖法院或仲裁机构、适用法律"),
        ("风险与修改建议", "逐条指出风险并给出修改文本"),
    ],
    (_CIVIL_CODE,),
)


def domain_sop(domain: str) -> Sop:
    """The SOP of a legal domain; non_legal and unknown codes get the general SOP."""
    return DOMAIN_SOPS.get(domain, DOMAIN_SOPS[GENERAL])


# -- intent plans ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlanStage:
    """Agents of one stage run in parallel; a stage starts when the previous one has finished."""

    agents: tuple[str, ...]
    tools: tuple[str, ...] = ()


@dataclass(frozen=True)
class IntentPlan:
    intent: str
    stages: tuple[PlanStage, ...]
    #: Which SOP guides the agents: domain | procedure | drafting | contract_review | none
    sop: str
    description: str

    @property
    def agents(self) -> tuple[str, ...]:
        """Every agent of the plan, in order of first appearance."""
        seen: dict[str, None] = {}
        for stage in self.stages:
            for agent in stage.agents:
                seen.setdefault(agent, None)
        return tuple(seen)

    @property
    def outline(self) -> str:
        """legal_research ∥ case_analysis → legal_advisor"""
        parts = []
        for stage in self.stages:
            text = " ∥ ".join(stage.agents)
            if stage.tools:
                text += " + " + " + ".join(stage.tools)
            parts.append(text)
        return " → ".join(parts)


INTENT_PLANS: Final = MappingProxyType(
    {
        "qa_retrieval": IntentPlan(
            "qa_retrieval",
            (PlanStage((LEGAL_RESEARCH,)),),
            "domain",
            "检索法条并直接作答",
        ),
        "case_analysis": IntentPlan(
            "case_analysis",
            (PlanStage((LEGAL_RESEARCH, CASE_ANALYSIS)), PlanStage((LEGAL_ADVISOR,))),
            "domain",
            "法条检索与类案分析并行，再由法律顾问综合",
        ),
        "calculation": IntentPlan(
            "calculation",
            (PlanStage((LEGAL_RESEARCH,), (TOOLS_CALCULATORS,)), PlanStage((LEGAL_ADVISOR,))),
            "domain",
            "检索计算依据并调用计算器，再由法律顾问解释结果",
        ),
        "procedure_guidance": IntentPlan(
            "procedure_guidance",
            (PlanStage((LEGAL_RESEARCH,)),),
            "procedure",
            "按程序指引 SOP 检索并给出办理步骤",
        ),
        "document_drafting": IntentPlan(
            "document_drafting",
            (PlanStage((LEGAL_RESEARCH,)), PlanStage((DOCUMENT_DRAFTING,))),
            "drafting",
            "检索文书所需法律依据，再起草文书",
        ),
        "contract_review": IntentPlan(
            "contract_review",
            (PlanStage((LEGAL_RESEARCH,)), PlanStage((LEGAL_ADVISOR,))),
            "contract_review",
            "按合同审查 SOP 逐条检索风险，再由法律顾问给出修改建议",
        ),
        "non_legal": IntentPlan(
            "non_legal",
            (PlanStage((GENERAL_AGENT,)),),
            "none",
            "通用助手简短回答，并提示可咨询法律问题",
        ),
    }
)


def intent_plan(intent: str) -> IntentPlan:
    """The plan of an intent; unknown codes get the qa_retrieval plan."""
    return INTENT_PLANS.get(intent, INTENT_PLANS[QA_RETRIEVAL])


def sop_for(domain: str, intent: str) -> Sop | None:
    """The SOP an agent gets for a routed (domain, intent); None for non-legal questions."""
    kind = intent_plan(intent).sop
    if kind == "none" or domain == NON_LEGAL:
        return None
    return {
        "procedure": PROCEDURE_SOP,
        "drafting": DRAFTING_SOP,
        "contract_review": CONTRACT_REVIEW_SOP,
    }.get(kind, domain_sop(domain))
