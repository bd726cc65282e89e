"""More role readers, run after :func:`legal.facts.extract_facts`'s own on the normalised text.

Each reader names one kind of figure by the words around it, in the ways clients write it, and adds a
role-labelled fact only when the question does not already carry that role (a reader here never
overrides a fact read before it, except where it says why: a rate read as zero, a regional average taken
for the client's wage). docs/decisions/figures-and-deadlines.md lists them.
"""

from __future__ import annotations

import calendar
import re
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from legal.events import DatedEvent
from legal.numerals import MONEY, NUM, cn_number, days_in, decimal_number, money, spoken_count

if TYPE_CHECKING:
    from legal.facts import Facts

def _amount(m: re.Match[str], at: int = 1) -> Decimal | None:
    return money(m.group(at), m.group(at + 1))


def _replace(facts: Facts, name: str, value: object, text: str) -> None:
    facts.items.pop(name, None)
    facts.add(name, value, text)


# -- contracts: deposits, prices, instalments --------------------------------------------------------------
#: 付了三万说是定金, 交了5000作为定金, 给了2万当定金.
_DEPOSIT_SAID = re.compile(rf"(?:付了|交了|给了|转了|打了|付|交)\s*{MONEY}\s*(?:钱)?\s*[，,]?\s*"
                           rf"(?:说是|作为|当作|当|算作|算|作|是)\s*(?:的)?定金")
#: 一台设备卖十万, 房子作价80万, 签了个20万的采购合同, 30万分期付.
_PRICE_SAID = (
    re.compile(rf"(?:卖|售价|作价|总价|总共|价格|价钱|标的|转让费|转让价)\s*(?:定了|是|为)?\s*{MONEY}(?![\d])"),
    re.compile(rf"(?<![\d.]){MONEY}\s*的\s*[^，。,；;？?！!\d]{{0,6}}?(?:合同|订单|买卖|采购|生意)"),
    re.compile(rf"(?<![\d.]){MONEY}\s*(?:分期|分\d+期|按揭)"),
    # 房子100万, 这辆车15万: the thing's price said right after it
    re.compile(rf"(?:房子|房屋|这套房|那套房|车子|这辆车|那辆车|商铺|门面|铺面)\s*(?:是|总价|价格|价钱|卖|值)?\s*{MONEY}(?![\d])"),
)
_CONTRACT_CONTEXT = re.compile(r"定金|分期|合同|卖给|买卖|采购|订单")
#: 欠了两期没给 一共5万, 还欠8万没付.
_UNPAID = re.compile(rf"(?:欠|拖欠|没付|没给|未付|没交)[^。；;？?！!\d]{{0,12}}?(?:一共|共|总共|合计)\s*{MONEY}"
                     rf"|(?:欠|拖欠)(?:了)?\s*{MONEY}\s*(?:没给|没付|未付|没还)")

# -- late performance by the day ---------------------------------------------------------------------------
#: 已付房款150万, 我一次性付了150万, 首付加贷款一共付了120万: the sum a daily penalty rate (read with the
#: delay by :mod:`legal.facts`) is taken of.
_PAID_PRICE = re.compile(rf"(?:已付(?:房款|款项|价款|购房款)?|已经付了|一次性付了|一次性付清了?|全款付了|付了|交了)"
                         rf"\s*{MONEY}")

# -- loans -------------------------------------------------------------------------------------------------
#: 借两年, 借期三年, 借一年半: the loan's term (the interest cap runs over it).
_LOAN_TERM = re.compile(rf"借(?:了|期|款期限?)?\s*({NUM}|半)\s*(年|个月)(半)?(?![\d]|的?(?:利息|时间了))")
#: 打到我卡上只有9万, 实际到账8万, 到手才9万: what the borrower actually received.
_RECEIVED = re.compile(rf"(?:打到|转到|到账|到手|实际(?:收到|到账|拿到|给了?|出借)|只给了?|转给我|打给我|给我转了|收到"
                       rf"|(?:实际|其实|实际上)[^，。,；;？?！!\d]{{0,4}}?只?(?:转了|给了|打了|借了|到账))"
                       rf"[^，。,；;？?！!\d]{{0,6}}?(?:只有|仅|才|就|只)?\s*{MONEY}")
#: 借条写的10万, 借款合同写5万: the principal as written (what was received may be less).
_WRITTEN_PRINCIPAL = re.compile(rf"(?:借条|借款合同|欠条|借据)(?:上)?(?:写|写的|写了|写明|载明)(?:的是|了|着|是)?"
                                rf"\s*{MONEY}")
#: 错拘我20天, 被拘留了15天, 关了10天: days in custody.
_CUSTODY = re.compile(rf"(?:拘留|错拘|刑拘|羁押|关押|关了|拘)(?:了|我)?\s*({NUM})\s*天")
#: A part of the written sum not handed over: deducted in advance (砍头息), or said to be given and never given.
_DEDUCTED = re.compile(r"先扣|扣了|扣掉|预先扣|砍头息|手续费|服务费|利息.{0,4}扣"
                       r"|根本没给|并没有给|其实没给|没有给我|没给我|没收到|没拿到|没到账")
#: 逾期利息、违约金和律师费加起来一年最多: everything the lender claims together, capped as one.
_COSTS_TOGETHER = re.compile(r"(?:违约金|罚息|服务费|手续费|律师费|其他费用).{0,20}"
                             r"(?:加起来|加在一起|一共|合计|总共|算在一起)"
                             r"|(?:加起来|加在一起|一共|合计|总共).{0,10}(?:利息|违约金).{0,10}(?:最多|上限)")

# -- injury, state compensation, food, prepaid cards --------------------------------------------------------
#: 上一年职工年平均工资9万6: a yearly regional wage (丧葬费 takes six months of its monthly twelfth).
_YEAR_AVERAGE = re.compile(rf"(?:(?:职工|社会|社平|在岗职工|就业人员)年(?:平均|均)工资"
                           rf"|(?:当地|本省|全省|省|本市|全市|市)[^，。,；;？?！!\d我]{{0,8}}年(?:平均|均)工资)"
                           rf"[^，。,；;？?！!\d]{{0,8}}?{MONEY}")
#: 职工日平均工资…一天大概470: the national daily wage of 国家赔偿法 33.
_DAY_AVERAGE = re.compile(rf"日平均工资[^，。,；;？?！!\d]{{0,12}}?(?:一天|每天|每日)?"
                          rf"[^，。,；;？?！!\d]{{0,4}}?{MONEY}")
_FOOD = re.compile(r"吃出|外卖|食品|食物|变质|过期|异物|蟑螂|头发|苍蝇|虫子|发霉|饭菜|麻辣烫|奶茶|零食|餐厅|饭店")
_PRICE_BARE = re.compile(rf"(?<![\d.]){MONEY}")
#: 卡里充了三千, 办卡充值5000, 预存了2万: what was paid in advance.
_PREPAID = re.compile(rf"(?:充了|充值了?|预存了?|存了|储值|办卡(?:交了|花了|充了)?)\s*{MONEY}")
_USED = re.compile(rf"(?:用了|消费了|花了|扣了|刷了)\s*{MONEY}")
#: 交了两年2.4w, 年卡交了1.2w, 报了一年的课8000: the term bought, and what of it was used.
_TERM_BOUGHT = re.compile(rf"(?:交了|报了|办了|买了|签了)\s*({NUM}|半)\s*(年|个月)(?:的)?"
                          rf"[^，。,；;？?！!\d]{{0,4}}?{MONEY}")
_YEAR_CARD = re.compile(rf"年卡[^，。,；;？?！!\d]{{0,4}}?{MONEY}")
_TERM_USED = re.compile(rf"(?:上了|用了|练了|学了|去了|过了)\s*({NUM}|半)\s*(个月|年)")

# -- guarantees ----------------------------------------------------------------------------------------------
_DEMANDED = re.compile(r"(?:律师函|催告|起诉|要求|让我|找我|向我).{0,12}(?:承担|履行)?(?:担保|保证)责任"
                       r"|(?:担保人|保证人).{0,30}(?:律师函|催告函|催收函)")
_CO_GUARANTORS = re.compile(r"(?:我跟|我和|我与)(?:另|另外)?(?:一个人|一人|他|她|朋友|同事)"
                            r"[^，。,；;？?！!]{0,20}?(?:都|一起|共同)"
                            r"[^，。,；;？?！!]{0,20}?(?:保证人|担保人)|(两|二|三|2|3)\s*个\s*(?:保证人|担保人)")


_PAID_ALL = re.compile(r"(?:全|都)还了|全部还了|一个人(?:全)?还|替.{0,6}还了")


def _months(number: str, unit: str, half: str | None = None) -> Decimal | None:
    value = spoken_count(number)
    if value is None:
        return None
    months = value * 12 if unit == "年" else value
    return months + (6 if half else 0)


# -- a stay in hospital, a lease overrun ---------------------------------------------------------------------
#: 住院10天, 住了半个月院, 在医院躺了两周: the days in hospital (住院伙食补助费 runs over them).
_HOSPITAL_DAYS = re.compile(rf"(?:住院|住了|在医院(?:里)?(?:住了|躺了|待了|呆了))(?:了|治疗了?|观察了?|一共|共)?"
                            rf"\s*({NUM}|半)\s*(天|个月|个星期|周|星期)(?:的)?(?:院)?")
#: 出差伙食补助一天100, 伙食补助标准每天80元, 每天100的伙食补助: the standard a day.
_MEAL_RATE = re.compile(rf"(?:伙食补助|伙食费|伙食标准|出差补助)(?:标准)?[^，。,；;？?！!\d]{{0,6}}?"
                        rf"(?:每天|一天|每日|日|按)?\s*{MONEY}"
                        rf"|(?:每天|一天|每日)\s*{MONEY}\s*(?:的)?(?:伙食|出差)补助")
#: 租给人家一天1500, 日租金800, 每天租金300: a rent by the day.
_DAILY_RENT = re.compile(rf"租[^，。,；;？?！!\d]{{0,8}}?(?:每天|一天|每日|一日|日租金?)\s*(?:是|为|收|要)?\s*{MONEY}"
                         rf"|(?:每天|一天)\s*(?:的)?租金\s*(?:是|为)?\s*{MONEY}|日租金\s*(?:是|为)?\s*{MONEY}")
#: 到期后又住了两个月, 租期满了多占了20天, 超期15天, 多出来的10天: the time held after the lease ended.
_OVERSTAY = re.compile(rf"(?:(?:到期|期满|届满|租期结束|合同结束)(?:了|后|以后|之后)?[^，。,；;？?！!\d]{{0,6}}?"
                       rf"(?:又|还|多)(?:住|用|占|霸占|拖|赖)了?|多(?:住|用|占)了|超期(?:了)?|多出来的)\s*({NUM}|半)\s*(天|个月)")
_RETURNED = re.compile(r"还回|归还|返还|交还|搬走|搬出|腾房|退租|还给|才还|才搬")
#: 到现在还不搬, 一直赖着不走, 还没搬: the lease has ended and the thing is still held.
_STILL_HELD = re.compile(r"(?:还|一直|至今|到现在|到今天)(?:都)?(?:不搬|没搬|不走|没走|赖着|不还|没还|占着|住着)"
                         r"|赖着不走|拒不搬")


def _stay_roles(text: str, today: date, facts: Facts) -> None:
    m = _HOSPITAL_DAYS.search(text)
    if m and "hospital_days" not in facts and (days := days_in(m.group(1), m.group(2))) is not None:
        facts.add("hospital_days", days, m.group(0))
    m = _MEAL_RATE.search(text)
    if m and "meal_allowance_rate" not in facts:
        facts.add("meal_allowance_rate", _amount(m, 1 if m.group(1) else 3), m.group(0))
    if "租" not in text:
        return
    m = _DAILY_RENT.search(text)
    if m and "daily_rent" not in facts:
        at = next(i for i in (1, 3, 5) if m.group(i))
        facts.add("daily_rent", _amount(m, at), m.group(0))
    m = _OVERSTAY.search(text)
    if m and (days := days_in(m.group(1), m.group(2))) is not None:
        facts.add("overdue_days", days, m.group(0))
    elif facts.get("delay_days") and _RETURNED.search(text):
        # 说好用到11月10号，拖到20号才还回来: the late performance is the lease's return
        facts.add("overdue_days", facts.get("delay_days"), facts.items["delay_days"].text)
    elif _STILL_HELD.search(text):
        # 租期10月31号到期了，到现在还不搬: held from the end of the term to today
        ended = [d.day for d in facts.dates if d.event == "due" and d.day < today]
        if ended:
            facts.add("overdue_days", Decimal((today - max(ended)).days), f"{max(ended).isoformat()} 至今")


# -- what a case turns on: the harm, the kind of theft, the kind of debt, the word for a deposit ------------------
#: The worst harm said, as the forensic grades name it: 1 轻微伤, 2 轻伤, 3 重伤, 4 death.
_HARM = ((4, re.compile(r"打死|致死|致人死亡|死了|身亡|没救过来")), (3, re.compile(r"重伤")),
         (1, re.compile(r"轻微伤")), (2, re.compile(r"轻伤")))
#: The eight grave offences a fourteen-year-old answers for (刑法 17 ②).
_GRAVE = re.compile(r"杀人|杀了|强奸|抢劫|抢了|贩毒|卖毒品|放火|纵火|爆炸|投毒")
_THEFT = re.compile(r"偷|盗|顺走|顺了|顺东西|扒窃|扒手"
                    r"|(?:口袋|兜里|包里|身上)[^，。,；;？?]{0,6}(?:摸|掏)(?:了|走|出)")  # 从别人包里摸了个手机: 扒窃
#: 两年里第三次了, 一年多偷了三回, 今年已经是第四次: thefts within two years (多次盗窃: three or more).
_THEFT_COUNT = re.compile(r"(?:两年|二年|2年|一年|1年|今年|半年|这几个月|几个月|这个月|上半年|下半年)(?:多)?"
                          r"(?:里|内|之内|以内|来|中|当中)?[^。；;？?！!]{0,12}?(?:第|了|偷了|被抓了?)\s*"
                          r"(三|四|五|六|七|八|九|十|3|4|5|6|7|8|9|10|好几|多)\s*(?:次|回)")
#: 入户盗窃, 扒窃, 携带凶器盗窃: a theft that is a crime whatever the amount.
_SPECIAL_THEFT = re.compile(r"入户|翻窗进|撬门|撬锁进|溜进(?:别人|人家|邻居)家"
                            r"|进(?:别人|人家|邻居)家(?:里)?[^，。]{0,4}(?:偷|拿)|扒窃"
                            r"|(?:口袋|兜里|包里|身上)[^，。]{0,6}(?:偷|摸|掏)|(?:地铁|公交)[^，。]{0,6}偷"
                            r"|(?:带|拿)着?(?:刀|凶器|匕首)[^，。]{0,8}偷")
#: 赌博欠的, 赌债, 借钱去赌, 吸毒: a debt for an unlawful end (never a joint debt of the spouses).
_UNLAWFUL_DEBT = re.compile(r"赌博|赌债|去赌|赌钱|赌输|网赌|赌球|吸毒|买毒品")
#: 订金, 意向金, 诚意金, 预付款: a sum paid in advance not named 定金 (no deposit penalty unless agreed).
_EARNEST = re.compile(rf"(?:交了|付了|给了|转了|收了|打了)\s*{MONEY}\s*(?:块)?(?:钱)?\s*[，,]?\s*"
                      rf"(?:说是|作为|当作|算)?\s*[“\"'「]?(?:订金|意向金|诚意金|预付款|预订金)"
                      rf"|(?:订金|意向金|诚意金|预付款)\s*(?:是|为|交了|付了)?\s*{MONEY}")


