# ruff: noqa: E501 -- the templates' Chinese text reads best unwrapped
"""The shipped templates: for each, its field schema, its body (blocks that
``scripts/build_templates.py`` writes into ``drafting/templates_docx/<slug>.docx``) and sample
values (tests and ``bench/drafting.py`` render every template with them).

The 要素式 complaints follow the structure of the Supreme People's Court's 2025 示范文本
(法〔2025〕82号): 当事人信息, 诉讼请求, 约定管辖和诉前保全, 事实与理由 element by element, 对纠纷解决方式
的意愿, 具状人. The narrative 民事起诉状 and 民事答辩状 follow the 2016 《民事诉讼文书样式》.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any, Final

from drafting.schema import Field, field, group

# -- reusable fields --------------------------------------------------------------------------------

PARTY_KINDS: Final = ("自然人", "法人", "非法人组织")


def party_fields() -> list[Field]:
    return [
        field("kind", "类型", "choice", choices=PARTY_KINDS),
        field("name", "姓名/名称", required=True),
        field("gender", "性别", "choice", choices=("男", "女")),
        field("birth_date", "出生日期", "date"),
        field("ethnicity", "民族"),
        field("id_number", "公民身份号码", "id_number"),
        field("credit_code", "统一社会信用代码", "credit_code"),
        field("representative", "法定代表人/负责人"),
        field("title", "职务"),
        field("address", "住所/住址"),
        field("phone", "联系电话", "phone"),
    ]


def parties(name: str, label: str, *, required: bool = True) -> Field:
    return group(name, label, party_fields(), required=required, many=True)


def agent_group() -> Field:
    return group("agents", "委托诉讼代理人", [
        field("name", "姓名", required=True), field("firm", "单位（律师事务所）"), field("phone", "联系电话", "phone"),
    ])


def claims_group(label: str = "诉讼请求") -> Field:
    return group("claims", label, [field("text", "请求事项", "textarea", required=True)], required=True)


COURT: Final = field("court", "受诉人民法院", required=True)
SIGN_DATE: Final = field("sign_date", "具状日期", "date", required=True)
EVIDENCE: Final = group("evidence", "证据", [field("name", "证据名称", required=True), field("purpose", "证明目的")])
MEDIATION: Final = field("mediation", "是否愿意调解", "choice", choices=("愿意", "不愿意", "暂不确定"))

# -- shared bodies ----------------------------------------------------------------------------------

PARTY_BLOCKS: Final = (
    ("for", "p in plaintiffs", [("p", "原告：{{ p|party }}")]),
    ("for", "a in agents", [("p", "委托诉讼代理人：{{ a.name }}{% if a.firm %}，{{ a.firm }}{% endif %}"
                              "{% if a.phone %}，联系电话{{ a.phone }}{% endif %}。")]),
    ("for", "p in defendants", [("p", "被告：{{ p|party }}")]),
    ("for", "p in third_parties", [("p", "第三人：{{ p|party }}")]),
)
CLAIM_BLOCKS: Final = (
    ("h", "诉讼请求："),
    ("for", "c in claims", [("p", "{{ loop.index }}. {{ c.text }}")]),
)
CLOSING: Final = (
    ("p", "此致"),
    ("left", "{{ court }}"),
    ("blank",),
    ("right", "具状人（签字）：{% for p in plaintiffs %}{{ p.name }}{% if not loop.last %}、{% endif %}{% endfor %}"),
    ("right", "{{ sign_date|cn_date }}"),
    ("blank",),
    ("left", "附：本诉状副本{{ copies }}份"),
)
SIGNATURE: Final = (
    *CLOSING,
    ("if", "evidence", [("left", "证据清单："),
                        ("for", "e in evidence", [("left", "{{ loop.index }}. {{ e.name }}"
                                                   "{% if e.purpose %}（证明{{ e.purpose|purpose }}）{% endif %}")])]),
)

# -- 要素式 complaint tables ---------------------------------------------------------------------------


def elements_rows(elements: list[tuple[str, Any]]) -> list[tuple]:
    """The 要素式 table: parties, claims, jurisdiction, the case's own elements, willingness."""
    party_cell = lambda var: [("for", f"p in {var}", [("left", "{{ p|party }}")])]  # noqa: E731
    return [
        ("section", "当事人信息"),
        ("原告", party_cell("plaintiffs")),
        ("委托诉讼代理人", [("for", "a in agents", [("left", "{{ a.name }}{% if a.firm %}，{{ a.firm }}{% endif %}"
                                                     "{% if a.phone %}，{{ a.phone }}{% endif %}")])]),
        ("被告", party_cell("defendants")),
        ("第三人", [*party_cell("third_parties"), ("if", "not third_parties", [("left", "无")])]),
        ("section", "诉讼请求和依据"),
        ("诉讼请求", [("for", "c in claims", [("left", "{{ loop.index }}. {{ c.text }}")])]),
        ("标的总额", "{% if total %}{{ total|yuan }}元（{{ total|rmb }}）{% endif %}{% if total_note %}{{ total_note }}{% endif %}"),
        ("请求依据", [("for", "line in legal_basis|paras", [("left", "{{ line }}")])]),
        ("约定管辖和诉前保全", "{{ jurisdiction }}"),
        ("section", "事实与理由"),
        *[(label, value) for label, value in elements],
        ("其他需要说明的内容", [("for", "line in facts|paras", [("left", "{{ line }}")])]),
        ("证据清单", [("for", "e in evidence", [("left", "{{ loop.index }}. {{ e.name }}"
                                                 "{% if e.purpose %}（证明{{ e.purpose|purpose }}）{% endif %}")])]),
        ("section", "对纠纷解决方式的意愿"),
        ("是否愿意调解", "{{ mediation }}"),
    ]


