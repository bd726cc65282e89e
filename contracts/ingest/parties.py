"""Parties (甲方/乙方 …, names, 统一社会信用代码 checked with ``stdnum.cn.uscc``) and a guess of
the contract's type from its title, the parties' roles and keywords."""

from __future__ import annotations

import re
from functools import lru_cache

from stdnum.cn import uscc

from contracts.ingest.patterns import compact, despace_head, is_contract_title, is_signature_line, party_match
from contracts.types import Party

_CODE_LABEL = re.compile(r"(?:统一社会信用代码|社会信用代码|信用代码)(?:[（(][^）)]*[）)])?[\s\u3000]*[：:]?[\s\u3000]*"
                         r"([0-9A-Za-z]{18})")
_CODE_ANY = re.compile(r"(?<![0-9A-Z])([0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10})(?![0-9A-Z])")
_NAME_FIELD = re.compile(r"^[\s\u3000]*(?:机构名称|单位名称|公司名称|名称|姓名|企业名称)(?:[（(][^）)]*[）)])?"
                         r"[\s\u3000]*[：:][\s\u3000]*(.*)$")
_PLACEHOLDER = re.compile(r"^[\s\u3000_＿\-—.·…□☐]*$|^\{\{[^}]*\}\}$")
_NAME_STOP = re.compile(r"[\s\u3000]{2,}|(?:联系电话|电话|地址|住所|证件|身份证|法定代表人|统一社会信用代码)[：:]"
                        r"|[；;，,（(]")


def _clean_name(raw: str) -> str:
    name = _NAME_STOP.split(raw.strip(" \t\u3000"), maxsplit=1)[0].strip(" \t\u3000_＿")
    name = name.rstrip("。；;，,")
    if _PLACEHOLDER.match(name) or "__" in name or "＿＿" in name or "{{" in name or len(name) > 60:
        return ""
    return name


def extract_parties(lines: list[str]) -> list[Party]:
    """Parties from the party block (the lines before the first clause)."""
    found: dict[str, dict] = {}
    order: list[str] = []
    current: str | None = None
    for line in lines:
        m = party_match(line)
        if m and not is_signature_line(line):
            role = m.group(1)
            name = _clean_name(m.group(3))
            entry = found.get(role)
            if entry is None:
                entry = {"name": "", "code": ""}
                found[role] = entry
                order.append(role)
            if name and not entry["name"]:
                entry["name"] = name
            current = role
            code = _find_code(line)
            if code and not entry["code"]:
                entry["code"] = code
            continue
        if current is None:
            continue
        entry = found[current]
        if not entry["name"]:
            nm = _NAME_FIELD.match(line)
            if nm:
                entry["name"] = _clean_name(nm.group(1))
        code = _find_code(line)
        if code and not entry["code"]:
            entry["code"] = code
    parties = []
    for role in order:
        entry = found[role]
        code = entry["code"]
        valid = uscc.is_valid(code) if code else None
        parties.append(Party(role=role, name=entry["name"], credit_code=code, credit_code_valid=valid))
    return parties


def _find_code(line: str) -> str:
    m = _CODE_LABEL.search(line)
    if m:
        return m.group(1).upper()
    m = _CODE_ANY.search(line.upper())
    return m.group(1) if m else ""


# --- contract type ------------------------------------------------------------------------------