#: 我儿子今年15, 孩子才14岁, 当时侄子刚满16: a young person's age said without 岁.
_YOUNG_AGE = re.compile(rf"(?:儿子|女儿|孩子|闺女|侄子|侄女|外甥|弟弟|妹妹|小孩|学生)"
                        rf"(?:今年|才|刚满|刚|已经|都|当时|那时|那年|满)+\s*({NUM})\s*(?:岁|周岁)?"
                        rf"(?![\d万元块千百年月天个号日次])")


def _case_roles(text: str, facts: Facts) -> None:
    m = _YOUNG_AGE.search(text)
    if m and "age" not in facts and (age := cn_number(m.group(1))) is not None and 6 <= age <= 25:
        facts.add("age", int(age), m.group(0))
    harm = next((level for level, pattern in _HARM if pattern.search(text)), None)
    if harm is not None:
        facts.add("harm_level", harm, next(m.group(0) for lv, p in _HARM if lv == harm and (m := p.search(text))))
    m = _GRAVE.search(text)
    if m:
        facts.add("grave_offence", True, m.group(0))
    if _THEFT.search(text):
        m = _THEFT_COUNT.search(text)
        if m:
            said = m.group(1)
            count = Decimal(3) if said in ("好几", "多") else cn_number(said)
            facts.add("thefts_in_two_years", count, m.group(0))
        m = _SPECIAL_THEFT.search(text)
        if m:
            facts.add("special_theft", True, m.group(0))
    m = _UNLAWFUL_DEBT.search(text)
    if m and re.search(r"借|欠|债|还", text):
        facts.add("unlawful_debt", True, m.group(0))
    if "定金" not in text and (named := re.search(r"订金|意向金|诚意金", text)):
        facts.add("earnest_named", True, named.group(0))
        m = _EARNEST.search(text)
        if m:
            facts.add("earnest_amount", _amount(m, 1 if m.group(1) else 3), m.group(0))
            if "amount_paid" not in facts:
                facts.add("amount_paid", facts.get("earnest_amount"), m.group(0))  # an advance paid is a sum paid


# -- tenure without a contract, a loan overdue, a yearly rate in words, a card's bonus, capital ------------------
#: 入职半年, 进公司三个月了, 干了一年半: the time since hiring, said as a span.
_HIRED_SPAN = re.compile(rf"(?:入职|进公司|进厂|上班|干了|做了)(?:才|刚|快|已经|都)?\s*({NUM}|半)\s*(年|个月)(半)?")
#: 到期都一年了, 到期已经三个月了, 过了还款期半年了: how long a loan is overdue.
_OVERDUE_SPAN = re.compile(rf"(?:到期|到了还款日|过了还款期)(?:都|已经|快|有|了)*\s*({NUM}|半)\s*(年|个月)(半)?"
                           rf"(?:多)?了")
#: 年利息百分之十, 年利率百分之八, 年化百分之十二: a yearly rate in words.
_YEAR_RATE_WORDS = re.compile(r"(?:年利息|年利率|年息|年化(?:利率)?|一年的利息|每年利息)\s*(?:是|为|按)?\s*"
                              r"百分之([零〇一二两三四五六七八九十\d.点]+)")
#: 充5000送3000, 充了两千赠送五百: what a card's issuer added (not refunded).
_BONUS = re.compile(rf"(?:充|存|预存|充值)[^，。,；;？?！!]{{0,8}}?(?:送|赠送|赠)\s*(?:了)?\s*{MONEY}")
#: 认缴了100万 实缴了20万: subscribed and paid-in capital.
_SUBSCRIBED = re.compile(rf"认缴(?:了|的|出资)?\s*(?:是|为)?\s*{MONEY}")
_PAID_IN = re.compile(rf"(?:实缴|实际缴纳|实际出资|只缴了|已缴|(?<!认)缴了)(?:了)?\s*(?:是|为)?\s*{MONEY}")
_NO_WRITTEN = re.compile(r"(?:没|未|没有|不|一直没|一直不|始终没|始终不|迟迟不|迟迟没|拖着不|拖着没)"
                         r"(?:跟我|和我|给我|与我)?签(?:订)?(?:书面)?(?:劳动)?合同")


def _more_spans(text: str, today: date, facts: Facts) -> None:
    m = _HIRED_SPAN.search(text)
    if m and "service_months" not in facts and (months := _months(m.group(1), m.group(2), m.group(3))) is not None:
        facts.add("service_months", int(months), m.group(0))
    if "unsigned_months" not in facts and _NO_WRITTEN.search(text) and facts.get("service_months"):
        # 入职半年没签合同: no written contract the whole time (二倍工资 counts at most twelve months)
        facts.add("unsigned_months", min(Decimal(facts.get("service_months")), Decimal(12)), m.group(0) if m else "")
    m = _OVERDUE_SPAN.search(text)
    if m and "overdue_months" not in facts and (months := _months(m.group(1), m.group(2), m.group(3))) is not None:
        facts.add("overdue_months", months, m.group(0))
        if "due_date" not in facts and months == int(months):
            # 到期都一年了: the due date lies that long before today
            year, month = divmod(today.year * 12 + today.month - 1 - int(months), 12)
            last = calendar.monthrange(year, month + 1)[1]
            facts.add("due_date", date(year, month + 1, min(today.day, last)), f"{m.group(0)}（推算）")
    m = _YEAR_RATE_WORDS.search(text)
    if m and "annual_rate" not in facts and (rate := decimal_number(m.group(1))) is not None and 0 < rate < 100:
        facts.add("annual_rate", rate, m.group(0))
    m = _BONUS.search(text)
    if m and "prepaid_bonus" not in facts:
        facts.add("prepaid_bonus", _amount(m), m.group(0))
    m, paid = _SUBSCRIBED.search(text), _PAID_IN.search(text)
    if m and paid and "subscribed_capital" not in facts:
        subscribed, paid_in = _amount(m), _amount(paid)
        if subscribed is not None and paid_in is not None and paid_in <= subscribed:
            facts.add("subscribed_capital", subscribed, m.group(0))
            facts.add("paid_capital", paid_in, paid.group(0))


def more_roles(text: str, today: date, facts: Facts) -> None:
    """Add the roles this module reads to ``facts`` (``text`` is the normalised question)."""
    _contract_roles(text, facts)
    _outstanding(text, facts)
    _paid_price(facts, text)
    _loan_roles(text, facts)
    _loan_time(text, today, facts)
    _grace_end(text, today, facts)
    _injury_and_consumer(text, facts)
    _guarantee_roles(text, facts)
    _company_roles(text, facts)
    _family_roles(text, facts)
    _fee_roles(text, facts)
    _stay_roles(text, today, facts)
    _case_roles(text, facts)
    _more_spans(text, today, facts)
    _criminal_terms(text, facts)
    _spans_and_uses(text, facts)
    _dated_roles(text, facts)
    case_deciders(text, today, facts)
    told_quantities(text, today, facts)
    exception_facts(text, facts)
    _tenure_from_term(text, facts)
    _appealed_sum(text, facts)


#: A contract running out (合同下个月到期, 三年合同马上到期了, 合同期满不续签): the term served is the tenure.
_TERM_ENDING = re.compile(r"到期|期满|届满|不续签?|不再续")
#: Words of an earlier contract or a renewal (续签过, 第二份合同, 之前还签过): the term is not the whole tenure.
_RENEWED = re.compile(r"(?<![不没])续签过|(?<![不没])续过|第二份|第二次签|之前(?:还)?签过|又签了")


#: An appeal against the whole sum a judgment ordered (判我赔15万 全部不服, 都不服): the sum appealed is the judgment's.
_WHOLE_APPEAL = re.compile(r"(?:全部|都|完全|全都)不服|不服.{0,6}(?:全部|整个)判决")


def _appealed_sum(text: str, facts: Facts) -> None:
    """The sum an appeal's fee is counted on (诉讼费用交纳办法第十三条's tiers on the sum appealed): the whole sum
    the judgment ordered, when the client appeals all of it and names no sum claimed."""
    if "上诉" not in text or "amount_claimed" in facts or facts.get("judgment_amount") is None:
        return
    m = _WHOLE_APPEAL.search(text)
    if m:
        facts.add("amount_claimed", facts.get("judgment_amount"), f"上诉请求金额（不服一审判决的全部：{m.group(0)}）")


def _tenure_from_term(text: str, facts: Facts) -> None:
    """The months worked, when the client says only the term of a contract now running out (签了三年合同 下个月到期):
    the first contract served to its end is the tenure 经济补偿 counts (劳动合同法第四十六条第五项、第四十七条); never
    beside a tenure or a hire date the client gives, nor after a renewal."""
    months = facts.get("contract_months")
    if months is None or "service_months" in facts or not _TERM_ENDING.search(text) or _RENEWED.search(text):
        return
    if any(d.event == "hire" for d in facts.dates):
        return
    facts.add("service_months", int(months), f"合同期限{int(months)}个月（按合同期满计）")


def _contract_roles(text: str, facts: Facts) -> None:
    m = _DEPOSIT_SAID.search(text)
    if m and "deposit_amount" not in facts:
        facts.add("deposit_amount", _amount(m), m.group(0))
    if "contract_price" not in facts and _CONTRACT_CONTEXT.search(text):
        for pattern in _PRICE_SAID:
            m = pattern.search(text)
            value = _amount(m) if m else None
            if value is not None and value > (facts.get("deposit_amount") or 0):
                facts.add("contract_price", value, m.group(0))  # type: ignore[union-attr]
                break
    if "分期" in text:
        m = _UNPAID.search(text)
        if m:
            at = 1 if m.group(1) else 3
            facts.add("unpaid_amount", _amount(m, at), m.group(0))


#: The whole sum of a deal (货款总共28万, 工程款一共50万, 合同金额是12万) ...
_TOTAL_SUM = re.compile(rf"(?:货款|工程款|价款|房款|购房款|合同款|总价款?|合同(?:价|金额|总额|总价)|工钱|劳务费"
                        rf"|服务费|装修款|材料款|设计费|加工费|运费)\s*(?:总共|一共|共计|共|合计|总计|一共是|是|为|总额)?\s*{MONEY}(?![\d])")
#: ... the part paid (对方付了10万, 只给了5万, 已付20万) ...
_PART_PAID = re.compile(rf"(?:付了|给了|已付|已经付了|已经给了|支付了|打了|转了|结了|只付|只给|先付|先给)"
                        rf"\s*(?:我)?\s*{MONEY}(?![\d])")
#: ... and the rest said to be owed (剩下的一直拖着, 余款不给, 尾款没付, 还差): what is late is that rest.
_REST_OWED = re.compile(r"剩下|剩余|剩的|余款|尾款|还差|还欠|其余|余下")


def _outstanding(text: str, facts: Facts) -> None:
    total = _TOTAL_SUM.search(text)
    if total is None or not _REST_OWED.search(text[total.end():]):
        return
    paid = _PART_PAID.search(text, total.end())
    whole = _amount(total)
    part = _amount(paid) if paid else None
    if whole is None or part is None or not 0 < part < whole:
        return
    if "contract_price" not in facts:
        facts.add("contract_price", whole, total.group(0))
    if facts.get("contract_price") == whole:
        facts.add("unpaid_amount", whole - part, f"{total.group(0)}，{paid.group(0)}")  # type: ignore[union-attr]


def _paid_price(facts: Facts, text: str) -> None:
    if "daily_penalty_rate" in facts and "contract_price" not in facts:
        paid = _PAID_PRICE.search(text)
        if paid:
            facts.add("contract_price", _amount(paid), paid.group(0))


def _loan_roles(text: str, facts: Facts) -> None:
    m = _LOAN_TERM.search(text)
    if m and ("loan_months" not in facts or m.group(3)):
        # 借期一年半: the half year was left out by a reader that stops at the unit
        months = _months(m.group(1), m.group(2), m.group(3))
        if months is not None and 0 < months <= 360:
            _replace(facts, "loan_months", months, m.group(0))
    m = _WRITTEN_PRINCIPAL.search(text)
    if m and "principal" not in facts:
        facts.add("principal", _amount(m), m.group(0))
    if "actually_received" not in facts and facts.get("principal") is not None and _DEDUCTED.search(text):
        for m in _RECEIVED.finditer(text):
            value = _amount(m)
            if value is not None and 0 < value < facts.get("principal"):
                facts.add("actually_received", value, m.group(0))
                break
    m = _COSTS_TOGETHER.search(text)
    if m:
        facts.add("costs_together", True, m.group(0))


#: The time the borrower was given (说好半年还, 约定一年后还, 讲好三个月内还清): the loan's term, and with the
#: loan's day its due date (the limitation period and overdue interest run from it).
_TERM_TO_REPAY = re.compile(rf"(?:说好|约定|约好|讲好|答应|承诺|定好|说是|他说|她说|对方说|保证|表示|说过"
                            rf"|写的|写着|写明|写了|注明|借期|期限(?:是|为))"
                            rf"[^，。,；;？?！!\d]{{0,3}}?"
                            rf"({NUM}|半)\s*(年|个月)(半)?"
                            r"\s*(?:后|以后|之后|内|之内|到期)?\s*(?:就|再)?\s*(?:还|归还|还清|还钱|还款|还我)")
#: Time since the loan, the debtor not having paid (一年了他一分没还, 借了都两年多了还不还): the months so far.
_TIME_UNPAID = re.compile(rf"(?:已经|都|快|有)?\s*({NUM}|半)\s*(年|个月)(半|多)?了\s*(?:他|她|对方|人家)?"
                          r"\s*(?:都|还|也)?\s*"
                          r"(?:一分(?:钱)?(?:都|也)?没|分文未|没|不|还没|一直没)\s*(?:还|给|付)")
#: Nothing paid back at all (一分没还, 分文未付, 一分钱都没给): the sum repaid and the interest paid are nought.
_NOTHING_PAID = re.compile(r"一分(?:钱)?(?:都|也)?(?:没|没有|未)(?:还|给|付|归还)|分文(?:未|没)(?:还|付|给)"
                           r"|一毛(?:钱)?(?:都|也)?没(?:还|给)"
                           r"|(?:本金|本息|钱)和利息(?:都|全)(?:没|没有)(?:还|付|给)|(?:本钱|本金)利息(?:一分)?(?:都|全)没(?:还|给)")


#: The words of a loan's term (借期, 期限, 借两年), not of the time since the loan (一年了他一分没还).
_TERM_SAID = re.compile(r"借期|期限|借款期|借(?!了)[一二两三四五六七八九十半\d]{1,3}\s*(?:年|个月)(?!了|多了)")


def _due_from_term(facts: Facts, months: Decimal, said: str, today: date) -> None:
    """The due day a term gives counted from the loan's day (whole months; a day the month lacks is its last)."""
    loan = facts.get("loan_date")
    if not isinstance(loan, date) or "due_date" in facts or months <= 0:
        return
    whole = int(months)
    year, month = divmod(loan.month - 1 + whole, 12)
    day = min(loan.day, calendar.monthrange(loan.year + year, month + 1)[1])
    due = date(loan.year + year, month + 1, day)
    facts.add("due_date", due, f"{loan.isoformat()} 起{said}")
    if due <= today:
        facts.dates.append(DatedEvent(due, "due", f"{loan.isoformat()} 起{said}"))