def elements_complaint(case_type: str, elements: list[tuple[str, Any]]) -> list[tuple]:
    return [
        ("title", "民事起诉状"),
        ("center", f"（{case_type}）"),
        ("table", elements_rows(elements)),
        *CLOSING,
    ]


def complaint_fields(extra: list[Field], *, facts_required: bool = False) -> list[Field]:
    return [
        parties("plaintiffs", "原告"), agent_group(), parties("defendants", "被告"),
        parties("third_parties", "第三人", required=False), claims_group(),
        field("total", "诉讼标的总额", "amount"),
        field("total_note", "标的总额说明（如：本金＋利息暂计）"),
        field("legal_basis", "请求依据（法律依据）", "textarea"),
        field("jurisdiction", "约定管辖和诉前保全", "textarea"),
        *extra,
        field("facts", "其他事实与理由", "textarea", required=facts_required),
        EVIDENCE, MEDIATION, COURT, SIGN_DATE,
    ]


# -- samples ----------------------------------------------------------------------------------------

PERSON_A: Final = {"kind": "自然人", "name": "王小明", "gender": "男", "birth_date": "1985-06-01", "ethnicity": "汉族",
                   "id_number": "11010519491231002X", "address": "北京市朝阳区建国路1号", "phone": "13800138000"}
PERSON_B: Final = {"kind": "自然人", "name": "李华", "gender": "女", "birth_date": "1990-02-03", "ethnicity": "汉族",
                   "address": "北京市海淀区中关村大街2号", "phone": "13900139000"}
COMPANY: Final = {"kind": "法人", "name": "北京某某科技有限公司", "credit_code": "91110000600037341L",
                  "representative": "赵强", "title": "总经理", "address": "北京市东城区东长安街3号",
                  "phone": "010-65123456"}
COMMON_SAMPLE: Final = {
    "plaintiffs": [PERSON_A], "defendants": [PERSON_B],
    "agents": [{"name": "陈律师", "firm": "北京某某律师事务所", "phone": "13700137000"}],
    "court": "北京市朝阳区人民法院", "sign_date": "2025-03-01",
    "evidence": [{"name": "借条", "purpose": "借款事实"}, {"name": "转账记录", "purpose": "款项已交付"}],
}


@dataclass(frozen=True)
class Shipped:
    slug: str
    name: str
    category: str
    description: str
    keywords: str
    fields: list[Field]
    blocks: list[tuple]
    sample: dict[str, Any] = dc_field(default_factory=dict)


def _sample(**extra: Any) -> dict[str, Any]:
    """A 要素式 complaint's sample: the common parties plus the case's own elements."""
    return {**COMMON_SAMPLE, "mediation": "愿意", **extra}


# -- the templates ----------------------------------------------------------------------------------