# (type, words in a title, weight-1 keywords in the text)
_TYPES: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("guarantee", ("保证合同", "担保合同", "保证书", "抵押合同", "质押合同", "担保函", "保证协议", "反担保"),
     ("保证人", "保证期间", "连带责任保证", "一般保证", "抵押人", "质权人", "主债权")),
    ("labor", ("劳动合同", "劳动协议", "聘用合同", "雇佣合同", "劳务派遣"),
     ("用人单位", "劳动者", "试用期", "社会保险", "劳动报酬", "工作岗位", "工作时间", "经济补偿")),
    ("loan", ("借款", "贷款", "借贷"), ("借款人", "出借人", "贷款人", "借款金额", "借款期限", "利率", "还款")),
    ("finance_lease", ("融资租赁", "售后回租"), ("融资租赁", "租赁物", "留购", "回租", "名义价款", "租前息")),
    ("lease", ("租赁",), ("出租人", "承租人", "出租方", "承租方", "租金", "租赁期", "押金", "租赁物")),
    ("tech_dev", ("技术开发", "研究开发", "软件开发", "委托开发", "合作开发", "开发合同"),
     ("研究开发", "开发方", "技术成果", "研发", "源代码", "技术资料")),
    ("nda", ("保密协议", "保密合同", "保密承诺", "竞业限制", "不竞争", "保密和"),
     ("保密信息", "披露方", "接收方", "商业秘密", "保密义务", "保密期限")),
    ("data", ("数据", "个人信息"),
     ("标的数据", "数据提供", "数据处理", "数据安全", "个人信息", "数据交付", "数据产权")),
    ("entrustment", ("委托合同", "委托协议", "委托书", "代理合同", "委托代理"),
     ("委托人", "受托人", "委托事务", "委托费用", "转委托")),
    ("tech_transfer", ("技术转让", "专利实施许可", "专利权转让", "技术许可", "专有技术", "技术秘密转让",
                       "许可使用合同"),
     ("让与人", "受让人", "许可方", "被许可方", "专利号", "实施许可")),
    ("tech_service", ("技术服务", "技术咨询", "技术支持"), ("技术服务", "技术咨询", "受托方", "委托方", "咨询报告")),
    ("construction", ("建设工程", "施工合同", "工程施工", "工程承包", "工程总承包", "勘察合同", "装饰装修工程"),
     ("发包人", "承包人", "工程款", "竣工", "工程质量", "分包", "结算")),
    ("property", ("物业服务", "物业管理"), ("物业服务人", "物业费", "业主", "共用部位", "物业服务区域")),
    ("intermediary", ("中介", "居间"), ("中介人", "居间人", "中介费", "佣金", "促成")),
    ("work", ("承揽", "加工合同", "定作", "委托加工", "来料加工"), ("定作人", "承揽人", "定作物", "加工", "材料")),
    ("transport", ("运输", "货运", "物流", "承运"), ("托运人", "承运人", "收货人", "运费", "货物运输")),
    ("storage", ("仓储", "保管"), ("存货人", "保管人", "仓单", "仓储物", "保管物", "仓储费")),
    ("gift", ("赠与", "捐赠"), ("赠与人", "受赠人", "赠与财产")),
    ("partnership", ("合伙协议", "合伙合同", "合伙经营", "合作经营", "合伙"),
     ("合伙人", "合伙事务", "出资比例", "合伙企业", "执行事务")),
    ("equity", ("股权转让", "股份转让", "股权收购", "增资"),
     ("转让方", "受让方", "目标公司", "标的股权", "股权转让款")),
    ("franchise", ("特许经营", "加盟"), ("特许人", "被特许人", "加盟费", "特许经营费", "加盟商")),
    ("advertising", ("广告",), ("广告主", "广告发布", "广告经营者", "代言")),
    ("performance", ("演出", "演艺", "经纪合同", "艺人"), ("演出方", "主办方", "艺人", "演出费", "经纪")),
    ("sale", ("买卖", "购销", "采购", "供货", "销售合同", "订货", "购买", "分销", "经销"),
     ("出卖人", "买受人", "买方", "卖方", "货物", "标的物", "交货", "质量标准", "验收")),
    ("service", ("服务", "培训", "旅游", "咨询", "物业", "运输", "维修", "保洁", "外包", "供餐", "配送", "餐饮",
                 "顾问", "安保", "监理", "设计", "托管", "家政", "装修"),
     ("服务费", "服务内容", "服务期限", "服务期", "服务标准", "培训", "旅游者", "服务方", "供餐", "服务质量")),
]
_ROLE_TYPES = {
    "用人单位": "labor", "劳动者": "labor", "借款人": "loan", "出借人": "loan", "贷款人": "loan",
    "出租方": "lease", "出租人": "lease", "承租方": "lease", "承租人": "lease", "委托人": "entrustment",
    "受托人": "entrustment", "出卖人": "sale", "买受人": "sale", "买方": "sale", "卖方": "sale",
    "供方": "sale", "需方": "sale", "披露方": "nda", "研究开发人": "tech_dev", "开发方": "tech_dev",
    "旅游者": "service", "出境社": "service", "发包人": "construction", "承包人": "construction",
    "定作人": "work", "承揽人": "work", "托运人": "transport", "承运人": "transport", "存货人": "storage",
    "赠与人": "gift", "受赠人": "gift", "保证人": "guarantee", "特许人": "franchise", "被特许人": "franchise",
    "物业服务人": "property", "中介人": "intermediary", "居间人": "intermediary", "广告主": "advertising",
    "居间方": "intermediary", "中介方": "intermediary", "经纪方": "intermediary", "保管人": "storage",
    "保管方": "storage", "仓储方": "storage", "转让方": "equity", "受让方": "equity", "出质人": "guarantee",
    "抵押人": "guarantee", "许可方": "tech_transfer", "被许可方": "tech_transfer", "委托开发方": "tech_dev",
    "供货方": "sale", "经销商": "sale", "分销商": "sale", "经销方": "sale", "分销方": "sale", "合伙人": "partnership",
}