#: The time a demand gave the debtor (催他…给他一个月, 宽限了半个月, 限他十天内还): with the demand's day, the day the
#: grace ends — where the limitation of a debt with no fixed term starts (民法典 675, 诉讼时效制度解释 4).
_GRACE = re.compile(rf"(?:给(?:了)?(?:他|她|对方)?|宽限(?:了)?(?:他|她|对方)?|限(?:他|她|对方)?|让(?:他|她|对方)?)\s*"
                    rf"({NUM}|半)\s*(天|日|周|个星期|个月)(?:的)?(?:时间|期限|内|之内|以内|宽限期)?")


def _grace_end(text: str, today: date, facts: Facts) -> None:
    demand = next((d for d in facts.dates if d.event == "demand"), None)
    m = _GRACE.search(text)
    if demand is None or m is None or any(d.event == "grace_end" for d in facts.dates):
        return
    count = Decimal("0.5") if m.group(1) == "半" else cn_number(m.group(1))
    if count is None or not 0 < count <= 366:
        return
    unit = m.group(2)
    if unit == "个月":
        if count != int(count):
            days = int(count * 30)
            end = date.fromordinal(demand.day.toordinal() + days)
        else:
            year, month = divmod(demand.day.month - 1 + int(count), 12)
            end = date(demand.day.year + year, month + 1,
                       min(demand.day.day, calendar.monthrange(demand.day.year + year, month + 1)[1]))
    else:
        end = date.fromordinal(demand.day.toordinal() + int(count * (7 if unit in ("周", "个星期") else 1)))
    if end <= today:
        facts.dates.append(DatedEvent(end, "grace_end", f"{demand.day.isoformat()} 催告，{m.group(0)}"))


def _loan_time(text: str, today: date, facts: Facts) -> None:
    if facts.get("principal") is None:
        return
    m = _TERM_TO_REPAY.search(text)
    if m and (months := _months(m.group(1), m.group(2), m.group(3))) is not None and 0 < months <= 360:
        months = Decimal(int(months)) if months == int(months) else months
        facts.add("loan_months", months, m.group(0))
        _due_from_term(facts, months, m.group(0), today)
    elif (term := facts.items.get("loan_months")) is not None and _TERM_SAID.search(term.text):
        # 借条写明借期六个月, 借两年: a term another reader took, counted from the loan's day as well
        _due_from_term(facts, Decimal(term.value), term.text, today)
    m = _TIME_UNPAID.search(text)
    if m and "loan_months" not in facts and (months := _months(m.group(1), m.group(2),
                                                               "半" if m.group(3) == "半" else None)) is not None \
            and 0 < months <= 360:
        facts.add("loan_months", months, m.group(0))
    m = _NOTHING_PAID.search(text)
    if m:
        facts.add("repaid", Decimal(0), m.group(0))
        facts.add("interest_paid", Decimal(0), m.group(0))


def _injury_and_consumer(text: str, facts: Facts) -> None:
    m = _YEAR_AVERAGE.search(text)
    if m and "local_average_wage" not in facts:
        yearly = _amount(m)
        if yearly is not None:
            facts.add("local_average_wage", (yearly / 12).quantize(Decimal("0.01")), m.group(0))
            wage = facts.items.get("monthly_wage")
            if wage is not None and wage.value == yearly:
                facts.items.pop("monthly_wage")  # a regional average is never the client's own wage
    m = _DAY_AVERAGE.search(text)
    if m and "daily_average_wage" not in facts:
        facts.add("daily_average_wage", _amount(m), m.group(0))
    if m and "custody_days" not in facts:
        days = _CUSTODY.search(text)
        if days:
            facts.add("custody_days", cn_number(days.group(1)), days.group(0))
    if "purchase_price" not in facts and _FOOD.search(text):
        found = [m for m in _PRICE_BARE.finditer(text) if m.group(0).rstrip().endswith(("块钱", "块", "元"))]
        if len(found) == 1:
            facts.add("purchase_price", _amount(found[0]), found[0].group(0))
    m = _PREPAID.search(text)
    if m and "prepaid" not in facts:
        facts.add("prepaid", _amount(m), m.group(0))
    if "prepaid" in facts and "prepaid_used" not in facts:
        m = _USED.search(text[text.find(facts.items["prepaid"].text):] if facts.items["prepaid"].text in text else text)
        if m and (_amount(m) or 0) < facts.get("prepaid"):
            facts.add("prepaid_used", _amount(m), m.group(0))
    if "units_total" not in facts:
        bought = _TERM_BOUGHT.search(text)
        total = _months(bought.group(1), bought.group(2)) if bought else None
        paid = _amount(bought, 3) if bought else None
        if bought is None:
            card = _YEAR_CARD.search(text)
            total, paid = (Decimal(12), _amount(card)) if card else (None, None)
        used = _TERM_USED.search(text)
        if total and paid and used:
            spent = _months(used.group(1), used.group(2))
            if spent is not None and spent < total:
                facts.add("units_total", total, bought.group(0) if bought else "年卡")
                facts.add("units_used", spent, used.group(0))
                facts.add("prepaid", paid, bought.group(0) if bought else "年卡")


#: 公司是2018年注册的, 2020年成立的老公司: a company set up before the 2023 Company Law took effect.
_FOUNDED_YEAR = re.compile(r"((?:19|20)\d{2})\s*年[^，。,；;？?！!\d]{0,6}?(?:注册|成立|设立|开的公司|办的公司)")


#: The client's own stake (我持股30%, 占股三成, 我的股份占40%, 持有公司25%的股权): his share of what is distributed.
_STAKE = re.compile(r"(?:我|本人)[^，。,；;？?！!]{0,6}?(?:持股|占股|持有|股份占|股权占|出资占|占)(?:了)?(?:公司)?"
                    r"(?:的)?\s*"
                    r"(?:(\d{1,2}(?:\.\d+)?)\s*%|百分之([一二三四五六七八九十]+)|([一二三四五六七八九])成)")


def _company_roles(text: str, facts: Facts) -> None:
    m = _FOUNDED_YEAR.search(text)
    if m and int(m.group(1)) < 2024 and re.search(r"认缴|出资|注册资本", text):
        facts.add("founded_before_2024", True, m.group(0))
    m = _STAKE.search(text)
    if m:
        value = Decimal(m.group(1)) if m.group(1) else (cn_number(m.group(2)) if m.group(2) else (
            (cn_number(m.group(3)) or 0) * 10))
        if value is not None and 0 < value < 100:
            facts.add("equity_share", Decimal(value) / 100, m.group(0))
    said = [(p, value) for p in _PAID_IN.finditer(text) if (value := _amount(p)) is not None]
    paid = [value for _p, value in said]
    # the client's own paid-in is the first said after 我 and before any other shareholder is named
    mine = said[0][1] if said and re.search(r"我", text[:said[0][0].start()]) and not re.search(
        r"另一?(?:个|位|名)?股东|他|她|对方|其他股东", text[:said[0][0].start()]) else None
    if "equity_share" not in facts and mine is not None and len(paid) >= 2 and re.search(r"实缴|实际出资", text):
        # 按实缴比例分红: my paid-in over all the paid-in the question names (我实缴20万，另一股东实缴50万), kept
        # exact (20/70) and not read back (the paid-in sums are)
        facts.add("paid_in_share", Decimal(mine) / sum(paid),
                  f"实缴 {mine} ÷ 各股东实缴合计 {sum(paid)}")


# -- inheritance ---------------------------------------------------------------------------------------------
#: 我爸上个月去世了, 爷爷前段时间走了: who died, from the client's side.
_DECEASED = re.compile(r"(我爸|我妈|父亲|母亲|爸爸|妈妈|爷爷|奶奶|外公|外婆|姥姥|姥爷)[^。，,；;？?！!]{0,8}?"
                       r"(?:去世|走了|过世|病故|离世|没了)")
_PARENT_FIRST = re.compile(r"(?:我爸|我妈|父亲|母亲|爸爸|妈妈)[^。？?！!]{0,16}?(?:已经|早就|早已|前几年|先|之前)"
                           r"[^。，,？?！!]{0,6}?(?:走了|去世|过世|不在)")
_SIBLING_TOO = re.compile(r"我(?:跟|和|与)(?:我)?(?:哥哥|姐姐|弟弟|妹妹|哥|姐|弟|妹)")
_LIVING_LIST = re.compile(r"(?:家里(?:还|就|只)?(?:有|剩|是)|家里就|在世的(?:还)?有|还有|剩下|还在|健在|在世|就剩|只剩"
                          r"|只有我|就我(?:和|跟|一个)|就我们)")
#: Relatives of a parent who died, as the client names them: spouse, children (the client and siblings), parents.
_HEIRS_OF = {
    "father": (("我妈", "妈妈", "母亲"), ("我爷爷", "爷爷", "我奶奶", "奶奶")),
    "mother": (("我爸", "爸爸", "父亲"), ("我外公", "外公", "我外婆", "外婆", "姥姥", "姥爷")),
}
_SIBLINGS = ("我姐", "我哥", "我弟", "我妹", "姐姐", "哥哥", "弟弟", "妹妹")


def _count_heirs(text: str, who: str) -> int:
    spouses, parents = _HEIRS_OF[who]
    count = 1  # the client, a child
    # the other parent: named, or implied by the couple's own property (是我爸妈婚后买的) unless said dead
    couple = re.search(r"(?:爸妈|父母|两口子|他们俩)(?:的)?(?:婚后|一起|共同|结婚后)", text)
    gone = any(re.search(rf"{w}[^。，,]{{0,6}}(?:去世|走了|过世|不在|早逝|没了)", text) for w in spouses)
    count += 1 if (any(w in text for w in spouses) or couple) and not gone else 0
    rest = text
    for word in sorted(_SIBLINGS, key=len, reverse=True):
        if word in rest:
            count += 1
            rest = rest.replace(word, "、")
    for pair in (parents[:2], parents[2:4], parents[4:]):
        if pair and any(w in text and not re.search(rf"{w}[^。，,]{{0,6}}(?:去世|走了|过世|不在)", text) for w in pair):
            count += 1
    return count


#: 婚后我们一起还了30万本金, 婚后共同还贷20万, 结婚后两个人还了三十多万房贷: what the couple repaid together on a house
#: one of them bought before the marriage (婚姻家庭编解释（一）78).
_JOINT_REPAID = re.compile(rf"(?:婚后|结婚后|结婚以后|婚后这几年)[^，。,；;？?！!\d]{{0,10}}?"
                           rf"(?:还贷|还了|还款|还房贷|还的贷款?)[^，。,；;？?！!\d]{{0,4}}?\s*{MONEY}|(?:共同还贷|一起还贷|共同还款)\s*(?:了|共|一共)?\s*{MONEY}")
#: 现在房子值200万, 目前市值两百万, 现值300万, 现在能卖150万: the house's value today.
_CURRENT_VALUE = re.compile(rf"(?:现在|目前|如今|现|当前)[^，。,；;？?！!\d]{{0,6}}?"
                            rf"(?:市值|值|价值|能卖|卖得|涨到了?|估价|评估价?)\s*(?:是|为|大概|大约|约|差不多)?\s*{MONEY}|(?:市值|现值|市场价)\s*(?:是|为|大概|约)?\s*{MONEY}")


def _house_roles(text: str, facts: Facts) -> None:
    m = _JOINT_REPAID.search(text)
    if m and "joint_repaid" not in facts:
        value = _amount(m) if m.group(1) else _amount(m, 3)
        if value:
            facts.add("joint_repaid", value, m.group(0))
    m = _CURRENT_VALUE.search(text)
    if m and "current_value" not in facts:
        value = _amount(m) if m.group(1) else _amount(m, 3)
        if value:
            facts.add("current_value", value, m.group(0))


#: 我老公上个月走了, 妻子去年病故: the client's spouse died — the client is an heir beside the children and the
#: spouse's parents (民法典 1127).
_SPOUSE_DECEASED = re.compile(r"(?:我)?(老公|丈夫|爱人|老婆|妻子|媳妇|先生)[^。，,；;？?！!]{0,10}?"
                              r"(?:去世|走了|过世|病故|离世|没了|死了|遇难|身亡|车祸走)")
#: 一个儿子, 两个女儿, 俩孩子, 三个子女: the children by number; 一儿一女 and 儿女双全 are two.
_CHILD_COUNT = re.compile(rf"(?:({NUM}|俩)|(?<=有))\s*(?:个)?\s*(?:儿子|女儿|闺女|孩子|小孩|子女|娃)")
_CHILD_PAIR = re.compile(r"一儿一女|一女一儿|儿女双全|龙凤胎|双胞胎")
#: The spouse's parents alive or dead, as a widow or widower names them (公婆都还在, 婆婆还在, 岳父母都健在, 他爸妈早
#: 不在了).
_IN_LAWS = (("公婆", "岳父母", "丈人丈母娘", "他爸妈", "她爸妈", "他父母", "她父母"),
            ("公公", "婆婆", "岳父", "岳母", "丈人", "丈母娘", "他爸", "他妈", "她爸", "她妈"))
_GONE = r"[^。，,；;？?！!]{0,6}(?:去世|走了|过世|不在|早逝|没了|死了)"


#: Another relative who died after the spouse (老公走了十年了…现在公公也去世了): the estate is that relative's.
_RELATIVE = r"(?:公公|婆婆|岳父|岳母|丈人|丈母娘|爷爷|奶奶|外公|外婆|我爸|我妈|父亲|母亲)"
_OTHER_DECEASED = re.compile(_RELATIVE + r"[^。，,；;？?！!]{0,6}也(?:去世|走了|过世|病故|离世|没了|死了)"
                             + r"|" + _RELATIVE + r"[^。，,；;？?！!]{0,6}(?:去世|走了|过世|病故|离世|没了|死了)了?"
                             r"[，,\s]{0,2}(?:留下|留了|遗产|没(?:留|立)?遗嘱)")


def count_spouse_heirs(text: str) -> tuple[int, str]:
    """The first-order heirs of the client's spouse (民法典 1127): the client, the children, the spouse's living
    parents; with the words counted."""
    count, said = 1, ["我（配偶）"]
    children = 0
    for m in _CHILD_COUNT.finditer(text):
        n = 1 if m.group(1) is None else 2 if m.group(1) == "俩" else cn_number(m.group(1))
        if n is not None and 0 < n < 10:
            children += int(n)
            said.append(m.group(0))
    if not children and _CHILD_PAIR.search(text):
        children = 2
        said.append(_CHILD_PAIR.search(text).group(0))  # type: ignore[union-attr]
    count += children
    pairs, singles = _IN_LAWS
    rest = text
    for word in pairs:
        if word in rest:
            if not re.search(re.escape(word) + _GONE, rest):
                count += 2
                said.append(word)
            rest = rest.replace(word, "、")
    for word in singles:
        if word in rest and not re.search(re.escape(word) + _GONE, rest):
            count += 1
            said.append(word)
            rest = rest.replace(word, "、")
    return count, "、".join(said)