NARRATIVE_COMPLAINT = Shipped(
    slug="civil-complaint", name="民事起诉状", category="起诉状",
    description="民事起诉状（文字叙述式，2016年《民事诉讼文书样式》）。适用于各类民事纠纷。",
    keywords="民事 起诉状 侵权 其他纠纷",
    fields=[parties("plaintiffs", "原告"), agent_group(), parties("defendants", "被告"),
            parties("third_parties", "第三人", required=False), claims_group(),
            field("facts", "事实与理由", "textarea", required=True), EVIDENCE, COURT, SIGN_DATE],
    blocks=[("title", "民事起诉状"), *PARTY_BLOCKS, *CLAIM_BLOCKS, ("h", "事实与理由："),
            ("for", "line in facts|paras", [("p", "{{ line }}")]), *SIGNATURE],
    sample=dict(COMMON_SAMPLE, claims=[{"text": "判令被告偿还借款本金人民币50,000元；"}, {"text": "判令被告承担本案诉讼费用。"}],
                   facts="2024年1月10日，被告向原告借款5万元，约定于2024年6月30日归还。\n到期后经原告多次催要，被告至今未还。"),
)

LOAN_COMPLAINT = Shipped(
    slug="complaint-private-loan", name="民事起诉状（民间借贷纠纷）", category="起诉状",
    description="要素式民事起诉状，民间借贷纠纷（法〔2025〕82号示范文本）。借款、借条、欠钱不还。",
    keywords="民间借贷 借款 借条 借给 借了 借钱 借我 欠钱 不还 欠款 还款 利息 要素式",
    fields=complaint_fields([
        field("principal", "借款本金", "amount", required=True),
        field("loan_date", "借款日期", "date", required=True),
        field("due_date", "约定还款日期", "date"),
        field("interest_terms", "利息约定"),
        field("delivery", "款项交付方式（现金/转账）"),
        field("repaid", "已还款金额", "amount"),
        field("guarantee", "担保情况"),
    ]),
    blocks=elements_complaint("民间借贷纠纷", [
        ("借款本金", "{% if principal %}{{ principal|yuan }}元（{{ principal|rmb }}）{% endif %}"),
        ("借款日期", "{{ loan_date|cn_date }}"),
        ("约定还款日期", "{{ due_date|cn_date }}"),
        ("利息约定", "{{ interest_terms }}"),
        ("款项交付方式", "{{ delivery }}"),
        ("已还款金额", "{% if repaid %}{{ repaid|yuan }}元{% endif %}"),
        ("担保情况", "{{ guarantee }}"),
    ]),
    sample=_sample(claims=[{"text": "判令被告偿还借款本金50,000元"}, {"text": "判令被告承担诉讼费用"}],
                   total="50000", principal="50000", loan_date="2024-01-10", due_date="2024-06-30",
                   interest_terms="未约定利息", delivery="银行转账", repaid="0", guarantee="无",
                   facts="到期后原告多次催要，被告至今未还。"),
)

SALE_COMPLAINT = Shipped(
    slug="complaint-sales-contract", name="民事起诉状（买卖合同纠纷）", category="起诉状",
    description="要素式民事起诉状，买卖合同纠纷。货款、拖欠货款、交付货物、质量问题。",
    keywords="买卖合同 货款 货物 交付 质量 要素式",
    fields=complaint_fields([
        field("contract_date", "合同签订日期", "date", required=True),
        field("goods", "标的物（名称、数量、规格）", required=True),
        field("price", "合同价款", "amount", required=True),
        field("paid", "已付款", "amount"),
        field("delivery", "交付情况"),
        field("breach", "违约情况"),
        field("penalty_terms", "违约金或损失约定"),
    ]),
    blocks=elements_complaint("买卖合同纠纷", [
        ("合同签订情况", "{{ contract_date|cn_date }}签订买卖合同"),
        ("标的物", "{{ goods }}"),
        ("合同价款", "{% if price %}{{ price|yuan }}元（{{ price|rmb }}）{% endif %}"),
        ("已付款", "{% if paid %}{{ paid|yuan }}元{% endif %}"),
        ("交付情况", "{{ delivery }}"),
        ("违约情况", "{{ breach }}"),
        ("违约金或损失约定", "{{ penalty_terms }}"),
    ]),
    sample=_sample(plaintiffs=[COMPANY], claims=[{"text": "判令被告支付货款120,000元"}], total="120000",
                   contract_date="2024-03-01", goods="钢材100吨", price="300000", paid="180000",
                   delivery="原告已于2024年4月1日交付全部货物", breach="被告未按约支付剩余货款",
                   penalty_terms="逾期付款按日万分之五支付违约金"),
)

