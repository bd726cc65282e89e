"""Answers that apply the client's case instead of listing every case (docs/decisions/answers-apply-the-case.md).

The facts that choose a case are read from the ways clients say them (each reader below is tested in wordings
written here, not the tuning questions'); a card answer's case fires on its facts, a contradicting fact rules it
out, and with the fact unknown the default leads with a plain answer and asks for that one fact; the facts that
chose a case are read back in one clause after its plain answer."""


import pytest

from bench.answers import polarity
from legal import conditions
from scripts.list_case_conclusions import leads_plain, markers
from tests.legal.answering import CARDS
from tests.legal.answering import conclusion_of as _conclusion
from tests.legal.answering import facts_of as _facts


# -- the readers ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "fact", "value"), [
    ("在天猫超市自营买的奶粉有问题，平台管吗", "self_operated", True),
    ("京东上买的，页面写着京东自营，坏了找谁", "self_operated", True),
    ("拼多多上一个小店铺卖的假耳机，平台赔不赔", "self_operated", False),
    ("淘宝入驻商家卖的东西有问题，淘宝要负责吗", "self_operated", False),
    ("不是自营的，是第三方卖家，平台负责吗", "self_operated", False),
    ("结婚前我爸妈出钱给我买的房，离婚她能分吗", "before_marriage", True),
    ("领证之前公婆就把首付付了", "before_marriage", True),
    ("婚后岳父母拿了五十万给我们买房", "before_marriage", False),
    ("结了婚以后他爸妈出钱买的车", "before_marriage", False),
    ("他爸妈全款买的房，写的我俩名字", "full_payment", True),
    ("我爸妈只出了首付，剩下的我们一起还贷款", "full_payment", False),
    ("婆家出了一部分钱买房", "full_payment", False),
    ("踢球的时候对方恶意犯规把我铲伤了", "deliberate_harm", True),
    ("打篮球被人故意用肘子打脸", "deliberate_harm", True),
    ("打羽毛球正常对抗，被对方拍子打到眼睛", "deliberate_harm", False),
    ("打球时对方不是故意的，撞倒了我", "deliberate_harm", False),
    ("说我违反公司规定开除我，那个规定我从来没见过", "rules_published", False),
    ("公司的员工手册没给我看过，也没让我签字", "rules_published", False),
    ("入职的时候签了员工手册，现在说我违反制度", "rules_published", True),
    ("卖给我的房子还没过户，他又卖给别人了", "title_transferred", False),
    ("老公偷偷把房子卖了，已经过户给别人了", "title_transferred", True),
    ("我把租的房子转租出去了，房东同意的", "landlord_consented", True),
    ("二房东背着房东转租给我们", "landlord_consented", False),
    ("租的房子墙皮自然老化掉了，谁修", "tenant_caused_damage", False),
    ("租的房子马桶被我不小心弄坏了", "tenant_caused_damage", True),
    ("合同上写着每年涨5%房租，房东要涨租", "rent_adjust_clause", True),
    ("合同里没约定涨房租，房东半年就要加租", "rent_adjust_clause", False),
    ("借钱的欠了三年多，这几年我从来没催过他", "creditor_demanded", False),
    ("他欠我钱，我每年都在微信上催他还", "creditor_demanded", True),
    ("欠款人去年又写了还款计划", "debtor_acknowledged", True),
    ("欠我钱的人前几个月还了2000", "debtor_acknowledged", True),
    ("我跑饿了么众包，想跑就跑，摔伤了算工伤吗", "crowd_rider", True),
    ("美团专送骑手，站长每天排班", "crowd_rider", False),
    ("明知道是过期零食还买了十包，能要十倍吗", "food_product", True),
    ("知假买假买了一双假鞋，能要三倍吗", "food_product", False),
    ("寄顺丰的时候没有保价，手机丢了", "insured_value", False),
    ("寄快递保价了5000，结果丢了", "insured_value", True),
    ("找师傅上门修空调，师傅从梯子上摔下来了", "piecework", True),
    ("家里雇的保姆干活摔伤了", "piecework", False),
    ("当初借钱的时候就说好到期不还车就归他", "before_due_agreement", True),
    ("到期还不上了，我们就商量拿车抵账", "before_due_agreement", False),
    ("女儿8岁在学校被同桌推了一下摔断胳膊", "hurt_by_classmate", True),
    ("孩子在幼儿园自己滑倒磕破头", "hurt_by_classmate", False),
    ("给了彩礼，我们一直各住各的，没同居", "lived_apart", True),
    ("彩礼给了20万，已经同居了两年", "lived_apart", False),
    ("甲方有权单方变更合同内容，乙方不得提出异议，有效吗", "excludes_main_rights", True),
    ("中介带我们看了三套房，后来我们直接跟房东签了", "skipped_agent", True),
    ("撞了人以后他驾车逃离现场", "fled_scene", True),
    ("撞人后我留在现场等交警来", "fled_scene", False),
    ("公司一直没给我缴社保，产假工资谁出", "social_insurance_paid", False),
    ("单位一直给我交着五险，休产假有生育津贴吗", "social_insurance_paid", True),
    ("邻居说不用我帮，我还是去帮他搬东西，摔伤了", "help_refused", True),
    ("朋友找我去帮忙装修，从梯子上摔下来", "help_refused", False),
    ("第一次起诉离婚判了不准离，现在分居一年多了", "divorce_refused_before", True),
    ("保险公司说是免责条款，可投保时没人给我解释过", "clause_explained", False),
    ("投保单上免责条款是加粗的，我也签了字", "clause_explained", True),
    ("贷款公司合同都签了，到时候又不放款", "lender_institution", True),
    ("老婆瞒着我在外面借了十万，要我一起还吗", "spouse_cosigned", False),
    ("我老公借钱的时候我也签了字，离婚了还要还吗", "spouse_cosigned", True),
    ("丈夫借的钱我事后也同意了，算共同债务吗", "spouse_cosigned", True),
    ("合同写着发生争议由上海仲裁委员会仲裁，能起诉吗", "arbitration_clause", True),
    ("协议上没有写仲裁，对方不给钱我去哪告", "arbitration_clause", False),
    ("货已经装上货车在路上出了车祸，买方还要给钱吗", "goods_delivered", True),
    ("货还在卖家仓库就被水淹了，我还用付钱吗", "goods_delivered", False),
    ("上班路上被电动车撞了，交警认定对方负主要责任，算工伤吗", "client_main_responsibility", False),
    ("下班回家路上骑摩托车撞到护栏，交警判我全责", "client_main_responsibility", True),
    ("上班途中出了车祸，我是次要责任", "client_main_responsibility", False),
    ("转租给朋友一年了，房东一直知道，现在要收房", "landlord_knew", True),
    ("二房东偷偷转租给我们，房东要赶人", "landlord_knew", False),
    ("看了中介带的房，后来跳过中介直接找业主买了", "skipped_agent", True),
])
def test_a_deciding_fact_is_read_as_clients_say_it(question: str, fact: str, value: object) -> None:
    assert _facts(question).get(fact) == value