#: A purchase whose object is a service (管理咨询服务采购合同, 培训服务采购协议): 采购 then names no sale.
_SERVICE_PURCHASE = re.compile(r"(?:服务|咨询|顾问|培训|外包|审计|评估|设计|监理|维保|运维)(?:项目)?采购")


def _title_lines(head: str) -> list[str]:
    return [compact(line) for line in head.split("\n") if is_contract_title(line)]


@lru_cache(maxsize=1024)
def _literal(word: str) -> re.Pattern[str]:
    """A type's title word as a pattern, compiled once per process (the types' words are more than ``re``'s own
    cache holds, so ``re.finditer(str, …)`` compiled each again for every title)."""
    return re.compile(re.escape(word))


def _named_types(title: str) -> list[str]:
    """The types a title names, in the order their words stand in it. A type whose every word there lies inside
    another type's word is not named (租赁 inside 融资租赁, 服务 inside 物业服务); the broad 服务 counts only when
    no narrower type is named (仓储及物流服务协议 names 仓储 and 物流)."""
    spans: dict[str, list[tuple[int, int]]] = {}
    title = _SERVICE_PURCHASE.sub(lambda m: m.group(0)[:-2] + "\u3000\u3000", title)
    for kind, title_words, _ in _TYPES:
        for word in title_words:
            for m in _literal(word).finditer(title):
                spans.setdefault(kind, []).append((m.start(), m.end()))
    named = []
    for kind, own in spans.items():
        inside = all(any(o != kind and a <= s and e <= b and (a, b) != (s, e) for o, theirs in spans.items()
                         for a, b in theirs) for s, e in own)
        if not inside:
            named.append((min(s for s, _ in own), kind))
    kinds = [kind for _, kind in sorted(named)]
    return [k for k in kinds if k != "service"] or kinds


#: A party line opened by a role word the party reader does not list, with its 甲乙丙 name after it
#: (居间方（丙方）：, 见证方（丁方）：).
_ROLE_LINE = re.compile(r"^[\s\u3000]*([\u4e00-\u9fff]{1,6}[方人])[（(]([甲乙丙丁戊]方)[）)][\s\u3000]*[：:]")


#: A name the party block gives a party (以下简称“客户”，即存货人).
_ALIAS = re.compile(r"(?:以下简称|以下称|下称|简称)[为：:]?[\s“”\"'「」『』]*([^\s“”\"'「」『』，,。；;）)]{2,8})"
                    r"[“”\"'「」『』]*(?:[，,]\s*即([^\s，,。；;）)]{2,8}))?")


def _role_words(head: str) -> list[str]:
    """The role words the party block gives the parties: 出租人（甲方）, 甲方（出租人）, 转让方（以下简称“甲方”）,
    (以下简称“客户”，即存货人)."""
    words: list[str] = []
    for line in head.split("\n"):
        m = party_match(line) or _ROLE_LINE.match(line)
        if m:
            words.extend((m.group(1), m.group(2) or ""))
        for alias in _ALIAS.finditer(line):
            words.extend(w for w in alias.groups() if w)
    return words


#: Role words that name no type but hold a shorter role word inside them (服务提供方 holds 供方, the seller of a
#: 购销 contract): they are taken out of a party's word before its roles are read.
_NEUTRAL_ROLES = re.compile(r"(?:服务|技术|数据|信息|资料|产品|平台|软件)?提供方|服务方|服务商")


def _role_kinds(word: str) -> list[str]:
    """The types whose role words a party's word holds (出租方（甲方） → lease), a neutral role taken out first:
    服务提供方 is no 供方 (a seller), 数据提供方 no party of a sale."""
    word = _NEUTRAL_ROLES.sub("", word)
    return [kind for role, kind in _ROLE_TYPES.items() if role in word]