LABOR_COMPLAINT = Shipped(
    slug="complaint-labor", name="民事起诉状（劳动争议纠纷）", category="起诉状",
    description="要素式民事起诉状，劳动争议纠纷。拖欠工资、经济补偿、未签劳动合同二倍工资、违法解除。",
    keywords="劳动争议 工资 辞退 解除 经济补偿 二倍工资 仲裁 要素式",
    fields=complaint_fields([
        field("entry_date", "入职日期", "date", required=True),
        field("leave_date", "离职日期", "date"),
        field("position", "工作岗位"),
        field("monthly_wage", "月工资", "amount", required=True),
        field("contract_signed", "是否签订书面劳动合同", "choice", choices=("是", "否")),
        field("termination", "解除或终止劳动关系的情况"),
        field("arbitration", "劳动仲裁情况（仲裁委、案号、裁决结果）", required=True),
    ]),
    blocks=elements_complaint("劳动争议纠纷", [
        ("入职日期", "{{ entry_date|cn_date }}"),
        ("离职日期", "{{ leave_date|cn_date }}"),
        ("工作岗位", "{{ position }}"),
        ("月工资", "{% if monthly_wage %}{{ monthly_wage|yuan }}元{% endif %}"),
        ("是否签订书面劳动合同", "{{ contract_signed }}"),
        ("解除或终止情况", "{{ termination }}"),
        ("劳动仲裁情况", "{{ arbitration }}"),
    ]),
    sample=_sample(defendants=[COMPANY], claims=[{"text": "判令被告支付违法解除劳动合同赔偿金32,000元"}],
                   total="32000", entry_date="2022-03-01", leave_date="2024-03-15", position="销售",
                   monthly_wage="8000", contract_signed="是", termination="被告以业绩不达标为由口头辞退",
                   arbitration="北京市朝阳区劳动人事争议仲裁委员会不予受理"),
)

TRAFFIC_COMPLAINT = Shipped(
    slug="complaint-traffic-accident", name="民事起诉状（机动车交通事故责任纠纷）", category="起诉状",
    description="要素式民事起诉状，机动车交通事故责任纠纷。车祸、撞伤、保险理赔、医疗费、误工费。",
    keywords="交通事故 车祸 保险 医疗费 误工费 赔偿 要素式",
    fields=complaint_fields([
        field("accident_date", "事故发生时间", "date", required=True),
        field("accident_place", "事故发生地点", required=True),
        field("liability", "事故责任认定", required=True),
        field("vehicle", "肇事车辆及投保情况"),
        field("injury", "伤情及治疗情况"),
        field("medical_cost", "医疗费", "amount"),
        field("lost_income", "误工费", "amount"),
        field("other_losses", "其他损失"),
    ]),
    blocks=elements_complaint("机动车交通事故责任纠纷", [
        ("事故发生时间", "{{ accident_date|cn_date }}"),
        ("事故发生地点", "{{ accident_place }}"),
        ("事故责任认定", "{{ liability }}"),
        ("肇事车辆及投保情况", "{{ vehicle }}"),
        ("伤情及治疗情况", "{{ injury }}"),
        ("医疗费", "{% if medical_cost %}{{ medical_cost|yuan }}元{% endif %}"),
        ("误工费", "{% if lost_income %}{{ lost_income|yuan }}元{% endif %}"),
        ("其他损失", "{{ other_losses }}"),
    ]),
    sample=_sample(claims=[{"text": "判令被告赔偿医疗费、误工费共计45,000元"}], total="45000",
                   accident_date="2024-05-20", accident_place="北京市朝阳区东三环与建国路交叉口",
                   liability="被告负事故全部责任", vehicle="京A12345，在某保险公司投保交强险及商业三者险",
                   injury="右腿骨折，住院15天", medical_cost="30000", lost_income="15000", other_losses="无"),
)