@pytest.mark.parametrize(("question", "fact"), [
    ("网上买的衣服有质量问题能退吗", "self_operated"),           # the seller is not said
    ("我爸妈出钱买的房子，离婚怎么分", "before_marriage"),         # when is not said
    ("婚前买房，婚后一起还的贷款", "before_marriage"),              # both said: left open
    ("公司说我违反制度要开除我", "rules_published"),
    ("房东要涨房租，合法吗", "rent_adjust_clause"),
    ("借给朋友的钱一直没还", "debtor_acknowledged"),
    ("在学校受伤了", "hurt_by_classmate"),
    ("打球受伤了能让对方赔吗", "deliberate_harm"),
])
def test_a_fact_the_question_does_not_tell_stays_unknown(question: str, fact: str) -> None:
    assert fact not in _facts(question)


@pytest.mark.parametrize(("question", "party"), [
    ("买二手房交了3万定金，我家里不同意不想买了，能退吗", 1),
    ("交了定金，因为我征信有问题贷款没批下来", 1),
    ("房主临时加价不卖给我了，定金怎么办", 2),
    ("开发商一房二卖，认购定金能退吗", 2),
    ("出了限购政策买不成了，定金能退吗", 3),
    ("银行停贷了，贷不下来，首付和定金能要回来吗", 3),
])
def test_whose_cause_a_failed_deal_was(question: str, party: int) -> None:
    assert _facts(question).get("fault_party") == party