#: The surviving parent the client asks about (我爸走了…我妈能分到多少): the deceased's spouse, whose own half of the
#: joint property comes before the share she inherits — her total is both, not the share alone.
_PARENT_SPOUSE = {"我爸": "妈", "父亲": "妈", "爸爸": "妈", "我妈": "爸", "母亲": "爸", "妈妈": "爸"}
_ASKS_PARENT_SHARE = re.compile(r"(?:我|俺)?(妈|母亲|爸|父亲)(?:妈|爸|亲)?(?:一共|总共|自己|本人)?"
                                r"(?:能|可以|应该|该|又)?(?:分|拿|继承|得)(?:到|得)?(?:多少|几)")


def _family_roles(text: str, facts: Facts) -> None:
    _house_roles(text, facts)
    died = _DECEASED.search(text)
    asked = _ASKS_PARENT_SHARE.search(text)
    if died is not None and asked is not None and died.group(1) in _PARENT_SPOUSE \
            and _PARENT_SPOUSE[died.group(1)] == {"母亲": "妈", "父亲": "爸"}.get(asked.group(1), asked.group(1)) \
            and "survivor_spouse" not in facts:
        facts.add("spouse_heir_asked", "您母亲" if _PARENT_SPOUSE[died.group(1)] == "妈" else "您父亲", asked.group(0))
    spouse = _SPOUSE_DECEASED.search(text)
    if spouse and (died is None or spouse.start() < died.start()) and re.search(r"遗产|继承|留下|留了|分多少|能拿|能分",
                                                                                  text) \
            and not _OTHER_DECEASED.search(text, spouse.end()):
        count, said = count_spouse_heirs(text[spouse.end():])
        if count > 1 and count != facts.get("heirs"):
            _replace(facts, "heirs", count, said)
        facts.add("survivor_spouse", True, spouse.group(0))
        return
    if died is None:
        return
    who = died.group(1)
    if who in ("我爸", "父亲", "爸爸", "我妈", "母亲", "妈妈") and _LIVING_LIST.search(text[died.end():]):
        count = _count_heirs(text[died.end():], "father" if who in ("我爸", "父亲", "爸爸") else "mother")
        if count > (facts.get("heirs") or 0):
            _replace(facts, "heirs", count, died.group(0))
    if who in ("爷爷", "奶奶", "外公", "外婆", "姥姥", "姥爷"):
        m = _PARENT_FIRST.search(text)
        if m:
            # 代位继承 (民法典 1128): the client's parent died first; the client and siblings share the parent's part
            facts.add("representation", True, m.group(0))
            sibling = _SIBLING_TOO.search(text)
            facts.add("representatives", 2 if sibling else 1, sibling.group(0) if sibling else m.group(0))


# -- periodic fees -------------------------------------------------------------------------------------------
#: 物业费每月350, 每个月物业费280, 一年物业费3600: the fee by the month.
_FEE_MONTH = re.compile(rf"物业费[^，。,；;？?！!\d]{{0,6}}?(?:每个?月|一个月|每月|月)\s*(?:是|为|交)?\s*{MONEY}"
                        rf"|(?:每个?月|一个月|每月)\s*(?:的)?物业费\s*(?:是|为)?\s*{MONEY}"
                        rf"|物业费[^。；;？?！!\d]{{0,20}}?(?:每个?月|一个月|每月|月)\s*{MONEY}")
_FEE_YEAR = re.compile(rf"(?:一年|每年)\s*(?:的)?物业费\s*(?:是|为)?\s*{MONEY}|物业费\s*(?:一年|每年)\s*{MONEY}")
#: 两年没交物业费, 物业费欠了8个月, 拖了一年半的物业费: the months unpaid.
_FEE_UNPAID = (
    re.compile(rf"({NUM}|半)\s*(年|个月)(半)?\s*(?:都|一直)?\s*(?:没交|没缴|未交|未缴|不交|没付)(?:过)?(?:的)?\s*物业费"),
    re.compile(rf"(?:欠了|拖了|拖欠了?|欠|没交了?)\s*({NUM}|半)\s*(年|个月)(半)?"),
)


def _fee_roles(text: str, facts: Facts) -> None:
    if "物业费" not in text:
        return
    m = _FEE_MONTH.search(text)
    if m:
        at = next(i for i in (1, 3, 5) if m.group(i))
        facts.add("monthly_fee", _amount(m, at), m.group(0))
    elif (m := _FEE_YEAR.search(text)) is not None:
        at = 1 if m.group(1) else 3
        yearly = _amount(m, at)
        if yearly is not None:
            facts.add("monthly_fee", (yearly / 12).quantize(Decimal("0.01")), m.group(0))
    for pattern in _FEE_UNPAID:
        m = pattern.search(text)
        months = _months(m.group(1), m.group(2), m.group(3)) if m else None
        if m and months:
            facts.add("fee_arrears_months", months, m.group(0))
            break


#: 法院判我替他还了八万, 我帮借款人还了5万: what the guarantor paid for the debtor (民法典 700: he recovers it).
_GUARANTOR_PAID = re.compile(rf"(?:替|帮|代)(?:他|她|借款人|债务人|对方|朋友|借钱的人?)?"
                             rf"(?:还了|偿还了|付了|垫付了|垫了|还清了)\s*{MONEY}"
                             # 法院把我的工资扣了八万, 被法院执行了5万: taken from the guarantor by enforcement
                             rf"|(?:法院|执行)[^，。,；;？?！!\d]{{0,10}}?(?:扣了|扣走了?|划走了?|划扣了?|执行了|拿走了?)"
                             rf"[^，。,；;？?！!\d]{{0,6}}?\s*{MONEY}")


def _guarantee_roles(text: str, facts: Facts) -> None:
    if "保证" in text or "担保" in text:
        m = _GUARANTOR_PAID.search(text)
        if m and "guarantee_paid" not in facts:
            facts.add("guarantee_paid", _amount(m) if m.group(1) else _amount(m, 3), m.group(0))
        m = _DEMANDED.search(text)
        if m:
            facts.add("guarantee_demanded", True, m.group(0))
        m = _CO_GUARANTORS.search(text)
        if m:
            count = cn_number(m.group(1).replace("两", "二")) if m.group(1) else Decimal(2)
            facts.add("guarantors", int(count or 2), m.group(0))
            if facts.get("principal") is not None and _PAID_ALL.search(text):
                facts.add("guarantee_paid", facts.get("principal"), "全部代还")


# -- criminal terms ----------------------------------------------------------------------------------------
#: 两个罪, 三个罪名, 数罪并罚, 分别判了: the question lists several sentences (刑法 69).
_SEVERAL_CRIMES = re.compile(r"数罪|并罚|(?:两|三|四|五|几|[2-9])(?:个|项)罪|分别判|各判"
                             r"|(?:两|三|四|几)个(?:罪名|案子)")
#: 3年, 2年6个月, 十个月, 一年半: one sentence's term (a year of four digits is a date, not a term).
_TERM = re.compile(rf"(?<![\d年])({NUM})\s*年(?:\s*({NUM})\s*个?月|(半))?(?!\d)(?![前后底初])"
                   rf"|(?<![\d年])({NUM})\s*个月")


def sentence_terms(text: str) -> tuple[int, ...]:
    """The terms in months of the sentences a question lists for several crimes (empty unless it says
    several crimes were sentenced and names at least two terms)."""
    if not _SEVERAL_CRIMES.search(text):
        return ()
    terms: list[int] = []
    for m in _TERM.finditer(text):
        if m.group(1):
            years = spoken_count(m.group(1))
            if years is None or years >= 100:
                continue
            extra = spoken_count(m.group(2)) if m.group(2) else (6 if m.group(3) else 0)
            terms.append(int(years) * 12 + int(extra or 0))
        elif (months := spoken_count(m.group(4))) is not None:
            terms.append(int(months))
    return tuple(terms) if len(terms) >= 2 else ()


#: 醉驾, 酒驾, 喝了酒开车, 血检出来90: driving after drink (道路交通安全法 91 bars the licence for years).
_DRINK_DRIVING = re.compile(r"醉驾|醉酒|酒驾|酒后驾|喝了?[^，。,；;？?！!]{0,6}酒[^。；;？?！!]{0,12}(?:开车|驾驶|骑)"
                            r"|血检|酒精含量|酒精浓度")


def _criminal_terms(text: str, facts: Facts) -> None:
    m = _DRINK_DRIVING.search(text)
    if m:
        facts.add("drink_driving", True, m.group(0))
    terms = sentence_terms(text)
    if terms:
        facts.add("sentence_terms", terms, "、".join(f"{t}个月" for t in terms))


# -- spans and sums said around a document or a count ------------------------------------------------------
#: 医生开了三个月的休假证明, 病假条开了两周, 开了15天病假: the 误工期 a doctor's note gives.
_SICK_NOTE = re.compile(rf"(?:开了?|开的|出具了?|给了|批了|建议)\s*({NUM}|半)\s*(天|个?月|周|个?星期)\s*(?:的)?"
                        rf"(?:休假|病假|休息|病休|全休|假)"
                        rf"|(?:病假条?|病休|休假证明|假条)\s*(?:开了?|写了?|是)?\s*({NUM}|半)\s*(天|个?月|周|个?星期)")
#: 每次扣100, 一次课200, 每节课收150: what one use of a prepaid card costs.
_PER_USE = re.compile(rf"(?:每次|一次|每节课?|一节课?|每堂课?|每课时)\s*(?:课)?\s*"
                      rf"(?:扣|收|消费|算|划|刷|是|要)?\s*{MONEY}")
#: 才游了12次, 去了八次, 上了10节: the uses already had of a prepaid card (a verb of use, then the count).
_USES = re.compile(rf"(?:[去用上练游做剪洗来刷跳打]|消费)了?\s*({NUM})\s*(?:次|节|回)")
#: 交强险赔完还差十万, 保险赔了以后还剩5万: the loss left beyond the insurance (the share is taken of it).
_BEYOND_INSURANCE = re.compile(rf"(?:交强险|保险|商业险)[^，。,；;？?！!\d]{{0,8}}?"
                               rf"(?:赔完|赔了|赔付|理赔|以外|之外|赔偿)"
                               rf"[^，。,；;？?！!\d]{{0,6}}?(?:还差|还剩|剩下|剩|不够|差|还有)(?:的)?\s*{MONEY}")


#: 十万的货款, 30万的工程款: the price a late payment is owed on.
_GOODS_PRICE = re.compile(rf"(?<![\d.]){MONEY}\s*的?\s*(?:货款|价款|工程款|合同款|服务费)")
#: 五年的物业费一共一万二, 欠了两年物业费共8400: the fee owed over a span (its monthly sum follows from both).
_FEE_SPAN = re.compile(rf"({NUM}|半)\s*(年|个月)(?:多)?\s*(?:的)?\s*物业费[^，。,；;？?！!\d]{{0,6}}?"
                       rf"(?:一共|共|总共|合计|累计|总计)\s*{MONEY}")


#: 已经还了3万6的利息, 利息给了两万: interest the borrower has paid (beyond the cap it offsets the principal).
_INTEREST_PAID = re.compile(rf"(?:还了|付了|给了|交了|已还|已付|支付了)\s*{MONEY}\s*(?:的)?利息"
                            rf"|利息(?:已经|一共|总共)?(?:还了|付了|给了|交了)\s*{MONEY}")
#: 诉讼费要交多少 with one sum in the question: that sum is what is sued for.
_COURT_FEE = re.compile(r"诉讼费|受理费|起诉费|打官司.{0,6}(?:费|钱)")


#: 不胜任工作, 医疗期满, 客观情况发生重大变化: the grounds of a no-fault dismissal (劳动合同法 40); and the
#: thirty days' notice said given.
_NO_FAULT_GROUND = re.compile(r"不胜任|胜任不了|干不了这个|医疗期(?:满|到了|结束)|病假.{0,6}(?:满|到期)"
                              r"|客观情况.{0,8}变化|公司搬迁|部门撤销|岗位撤销"
                              # the change said as clients say it (业务调整把我辞退了, 部门撤了, 岗位取消了, 架构调整)
                              r"|业务调整|架构调整|组织调整|部门(?:合并|撤了|被撤|没了|裁撤)|岗位(?:取消|撤了|没了|被撤)"
                              r"|(?:厂|公司)(?:子)?搬(?:走|迁|到)|整个部门(?:撤|裁|没)")
#: 没提前通知, 也没提前跟我说, 未提前书面通知: no notice, its length unsaid (the dismissal came without it).
_NO_NOTICE_SAID = re.compile(r"(?:没|没有|未|也没|都没)提前(?:书面)?(?:通知|跟我说|告诉我|说一声|打招呼|讲)")
_NOTICE_GIVEN = re.compile(r"提前(?:一个月|30天|三十天|三十日|30日)(?:书面)?通知(?:了|过)|已经(?:书面)?通知"
                           r"|给了?.{0,4}书面通知")


#: 不是终局裁决, 并非一裁终局, 非终局裁决: an award said not to be final (either side may sue in fifteen days).
_NOT_FINAL = re.compile(r"(?:不是|并非|不属于|非)(?:一裁)?终局")


def _spans_and_uses(text: str, facts: Facts) -> None:
    m = _NOT_FINAL.search(text)
    if m:
        facts.add("not_final_award", True, m.group(0))
    m = _NO_FAULT_GROUND.search(text)
    if m:
        facts.add("no_fault_ground", True, m.group(0))
    m = _NOTICE_GIVEN.search(text)
    if m:
        facts.add("notice_given", True, m.group(0))
    m = _NO_NOTICE_SAID.search(text)
    if m and "no_notice" not in facts and "notice_given" not in facts and (facts.get("dismissed")
                                                                          or facts.get("no_fault_ground")):
        facts.add("no_notice", True, m.group(0))
    m = _INTEREST_PAID.search(text)
    if m and "interest_paid" not in facts:
        facts.add("interest_paid", _amount(m) if m.group(1) else _amount(m, 3), m.group(0))
    if _COURT_FEE.search(text) and "amount_claimed" not in facts:
        sums = {v for n in _PRICE_BARE.finditer(text) if (v := _amount(n)) is not None and v >= 1000}
        if len(sums) == 1:
            facts.add("amount_claimed", sums.pop(), "问题中唯一的金额")
    m = _GOODS_PRICE.search(text)
    if m and "contract_price" not in facts:
        facts.add("contract_price", _amount(m), m.group(0))
    m = _FEE_SPAN.search(text)
    if m and "monthly_fee" not in facts and (span := spoken_count(m.group(1))) is not None:
        months = span * (12 if m.group(2) == "年" else 1)
        total = _amount(m, 3)
        if total and months:
            facts.add("fee_arrears_months", months, m.group(0))
            facts.add("monthly_fee", total / months, f"{m.group(0)}（{total} ÷ {months}）")
    m = _SICK_NOTE.search(text)
    if m and "lost_days" not in facts:
        number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = spoken_count(number)
        if value is not None:
            facts.add("lost_days", days_in(number, unit.replace("个", "")), m.group(0))
            if "月" in unit:
                facts.add("lost_months", value, m.group(0))
    m = _USES.search(text)
    if m and "units_used" not in facts and (uses := spoken_count(m.group(1))) is not None:
        facts.add("units_used", uses, m.group(0))
    m = _PER_USE.search(text)
    prepaid = facts.get("prepaid")
    if m and prepaid is not None and "units_total" not in facts:
        per_use = _amount(m)
        if per_use and per_use > 0 and prepaid % per_use == 0 and prepaid > per_use:
            facts.add("units_total", prepaid / per_use, f"{m.group(0)}（{prepaid} ÷ {per_use}）")
    m = _BEYOND_INSURANCE.search(text)
    if m and "total_loss" not in facts:
        facts.add("total_loss", _amount(m), m.group(0))