#: What one side promises the other for a price — the obligation that makes a contract of a type whatever its
#: title calls it (issue 21, docs/decisions/contract-missed-families.md): software used online and paid by
#: subscription is a technical service, not a sale of the software or a licence of it; a renovation is a
#: decoration works contract; work made to the buyer's drawings is a 承揽; selling the principal's goods in the
#: agent's own name for a commission is a 行纪/委托, not a brokerage; software written to order is a development.
_OBLIGATION_TYPES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(rx)) for kind, rx in (
    ("tech_service", r"(?:互联网|网络|云端|云平台|在线|线上|远程|SaaS)[^。；;\n]{0,16}"
                     r"(?:提供|开通|交付)[^。；;\n]{0,24}"
                     r"(?:软件|系统|平台|应用|SaaS)[^。；;\n]{0,16}(?:使用|访问|订阅|托管|云)?服务"),
    ("tech_service", r"(?:软件|系统|平台|SaaS|云服务)[^。；;\n]{0,10}"
                     r"(?:订阅期|订阅费|订阅服务|按(?:年|月)订阅|订阅期限)"),
    ("tech_service", r"(?:提供|负责)[^。；;\n]{0,20}(?:系统|服务器|网络|机房|IT|信息化|数据库)"
                     r"[^。；;\n]{0,12}(?:运维|运行维护|维护保障)"),
    ("construction", r"(?:承包|承接|负责|进行|完成)[^。；;\n]{0,20}(?:装饰|装修)[^。；;\n]{0,10}(?:施工|工程)"),
    ("construction", r"(?:装饰|装修)(?:装修)?(?:工程|施工)[^。；;\n]{0,20}"
                     r"(?:工期|竣工|开工|施工图|隐蔽工程|水电改造)"),
    ("work", r"按(?:照)?[^。；;\n]{0,12}(?:要求|图纸|样品|样板|规格|设计稿|技术参数)[^。；;\n]{0,16}"
             r"(?:加工|制作|定制|定做|印刷|生产|制造)[^。；;\n]{0,30}(?:交付|交给|交货|成品|工作成果)"),
    ("entrustment", r"以(?:乙方|甲方|受托人|受托方|行纪人|代理方|代销方|自己|其自身|本方)的?名义"
                    r"[^。；;\n]{0,16}(?:销售|出售|代销|买入|购进|采购)"),
    ("entrustment", r"(?:代为|代理|代)销售[^。；;\n]{0,40}(?:佣金|报酬|提成|手续费|代销费)"),
    ("tech_dev", r"(?:开发|研发|定制开发|设计开发)[^。；;\n]{0,20}(?:软件|系统|平台|小程序|APP|App|应用程序)"
                 r"[^。；;\n]{0,60}(?:源代码|源程序|验收|交付)"),
    # issue 21, second round: the promises of the types a title often hides (信息服务协议 for a brokerage,
    # 存放服务合同 for a storage, 综合管理服务合同 for a property service, 活动合作协议 for a performance,
    # 技术服务协议 for a processing of personal information, 承诺函 for a guarantee)
    ("intermediary", r"(?:报告|提供|介绍)[^。；;\n]{0,16}(?:订立[^。；;\n]{0,8}合同的机会|订约机会|缔约机会|"
                     r"(?:订立合同|订约|交易)的?媒介(?:服务)?)"),
    ("intermediary", r"(?:促成|撮合)[^。；;\n]{0,30}(?:成交|成立|签订|签约|订立)[^。；;\n]{0,40}"
                     r"(?:佣金|居间费|中介费|服务费|报酬|介绍费)"),
    ("intermediary", r"(?:报告|告知|提供)[^。；;\n]{0,12}(?:房源|交易|订约|客户|买家|卖家|租户)信息"),
    ("intermediary", r"(?:居间|中介|经纪)(?:服务)?(?:报酬|费用?|佣金)[^。；;\n]{0,30}(?:成交|签订|订立|促成)"
                     r"|(?:成交|签订|订立|促成)[^。；;\n]{0,40}(?:居间|中介|经纪)(?:服务)?(?:报酬|费|佣金)"),
    ("intermediary", r"视为[^。；;\n]{0,10}(?:居间|中介|撮合|促成)成功"),
    ("intermediary", r"未(?:能)?(?:促成|撮合)[^。；;\n]{0,30}"
                     r"(?:不得|无权|不)[^。；;\n]{0,6}(?:收取|要求支付|请求支付)"),
    ("storage", r"(?:存放|储存|存储|寄存|仓储)[^。；;\n]{0,24}(?:仓库|库房|冷库|库区|货场)[^。；;\n]{0,24}"
                r"(?:保管|看管|验收|入库|出库)"),
    ("storage", r"(?:交由|交给|交付|委托)[^。；;\n]{0,12}(?:仓库|库房|冷库|保管方|乙方|甲方)[^。；;\n]{0,12}"
                r"(?:储存|存放|保管)"),
    ("storage", r"(?:凭|依据|根据)[^。；;\n]{0,10}(?:提货单|出库单|仓单|入库单|提单)"
                r"[^。；;\n]{0,12}(?:发货|出库|提货|放货)"),
    ("storage", r"(?:保管|仓储|存储|储存)期间[^。；;\n]{0,30}(?:毁损|灭失|短少|变质)"),
    ("property", r"(?:共用部位|共用设施设备|共有部分|公共区域|公共部位)[^。；;\n]{0,24}"
                 r"(?:维修|养护|保洁|清洁|管理|运行|秩序维护)"),
    ("property", r"(?:业主|住户|使用人)[^。；;\n]{0,16}(?:交纳|缴纳|支付)"
                 r"[^。；;\n]{0,12}(?:物业费|物业服务费|物业管理费)"),
    ("performance", r"(?:演出|表演|演唱|登台|献唱|出演|演奏|献艺)[^。；;\n]{0,30}"
                    r"(?:报酬|演出费|出场费|酬金|劳务费|片酬)"),
    ("performance", r"(?:演唱会|音乐会|音乐节|晚会|专场|巡演|演出活动)[^。；;\n]{0,30}"
                    r"(?:演唱|表演|演出|登台|献唱|演奏|出演)"),
    ("performance", r"(?:支付|给付|结算)[^。；;\n]{0,12}(?:出场费|演出费|演出报酬|表演费|演出酬金)"),
    ("data", r"(?:委托|受托)[^。；;\n]{0,24}(?:处理|存储|储存|分析|清洗|加工|收集)"
             r"[^。；;\n]{0,12}(?:个人信息|用户数据)"),
    ("data", r"(?:按照|依照|根据|按)[^。；;\n]{0,12}(?:指示|要求|约定|目的)(?:和方式)?"
             r"(?:处理|使用|存储)[^。；;\n]{0,6}(?:个人信息|数据)"),
    ("data", r"(?:删除|返还)[^。；;\n]{0,10}(?:个人信息|受托处理的数据)"),
    ("guarantee", r"(?:不能|未能|未|无力|不)(?:按期|按时|如期|按约)?(?:偿还|清偿|履行|还款|归还|支付)[^。；;\n]{0,40}"
                  r"(?:由|承担)[^。；;\n]{0,20}(?:连带(?:清偿|保证|赔偿)?责任|保证责任|代偿|代为(?:偿还|清偿|履行))"),
    ("guarantee", r"(?:保证期间|保证责任的期间|承担责任的期间|保证范围|保证方式)"),
))
#: The families in which the obligations may correct a title's type (a SaaS titled 许可协议 is a technical
#: service; a 销售居间 in which the agent sells in its own name is a 委托) — across families the title stands.
_OBLIGATION_FAMILIES = ({"tech_dev", "tech_transfer", "tech_service"}, {"service", "entrustment", "intermediary"},
                        {"construction", "work", "service"})