@pytest.mark.parametrize(("question", "days"), [
    ("手机买了三天屏幕就花了", 3),
    ("收到货5天了发现有裂缝", 5),
    ("新车提车第20天变速箱异响", 20),
    ("冰箱买了两个星期就不制冷", 14),
    ("衣服买了一个月开线了", 30),
])
def test_days_since_the_purchase(question: str, days: int) -> None:
    assert _facts(question).get("days_since_purchase") == days


def test_years_since_a_due_date_are_counted_from_today() -> None:
    years = _facts("借条写的2022年5月1日还钱，到现在没还")["years_since_due"]
    assert 4 < years < 5


def test_fixed_term_contracts_signed_in_a_row() -> None:
    assert _facts("跟公司已经连续签了两次合同，这次到期了")["fixed_terms_signed"] == 2
    assert _facts("第二份劳动合同快到期了，公司不续签")["fixed_terms_signed"] == 2


# -- the cards: a case fires on its facts, a contradicting fact rules it out, the default leads plainly ----
@pytest.mark.parametrize(("slug", "question", "lead"), [
    ("personal_injury.school-injury", "儿子6岁上幼儿园大班，在园里玩滑梯摔骨折了，园方要赔吗", "要赔"),
    ("personal_injury.school-injury", "女儿11岁，体育课跳马自己摔伤，学校要赔吗", "学校有过错才赔"),
    ("personal_injury.school-injury", "孩子9岁，课间被同学推下楼梯，学校要负责吗", "对方家长要赔"),
    ("consumer.platform-liability", "在平台自营店买的吸尘器坏了，平台要负责吗", "要负责"),
    ("consumer.platform-liability", "在第三方店铺买的假货，平台要不要负责", "一般先找商家"),
    ("tort.assumption-of-risk", "踢野球被人恶意飞铲，骨折了，他要赔吗", "可以要求赔偿"),
    ("family.betrothal-gifts", "给了彩礼18万，已经领证也同居两年了，离婚彩礼能要回吗", "一般要不回"),
    ("family.betrothal-gifts", "订婚给了8万彩礼，没扯证，也一直没住在一起，女方悔婚了，能要回吗", "可以全部要回"),
    ("family.parents-funded-house", "婚前我爸妈出钱给我买的房，离婚她能分吗", "对方不能分"),
    ("labor.misconduct-dismissal", "说我违反公司规定开除我，规定从来没公示过，合法吗", "不合法"),
    ("housing.double-sale", "房东把卖给我的房子又卖给别人了，还没过户，我能拿到房吗", "能"),
    ("housing.double-sale", "卖家一房二卖，已经过户给后面的买家了，我还能要到房子吗", "一般不能"),
    ("housing.resale-deposit-dispute", "我不想买了，交的两万定金能退吗", "不能退"),
    ("housing.resale-deposit-dispute", "房主临时加价不卖了，我交的定金能退吗", "能退"),
    ("housing.repair-duty", "租的房子热水器自然老化坏了，房东要修吗", "需要房东修"),
    ("housing.repair-duty", "我不小心把房东家的洗衣机弄坏了，房东要修吗", "不需要房东修"),
    ("debt.limitation-expired", "他欠我钱时效过了，但去年又写了还款计划，还能要吗", "可以要回"),
    ("labor.open-ended-contract", "在公司干了12年，合同到期了，能要求签无固定期限合同吗", "可以"),
    ("personal_injury.worker-injured-private-employer", "请了个师傅上门装防盗网，他自己摔下来了，我要赔吗",
     "原则上不用赔"),
    ("criminal.traffic-accident-crime", "开车撞死人后跑了，会判多少年", "3年以上7年以下"),
    ("labor.maternity-allowance", "公司没给我交社保，生完孩子能领生育津贴吗", "领不到生育津贴"),
    ("contract.standard-terms", "格式合同写着最终解释权归本公司，这条有效吗", "无效"),
    ("family.joint-debt", "前夫背着我借了高利贷，我要替他还吗", "一般不用还"),
    ("contract.risk-of-loss-in-sale", "还没发货，卖家仓库失火货全烧了，我还要付货款吗", "不用付款"),
    ("contract.forum-and-arbitration-clause", "合同里约定了提交仲裁委仲裁，我能直接去法院告吗", "不能"),
    ("contract.quality-objection-period", "设备买了三年才发现质量问题，还能找卖家吗", "不可以"),
    ("criminal.intentional-injury", "表哥把人打成轻伤一级，大概会判几年", "3年以下有期徒刑"),
    ("criminal.intentional-injury", "打架把对方打成重伤二级，会怎么判", "3年以上10年以下"),
    ("criminal.intentional-injury", "儿子今年15岁，把同学打成轻伤，会判几年", "不会判刑"),
    ("labor.commute-injury", "早上上班路上被货车撞了，交警认定货车全责，算工伤吗", "属于工伤"),
    ("housing.sublease", "转租出去八个月了房东其实一直知道，现在说我擅自转租要解约，合法吗", "不合法"),
    ("tort.animal-injury", "被楼下没牵绳的狗咬了，狗主人说是我先逗狗的不肯赔，他说的对吗", "没有依据"),
    ("tort.animal-injury", "被楼下没牵绳的狗咬了，狗主人说怪我惹它不赔，他说的有道理吗", "要赔"),
    ("contract.agency-fee", "中介带看后我们私下联系了房东成交，中介要收费合理吗", "需要付"),
])
def test_a_case_fires_on_the_client_facts(slug: str, question: str, lead: str) -> None:
    assert _conclusion(slug, question).startswith(lead)