# -- what a dated event implies --------------------------------------------------------------------------
#: 当天就发现了, 当时就知道: the client knew on the day of the event named before it.
_KNEW_SAME_DAY = re.compile(r"(?:当天|当时|当场|同一天|那天)(?:就|马上|立刻)?(?:发现|知道|得知|察觉|意识到)")


#: 单价少写了一个零, 看错了型号, 误以为是: the client contracted under a mistake (民法典 147, 152 ①: ninety days).
_MISTAKE = re.compile(r"少写|多写|写错|看错|弄错|搞错|填错|标错|打错|误以为|误认为|重大误解|笔误|理解错|理解成|"
                      r"记错|听错|算错|选错|买错|订错|下错单|看漏|想错|误解"
                      r"|以为是[^，。,；;]{0,12}(?:结果|其实|实际)")


#: The arrest already approved (被检察院批捕了, 已经被批准逮捕, 经检察院批准逮捕): the periods before it (拘留, 提请,
#: 审查批捕) are over; the custody runs by the investigation's two months from the arrest (刑事诉讼法 156). Not a
#: request, a supposition or a negation (报捕了, 要是批捕, 还没批捕, 不批捕).
_ARRESTED = re.compile(r"(?<!没)(?<!未)(?<!不)(?<!要是)(?<!如果)(?<!提请)(?:被|已经|已|正式|经)(?:检察院|检察机关)?"
                       r"(?:批准逮捕|批捕|逮捕)|(?:检察院|检察机关)(?:已经|已)?(?:批准逮捕|批捕)了")


def _dated_roles(text: str, facts: Facts) -> None:
    from legal.events import DatedEvent

    m = _MISTAKE.search(text)
    if m:
        facts.add("mistake", True, m.group(0))
    m = _ARRESTED.search(text)
    if m and not re.search(r"(?:还没|没有|尚未|未|不)[^，。,；;？?！!]{0,4}$", text[max(0, m.start() - 6):m.start()]):
        facts.add("arrested", True, m.group(0))
    requested = next((d for d in facts.dates if d.event == "arrest_requested"), None)
    if requested is not None:
        facts.add("arrest_requested", True, requested.text)
    m = _KNEW_SAME_DAY.search(text)
    if m and not any(d.event == "knew" for d in facts.dates):
        before = [d for d in facts.dates if text.find(d.text) < m.start()] or facts.dates[:1]
        if before:
            facts.dates.append(DatedEvent(before[-1].day, "knew", f"{before[-1].text}（{m.group(0)}）"))


