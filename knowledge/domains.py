"""The 20 legal domains of ARCHITECTURE §4 as search scopes: which laws (and which parts of them).

A scope is a list of laws, each whole or limited to article ranges, plus whole legal departments.
民法典 is split along its books (总则 1–204, 物权 205–462, 合同 463–988, 人格权 989–1039,
婚姻家庭 1040–1118, 继承 1119–1163, 侵权责任 1164–1258) and the chapters inside them. ``general``
(综合咨询) is not restricted. Laws missing from the corpus are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Range = tuple[int, int]


@dataclass(frozen=True)
class Domain:
    code: str
    label: str
    #: short law name -> article ranges (empty tuple: the whole law)
    laws: dict[str, tuple[Range, ...]] = field(default_factory=dict)
    departments: tuple[str, ...] = ()

    @property
    def unrestricted(self) -> bool:
        return not self.laws and not self.departments


CIVIL_CODE = "民法典"
_GENERAL_PART = (1, 204)
_JURISTIC_ACTS = (133, 175)
_CIVIL_LIABILITY = (176, 187)
_LIMITATION = (188, 199)
_PROPERTY = (205, 385)
_SECURITY = (386, 462)
_CONTRACT = (463, 988)
_CONTRACT_GENERAL = (463, 594)
_SALE = (595, 647)
_LOAN = (667, 680)
_GUARANTEE = (681, 702)
_LEASE = (703, 734)
_CONSTRUCTION = (788, 808)
_PROPERTY_SERVICE = (937, 950)
_PERSONALITY = (989, 1039)
_FAMILY_AND_SUCCESSION = (1040, 1163)
_TORT = (1164, 1258)
_TORT_GENERAL = (1164, 1187)
_PRODUCT = (1202, 1207)
_MOTOR = (1208, 1217)
_MEDICAL = (1218, 1228)
_GUARDIANSHIP = (26, 39)
_WHOLE: tuple[Range, ...] = ()

DOMAINS: dict[str, Domain] = {d.code: d for d in (
    Domain("marriage_family", "婚姻家庭", {
        CIVIL_CODE: (_FAMILY_AND_SUCCESSION, _GUARDIANSHIP), "反家庭暴力法": _WHOLE, "妇女权益保障法": _WHOLE,
        "未成年人保护法": _WHOLE, "老年人权益保障法": _WHOLE, "人口与计划生育法": _WHOLE, "家庭教育促进法": _WHOLE}),
    Domain("labor", "劳动纠纷", {
        "劳动法": _WHOLE, "劳动合同法": _WHOLE, "劳动争议调解仲裁法": _WHOLE, "社会保险法": _WHOLE,
        "就业促进法": _WHOLE, "职业病防治法": _WHOLE, "安全生产法": _WHOLE, "工会法": _WHOLE,
        "妇女权益保障法": _WHOLE, "残疾人保障法": _WHOLE}),
    Domain("traffic_accident", "交通事故", {
        "道路交通安全法": _WHOLE, CIVIL_CODE: (_TORT_GENERAL, _MOTOR, _CIVIL_LIABILITY), "保险法": _WHOLE,
        "刑法": ((133, 133),)}),
    Domain("debt", "债权债务", {
        CIVIL_CODE: (_CONTRACT_GENERAL, _LOAN, _GUARANTEE, _LIMITATION, (118, 122)), "民事诉讼法": _WHOLE,
        "企业破产法": _WHOLE, "票据法": _WHOLE}),
    Domain("criminal", "刑事辩护", {
        "刑法": _WHOLE, "刑事诉讼法": _WHOLE, "反有组织犯罪法": _WHOLE, "社区矫正法": _WHOLE, "监察法": _WHOLE,
        "法律援助法": _WHOLE}, departments=("刑法",)),
    Domain("contract", "合同纠纷", {
        CIVIL_CODE: (_JURISTIC_ACTS, _CONTRACT), "电子商务法": _WHOLE, "招标投标法": _WHOLE}),
    Domain("real_estate", "房产纠纷", {
        CIVIL_CODE: (_PROPERTY, _SALE, _LEASE, _PROPERTY_SERVICE), "城市房地产管理法": _WHOLE,
        "土地管理法": _WHOLE}),
    Domain("tort", "侵权", {CIVIL_CODE: (_TORT, _PERSONALITY, _CIVIL_LIABILITY), "个人信息保护法": _WHOLE}),
    Domain("company", "公司法", {
        "公司法": _WHOLE, "合伙企业法": _WHOLE, "个人独资企业法": _WHOLE, "企业破产法": _WHOLE, "证券法": _WHOLE,
        "外商投资法": _WHOLE, CIVIL_CODE: ((57, 101),)}),
    Domain("medical", "医疗纠纷", {
        CIVIL_CODE: (_MEDICAL, _TORT_GENERAL), "医师法": _WHOLE, "基本医疗卫生与健康促进法": _WHOLE,
        "药品管理法": _WHOLE, "疫苗管理法": _WHOLE, "传染病防治法": _WHOLE, "精神卫生法": _WHOLE,
        "中医药法": _WHOLE}),
    Domain("demolition", "拆迁安置", {
        "土地管理法": _WHOLE, "城市房地产管理法": _WHOLE, CIVIL_CODE: (_PROPERTY,), "行政强制法": _WHOLE,
        "行政诉讼法": _WHOLE, "行政复议法": _WHOLE, "国家赔偿法": _WHOLE, "城乡规划法": _WHOLE}),
    Domain("administrative", "行政诉讼", {
        "行政诉讼法": _WHOLE, "行政复议法": _WHOLE, "国家赔偿法": _WHOLE}, departments=("行政法",)),
    Domain("construction", "建设工程", {
        CIVIL_CODE: (_CONSTRUCTION, _CONTRACT_GENERAL), "建筑法": _WHOLE, "招标投标法": _WHOLE,
        "城乡规划法": _WHOLE, "安全生产法": _WHOLE}),
    Domain("intellectual_property", "知识产权", {
        "著作权法": _WHOLE, "商标法": _WHOLE, "专利法": _WHOLE, "反不正当竞争法": _WHOLE, CIVIL_CODE: ((123, 123),),
        "促进科技成果转化法": _WHOLE}),
    Domain("personal_injury", "人身损害", {
        CIVIL_CODE: (_TORT, _PERSONALITY, _CIVIL_LIABILITY), "道路交通安全法": _WHOLE, "社会保险法": _WHOLE}),
    Domain("foreign", "涉外法律", {
        "涉外民事关系法律适用法": _WHOLE, "出境入境管理法": _WHOLE, "国籍法": _WHOLE, "外商投资法": _WHOLE,
        "对外贸易法": _WHOLE, "民事诉讼法": _WHOLE, "仲裁法": _WHOLE, "反外国制裁法": _WHOLE, "对外关系法": _WHOLE}),
    Domain("maritime", "海事海商", {
        "海商法": _WHOLE, "海事诉讼特别程序法": _WHOLE, "海上交通安全法": _WHOLE, "港口法": _WHOLE}),
    Domain("consumer", "消费权益", {
        "消费者权益保护法": _WHOLE, "食品安全法": _WHOLE, "产品质量法": _WHOLE, "电子商务法": _WHOLE,
        "广告法": _WHOLE, "价格法": _WHOLE, CIVIL_CODE: ((496, 498), _PRODUCT)}),
    Domain("security_interest", "抵押担保", {CIVIL_CODE: (_SECURITY, _GUARANTEE)}),
    Domain("general", "综合咨询"),
)}


def domain_choices() -> list[tuple[str, str]]:
    return [(d.code, d.label) for d in DOMAINS.values()]