def obligation_types(full_text: str) -> dict[str, int]:
    """How often each type's characteristic promise is made in the text (what is done for what), the parties'
    block and the title left out of it by the caller's choice of text."""
    counts: dict[str, int] = {}
    sample = full_text[:200_000]
    for kind, rx in _OBLIGATION_TYPES:
        hits = len(rx.findall(sample))
        if hits:
            counts[kind] = counts.get(kind, 0) + hits
    return counts


def _by_obligation(full_text: str, title_kind: str, head: str = "") -> str | None:
    """The one type the promises of the text bear out, or None (abstain) when they name none or several; a
    title's own type is corrected within its family (or when it is the broad 服务), and across families only
    when the parties hold none of the title type's roles while the promise is made more than once (a
    房屋租赁信息服务协议 between a 委托方 and a broker who reports the chance of a lease is a brokerage, not a lease;
    a 仓库租赁合同 between 出租方 and 承租方 stays a lease whatever is stored)."""
    counts = obligation_types(full_text)
    if len(counts) != 1:
        return None
    (kind, hits), = counts.items()
    if title_kind in ("service", "other"):
        return kind
    if hits < 2 or kind == title_kind:
        return None
    # a title of a specific type yields only to a promise made more than once, within the title's family
    if any(kind in fam and title_kind in fam for fam in _OBLIGATION_FAMILIES):
        return kind
    if head and not _held_types(head, [title_kind]):
        return kind
    return None