# -- the facts that decide which case of an answer holds (docs/decisions/answers-apply-the-case.md) -----------
#: Each a yes/no the client tells in passing, read only when the question speaks of its topic: ``(name, topic,
#: no, yes)``. The negative phrasings are tried first (没过户 holds 过户, 不是自营 holds 自营); a question that says
#: both, or neither, leaves the fact unknown — the answer's default conclusion stands and asks for it.
_DECIDERS: tuple[tuple[str, str, str, str], ...] = (
    # the platform sold it itself (自营) or a seller on it did (第三方, 入驻商家)
    ("self_operated", r"平台|京东|淘宝|天猫|拼多多|网购|网上|商城|旗舰店|店铺|网店|抖音|app|APP",
     r"不是自营|非自营|第三方|入驻|(?:个人|小|别人的|普通)店铺|商家(?:店铺|开的店)|店铺卖的|商家卖的|卖家是商家",
     r"自营|平台(?:自己|直接)(?:卖|发货|销售)|(?:官方|平台)直营|平台(?:的)?超市"),
    # when the parents' money (or the thing) came: before the marriage or after it
    ("before_marriage", r"房|首付|全款|出资|出钱|买|车|存款|财产|给了|拿了",
     r"婚后|结婚(?:以|之)?后|领证(?:以|之)?后|婚姻期间|婚内|结了婚(?:以|之)?后|结完婚",
     r"婚前|结婚(?:以|之)?前|领证(?:以|之)?前|还没结婚的时候|没结婚(?:的时候|时|前)|谈恋爱的时候|恋爱(?:的时候|时|期间)|订婚(?:后|以后)"),
    # the parents paid the whole price, or only a part (首付, 一部分)
    ("full_payment", r"父母|爸妈|我爸|我妈|公婆|岳父|岳母|丈母娘|老丈人|他爸|他妈|她爸|她妈|家里|娘家|婆家",
     r"首付|首期|一部分|部分|一半|凑了|贷款|按揭|月供",
     r"全款|全额|一次性付清|全部(?:房款|的钱|出的钱|出资)|钱全是|全是(?:他|她|我)?(?:爸妈|父母|家里)出"),
    # sports: the other player hurt the client on purpose or by a gross foul (自甘风险 does not cover it)
    ("deliberate_harm", r"球|篮板|打球|踢球|比赛|篮球|足球|羽毛球|排球|运动|对抗|健身|跑步|球场|滑雪|骑行|爬山|登山",
     r"不是故意|不(?:算|像)故意|无意|没注意|正常(?:对抗|拼抢|争抢|碰撞|比赛|动作)|抢篮板|争球|争顶|卡位|意外",
     r"故意|恶意|报复|下黑手|下死手|下狠手|明显犯规|恶意犯规|严重犯规|飞铲|背后(?:铲|推|下脚)|(?:打|撞|踢)完(?:还|又)|冲着我(?:的)?(?:脸|头|腿)"),
    # the workplace rule a dismissal rests on was published to the worker (签收, 公示) or never shown
    ("rules_published", r"规章制度|制度|员工手册|规定|厂规|公司规定|奖惩",
     r"没(?:有)?公示|未公示|没(?:有)?(?:给我|让我|叫我)?(?:看过|见过)|从来没(?:看|见|听说)过|不知道(?:有)?(?:这个|这条|这种)?(?:制度|规定)"
     r"|没(?:有)?(?:让我|叫我|要我)?签(?:过)?(?:字|收)|没(?:有)?(?:告诉|通知|培训)过(?:我|我们)|没有(?:经过)?(?:民主|职代会|工会)",
     r"公示过|(?:签|签过|签了)(?:字|收|名)(?:确认)?|入职(?:的)?时候?(?:就)?签了(?:员工手册|制度)|我(?:也)?签过|学习过(?:制度|手册)|贴在(?:墙上|公告栏)"),
    # a house sold twice or sold by one spouse: the title already registered to the buyer, or not yet
    ("title_transferred", r"过户|登记|房产证|不动产证",
     r"还没(?:有)?(?:办)?过户|没(?:有)?(?:办)?过户|未过户|没(?:有)?办(?:理)?(?:过户|登记)|还没(?:办|登记|转名)|过户(?:还)?没办",
     r"已经过户|已过户|办(?:完|了)(?:过户|登记)|过户(?:给|到)了?(?:别人|他人|第三人|买家|后面|另一|人家|对方|他|她)|过户了|房产证(?:都)?(?:已经)?(?:换|改)成"),
    # a sublease the landlord agreed to (or knew of), or one made behind his back
    ("landlord_consented", r"转租|二房东|分租|转给|转出去|合租|群租",
     r"房东(?:并)?不知道|房东不同意|(?:没|没有|未)(?:经过|经|征得|问过|告诉|跟)?房东(?:的)?(?:同意|允许|知道|说)?|背着房东|偷偷(?:转|租)|未经(?:房东)?(?:同意|允许)",
     r"房东(?:也|早就|早|一直|都)?(?:同意|默许|答应|点头|签字|允许)|经过房东同意|征得房东同意"),
    # ... or knew of it (民法典 718: no objection within six months is consent)
    ("landlord_knew", r"转租|二房东|分租|转给|转出去",
     r"房东(?:并|根本|一直|都)?不知道|背着房东|偷偷(?:转|租)|瞒着房东",
     r"房东(?:也|早就|早|一直|都|其实|当时就)?(?:知道|晓得|清楚|看见|见过)"),
    # damage to a rented house: the tenant caused it, or it came of age, weather or a third person
    ("tenant_caused_damage", r"坏|漏|损|烧|着火|起火|塌|修|裂|堵|碎",
     r"不是我(?:弄|搞|造成)的|自然(?:老化|损坏|坏)|老化|年久|(?:自己|本来就|用着用着|住进来就)坏(?:了|的)|本来就(?:有问题|漏|裂)|质量问题"
     r"|台风|暴雨|地震|雷击|邻居(?:家)?(?:着火|起火|漏水)|楼上(?:家)?漏水|线路(?:问题|老化)",
     r"我(?:自己)?(?:不小心)?(?:弄坏|搞坏|摔坏|打碎|打坏|碰坏|用坏|弄的|烧的|弄漏)|我(?:自己)?不小心|被我(?:弄|搞|摔|打|碰|烧)(?:坏|碎|漏|着)|(?:是|因为)我(?:的)?(?:原因|过错|不小心|失误)"
     r"|我(?:做饭|抽烟|用电|充电)(?:时)?(?:不小心)?(?:引起|导致|弄)"),
    # a rent rise mid-term the lease provides for, or one it does not
    ("rent_adjust_clause", r"涨租|涨房租|加租|涨价|涨钱|租金|房租",
     r"(?:合同|协议)(?:里|上)?(?:没(?:有)?(?:写|约定|说|提)|并没有)(?:过)?(?:可以|能)?(?:涨|调|加)|没(?:有)?约定(?:涨|调|加)|没说(?:过)?(?:能|可以)?涨",
     r"(?:合同|协议)(?:里|上)?(?:有|写了|写着|约定了?)(?:可以|能)?(?:调整租金|涨价|涨租|调租|加租|每年(?:递增|上涨|涨))|每年(?:递增|上涨|涨)\s*\d"),
    # a debt the creditor demanded (中断) — or never did
    ("creditor_demanded", r"借|欠|钱|工资|时效|仲裁|货款|工程款|债",
     r"(?:从来|一直|从|一次都|一次也|这些年|这几年|期间|中间)(?:都)?(?:没|没有|未)(?:催|要|找(?:他|她)?要|问(?:他|她)?要|讨|追|联系)(?:过)?|没(?:有)?催过|没(?:有)?找(?:他|她)要过",
     r"(?:一直|每年|经常|多次|年年|每次|前几个月|去年|今年|上个月)(?:都|也|还)?(?:在)?(?:催|要|找(?:他|她)要|问(?:他|她)要|讨|追)|催过|催了(?:好)?(?:几|多)次"
     r"|要过(?:几次|好几次|很多次)?|(?:微信|短信|电话)(?:上)?(?:里)?(?:催|要|讨)|发(?:过)?(?:律师函|催款函|催收函)|起诉过|申请过仲裁|去(?:劳动)?监察(?:大队)?投诉过"),
    # the debtor owned the debt again (承认, 答应还, 还了一点, 还款计划): the limitation waived or run anew
    ("debtor_acknowledged", r"借|欠|钱|时效|货款|债",
     r"(?:从来|一直|从|也)(?:都)?(?:没|没有|不)(?:承认|认账|认)|不认账|赖账|说(?:早)?(?:还|过)了时效|说(?:已经)?还(?:清)?了",
     r"(?:他|她|对方|欠款人|借款人)?(?:又|也|还|后来|去年|今年)?(?:承认|认了|认账|答应(?:会)?还|同意还|说会还|说(?:一定)?还)|还(?:过|了)(?:一部分|一些|点|部分|一点|\d+)"
     r"|写了(?:个|一个|一份|份)?(?:还款)?(?:计划|承诺|保证)|签了还款(?:协议|计划|承诺)|重新(?:写|打)了(?:借条|欠条)"
     r"|在[^，。,；;？?]{0,10}?还款(?:计划|协议|承诺)(?:书)?上(?:签了?字|签名|签了)"),
    # a rider or driver taking orders freely (众包) or under a station's shifts (专送)
    ("crowd_rider", r"骑手|外卖|配送|跑单|美团|饿了么|闪送|网约车|滴滴|货拉拉|代驾|快递员",
     r"专送|站点|排班|打卡|考勤|站长|固定(?:时间|班次)|全职|每天(?:必须|要)(?:上线|在线)|罚款",
     r"众包|乐跑|自由接单|想跑就跑|想接就接|随时(?:上下线|下线)|不(?:用)?排班|不(?:用)?打卡|兼职跑|有空就跑"),
    # goods bought knowing they were faulty: food or medicine (十倍, 食品安全法 148) or other goods
    ("food_product", r"明知|知假|故意买|知道是假|打假|知道(?:是)?(?:过期|假)|职业",
     r"衣服|鞋|包包|皮包|箱包|背包|手机|电器|化妆品|手表|电脑|耳机|首饰|家具|玩具|服装",
     r"食品|吃的|零食|饮料|酒|奶粉|保健品|药|过期|食物|肉|茶|罐头|月饼|调料|水果|蔬菜"),
    # a parcel sent with its value insured (保价), or without
    ("insured_value", r"快递|物流|寄|包裹|顺丰|京东|邮政|圆通|中通|申通|韵达",
     r"没(?:有)?(?:买|交|办|选|做)?(?:保价|报价)|未保价|不保价|没(?:有)?买保险",
     r"(?<![没未不])(?:保价了|保了价|报价了|买了保价|交了保价费|保价(?:\d|[一二三四五六七八九两]))"),
    # a worker hurt doing a job for a private person: a job for a result (承揽: 包活, 按件, 上门安装) or labour under
    # the client's direction (劳务: 按天, 日结, 雇的)
    ("piecework", r"受伤|摔|伤|砸|骨折|出事|掉下来",
     r"按天|日结|一天\s*\d+|每天\s*\d+(?:块|元)?|按月(?:给|发)|雇(?:了)?(?:个|一个|两个)?(?:人|工人|小工|保姆|帮工)|给我(?:家)?(?:打工|干活)|保姆|钟点工|长期(?:在我家)?干",
     r"包给|包活|包(?:了)?(?:工|活)|按件|按平方|承包|上门(?:安装|维修)|(?:安装|维修|装修|空调|家电)师傅|(?:修|装)(?:空调|热水器|油烟机|窗户|防盗网)|一口价|总价包"),
    # property promised for a debt: agreed before the debt fell due (流押, void) or after it (以物抵债, valid)
    ("before_due_agreement", r"抵债|抵账|抵给|房子归|车归|归你|归他|归我|以房抵|以车抵|拿房子|拿车",
     r"到期(?:后|以后|之后)|还不上(?:了)?[^。？?]{0,8}?(?:商量|协商|拿|用|把)|现在(?:拿|用)|已经到期|逾期(?:后|以后)",
     r"借(?:钱|款)?的时候(?:就)?(?:约定|写|说好|签)|借条(?:上)?写(?:着|了|的)?(?:到期)?(?:还)?不(?:上|还)|到期(?:还)?不还(?:的话)?(?:就)?(?:房子|车)?(?:归|抵)|提前(?:约定|说好)"),
    # a pupil hurt at school by another pupil (民法典 1188 + 1199/1200), not by a fall or a stranger
    ("hurt_by_classmate", r"学校|幼儿园|老师|课间|上课|同学|班|校园|体育课",
     r"自己(?:摔|跌|磕|滑)|校外人员|社会(?:上的)?人员|外来人员|陌生人",
     r"(?:同学|同班|同桌|小朋友|别的孩子|其他孩子|对方孩子|男生|女生|学生)[^，。,；;？?！!]{0,6}(?:推|打|撞|踢|咬|抓|绊|砸|弄伤|推倒|扔)|被同学"),
    # a standard term that strips the other side of its main rights (单方调价, 不得异议, 概不负责, 最终解释权)
    ("excludes_main_rights", r"格式|条款|合同|协议|单子|告示|规定|写着|写了|声明|霸王",
     r"(?:不|没)(?:是)?(?:单方|霸王)|双方协商(?:一致)?(?:后)?(?:才能|方可)",
     r"不得(?:提出)?(?:任何)?异议|放弃(?:一切|任何)?(?:权利|追究|索赔)|概不负责|概不退换|不退不换|最终解释权|(?:有权|可以)(?:随时)?单方(?:面)?(?:调整|变更|修改|解除|涨价)"
     r"|随时(?:单方)?(?:调整|变更|修改)(?:价格|费用|收费|合同)|一律不(?:退|赔|负责)|后果自负|与本(?:店|公司|平台)无关"),
    # the client went round the agent after its viewings (跳单) — or the agent brought about no deal
    ("skipped_agent", r"中介|经纪|看房|带看|房源",
     r"(?:中介|他们)(?:根本)?没(?:有)?(?:帮|给)?(?:我)?(?:促成|谈成|办成)|(?:自己|我)(?:在|从)(?:网上|别的中介|其他中介|朋友)(?:那|那里)?(?:找|看)到的",
     r"跳单|跳过(?:了)?中介|绕(?:开|过)(?:了)?中介|私下(?:跟|和|与|找|联系|约)(?:了)?(?:房东|业主|卖家|房主)"
     r"|(?:自己|直接)(?:跟|和|与|找|联系)(?:了)?(?:房东|业主|卖家|房主)(?:买|签|联系|交易|成交|谈)"),
    # a driver who ran from the scene (逃逸 — 刑法 133's higher band) or stayed and reported it
    ("fled_scene", r"撞|车祸|交通事故|肇事|开车|驾驶|事故",
     r"没(?:有)?(?:逃逸|跑|逃|离开(?:现场)?)|(?:留|守)在(?:了)?现场|(?:马上|立即|当场|主动)?(?:报(?:了)?警|打(?:了)?(?:110|120|122))|投案|自首",
     r"逃逸|逃跑|跑了|逃了|开走了|溜了|离开(?:了)?现场|没(?:有)?停车|驾车逃离|肇事后逃"),
    # social insurance (生育保险 within it) paid for the worker — or never paid
    ("social_insurance_paid", r"社保|五险|生育保险|医保|生育津贴|产假工资|参保|缴费",
     r"(?:没|没有|未|从来没|一直没|不)(?:给我|帮我|给员工)?(?:交|缴|买|上|办|参)(?:过)?(?:社保|五险|五险一金|生育保险|保险)|断(?:交|缴)了?|停(?:交|缴)了?",
     r"(?:交|缴|买|上|办)(?:了|过|着)(?:社保|五险|五险一金|生育保险)|(?:有|正常(?:交|缴))社保|社保(?:一直)?(?:正常)?(?:在)?(?:交|缴)(?:着|了)?|连续(?:交|缴)了"),
    # the helped person said no to the help before it was given (民法典 1192 帮工解释: 明确拒绝的不担责)
    ("help_refused", r"帮忙|帮工|帮他|帮她|帮人|义务帮|免费帮",
     r"(?:他|她|对方|人家|邻居|朋友|亲戚|同事|老乡|村里人)(?:主动)?(?:请|叫|让|喊|找)我(?:去|来)?帮",
     r"(?:他|她|对方|人家|邻居|朋友|亲戚|同事|老乡)(?:说|明确(?:说)?|已经)?(?:不用|不要|不需要|别)(?:帮|我帮)|(?:拒绝|不让)(?:了)?(?:我)?(?:帮|我帮)|(?:没|不)(?:让|要|请)我帮"),
    # a suit for divorce refused by an earlier judgment (民法典 1079 ⑤: one more year apart decides it)
    ("divorce_refused_before", r"离婚|判离|起诉离婚",
     r"还没(?:有)?起诉过|没(?:有)?起诉过",
     r"(?:判决|法院|法官)?(?:判(?:了)?|判决)(?:不准|不予|没|不)(?:准予)?(?:离|离婚)|没(?:有)?判离|上次(?:起诉)?(?:没|不)(?:判|准)|第二次起诉|再次起诉|又起诉"),
    # the insurer showed and explained the exclusion clause (加粗, 签字确认) — or never did
    ("clause_explained", r"保险|免责|拒赔|不赔",
     r"(?:没|没有|未|从来没|也没)(?:人)?(?:给我)?(?:提示|解释|说明|告诉|讲|提醒)(?:过)?(?:我)?|(?:业务员|保险公司|他们)(?:根本)?没(?:有)?(?:说|讲|提)(?:过)?|(?:不|没)知道(?:有)?(?:这个|这条)?(?:免责)?(?:条款)?|(?:没|没有)签(?:过)?字",
     r"(?:加粗|加黑|黑体)(?:提示)?|签(?:了|过)字(?:确认)?|(?:勾选|勾了)(?:已阅读|确认)|(?:明确|当面)(?:说明|解释|告知)(?:过)?|(?:业务员|保险公司)(?:讲|说|解释)过"),
    # a loan promised by a bank or lending company, not by a private person (自然人借款 is made by paying it)
    ("lender_institution", r"借|贷|放款|批了",
     r"朋友|亲戚|同事|同学|个人|老乡|邻居|熟人",
     r"银行|小贷|贷款公司|金融(?:机构|公司)|网贷平台|信用社|农商行|消费金融|融资租赁"),
    # a spouse's debt the client signed for or later owned (共债共签, 追认) — or knew nothing of
    ("spouse_cosigned", r"借|欠|贷|债|担保|网贷|信用卡",
     r"(?:我|老婆|妻子|丈夫|老公|她|他)(?:都|也|根本|从来)?(?:没|没有|不)(?:签字|签过字|签名|签过|签)|背着我|瞒着我|我(?:根本|完全|一点|都|也|事先)?不知道"
     r"|只有(?:他|她|老公|老婆|丈夫|妻子)(?:一个人)?(?:的)?(?:签字|签名|签的字|签了字)",
     r"(?:我|两个人|我们俩|我俩|我们两个|夫妻)(?:都|也|一起)?(?:签了|签过|签字|签名|按了手印|按过手印)|共同签(?:字|名)|我(?:事后|后来)(?:也)?(?:认了|承认|同意|追认)"
     r"|(?:借条|合同|欠条)上有我(?:的)?(?:签字|名字|签名)"),
    # a contract that sends disputes to arbitration — or names none
    ("arbitration_clause", r"仲裁|起诉|法院|告",
     r"没(?:有)?(?:约定|写)(?:过)?(?:仲裁|怎么解决|争议解决|管辖)|没有仲裁条款|(?:合同|协议)(?:里|上)?没(?:有)?(?:写|约定)(?:仲裁|争议)",
     r"(?:约定|写了|写着|写的|规定)(?:了)?(?:由|提交|向)?[^，。,；;？?]{0,10}仲裁委|仲裁条款|约定(?:了)?(?:去)?仲裁|提交[^，。,；;？?]{0,8}仲裁|发生争议(?:的)?(?:由|提交|向)[^，。,；;？?]{0,10}仲裁"),
    # goods already delivered or handed to the carrier when lost or damaged (民法典 604, 607) — or not yet
    ("goods_delivered", r"货|物流|运输|发货|交付|签收|快递|托运|车队",
     r"还没(?:有)?(?:发货|交货|交付|提货|发出|装车)|没(?:有)?(?:发货|交货|交付)|还在(?:仓库|卖家|对方|厂里)|交货前|发货前|装车前",
     r"已经(?:交付|交货|签收|提货|发货|发出|装车)|(?:交给|交付给|送到|装上)(?:了)?(?:物流|承运人|快递|货运|车队|货车)|签收了|发货(?:了|后|以后)|在路上|运输(?:途中|过程中|的时候)|半路上"),
    # a commute accident in which the client bore the main responsibility (全责, 主责) or not (对方全责, 同等, 次责)
    ("client_main_responsibility", r"上班|下班|通勤|回家路上|上班路上|下班路上|工伤",
     r"对方(?:负)?(?:全责|全部责任|主责|主要责任)|(?:我|本人|自己)(?:负|是|承担)?(?:次要责任|次责|同等责任|无责|没有责任|没责任)|同等责任|(?:我|本人)不负(?:主要)?责任|认定(?:对方|他|她)全责",
     r"(?:我|本人|自己)(?:负|是|承担)?(?:全责|全部责任|主责|主要责任)|(?:认定|判)(?:我|本人)(?:全责|主责|主要责任)"),
    # goods sent back under the seven-day return: still intact (吊牌在, 没拆, 只是试穿) or not (吊牌剪了, 洗过, 穿出门,
    # 激活了 — 网购七日无理由退货办法 9: a cut or removed tag, a soiled or used thing is not intact)
    ("goods_intact", r"退|无理由|七天|7天|七日|7日|退换",
     r"吊牌(?:被我|被|让我|我|已经|已|都)?(?:剪|拆|摘|撕|扯|弄)(?:掉|了|下|坏)?|(?<![没未不])(?:剪|拆|摘|撕)(?:掉|了|下)?(?:了)?(?:吊牌|标签|商标)|标签(?:被)?(?:剪|撕)(?:掉|了)?"
     r"|洗(?:过|了)(?:一次|几次|一下)?|下过水|穿(?:过|了)?(?:几次|好几次|一天|一整天|出门|去上班|出去)|穿出去(?:过|了)?|用(?:了|过)(?:几次|一段时间|好几次|一个月|几天|很久)"
     r"|已经用过|弄脏|有污渍|沾了|拆封(?:了)?(?:的)?(?:化妆品|食品|护肤品|面霜|口红)|激活(?:了|过)|刮花|磨损|摔(?:了|坏)|损坏了",
     r"吊牌(?:还在|都在|没剪|没拆|没动|完好|齐全)|(?:没|没有|未)(?:拆封|拆包装|拆开|用过|穿过|洗过|剪吊牌)|全新(?:的)?(?:没动|未用)?|原封(?:不动|未动)"
     r"|包装(?:完好|都在|齐全)|(?:只是|就是|仅仅|就)?试穿(?:了)?(?:一下|一次)?|试(?:了)?一下"),
    # hurt on the way to or from work (工伤保险条例 14 ⑥, the client not mainly responsible), not on an errand
    ("commute", r"撞|车祸|事故|摔|受伤|伤|工伤|出事|刮",
     r"(?:周末|休息日|放假|请假)(?:出去|去)?(?:玩|逛|办事)|(?:去|出去)(?:逛街|吃饭|旅游|玩|接孩子|买东西)的路上|下班后(?:又)?(?:去|跟)(?:朋友)?(?:吃饭|喝酒|逛|玩|唱歌)",
     r"(?:上班|下班|上下班|通勤)[^，。,；;？?！!]{0,8}?(?:路上|途中)|(?:去|到|赶)(?:公司|单位|厂里|工厂|工地|店里)(?:上班)?的路上|下班(?:后)?(?:骑车|开车|走路|步行|坐车|骑电动车)?回家|在上下班"),
    # a loan without an IOU: something besides the transfer shows it was one (聊天记录里说借, 录音, 他承认) — or only
    # the transfer does (民间借贷规定 16: the lender then bears the proof once the borrower says it repaid an old debt)
    ("loan_evidence", r"借条|欠条|转账|转了|转给|打款|打了|微信|支付宝",
     r"只有(?:一张|一笔|几笔)?(?:转账|银行|微信|支付宝)?(?:转账)?(?:记录|流水|凭证|截图)|(?:没有|没)(?:任何)?(?:聊天记录|录音|证人|其他证据|别的证据)"
     r"|(?:聊天记录|记录)(?:都)?(?:删了|没了|找不到)|口头(?:说|借)的|(?:当面|直接)给的现金",
     r"(?:聊天记录|微信|短信)(?:里|上|中)?(?:有|他|她)?(?:说|写|提|承认)(?:过|了)?(?:是|要)?(?:借|还)|(?:有|留了|录了)(?:录音|证人)"
     r"|(?:他|她|对方)(?:也|当时|之前)?(?:承认|认)(?:过|了)?(?:是)?借|说好(?:了)?(?:是)?借|备注(?:了|写了|写的)?(?:是)?(?:借款|借)"),
    # a leak from a common part of the building (公共管道, 外墙, 楼顶: the manager's) or from the flat above's own
    ("leak_from_common", r"漏水|渗水|漏到|滴水|水泡|泡了|泡坏|泡黄|淹了|水管爆|发霉|墙皮",
     r"(?:楼上|他家|她家|邻居家|对方家)(?:的)?(?:卫生间|厕所|厨房|洗衣机|水管|地暖|阳台|热水器|马桶|鱼缸|浴缸|防水)"
     r"|(?:防水|水管|地暖)(?:层)?(?:没做好|没做|坏了|爆了|破了|老化)|(?:装修|改水电)(?:的时候)?(?:把)?(?:水管|防水)",
     r"公共(?:管道|水管|部位|区域|排水管?|下水管?)|主管道|总管|(?:外墙|楼顶|屋顶|屋面|天台|顶楼)(?:渗|漏|裂)|雨水管|立管|共用(?:管道|部位)"),
    # grandparents and grandchildren (民法典 1074): the generation between is dead or unable to pay — or alive and able
    ("middle_unable", r"爷爷|奶奶|外公|外婆|姥姥|姥爷|祖父|祖母|孙子|孙女|外孙|隔代",
     r"(?:父母|爸妈|爸爸妈妈|儿子儿媳|孩子(?:他|她|的)?(?:爸|妈|父母|爸妈))(?:都|也|还)?(?:健在|在外地打工|在外打工|有工作|有收入|好好的|都在|活着)",
     r"(?:父母|爸妈|爸爸妈妈|儿子儿媳|儿子|女儿|孩子(?:他|她|的)?(?:爸|妈|父母|爸妈))(?:都|也|已经|早就|前几年)?[^，。,；;？?！!]{0,6}?(?:去世|不在了|没了|过世|走了|死了|病逝"
     r"|坐牢|服刑|失踪|下落不明|重病|残疾|瘫痪|没有(?:劳动)?能力|无力(?:抚养|赡养))"),
    # an engaged couple told to have lived apart (涉彩礼规定: returned in full when neither registered nor
    # lived together)
    ("lived_apart", r"彩礼|礼金|订婚|定亲|三金",
     r"(?<![没未])(?:同居|住在一起|住一起|一起住)(?:了|过)",
     r"(?:没|没有|未|从没|从来没)(?:有)?(?:同居|住在一起|住一起|一起住|在一起住|共同生活|一起生活)|分开住|各住各的"),
    # -- the facts the cards' typed exceptions turn on (answers-apply-the-case.md, "Exceptions that decide") --
    # in pregnancy, maternity leave or nursing (劳动合同法 42 ④, 45; 民法典 1082) — or past it, or not pregnant
    ("maternity_period", r"怀孕|怀了|孕|产假|产期|哺乳|喂奶|母乳|生孩子|生完|生了|坐月子|宝宝|三期",
     r"(?:没|没有|未|并没有?)怀孕|不是孕妇|(?:哺乳期|产假|三期)(?:已经|早就|早已|都)?(?:过了|结束了?|满了|休完了)"
     r"|孩子(?:都|已经)?(?:[两三四五六七八九]岁|上(?:幼儿园|学|小学))",
     r"(?<![没未])怀孕(?:了|期间|的时候|[\d一二三四五六七八九两几]+个?(?:月|周))?|怀了(?:孕|宝宝|孩子|二胎|[一二三四五六七八九两几\d]+个月)?"
     r"|孕期|孕妇|孕[\d一二三四五六七八九十]+周|(?:在|正在|还在)?休产假|产假(?:期间|中|还没|没休完|刚)|产期|哺乳期|坐月子"
     r"|刚生(?:完|了)|生完孩子(?:才|还不到|不到|没多久)|孩子(?:才|刚|还不到|不满|不到)(?:\d+|[一二三四五六七八九十两几半])(?:个)?(?:月|周|天)"
     r"|(?:在)?喂奶|背奶|三期(?:内|期间|女职工)"),
    # sick or injured off work and within the medical treatment period (劳动合同法 42 ③, 45) — or past it, recovered
    ("medical_period", r"病|医疗期|住院|手术|化疗|治疗|癌|肿瘤|受伤|骨折|养伤",
     r"医疗期(?:已经|早就|都)?(?:满|到了|到期|结束|过了|用完)|(?:病|伤)(?:已经|都)?(?:好了|治好了|痊愈)|康复(?:了|后)|出院(?:后)?(?:回去|回来)?上班",
     r"医疗期(?:内|中|期间|还没(?:满|到|结束)|没满|未满)|(?:在|正在|还在)(?:住院|治疗|化疗|放疗|休病假|请病假|养病|病休|养伤)"
     r"|病假(?:期间|还没休完|中|没结束)|(?:生病|住院|手术)(?:期间|的时候|时)|(?:确诊|查出|得了)(?:了)?(?:癌|肿瘤|白血病|大病|重病)"),
    # hurt at work or an occupational disease (劳动合同法 42 ②; 工伤保险条例 14) — or told it is not one
    ("injured_at_work", r"工伤|职业病|尘肺|伤|摔|砸|断了|骨折",
     r"不是工伤|不算工伤|(?:没|没有|不予|不)(?:被)?认定(?:为)?工伤|工伤(?:认定)?(?:没|没有|不予)(?:认定|批|通过|下来)|(?:下班|周末|休息)(?:后)?(?:在家|出去)",
     r"(?<![不没])(?:认定(?:了|为)?工伤|工伤(?:认定|鉴定|职工|待遇|保险)?|职业病|尘肺)|(?:在|到)(?:厂里|工地|车间|单位|公司|店里|仓库)"
     r"(?:干活|上班|工作)?(?:时|时候|的时候)?(?:被[^，。,；;]{0,5}?|把)?(?:受伤|摔|砸|压|切|绞|夹)"
     r"|(?:干活|上班|工作)(?:时|时候|的时候|中)(?:受伤|摔|被[^，。,；;]{0,5}?(?:砸|压|切|绞|夹))"),
    # a suspect who gave himself up (刑法 67) — or was caught
    ("surrendered", r"自首|投案|派出所|公安|警察|民警|交警|报警|抓|逃",
     r"(?:被|让)[^，。,；;？?]{0,8}?(?:抓|抓获|抓到|逮|带走|控制|刑拘)|(?:没|没有|(?<!算)不算)(?:去)?(?:自首|投案)|(?:一直|至今|还)在逃|被通缉(?:后)?(?:抓|落网)",
     r"(?<![没不算是])(?:自首|投案)(?![吗么嘛]|了吗|不)|(?:主动|自己|自动)(?:去|到|向|跑到|走到)(?:了|的)?(?:派出所|公安局?|公安机关|警察|民警|交警)"
     r"|(?:在现场|当场|原地)(?:等|等候|等着)(?:警察|民警|交警|处理)|(?:主动|自己)(?:打电话)?报(?:了)?警(?:说|承认)?"),
    # reported another's crime or gave a lead that solved a case (刑法 68)
    ("meritorious", r"立功|举报|检举|揭发|线索|协助|配合抓",
     r"(?:没|没有|(?<!算)不算|够不上)(?:有)?(?:立功|举报|检举)",
     r"(?<![没不算是])立功(?![吗么嘛]|不)|(?:举报|检举|揭发)(?:了)?(?:别人|他人|同伙|其他人|上家|下家|老板)?|提供(?:了)?(?:重要)?线索|协助(?:警方|公安)?(?:抓|抓获|抓捕)|配合(?:警方)?抓(?:到|获)"),
    # the victim forgave or settled (刑事诉讼法 288; 刑法 61's 情节) — or refuses
    ("victim_forgave", r"谅解|和解|私了|原谅|赔偿|赔了|赔给",
     r"(?:不|没|没有|不肯|不愿|不愿意|拒绝|还没)(?:出具|给|写|签|同意)?(?:出具)?谅解|不原谅|谈不拢|(?:不|没)(?:接受|同意)(?:赔偿|和解|私了)|狮子大开口"
     r"|才(?:肯|愿意|同意|会|能)?(?:写|出具|签|给)(?:谅解|和解)|(?:要不要|该不该|写不写|能不能拿到)(?:写)?谅解",
     r"(?:(?:取得|拿到|得到|获得|出具|签|写|给)了|已经(?:取得|拿到|得到|获得|出具|签|写|给)(?:了)?)"
     r"(?:对方|被害人|受害人|他们|家属|家里人){0,2}(?:的)?谅解"
     r"|(?<![不没])(?:取得|拿到|得到|获得|出具)(?:对方|被害人|受害人|他们|家属|家里人){0,2}(?:的)?谅解(?:书)?"
     r"(?!书|[，,]?(?:的话|能|可以|会|是不是|就|吗))"
     r"|(?:已经|也)(?:和解|私了|原谅|谅解)|(?:对方|被害人|受害人|家属)(?:已经|也)?(?:原谅|谅解|同意和解|接受(?:了)?(?:赔偿|道歉))"
     r"|达成(?:了)?(?:和解|调解|赔偿)(?:协议)?"),
    # a first offender (量刑: 初犯, no record) — or one with a record (刑法 65's recidivism, 累犯)
    ("first_offence", r"初犯|第一次|前科|偶犯|累犯|犯过|进过|坐过牢|案底|犯罪记录|二进宫|以前",
     r"(?<![没无])有(?:过)?前科|前科(?:累累|在身)|累犯|二进宫|(?:以前|之前|上次|前年|去年)(?:也)?(?:因为?)?[^，。,；;]{0,8}?(?:判过|坐过牢|被判|进去过|拘留过|处罚过)",
     r"(?<!不是)初犯|偶犯|第一次(?:犯|做|偷|干|被抓|犯事)|(?:没有|无|没)(?:任何)?(?:前科|犯罪记录|案底)|从来没(?:有)?(?:犯过|违过法|进过)"),
    # the worker drunk or on drugs (or self-harm) when hurt (工伤保险条例 16; 社会保险法 37) — never another's drink
    ("worker_drunk", r"工伤|受伤|摔|砸|出事|事故|伤|干活|上班",
     r"(?:我|本人|自己|他|员工|工人)?(?:根本|也|都)?(?:没|没有)(?:喝酒|喝醉|饮酒|沾酒)|滴酒未沾",
     r"(?:我|本人|自己|员工|工人|职工|伙计|师傅|老公|丈夫|儿子)(?:当时|那天|中午|晚上|上班前|下班前)?[^，。,；;对司]{0,6}?"
     r"(?:喝(?:了)?(?:点|些|不少|很多|半斤|一斤|几瓶|两瓶)?(?:白|啤)?酒|喝多了?|喝醉了?|醉酒|酒后|吸(?:了)?毒|自残|自杀)"),
    # -- deciders of conditions the cards state as prose (docs/decisions/answers-apply-the-case.md, "Three-valued") --
    # a donee who wronged the giver after the gift (民法典 663: beat, abused, left without support) — or treats him well
    ("donee_wronged", r"赠与|送给|送了|过户给|给了(?:儿子|女儿|孩子|他|她)|房子给"
     r"|写(?:了)?(?:他|她|儿子|女儿)(?:的)?名",
     r"对我(?:也)?(?:很好|挺好|不错|孝顺)|(?:一直|也)(?:很)?孝顺|(?:一直|都)(?:在)?(?:照顾|赡养)(?:我|我们)",
     r"(?:动手|动手打|出手)?打(?:了|过|伤)?(?:我|我们|他爸|他妈|她爸|她妈)|打骂|殴打|虐待|遗弃|赶(?:我|我们)?出(?:门|家)"
     r"|把我(?:推倒|推下|打伤|锁在)|推倒在地"
     r"|不(?:管|养|赡养|照顾|理)(?:我|我们|老人)|不给(?:我|我们)?(?:养老|生活费|赡养费)|不让(?:我|我们)(?:住|进门|回家)"),
    # a debt of the spouse's spent on the family's life (民法典 1064: 装修住房, 家用, 孩子) — or on his own ends
    ("family_use", r"借|欠|贷|债",
     r"(?:拿去|用来|用于|用在|花在)(?:了)?(?:赌|吸毒|养小三|外面的女人|(?:他|她)自己)|(?:他|她)自己(?:花|挥霍|用)(?:了|掉)"
     r"|炒币|炒股|买彩票|打赏|投资(?:失败|亏)"
     r"|没(?:有)?用(?:在|于)(?:家里|家庭|家用|我们)",
     r"(?:拿来|拿去|用来|用于|用在|花在|是)(?:了)?(?:给)?(?:装修|买房|付首付|交首付|还房贷|家用|家里(?:开销|用|花)|孩子|看病|治病"
     r"|(?:我们|家里)(?:的)?(?:生活|开销|日常)|买家具|买家电)"
     r"|给(?:孩子|儿子|女儿|家里|老人|爸妈|父母)(?:交|付|看|治|买)|(?:孩子|儿子|女儿)(?:的)?(?:学费|医药费|治病)|交学费"),
    # an online seller gone (店铺关了, 联系不上卖家): 消费者权益保护法 44 turns the claim to the platform — or reachable
    ("seller_unreachable", r"平台|网店|店铺|淘宝|拼多多|京东|天猫|抖音|网购|商家|卖家",
     r"(?:能|可以|已经)联系(?:上|到)(?:了)?(?:卖家|商家|店家|老板)|(?:卖家|商家|店家)(?:已经)?(?:回复|答应|同意)",
     r"(?:联系不上|找不到|联系不到|失联)(?:了)?(?:卖家|商家|店家|老板)?|(?:卖家|商家|店家|店铺|网店)(?:已经|都)?(?:关(?:了|门|店|闭)|跑路|倒闭|注销|不见了|失联)"),
    # a seller of counterfeit goods who can show where they came from (商标法 64 ②) — or cannot
    ("lawful_source", r"商标|假冒|假货|假牌子|冒牌|高仿|品牌方|侵权|正品|山寨|仿冒",
     r"没(?:有)?(?:发票|进货(?:单|凭证|合同|记录)|票据|单据|合同)|(?:进价|价格)(?:明显|特别|很)?(?:偏低|低|便宜)|知道是假|明知",
     r"(?<![没无])(?:有|开了|留着|保存了?|拿得出)(?:正规)?(?:发票|进货(?:单|凭证|合同|记录)|票据|采购合同)|正规(?:的)?(?:批发市场|渠道|经销商|代理商|供货商|厂家)"),
)
#: Deciders whose no holds even beside a yes: 全款付了首付 is the down payment paid in full, a part of the price;
#: 只是试穿 beside 吊牌剪了 is a tag cut off all the same.
_NO_WINS = frozenset({"full_payment", "goods_intact"})
_DECIDER_PATTERNS = tuple((name, re.compile(topic), re.compile(no), re.compile(yes))
                          for name, topic, no, yes in _DECIDERS)