DIVORCE_COMPLAINT = Shipped(
    slug="complaint-divorce", name="民事起诉状（离婚纠纷）", category="起诉状",
    description="要素式民事起诉状，离婚纠纷。离婚、子女抚养、财产分割、夫妻共同债务。",
    keywords="离婚 抚养 抚养费 财产分割 婚姻 要素式",
    fields=complaint_fields([
        field("marriage_date", "结婚登记日期", "date", required=True),
        field("marriage_place", "结婚登记机关"),
        field("separation", "感情破裂的情况（分居等）"),
        group("children", "子女", [field("name", "姓名", required=True), field("birth_date", "出生日期", "date"),
                                    field("custody", "抚养意愿")]),
        field("child_support", "抚养费（每月）", "amount"),
        field("property", "夫妻共同财产", "textarea"),
        field("debts", "夫妻共同债务", "textarea"),
    ]),
    blocks=elements_complaint("离婚纠纷", [
        ("结婚登记", "{{ marriage_date|cn_date }}{% if marriage_place %}在{{ marriage_place }}{% endif %}登记结婚"),
        ("感情破裂的情况", "{{ separation }}"),
        ("子女情况", [("for", "k in children", [("left", "{{ k.name }}{% if k.birth_date %}，{{ k.birth_date|cn_date }}出生"
                                                  "{% endif %}{% if k.custody %}，{{ k.custody }}{% endif %}")])]),
        ("抚养费", "{% if child_support %}每月{{ child_support|yuan }}元{% endif %}"),
        ("夫妻共同财产", [("for", "line in property|paras", [("left", "{{ line }}")])]),
        ("夫妻共同债务", [("for", "line in debts|paras", [("left", "{{ line }}")])]),
    ]),
    sample=_sample(claims=[{"text": "判令原告与被告离婚"}, {"text": "婚生子由原告抚养，被告每月支付抚养费2,000元"}],
                   marriage_date="2015-10-01", marriage_place="北京市朝阳区民政局", separation="双方自2023年1月起分居",
                   children=[{"name": "王小宝", "birth_date": "2017-05-01", "custody": "随原告生活"}],
                   child_support="2000", property="位于朝阳区的房产一套", debts="无"),
)

ANSWER = Shipped(
    slug="civil-answer", name="民事答辩状", category="答辩状",
    description="民事答辩状（公民或法人对民事起诉提出答辩，2016年《民事诉讼文书样式》）。",
    keywords="答辩 应诉 被告 反驳",
    fields=[parties("respondents", "答辩人"), agent_group(), field("case_number", "案号"),
            field("plaintiff_names", "原告", required=True), field("case_cause", "案由", required=True),
            field("answer", "答辩意见", "textarea", required=True), EVIDENCE, COURT, SIGN_DATE],
    blocks=[("title", "民事答辩状"),
            ("for", "p in respondents", [("p", "答辩人：{{ p|party }}")]),
            ("for", "a in agents", [("p", "委托诉讼代理人：{{ a.name }}{% if a.firm %}，{{ a.firm }}{% endif %}。")]),
            ("p", "对{{ plaintiff_names }}{% if case_number %}（{{ case_number }}）{% endif %}"
                  "{{ case_cause }}一案的起诉，答辩如下："),
            ("for", "line in answer|paras", [("p", "{{ line }}")]),
            ("if", "evidence", [("left", "证据和证据来源，证人姓名和住所："),
                                ("for", "e in evidence", [("left", "{{ loop.index }}. {{ e.name }}")])]),
            ("p", "此致"), ("left", "{{ court }}"), ("blank",),
            ("right", "答辩人：{% for p in respondents %}{{ p.name }}{% if not loop.last %}、{% endif %}{% endfor %}"),
            ("right", "{{ sign_date|cn_date }}"), ("blank",),
            ("left", "附：本答辩状副本{{ copies }}份")],
    sample={"respondents": [PERSON_B], "agents": COMMON_SAMPLE["agents"], "court": "北京市朝阳区人民法院",
            "sign_date": "2025-04-01", "evidence": [{"name": "还款转账记录"}], "plaintiff_names": "王小明", "case_number": "（2025）京0105民初123号",
            "case_cause": "民间借贷纠纷", "answer": "一、答辩人已于2024年6月归还全部借款。\n二、原告的诉讼请求缺乏事实依据，请求驳回。"},
)