def _type_scores(head: str, full_text: str) -> dict[str, float]:
    """Evidence for each type: the parties' role words (3 each) and keyword counts in the text."""
    scores: dict[str, float] = {kind: 0.0 for kind, _, _ in _TYPES}
    for word in _role_words(head):
        for kind in _role_kinds(word):
            scores[kind] += 3
    sample = full_text[:200_000]
    for kind, title_words, words in _TYPES:
        scores[kind] += sum(min(sample.count(w), 10) for w in words) * 0.5
        scores[kind] += sum(min(sample.count(w), 5) for w in title_words) * 0.3
    return scores


def guess_contract_type(head: str, parties: list[Party], full_text: str) -> str:
    """One of :class:`contracts.models.ContractType`'s values (``other`` when nothing stands out).
    The title decides when it names a type; when it names several (存量房屋买卖居间合同, 仓储及物流服务协议) the
    parties' roles and the text's words choose among them; with no type in the title, roles and keyword counts
    in the text decide."""
    for title in _title_lines(head)[:3]:
        named = _named_types(title)
        if named == ["service"]:
            # a broad 服务协议 whose parties hold one narrower type's roles (即存货人) is that type
            held = _held_types(head, [k for k, _, _ in _TYPES if k != "service"])
            if len(held) == 1:
                return held.pop()
        if len(named) == 1:
            # what is promised for what corrects a broad title or one of the same family, when it names one type
            return _by_obligation(full_text, named[0], head) or named[0]
        if named and not _third_party_types(head):
            # a two-party contract whose title names two types (房屋买卖居间服务合同 between a buyer and a broker)
            # is the one of them its promises bear out, unless the parties are both sides of another named type
            # (借款及房产抵押合同 between 出借人 and 借款人 stays a loan); a third party in its role makes a composite
            promised = [k for k in obligation_types(full_text) if k in named]
            if len(promised) == 1 and all(_sides_held(head, k) < 2 for k in named if k != promised[0]):
                return promised[0]
        if named:
            scores = _type_scores(head, full_text)
            return max(named, key=lambda k: (scores[k], -named.index(k)))
    scores = _type_scores(head, full_text)
    # with no title, what is promised for what weighs as much as a party's role word
    for kind, hits in obligation_types(full_text).items():
        scores[kind] += 3 * min(hits, 2)
    best = max(scores, key=lambda k: scores[k])
    return best if scores[best] >= 4 else "other"


def _sides_held(head: str, kind: str) -> int:
    """How many distinct role words of ``kind`` the party block gives the parties (出借人 and 借款人: 2)."""
    words = set(_role_words(head)) | {w for labels in party_labels(head) for w in labels}
    return len({role for word in words for role, k in _ROLE_TYPES.items()
                if k == kind and role in _NEUTRAL_ROLES.sub("", word)})


def _held_types(head: str, kinds: list[str]) -> set[str]:
    """Those of ``kinds`` whose role words the party block gives a party."""
    roles = _role_words(head)
    return {kind for kind in kinds if any(kind in _role_kinds(word) for word in roles)}


#: The types a third party to a two-sided contract brings when it signs in their role.
_THIRD_PARTY_TYPES = frozenset({"intermediary", "guarantee"})


def _third_party_types(head: str) -> set[str]:
    """The types of :data:`_THIRD_PARTY_TYPES` whose role a 丙方 or 丁方 of the party block holds."""
    kinds: set[str] = set()
    for line in head.split("\n"):
        m = party_match(line) or _ROLE_LINE.match(line)
        if not m:
            continue
        words = [w for w in m.groups()[:2] if w]
        if any(w in ("丙方", "丁方", "戊方") for w in words):
            for word in words:
                kinds.update(k for k in _role_kinds(word) if k in _THIRD_PARTY_TYPES)
    return kinds