#: 买了5天, 收到货三天了, 提车第十天, 刚买两周, 十天前买的: how long ago the client bought or received the goods.
_DAYS_SINCE = re.compile(rf"(?:买|收到货|收货|签收|提车|到货|拿到(?:货|车)?|入手|购买|下单|用)(?:了|回来|到)?"
                         rf"(?:才|刚|刚刚|不到|快|有)?(?:第)?\s*({NUM}|半)\s*(天|日|个?星期|周|个?月|年)"
                         rf"|({NUM}|半)\s*(天|个?星期|周|个?月|年)(?:以|之)?前(?:买|收到|提|下单)")
_UNIT_DAYS = {"天": 1, "日": 1, "星期": 7, "个星期": 7, "周": 7, "月": 30, "个月": 30, "年": 365}
#: 签了两次合同, 连续签了两次固定期限, 第二份合同到期: fixed-term contracts signed in a row (劳动合同法 14 ② 3).
_TERMS_SIGNED = re.compile(r"(?:连续)?签(?:了|过)\s*(两|二|2|三|3|四|4)\s*次(?:固定期限)?(?:的)?(?:劳动)?合同"
                           r"|第\s*(二|2|三|3)\s*(?:次|份|个)(?:固定期限)?(?:劳动)?合同(?:又)?(?:到期|快到期|要到期|满了)"
                           r"|(?:两|二|2|三|3)(?:份|次)(?:固定期限)?(?:劳动)?合同(?:都)?(?:签|到期|满)")


#: Whose cause it is that a sale or a signing failed (定金, 认购, 贷款): 1 the client's own (我反悔, 我征信不好),
#: 2 the other party's (卖家反悔, 开发商涨价, 一房二卖), 3 neither's (限购, 银行停贷, 政策变了). Tried in that order:
#: 银行不批 because of the client's credit is his own cause.
_DEAL_TOPIC = re.compile(r"定金|订金|意向金|诚意金|认购|贷款|房贷|按揭|首付|买房|卖房|购房|过户|签约|网签")
FAULT_PARTIES: tuple[tuple[int, re.Pattern[str]], ...] = (
    (1, re.compile(r"我(?:们)?(?:自己|这边)?(?:反悔|不想买了|不买了|不想要了|违约|改主意|变卦|不想签了|看中别的)"
                   r"|(?:我|自己)(?:的)?(?:征信|信用)(?:不好|有问题|太差|花了|逾期)|征信(?:不好|有问题|太花|花了)"
                   r"|我(?:的)?(?:收入|流水)(?:不够|不足|证明不够)|(?:我|自己)(?:这边|自己)?的原因|个人原因|家里不同意")),
    (2, re.compile(r"(?:卖家|卖方|房东|开发商|对方|业主|房主|售楼处)(?:突然|临时|后来)?"
                   r"(?:反悔|不卖了?|违约|涨价|要涨价|加价|坐地起价|一房二卖|卖给(?:了)?别人|不签了?|不给签|跑路|手续不全|没有预售证|不配合)|不(?:想)?卖给我了?|一房二卖")),
    (3, re.compile(r"限购|限贷|政策(?:变|调整|收紧|不允许)|新政|银行(?:不批|不给贷|拒贷|没批|停贷|收紧|不放款)"
                   r"|贷款(?:没批|没批下来|批不下来|下不来|没下来|办不下来)|贷不下来|不可抗力|疫情")),
)
LABEL_FAULT = {1: "我方原因", 2: "对方原因", 3: "双方都无过错"}