@pytest.mark.parametrize(("slug", "question", "not_lead"), [
    # 不满8周岁 says the school answers unless it proves otherwise; an older pupil's case is ruled out
    ("personal_injury.school-injury", "孩子7岁课间自己摔伤了，学校要赔吗", "学校有过错才赔"),
    ("personal_injury.school-injury", "孩子12岁课间自己摔伤了，学校要赔吗", "要赔，除非"),
    ("housing.double-sale", "房子还没过户，卖家又卖给了别人，我能拿到房吗", "一般不能"),
    ("consumer.platform-liability", "京东自营买的电视有问题，平台负责吗", "一般先找商家"),
    ("tort.assumption-of-risk", "打篮球正常拼抢被撞伤了，对方要赔吗", "可以要求赔偿"),
])
def test_a_contradicting_fact_rules_a_case_out(slug: str, question: str, not_lead: str) -> None:
    assert not _conclusion(slug, question).startswith(not_lead)


REWRITTEN = [
    ("consumer.platform-liability", "yes_no"), ("consumer.quality-return", "yes_no"),
    ("consumer.knowingly-buying-defective", "yes_no"), ("debt.limitation-with-due-date", "yes_no"),
    ("debt.property-for-debt", "valid"), ("family.betrothal-gifts", "yes_no"),
    ("family.spouse-sold-joint-house", "yes_no"), ("labor.misconduct-dismissal", "valid"),
    ("labor.open-ended-contract", "yes_no"), ("labor.platform-rider-status", "valid"),
    ("personal_injury.worker-injured-private-employer", "yes_no"), ("personal_injury.school-injury", "yes_no"),
    ("tort.assumption-of-risk", "yes_no"), ("tort.animal-injury", "yes_no"), ("housing.sublease", "yes_no"),
    ("housing.repair-duty", "yes_no"), ("housing.rental-destroyed-rent-reduction", "yes_no"),
    ("housing.rent-increase-midterm", "valid"), ("housing.double-sale", "yes_no"),
    ("housing.mortgage-loan-failure", "yes_no"), ("contract.standard-terms", "valid"),
    ("contract.deposit-vs-earnest", "valid"), ("contract.agency-fee", "yes_no"),
    ("labor.maternity-allowance", "yes_no"), ("debt.loan-promise-withdrawn", "yes_no"),
    ("traffic.commercial-insurance-claim", "valid"), ("personal_injury.helper-injured", "yes_no"),
    ("labor.arbitration-award-challenge", "yes_no"), ("family.joint-debt", "which"), ("family.joint-debt", "yes_no"),
    ("contract.forum-and-arbitration-clause", "yes_no"), ("contract.risk-of-loss-in-sale", "yes_no"),
]