ADMIN_COMPLAINT = Shipped(
    slug="administrative-complaint", name="行政起诉状", category="起诉状",
    description="行政起诉状。不服行政处罚、行政许可、政府信息公开等行政行为。",
    keywords="行政诉讼 行政处罚 行政机关 政府 复议",
    fields=[parties("plaintiffs", "原告"), agent_group(),
            group("defendants", "被告（行政机关）", [field("name", "机关名称", required=True), field("address", "住所地"),
                                               field("representative", "法定代表人"), field("title", "职务"),
                                               field("phone", "联系电话", "phone")], required=True),
            field("action", "被诉行政行为（名称、文号、作出日期）", required=True),
            field("reconsideration", "行政复议情况"), claims_group(),
            field("facts", "事实与理由", "textarea", required=True), EVIDENCE, COURT, SIGN_DATE],
    blocks=[("title", "行政起诉状"),
            ("for", "p in plaintiffs", [("p", "原告：{{ p|party }}")]),
            ("for", "a in agents", [("p", "委托诉讼代理人：{{ a.name }}{% if a.firm %}，{{ a.firm }}{% endif %}。")]),
            ("for", "p in defendants", [("p", "被告：{{ p.name }}{% if p.address %}，住所地{{ p.address }}{% endif %}"
                                              "{% if p.representative %}，法定代表人{{ p.representative }}{% endif %}"
                                              "{% if p.title %}，职务{{ p.title }}{% endif %}。")]),
            ("p", "被诉行政行为：{{ action }}"),
            ("if", "reconsideration", [("p", "行政复议情况：{{ reconsideration }}")]),
            *CLAIM_BLOCKS, ("h", "事实与理由："), ("for", "line in facts|paras", [("p", "{{ line }}")]), *SIGNATURE],
    sample={**COMMON_SAMPLE, "defendants": [{"name": "北京市某区市场监督管理局", "address": "北京市某区某路8号",
                                              "representative": "刘某", "title": "局长"}],
            "action": "某市监罚〔2024〕88号行政处罚决定书（2024年8月1日作出）", "reconsideration": "未申请复议",
            "claims": [{"text": "撤销被告作出的某市监罚〔2024〕88号行政处罚决定"}],
            "facts": "被告认定原告销售过期食品，但涉案商品系展示样品，未对外销售。"},
)

LAWYER_LETTER = Shipped(
    slug="lawyer-letter", name="律师函（催告函）", category="律师函",
    description="律师函/催告函：受委托向对方催告履行付款、还款、交付等义务，并告知法律后果。",
    keywords="律师函 催告 催款 催告函 欠款 通知",
    fields=[field("letter_number", "函号"), field("recipient", "收函人", required=True),
            field("recipient_address", "收函地址"), field("firm", "律师事务所", required=True),
            field("client", "委托人", required=True), field("lawyers", "承办律师", required=True),
            field("subject", "事由（如：催告支付货款）", required=True),
            field("facts", "事实", "textarea", required=True), field("demand", "要求", "textarea", required=True),
            field("amount", "催告金额", "amount"), field("deadline", "履行期限", "date"),
            field("consequence", "逾期后果", "textarea"), field("contact", "联系电话", "phone"),
            field("sign_date", "日期", "date", required=True)],
    blocks=[("title", "律师函"), ("right", "{% if letter_number %}{{ letter_number }}{% endif %}"),
            ("left", "{{ recipient }}："),
            ("p", "{{ firm }}受{{ client }}的委托，指派{{ lawyers }}律师，就{{ subject }}一事，郑重致函如下："),
            ("h", "一、事实"), ("for", "line in facts|paras", [("p", "{{ line }}")]),
            ("h", "二、要求"), ("for", "line in demand|paras", [("p", "{{ line }}")]),
            ("if", "amount", [("p", "请于{{ deadline|cn_date }}前支付{{ amount|yuan }}元（{{ amount|rmb }}）。")]),
            ("h", "三、法律后果"),
            ("for", "line in consequence|paras", [("p", "{{ line }}")]),
            ("if", "not consequence", [("p", "逾期未履行的，本所将依委托人授权通过诉讼等法律途径维护委托人的合法权益，"
                                             "由此产生的诉讼费、律师费等一切费用及损失均由贵方承担。")]),
            ("p", "特此函告。{% if contact %}联系电话：{{ contact }}{% endif %}"),
            ("blank",), ("right", "{{ firm }}"), ("right", "律师：{{ lawyers }}"), ("right", "{{ sign_date|cn_date }}")],
    sample={"letter_number": "京某律函字〔2025〕第12号", "recipient": "北京某某科技有限公司",
            "recipient_address": "北京市东城区东长安街3号", "firm": "北京某某律师事务所", "client": "王小明",
            "lawyers": "陈某", "subject": "催告支付货款", "facts": "贵司于2024年3月1日与委托人签订买卖合同，尚欠货款12万元未付。",
            "demand": "请贵司于收到本函之日起七日内付清全部欠款。", "amount": "120000", "deadline": "2025-03-15",
            "contact": "13700137000", "sign_date": "2025-03-01"},
)

_CONTRACT_PARTIES = [group("party_a", "甲方", party_fields(), required=True, many=False),
                     group("party_b", "乙方", party_fields(), required=True, many=False)]
_CONTRACT_SIGN = (("blank",), ("left", "甲方（签章）：{{ party_a.name }}"), ("left", "乙方（签章）：{{ party_b.name }}"),
                  ("left", "签订日期：{{ sign_date|cn_date }}"))