def case_deciders(text: str, today: date, facts: Facts) -> None:
    """The facts that choose among an answer's cases: each yes/no of :data:`_DECIDERS` the question tells,
    the days since the purchase, the fixed-term contracts signed in a row and the years since a debt fell due."""
    for name, topic, no, yes in _DECIDER_PATTERNS:
        if name in facts or not topic.search(text):
            continue
        noes = list(no.finditer(text))
        # a yes said apart from every no (没公示过 holds 公示过: that one is the no's)
        yeses = [y for y in yes.finditer(text) if not any(y.start() < n.end() and n.start() < y.end() for n in noes)]
        if noes and (not yeses or name in _NO_WINS):
            facts.add(name, False, noes[0].group(0))
        elif yeses and not noes:
            facts.add(name, True, yeses[0].group(0))
    if _DEAL_TOPIC.search(text) and "fault_party" not in facts:
        for party, pattern in FAULT_PARTIES:
            if (m := pattern.search(text)):
                facts.add("fault_party", party, m.group(0))
                break
    m = _DAYS_SINCE.search(text)
    if m and "days_since_purchase" not in facts:
        count, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = spoken_count(count)
        if value is not None and 0 <= value * _UNIT_DAYS[unit] <= 3650:
            facts.add("days_since_purchase", int(value * _UNIT_DAYS[unit]), m.group(0))
    m = _TERMS_SIGNED.search(text)
    if m and "fixed_terms_signed" not in facts:
        said = next(g for g in m.groups() if g)
        facts.add("fixed_terms_signed", int(cn_number(said) or 0), m.group(0))
    due = facts.get("due_date")
    if isinstance(due, date) and due <= today and "years_since_due" not in facts:
        years = (today - due).days / 365.25
        facts.add("years_since_due", Decimal(str(round(years, 2))), f"{due.isoformat()}到期")


# -- quantities with units and the categorical facts a lawyer applies the threshold to (answers-apply-the-case) --
#: Blood alcohol as clients report it, in mg per 100 ml: 130mg, 一百三十几毫克, 92.5mg/100ml, 酒精含量135,
#: 抽血结果是156, 吹出来95. A reading per litre (呼气 0.35mg/L) is another measure and is not read.
_ALCOHOL_CONTEXT = re.compile(r"酒|醉|抽血|血检|血液|吹气|酒精")
_ALCOHOL_UNIT = re.compile(rf"({NUM})\s*(几|多)?\s*(?:mg|MG|Mg|毫克)(?!\s*(?:/|每)\s*(?:L|l|升))")
_ALCOHOL_SAID = re.compile(rf"(?:酒精(?:含量|浓度|值|检测)?|血(?:液)?(?:酒精)?(?:含量|浓度)|抽血(?:结果|检测|化验)?"
                           rf"|血检(?:结果)?|吹(?:气|出来|出|的)(?:结果)?)"
                           rf"(?:是|为|有|测出来|查出来|测出|测的|查出|检测出|达到|结果|出来|显示|说|化验)*\s*({NUM})\s*(几|多)?(?![\d.年月日号岁天个%])")
#: An attack with a weapon or one of the violent crimes of 刑法 20 ③ (行凶, 杀人, 抢劫, 强奸, 绑架) the client
#: resisted — the other side's act, never the client's own knife (我拿刀, 我抢过刀).
_DEFENCE_TOPIC = re.compile(r"防卫|自卫|还手|反击|反抗|捅|砍|刺|打伤|打成|打断|踹|砸伤|拍晕|骨折|重伤|轻伤"
                            r"|伤了他|伤到他|打跑|制服|夺刀|抢刀|夺过")
_WEAPONS = (r"(?:砍刀|菜刀|水果刀|西瓜刀|尖刀|长刀|刀子|匕首|刀|斧头|斧子|铁棍|钢管|棍子|木棍|棒球棍|甩棍"
            r"|铁锹|锤子|榔头|砖头|酒瓶|枪)")
_ARMED_ATTACKER = re.compile(r"(?:他|她|对方|那人|那个人|有人|有个人|一个人|歹徒|小偷|劫匪|男的|男子|醉汉|一伙人"
                             r"|几个人|混混|流氓|邻居|前夫|老公)"
                             rf"[^。；;？?！!]{{0,10}}?(?:拿|持|提|举|抡|抄|掏|带|握)(?:着|起|出|了)*(?:一把|把|根|一根|个)?{_WEAPONS}"
                             r"|持刀|持械|行凶|砍我|捅我|砍向我|刺向我|要砍(?:我|死)|要杀(?:我|了我)|要捅|拿刀追|追着我砍|抢劫|打劫|劫持|强奸|绑架|入室抢")
_OWN_ACTS = ("持刀", "持械", "行凶", "抢劫", "打劫", "劫持", "强奸", "绑架")
_UNARMED = re.compile(r"徒手|空手|赤手空拳|没拿(?:刀|东西|武器|凶器)|没带(?:刀|武器|凶器)|只是(?:推|骂|扇|吵|拉扯|推搡)"
                      r"|推搡|扇了我(?:一)?(?:个)?(?:巴掌|耳光)|吵架")
#: Time off sick or on personal leave in the year (职工带薪年休假条例 4): 请了两个月病假, 病假休了三个月, 事假25天.
_SICK_LEAVE = re.compile(rf"病假[^，。,；;？?！!\d]{{0,6}}?"
                         rf"({NUM}|半)\s*(个?月|天|周|个?星期)(半|多)?"
                         rf"|({NUM}|半)\s*(个?月|天|周|个?星期)(半|多)?(?:的)?病假")
_PERSONAL_LEAVE = re.compile(rf"事假[^，。,；;？?！!\d]{{0,6}}?({NUM}|半)\s*(天|个?月|周)"
                             rf"|({NUM}|半)\s*(天|个?月|周)(?:的)?事假")
#: The sum a public servant took or was paid (贪污, 受贿, 收了好处费): the bands of 贪污贿赂解释 1–3 apply to it.
_DUTY_CRIME = re.compile(r"贪污|受贿|收受|收了?[^，。,；;？?！!]{0,10}?(?:好处费|回扣|红包|贿赂)|侵吞|挪用公款")


#: The year an offence was committed, told without a day (2015年偷的, 2010年那会儿骗的): read only when no dated offence
#: is — a dated one gives the composer the period's last day (刑法 87, the ``prosecution_limitation`` rule).
_CRIME_ACTS = r"(?:偷|盗|骗|打|砍|捅|抢|撞|伤|犯|贪污|受贿|挪用|杀|诈骗|走私|贩)"
_OFFENCE_YEAR = re.compile(rf"((?:19|20)\d{{2}})\s*年(?:的时候|那年|那会儿?)?[^，。,；;？?！!]{{0,12}}?{_CRIME_ACTS}")


#: Time already served of a sentence (假释 needs half of it, 刑法 81): 已经坐了六年, 服刑三年多了, 在监狱里待了两年半.
_SERVED = re.compile(rf"(?:坐了|坐牢|服刑了?|蹲了|在(?:监狱|里面|牢里|狱里)(?:里)?(?:待|呆|关|蹲)?了|改造了"
                     rf"|(?:实际)?执行了)"
                     rf"\s*({NUM}|半)\s*(年|个月)(半|多)?")


def _leave_months(count: str, unit: str, extra: str | None) -> Decimal | None:
    value = spoken_count(count)
    if value is None:
        return None
    if extra == "半":
        value += Decimal("0.5")
    if "月" in unit:
        return value
    days = value * (7 if unit.endswith(("周", "星期")) else 1)
    return (days / Decimal(30)).quantize(Decimal("0.01"))


def told_quantities(text: str, today: date, facts: Facts) -> None:
    """Quantities with their units and the categorical facts that decide an answer's cases (SCHEMA.md): the blood
    alcohol (mg/100ml), an attack with a weapon resisted, the sick and personal leave of the year, the days since
    the event a period runs from, the years since an author's death, the sum of a duty crime."""
    if _ALCOHOL_CONTEXT.search(text) and "blood_alcohol" not in facts:
        for pattern in (_ALCOHOL_UNIT, _ALCOHOL_SAID):
            m = pattern.search(text)
            value = spoken_count(m.group(1)) if m else None
            if m and value is not None and 5 <= value <= 500:
                facts.add("blood_alcohol", value, m.group(0))
                break
    if _DEFENCE_TOPIC.search(text) and "violent_attack" not in facts:
        # 我持刀, 我抢劫 are the client's own acts, not an attack he resisted
        armed = [m for m in _ARMED_ATTACKER.finditer(text)
                 if not ("我" in text[max(0, m.start() - 2):m.start()] and m.group(0)[:2] in _OWN_ACTS)]
        unarmed = _UNARMED.search(text)
        if armed and not unarmed:
            facts.add("violent_attack", True, armed[0].group(0))
        elif unarmed and not armed:
            facts.add("violent_attack", False, unarmed.group(0))
    leave_text = text.replace("个半月", "个月半")  # 两个半月 is two months and a half
    m = _SICK_LEAVE.search(leave_text)
    if m and "sick_leave_months" not in facts:
        count, unit, extra = m.group(1, 2, 3) if m.group(1) else m.group(4, 5, 6)
        months = _leave_months(count, unit, extra)
        if months is not None and 0 < months <= 24:
            facts.add("sick_leave_months", months, m.group(0))
    m = _PERSONAL_LEAVE.search(text)
    if m and "personal_leave_days" not in facts:
        count, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = spoken_count(count)
        if value is not None:
            days = value * (30 if "月" in unit else 7 if unit == "周" else 1)
            if 0 < days <= 365:
                facts.add("personal_leave_days", int(days), m.group(0))
    start = facts.get("start_date")
    if isinstance(start, date) and start <= today and "days_since_start" not in facts:
        facts.add("days_since_start", (today - start).days, facts.items["start_date"].text)
    year = facts.get("death_year")
    if isinstance(year, int) and year <= today.year and "years_since_death" not in facts:
        facts.add("years_since_death", today.year - year, facts.items["death_year"].text)
        facts.add("protection_end_year", year + 50, facts.items["death_year"].text)
    m = _SERVED.search(text)
    if m and "served_months" not in facts and (months := _months(m.group(1), m.group(2), m.group(3))) is not None:
        facts.add("served_months", months, m.group(0))
    dated = "start_date" in facts or any(d.event in ("offence", "offence_more") for d in facts.dates)
    if "max_penalty_years" in facts and not dated and "years_since_offence" not in facts:
        m = _OFFENCE_YEAR.search(text)
        if m and 1950 <= int(m.group(1)) <= today.year:
            facts.add("years_since_offence", today.year - int(m.group(1)), m.group(0))
    m = _DUTY_CRIME.search(text)
    if m and "amount_involved" not in facts:
        amount = next((money(a.group(1), a.group(2)) for a in re.finditer(MONEY, text[m.start():])
                       if (money(a.group(1), a.group(2)) or 0) >= 1000), None)
        if amount is not None:
            facts.add("amount_involved", amount, f"{m.group(0)}…{amount}")


# -- the facts the cards' typed exceptions turn on besides the yes/no deciders (answers-apply-the-case.md) --
#: How far the worker is from the statutory retirement age (劳动合同法 42 ⑤: fifteen years in the unit and fewer than
#: five to retirement): 离退休还有3年, 还有两年就退休了, 再干四年就退休, 距法定退休年龄不到五年 (a bound "不到 N" reads
#: just under N). 快退休了 alone tells no figure.
_TO_RETIREMENT = re.compile(
    rf"(?:离|距离?)(?:法定)?退休(?:年龄)?(?:还有|只有|就|只差|差|仅)?\s*(不到|不足|不满)?\s*({NUM}|半)\s*年(半|多)?"
    rf"|(?:还有|还差|再过|再干|再有)\s*(不到|不足)?\s*({NUM}|半)\s*年(半|多)?(?:就|就要|就该|就能|便)?(?:到龄)?退休")
#: Who lent to whom (婚姻家庭编解释（一）82: a loan between spouses is a disposal of common property; between
#: parents and children a transfer for a home may be a gift): 1 spouses, 2 near relatives, 3 others.
_SPOUSE = r"(?:老公|老婆|丈夫|妻子|媳妇|爱人|前夫|前妻)"
_KIN = r"(?:儿子|女儿|爸|妈|父母|哥|姐|弟|妹|侄子|外甥|亲戚|小舅子|大舅哥|姐夫|妹夫)"
_OTHERS = r"(?:朋友|同事|同学|老乡|邻居|网友|熟人)"
_LENT_TO = r"(?:借给|借钱给|借了|出借给)(?:我)?(?:的)?"
_LENDER_RELATIONS: tuple[tuple[int, re.Pattern[str]], ...] = (
    (1, re.compile(rf"{_LENT_TO}{_SPOUSE}|{_SPOUSE}(?:向|跟|找)我借|夫妻(?:之间|间)(?:的)?借(?:款|钱)"
                   rf"|(?:给|跟){_SPOUSE}(?:写|打)(?:了)?借条")),
    (2, re.compile(rf"{_LENT_TO}{_KIN}|{_KIN}(?:向|跟|找)我借|(?:父母|爸妈)(?:出的|给的|拿的)(?:首付|钱)")),
    (3, re.compile(rf"{_LENT_TO}{_OTHERS}|{_OTHERS}(?:向|跟|找)我借")),
)

#: The age of a child the client names (7岁的孩子, 儿子今年12岁, 女儿才9周岁): a minor's act (民法典 19–20) turns on it,
#: never on the client's own age said beside it (我今年35岁).
_CHILD = r"(?:儿子|女儿|孩子|闺女|小孩|娃|小孩子|孙子|孙女|外孙|外孙女)"
_CHILD_AGE = re.compile(rf"({NUM})\s*(?:周)?岁(?:多|半)?的?{_CHILD}"
                        rf"|{_CHILD}(?:今年|才|刚满|刚|已经|都|当时|那时|满|还)*\s*({NUM})\s*(?:周)?岁")


def exception_facts(text: str, facts: Facts) -> None:
    """The years left to the retirement age and whom the client lent to: the facts beside the yes/no deciders that
    the cards' typed exceptions turn on."""
    m = _TO_RETIREMENT.search(text)
    if m and "years_to_retirement" not in facts:
        bound, count, extra = m.group(1, 2, 3) if m.group(2) else m.group(4, 5, 6)
        value = spoken_count(count)
        if value is not None and 0 < value <= 40:
            value += Decimal("0.5") if extra in ("半", "多") else 0
            facts.add("years_to_retirement", value - Decimal("0.1") if bound else value, m.group(0))
    m = _CHILD_AGE.search(text)
    if m and "child_age" not in facts and (age := cn_number(m.group(1) or m.group(2))) is not None and 0 <= age <= 30:
        facts.add("child_age", int(age), m.group(0))
    if "lender_relation" not in facts and re.search(r"借", text):
        for relation, pattern in _LENDER_RELATIONS:
            if (m := pattern.search(text)):
                facts.add("lender_relation", relation, m.group(0))
                break