@pytest.mark.parametrize(("slug", "qtype"), REWRITTEN)
def test_the_default_leads_with_a_plain_answer_and_asks_for_the_one_fact(slug: str, qtype: str) -> None:
    answer = CARDS[slug].answers[qtype]
    assert answer.cases
    assert leads_plain(answer.conclusion) or polarity(answer.conclusion) is not None
    assert answer.conclusion.rstrip().endswith("？")  # it asks for the fact that would decide
    assert "若" not in answer.conclusion and not markers(answer.conclusion, qtype)


@pytest.mark.parametrize(("slug", "question"), [
    ("personal_injury.school-injury", "孩子在学校被撞伤了，学校要赔吗"),
    ("housing.double-sale", "卖家把房子又卖给别人了，我能拿到房子吗"),
    ("tort.assumption-of-risk", "打球时被对方撞倒受伤了，他要赔吗"),
])
def test_an_unknown_fact_keeps_the_default_and_its_question(slug: str, question: str) -> None:
    text = _conclusion(slug, question)
    assert "结合您说的" not in text
    assert "？" in text


# -- the read-back --------------------------------------------------------------------------------------------
def test_the_facts_that_chose_a_case_are_read_back_after_the_plain_answer() -> None:
    text = _conclusion("personal_injury.school-injury", "我家老二今年6岁，上学时在操场摔伤了，学校该赔吗")
    head, _, rest = text.partition("。")
    assert head.startswith("要赔")
    assert rest.startswith("结合您说的年龄为6（不满8），")


def test_a_coded_fact_is_read_back_in_words() -> None:
    text = _conclusion("housing.resale-deposit-dispute", "卖家反悔不卖房了，交的定金能退吗")
    assert "对方的原因" in text and "fault_party" not in text and "：2" not in text
    text = _conclusion("criminal.intentional-injury", "朋友打架把人打成轻伤二级，要判多久")
    assert "伤情为轻伤" in text and "1 轻微伤" not in text


def test_a_grade_of_injury_is_not_a_disability_grade() -> None:
    facts = _facts("对方鉴定是轻伤二级，会判刑吗")
    assert facts.get("harm_level") == 2 and "disability_grade" not in facts
    assert _facts("工伤鉴定伤残九级，能拿多少")["disability_grade"] == 9


# -- predicates on a word, and the listing script ------------------------------------------------------------
def test_a_predicate_may_compare_a_word() -> None:
    raw = [{"when": [{"fact": "side", "op": "==", "value": "borrower"}], "conclusion": "x"}]
    cases = conditions.parse_cases(raw, "t")
    assert cases[0].holds({"side": "borrower"}) and not cases[0].holds({"side": "lender"})
    assert not cases[0].holds({})
    with pytest.raises(conditions.ConditionError):
        conditions.parse_cases([{"when": [{"fact": "side", "op": ">", "value": "borrower"}], "conclusion": "x"}], "t")


def test_the_script_flags_a_list_of_situations_and_not_an_answer() -> None:
    listing = "不一定。婚前出资的，归个人；婚后全额出资的，判归出资方子女；婚后部分出资的，按比例分割。"
    assert markers(listing, "yes_no")
    assert markers("要看是否超过三年。", "yes_no")
    assert not markers("可以。收货七日内有质量问题的，可以直接退货（消费者权益保护法第二十四条）。", "yes_no")
    assert not markers("第一，报警；第二，就医；第三，起诉。", "what_to_do")