def composite_types(head: str, full_text: str) -> frozenset[str]:
    """The further types of a contract whose title names two and whose parties hold the roles of each (a
    three-party 房屋买卖居间合同: 出卖人, 买受人 and 居间方 — the sale's rules and the brokerage's both apply);
    empty when the title names one type or the roles bear out only one (仓储及物流服务协议 with a 存货人 and no
    承运人 is a storage contract)."""
    for title in _title_lines(head)[:3]:
        named = _named_types(title)
        if len(named) < 2:
            # a third party who signs in a role of its own (居间方（丙方）, 丙方（保证人）) brings its contract's
            # rules, whatever the title names: the broker's fee or the surety's undertaking is in the text
            primary = guess_contract_type(head, [], full_text)
            return frozenset(_third_party_types(head) - {primary})
        held = _held_types(head, named)
        primary = guess_contract_type(head, [], full_text)
        return frozenset(held - {primary}) if primary in held else frozenset()
    return frozenset()


# --- the contract's own labels ------------------------------------------------------------------------

#: A clause heading: the party block ends at the first one (第一条, 一、, 1. / 1、, 1.1).
_CLAUSE_HEAD = re.compile(r"^[\s\u3000]*(?:第[一二三四五六七八九十百零〇\d]+[条章]"
                          r"|[一二三四五六七八九十]+[\s\u3000]*[、.．]"
                          r"|\d+[\s\u3000]*[、．](?!\d)|\d+\.\d+|\d+\.[\s\u3000]*[\u4e00-\u9fff])")
#: A line of the party block: a role word (甲方, 加盟方, 服务提供方, 车主 …) with an optional bracket and a colon.
_LABEL_LINE = re.compile(r"^[\s\u3000]*(?:[（(]?[0-9一二三四五六七八九十]{1,2}[)）.、][\s\u3000]*)?"
                         r"(?P<head>[甲乙丙丁戊]方|[\u4e00-\u9fff]{1,8}?(?:方|人|主|商|单位|者|机构|公司|户|员|社|店|东))"
                         r"[\s\u3000]*(?:[（(](?P<inner>[^）)\n]{0,40})[）)])?[\s\u3000]*[：:](?P<rest>.*)$")
#: A party line opened by a numbered name with no role word ((2) 上海悦饮食品贸易有限公司 …（以下简称“客户”）).
_NUMBERED_PARTY = re.compile(r"^[\s\u3000]*[（(]?[0-9一二三四五六七八九十]{1,2}[)）.、]")
#: The names a definition gives a party: （以下简称“星汇”或“平台”）, （下称“乙方”）, （以下简称“客户”，即存货人）.
_DEFINED = re.compile(r"(?:以下简称|以下称|下称|简称|以下称为|以下统称)[为：:]?[\s\u3000]*"
                      r"[“\"'「『]?(?P<a>[^\s“”\"'「」『』，,。；;）)或及]{1,8})[”\"'」』]?"
                      r"(?:[\s\u3000]*(?:或|及|、)[\s\u3000]*[“\"'「『]?(?P<b>[^\s“”\"'「」『』，,。；;）)]{1,8})[”\"'」』]?)?"
                      r"(?:[，,、\s]*即[\s\u3000]*(?P<c>[^\s“”\"'，,。；;）)]{2,8}))?")
#: 本合同中，“加盟方”指乙方 / “委托方”是指甲方 / 乙方即加盟方.
_MEANS = re.compile(r"[“\"「『](?P<word>[\u4e00-\u9fff]{2,8})[”\"」』][\s\u3000]*(?:是指|系指|指|即)[\s\u3000]*"
                    r"(?P<label>[甲乙丙丁]方)(?=[，,。；;）)\s]|$)")
_IS = re.compile(r"(?P<label>[甲乙丙丁]方)[\s\u3000]*(?:即|系|为)(?:本合同|本协议)?(?:项下|中|所称|约定)?的?"
                 r"[“\"「]?(?P<word>[\u4e00-\u9fff]{2,6}(?:方|人|商))[”\"」]?(?=[，,。；;）)\s]|$)")
#: Words of a label line that are no party (联系人：, 法定代表人：, 地址：).
_NOT_A_PARTY = re.compile(r"代表人|联系人|负责人|经办人|委托代理人|代理人$|身份证|住所|地址|电话|传真|邮箱|账号|"
                          r"开户|户名|经营者$|证号|编号|签订|签署|日期|地点|经纪人$|见证人$|法定|授权代表|开户行|人员|门店|上级|"
                          r"双方|各方|项目|工程|名称|合伙人$")