_PARTY_LINES = (("left", "甲方：{{ party_a|party }}"), ("left", "乙方：{{ party_b|party }}"))

LABOR_CONTRACT = Shipped(
    slug="labor-contract", name="劳动合同", category="合同",
    description="劳动合同（固定期限/无固定期限/以完成一定工作任务为期限）。用人单位与劳动者。",
    keywords="劳动合同 用工 员工 入职 工资 试用期",
    fields=[*_CONTRACT_PARTIES,
            field("term_type", "合同期限类型", "choice", required=True, choices=("固定期限", "无固定期限", "以完成一定工作任务为期限")),
            field("start_date", "起始日期", "date", required=True), field("end_date", "终止日期", "date"),
            field("probation_months", "试用期（月）", "integer"), field("position", "工作岗位", required=True),
            field("workplace", "工作地点", required=True), field("hours", "工时制度", "choice", choices=("标准工时", "综合计算工时", "不定时工时")),
            field("monthly_wage", "月工资", "amount", required=True), field("pay_day", "每月发薪日", "integer"),
            group("extra_terms", "其他约定", [field("text", "条款", "textarea", required=True)]),
            field("sign_date", "签订日期", "date", required=True)],
    blocks=[("title", "劳动合同"), *_PARTY_LINES,
            ("p", "根据《中华人民共和国劳动法》《中华人民共和国劳动合同法》等法律法规，甲乙双方经平等协商一致，订立本合同。"),
            ("p", "第一条 合同期限：{{ term_type }}，自{{ start_date|cn_date }}起{% if end_date %}至{{ end_date|cn_date }}止{% endif %}"
                  "{% if probation_months %}，其中试用期{{ probation_months }}个月{% endif %}。"),
            ("p", "第二条 工作内容和地点：乙方从事{{ position }}工作，工作地点为{{ workplace }}。"),
            ("p", "第三条 工作时间：执行{{ hours or '标准工时' }}制度。"),
            ("p", "第四条 劳动报酬：乙方月工资为{{ monthly_wage|yuan }}元（{{ monthly_wage|rmb }}），"
                  "甲方于每月{{ pay_day or 15 }}日前以货币形式足额支付。"),
            ("p", "第五条 社会保险：甲方依法为乙方缴纳社会保险。"),
            ("p", "第六条 劳动合同的解除和终止依照《中华人民共和国劳动合同法》的规定执行。"),
            ("for", "t in extra_terms", [("p", "第{{ (loop.index + 6)|cn_num }}条 {{ t.text }}")]),
            ("p", "本合同一式两份，甲乙双方各执一份，自双方签字盖章之日起生效。"), *_CONTRACT_SIGN],
    sample={"party_a": COMPANY, "party_b": PERSON_A, "term_type": "固定期限", "start_date": "2025-03-01",
            "end_date": "2028-02-29", "probation_months": 3, "position": "软件工程师", "workplace": "北京市东城区",
            "hours": "标准工时", "monthly_wage": "20000", "pay_day": 10,
            "extra_terms": [{"text": "乙方应遵守甲方的保密制度。"}], "sign_date": "2025-02-20"},
)

