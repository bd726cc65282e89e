"""Whose interest a rule protects, in the roles a contract gives its parties (``params.protects``).

A rule written for the lessee (a landlord who may take the premises back at any time) is not the firm's
risk when the firm acts for the lessor: the clause is one-sided in our favour. :func:`side_classes` reads
the roles of the firm's side from the names the contract gives it (乙方（承租方） → lessee), and
:func:`protects_us` says whether a rule protecting ``protects`` is our risk. With no side, or a side whose
role the contract does not tell, every rule fires as before."""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Role classes and the words contracts use for them.
ROLE_CLASSES: dict[str, tuple[str, ...]] = {
    "lessee": ("承租人", "承租方", "租户", "承租户"),
    "lessor": ("出租人", "出租方", "房东"),
    "employee": ("劳动者", "员工", "职工", "受聘人", "受聘方", "雇员"),
    "employer": ("用人单位", "聘用单位", "聘用方", "雇主"),
    "buyer": ("买受人", "买受方", "买方", "需方", "采购方", "购买方", "购房人"),
    "seller": ("出卖人", "出卖方", "卖方", "供方", "供货方", "销售方", "出售方"),
    "borrower": ("借款人", "借款方"),
    "lender": ("出借人", "出借方", "贷款人", "贷款方"),
    "owner": ("业主", "业主大会", "业主委员会", "全体业主"),
    "manager": ("物业服务人", "物业服务企业", "物业服务方", "物业公司", "物业管理公司"),
    "depositor": ("存货人", "存货方", "寄存人", "寄存方"),
    "keeper": ("保管人", "保管方", "仓储人", "仓储方"),
    "shipper": ("托运人", "托运方"),
    "carrier": ("承运人", "承运方"),
    "franchisee": ("被特许人", "加盟商", "加盟方", "受许人"),
    "franchisor": ("特许人", "特许方"),
    "principal": ("委托人", "委托方", "被代理人"),
    "agent": ("受托人", "受托方", "代理人", "中介人", "中介方", "居间人", "居间方"),
    "orderer": ("定作人", "定作方"),
    "maker": ("承揽人", "承揽方", "加工方", "加工人"),
    "client": ("发包人", "发包方", "建设单位", "总承包人", "总承包方", "总包方", "总承包单位", "施工总承包单位"),
    "builder": ("承包人", "承包方", "施工单位", "施工方", "分包人", "分包方", "分包单位", "专业分包人",
                "劳务分包人", "专业分包单位"),
    "guarantor": ("保证人", "保证方", "担保人", "担保方"),
    "creditor": ("债权人",),
    "discloser": ("披露方", "披露人"),
    "recipient": ("接收方", "接收人", "接受方"),
    "donor": ("赠与人", "赠与方"),
    "donee": ("受赠人", "受赠方"),
    "transferor": ("转让方", "转让人", "让与人", "许可方", "许可人"),
    "transferee": ("受让方", "受让人", "被许可方", "被许可人"),
    "learner": ("学员", "受训方", "受训人", "学生"),
    "trainer": ("培训机构", "培训方", "培训学校", "培训中心"),
    "advertiser": ("广告主",),
    "publisher": ("广告经营者", "广告发布者"),
    "artist": ("艺人", "演员", "表演者", "演出方", "歌手"),
    "talent_agency": ("经纪公司", "经纪方", "经纪机构", "演艺经纪公司"),
    "organizer": ("主办方", "主办单位", "演出举办单位", "举办方"),
    "platform": ("平台经营者", "电子商务平台经营者", "平台方", "平台运营方"),
    "merchant": ("平台内经营者", "入驻商家", "入驻商户", "入驻方", "商家"),
}

#: The class on the other side of each class.
OPPOSITES: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "lessee": {"lessor"}, "lessor": {"lessee"}, "employee": {"employer"}, "employer": {"employee"},
    "buyer": {"seller"}, "seller": {"buyer"}, "borrower": {"lender", "creditor"}, "lender": {"borrower", "guarantor"},
    "owner": {"manager"}, "manager": {"owner"}, "depositor": {"keeper"}, "keeper": {"depositor"},
    "shipper": {"carrier"}, "carrier": {"shipper"}, "franchisee": {"franchisor"}, "franchisor": {"franchisee"},
    "principal": {"agent"}, "agent": {"principal"}, "orderer": {"maker"}, "maker": {"orderer"},
    "client": {"builder"}, "builder": {"client"}, "guarantor": {"creditor", "lender"},
    "creditor": {"guarantor", "borrower"}, "discloser": {"recipient"}, "recipient": {"discloser"},
    "donor": {"donee"}, "donee": {"donor"}, "transferor": {"transferee"}, "transferee": {"transferor"},
    "advertiser": {"publisher"}, "publisher": {"advertiser"}, "learner": {"trainer"}, "trainer": {"learner"},
    "artist": {"talent_agency", "organizer"}, "talent_agency": {"artist"}, "organizer": {"artist"},
    "platform": {"merchant"}, "merchant": {"platform"},
}.items()}

_BY_WORD = {word: cls for cls, words in ROLE_CLASSES.items() for word in words}


_ROLE_WORDS = re.compile("|".join(sorted(map(re.escape, _BY_WORD), key=len, reverse=True)))


def side_classes(names: Iterable[str]) -> frozenset[str]:
    """The role classes of the firm's side from every name the contract gives it — a role word inside a
    description counts too (乙方（艺人林若溪） → artist; 被特许人 is not 特许人: the longest word wins)."""
    return frozenset(_BY_WORD[m.group(0)] for n in names for m in _ROLE_WORDS.finditer(n))


def protects_us(protects: Iterable[str], ours: frozenset[str]) -> bool:
    """A rule protecting ``protects`` is our risk unless our side's roles are all on the other side of it
    (we are the lessor and the rule protects the lessee). Unknown roles: our risk."""
    protected = set(protects)
    if not protected or not ours or ours & protected:
        return True
    against = set().union(*(OPPOSITES.get(p, frozenset()) for p in protected))
    return not (ours & against)


#: The classes of the party that pays the price (rent, the price of goods, fees, wages) and of the party paid
#: for its goods or work. A duty a sentence lays on no one — paying late, a deposit or an advance kept — falls
#: on the payer.
PAYING = frozenset({"lessee", "buyer", "borrower", "owner", "depositor", "shipper", "franchisee", "principal",
                    "orderer", "client", "learner", "advertiser", "employer", "transferee", "merchant"})
ENGAGED = frozenset({"lessor", "seller", "lender", "manager", "keeper", "carrier", "franchisor", "agent", "maker",
                     "builder", "trainer", "publisher", "employee", "transferor", "platform"})


def payer_is_us(roles: Iterable[str]) -> bool | None:
    """Whether the firm's side (its role classes) is the party that pays the price: True, False, or None when
    its roles do not tell (no side, or roles on both lists)."""
    roles = set(roles)
    paying, engaged = bool(roles & PAYING), bool(roles & ENGAGED)
    if paying == engaged:
        return None
    return paying