_ROLE_TOKEN = re.compile(r"[甲乙丙丁戊]方|[\u4e00-\u9fff]{1,6}(?:方|人|主|商|单位|者|机构|户)")
#: A cell of a party table: 出卖人（甲方）, 出借人（甲方）.
_LABEL_CELL = re.compile(r"^[\s\u3000]*(?P<head>[\u4e00-\u9fff]{2,8})[\s\u3000]*"
                         r"[（(](?P<inner>[^）)]{0,20})[）)][\s\u3000]*$")
_BOX = "│┃|"


def _tokens(inner: str, known: frozenset[str] = frozenset()) -> list[str]:
    """The role words inside a bracket after a label (甲方（委托人/买方陈思远、刘敏） → 委托人, 买方): each part's
    leading role word — a word of ``known`` first (员工, 用人单位), else a word ending as roles end — with the 以下简称
    of a definition dropped."""
    out = []
    for part in re.split(r"[、，,/／；;\s]+", re.sub(r"(?:以下简称|以下称|下称|简称)[为：:]?", "", inner)):
        part = part.strip("“”\"'「」『』")
        if not part or len(part) > 14:
            continue
        word = next((w for w in sorted(known, key=len, reverse=True) if part.startswith(w)), "")
        if not word:
            m = _ROLE_TOKEN.match(part)
            word = m.group(0) if m and (len(part) <= 8 or m.end() <= 4) else ""
        if word:
            out.append(word)
    return out


def _party_segments(line: str) -> list[str]:
    """Two parties on one line (发包人：某置业有限公司；承包人：某建设有限公司。) are two party lines; a line is
    split at its semicolons only when every piece is a party line of its own."""
    pieces = [p for p in re.split(r"[；;]\s*", line) if p.strip()]
    if len(pieces) > 1 and all((m := _LABEL_LINE.match(despace_head(p))) and not _NOT_A_PARTY.search(m.group("head"))
                               for p in pieces):
        return pieces
    return [line]


def party_labels(text: str, known: frozenset[str] = frozenset()) -> list[list[str]]:
    """The parties as the contract names them, in the order its party block gives them: for each, every label
    the contract uses for it — the party line's role word (甲方, 服务提供方, 车主), the words in its bracket
    (甲方（加盟方）), the names a definition gives it (以下简称“星汇”或“平台”, 以下简称“客户”，即存货人) and the
    definitions of the body (本合同中“委托方”指甲方); a party table's cells (│ 出借人（甲方） │) too. ``known``: the
    role words of the lexicon, read inside brackets whatever their ending. A signature line is no party line; an
    unnamed role stays unnamed: no label is invented."""
    lines = [seg for line in text.split("\n") for seg in _party_segments(line)]
    groups: list[list[str]] = []

    def add(names: list[str]) -> None:
        names = [n for n in dict.fromkeys(names) if n]
        if not names:
            return
        # a second line of the same party (甲方：… / 甲方（盖章）…) joins the group that holds its label
        known_group = next((g for g in groups if set(g) & set(names)), None)
        if known_group is not None:
            known_group.extend(n for n in names if n not in known_group)
        else:
            groups.append(names)

    for line in lines:
        if _CLAUSE_HEAD.match(line) and groups:
            break
        if is_signature_line(line):
            continue
        if any(c in line for c in _BOX):
            for cell in re.split(rf"[{_BOX}]", line):
                c = _LABEL_CELL.match(cell)
                if c and not _NOT_A_PARTY.search(c.group("head")) and (
                        re.search(r"[甲乙丙丁]方", c.group("inner")) or c.group("head") in known):
                    add([c.group("head"), *_tokens(c.group("inner"), known)])
            continue
        names: list[str] = []
        m = _LABEL_LINE.match(despace_head(line))
        if m and not _NOT_A_PARTY.search(m.group("head")):
            names.append(m.group("head"))
            names.extend(_tokens(m.group("inner") or "", known))
        elif not _NUMBERED_PARTY.match(line):
            continue
        for d in _DEFINED.finditer(line):
            names.extend(w for w in d.groups() if w)
        add(names)
    for rx in (_MEANS, _IS):
        for m in rx.finditer(text):
            label, word = m.group("label"), m.group("word")
            group = next((g for g in groups if label in g), None)
            if group is not None and word not in group and not any(word in g for g in groups):
                group.append(word)
    return groups