LEASE_CONTRACT = Shipped(
    slug="house-lease-contract", name="房屋租赁合同", category="合同",
    description="房屋租赁合同：出租人与承租人，租金、押金、租期、维修与解除。",
    keywords="租赁 房屋 租房 出租 租金 押金 房东",
    fields=[*_CONTRACT_PARTIES, field("address", "房屋坐落", required=True), field("area", "建筑面积（平方米）"),
            field("use", "租赁用途", "choice", choices=("居住", "办公", "商业")),
            field("start_date", "租期起始", "date", required=True), field("end_date", "租期届满", "date", required=True),
            field("rent", "月租金", "amount", required=True), field("deposit", "押金", "amount"),
            field("payment", "支付方式（如：押一付三）"),
            group("extra_terms", "其他约定", [field("text", "条款", "textarea", required=True)]),
            field("sign_date", "签订日期", "date", required=True)],
    blocks=[("title", "房屋租赁合同"), ("left", "出租人（甲方）：{{ party_a|party }}"), ("left", "承租人（乙方）：{{ party_b|party }}"),
            ("p", "根据《中华人民共和国民法典》及有关规定，甲乙双方就房屋租赁事宜，订立本合同。"),
            ("p", "第一条 甲方将坐落于{{ address }}{% if area %}、建筑面积{{ area }}平方米{% endif %}的房屋出租给乙方"
                  "用于{{ use or '居住' }}。"),
            ("p", "第二条 租赁期限自{{ start_date|cn_date }}起至{{ end_date|cn_date }}止。"),
            ("p", "第三条 月租金为{{ rent|yuan }}元（{{ rent|rmb }}）{% if payment %}，支付方式：{{ payment }}{% endif %}。"),
            ("p", "第四条 {% if deposit %}乙方于签订本合同时支付押金{{ deposit|yuan }}元（{{ deposit|rmb }}），"
                  "租赁期满乙方返还房屋且无欠费的，甲方无息退还。{% else %}双方不收取押金。{% endif %}"),
            ("p", "第五条 租赁期间，房屋及其附属设施的维修义务由甲方承担，因乙方使用不当造成损坏的除外。"),
            ("p", "第六条 未经甲方同意，乙方不得转租。"),
            ("for", "t in extra_terms", [("p", "第{{ (loop.index + 6)|cn_num }}条 {{ t.text }}")]),
            ("p", "本合同一式两份，甲乙双方各执一份，自双方签字之日起生效。"), *_CONTRACT_SIGN],
    sample={"party_a": PERSON_B, "party_b": PERSON_A, "address": "北京市海淀区中关村大街2号院3号楼101室", "area": "89",
            "use": "居住", "start_date": "2025-03-01", "end_date": "2026-02-28", "rent": "6500", "deposit": "6500",
            "payment": "押一付三", "sign_date": "2025-02-25"},
)

SERVICE_CONTRACT = Shipped(
    slug="service-contract", name="委托/服务合同", category="合同",
    description="委托合同/服务合同：委托事项、服务内容、报酬及支付、违约责任、争议解决。",
    keywords="委托 服务 合同 外包 咨询 报酬",
    fields=[*_CONTRACT_PARTIES, field("service", "委托/服务事项", "textarea", required=True),
            field("term", "服务期限", required=True), field("fee", "报酬", "amount", required=True),
            field("payment", "支付方式"), field("liability", "违约责任", "textarea"),
            field("dispute", "争议解决", "choice", choices=("向甲方所在地人民法院起诉", "向乙方所在地人民法院起诉", "提交仲裁委员会仲裁")),
            group("extra_terms", "其他约定", [field("text", "条款", "textarea", required=True)]),
            field("sign_date", "签订日期", "date", required=True)],
    blocks=[("title", "委托服务合同"), ("left", "委托方（甲方）：{{ party_a|party }}"), ("left", "受托方（乙方）：{{ party_b|party }}"),
            ("p", "根据《中华人民共和国民法典》，甲乙双方经协商一致，订立本合同。"),
            ("p", "第一条 委托事项："), ("for", "line in service|paras", [("p", "{{ line }}")]),
            ("p", "第二条 服务期限：{{ term }}。"),
            ("p", "第三条 报酬为{{ fee|yuan }}元（{{ fee|rmb }}）{% if payment %}，{{ payment }}{% endif %}。"),
            ("p", "第四条 违约责任：{% if liability %}{{ liability }}{% else %}任何一方违约的，应赔偿守约方因此遭受的损失。{% endif %}"),
            ("p", "第五条 争议解决：协商不成的，{{ dispute or '向甲方所在地人民法院起诉' }}。"),
            ("for", "t in extra_terms", [("p", "第{{ (loop.index + 5)|cn_num }}条 {{ t.text }}")]),
            ("p", "本合同一式两份，双方各执一份，自双方签字盖章之日起生效。"), *_CONTRACT_SIGN],
    sample={"party_a": COMPANY, "party_b": {**COMPANY, "name": "上海某某咨询有限公司", "credit_code": "91310000MA1FL8TQ36"},
            "service": "为甲方提供年度法律合规咨询服务。", "term": "2025年3月1日至2026年2月28日", "fee": "100000.5",
            "payment": "签约后十日内支付50%，服务期满后支付余款", "dispute": "提交仲裁委员会仲裁", "sign_date": "2025-02-28"},
)

SHIPPED: Final = (NARRATIVE_COMPLAINT, LOAN_COMPLAINT, SALE_COMPLAINT, LABOR_COMPLAINT, TRAFFIC_COMPLAINT,
                  DIVORCE_COMPLAINT, ANSWER, ADMIN_COMPLAINT, LAWYER_LETTER, LABOR_CONTRACT, LEASE_CONTRACT,
                  SERVICE_CONTRACT)
BY_SLUG: Final = {template.slug: template for template in SHIPPED}
