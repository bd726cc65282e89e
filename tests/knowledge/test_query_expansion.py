import sqlite3
from contextlib import closing

import pytest

from knowledge.lawnames import bundled_corpus_path
from knowledge.query_expansion import (
    RULES,
    TYPO_FIXES,
    expand_query,
    legal_vocabulary,
    normalize_query,
    rules_by_domain,
)
from tests.support import dev_set

DOMAINS = {
    "marriage_family",
    "labor",
    "traffic_accident",
    "debt",
    "criminal",
    "contract",
    "real_estate",
    "tort",
    "company",
    "medical",
    "demolition",
    "administrative",
    "construction",
    "intellectual_property",
    "personal_injury",
    "foreign",
    "maritime",
    "consumer",
    "security_interest",
    "general",
}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("公司把我辞退了", {"解除劳动合同"}),
        ("被老板开除了能拿钱吗", {"解除劳动合同", "经济补偿"}),
        ("昨天被炒鱿鱼了", {"解除劳动合同"}),
        ("房东不退押金", {"返还", "出租人"}),
        ("醉驾会坐牢吗", {"醉酒驾驶", "有期徒刑"}),
        ("朋友欠钱不还怎么办", {"借款", "返还"}),
        ("老赖怎么对付", {"失信被执行人"}),
        ("上班路上摔了算工伤吗", {"工伤保险"}),
        ("彩礼能要回来吗", {"借婚姻索取财物", "婚约"}),
        ("前夫不给抚养费", {"子女"}),
        ("想离婚他不同意", {"感情确已破裂"}),
        ("老人走了留下的遗产怎么分", {"继承"}),
        ("小区的狗把我咬了", {"饲养的动物"}),
        ("楼上扔下来的花盆砸了我的车", {"抛掷物品"}),
        ("网购衣服七天无理由退货", {"七日"}),
        ("超市卖过期食品能要十倍赔偿吗", {"价款十倍"}),
        ("我给朋友当担保人", {"保证人"}),
        ("汽修厂扣着车不给", {"留置权"}),
        ("包工头拖欠工程款", {"工程价款"}),
        ("我拍的照片被公众号盗用", {"信息网络传播权"}),
        ("老外在中国打黑工", {"非法就业"}),
        ("海运的货被海水泡坏了", {"海上货物运输", "货物灭失或者损坏"}),
        ("半夜强拆我家", {"夜间", "房屋征收"}),
        ("对罚款决定不服", {"行政复议", "行政诉讼"}),
        ("医院不给复印病历", {"病历资料"}),
        ("大股东不让小股东查账", {"会计账簿"}),
        ("孩子偷偷打赏主播两万", {"限制民事行为能力人"}),
    ],
)
def test_expand_query_adds_legal_terms(query, expected):
    result = expand_query(query)
    assert expected <= set(result.added_terms)
    assert result.original == query


def test_expanded_text_is_the_query_followed_by_the_terms():
    result = expand_query("醉驾会坐牢吗")
    assert result.text == " ".join(["醉驾会坐牢吗", *result.added_terms])
    assert len(result.added_terms) == len(set(result.added_terms))


def test_terms_already_in_the_query_are_not_repeated():
    result = expand_query("醉酒驾驶机动车，醉驾")
    assert "醉酒驾驶" not in result.added_terms
    assert "机动车" not in result.added_terms
    assert "危险驾驶" in result.added_terms


def test_masks_keep_words_apart():
    assert "盗窃" in expand_query("小偷偷了我的手机").added_terms
    assert "盗窃" not in expand_query("孩子偷偷用我手机充值").added_terms
    assert "质权" not in expand_query("他把车抵押给我").added_terms
    assert "维修义务" not in expand_query("小区维修资金怎么用").added_terms


def test_context_is_required_where_declared():
    assert "预防接种异常反应" not in expand_query("被狗咬了去打疫苗花了好几千").added_terms
    assert "预防接种异常反应" in expand_query("孩子打完疫苗后高烧").added_terms
    assert "所有权变动" not in expand_query("4S店把车卖掉了").added_terms
    assert "所有权变动" in expand_query("房东把我租的房子卖掉了").added_terms


def test_typos_are_fixed():
    assert "劳动合同" in expand_query("没签劳动和同").added_terms
    assert "仲裁" in expand_query("劳动仲栽去哪").added_terms
    assert "抚养费" in expand_query("抚养非一个月多少").added_terms
    assert normalize_query("不肯赔尝") == "不肯赔偿"
    assert all(wrong != right for wrong, right in TYPO_FIXES.items())


@pytest.mark.parametrize("text", ["", "你好呀", "红烧肉怎么做才不腻", "推荐几部好看的悬疑电影"])
def test_non_legal_text_gets_nothing(text):
    result = expand_query(text)
    assert result.added_terms == []
    assert result.text == text


def test_full_width_and_case_are_normalized():
    assert "经济补偿" in expand_query("能拿多少Ｎ＋１").added_terms
    assert "非法吸收公众存款" in expand_query("P2P暴雷了").added_terms


def test_rules_cover_every_domain():
    assert len(RULES) >= 120
    grouped = rules_by_domain()
    assert set(grouped) == DOMAINS
    assert all(len(rules) >= 3 for rules in grouped.values())
    assert all(rule.triggers and rule.terms for rule in RULES)


def test_every_added_term_is_statute_vocabulary():
    """Terms are only useful for search if articles contain them."""
    path = bundled_corpus_path()
    assert path is not None
    with closing(sqlite3.connect(path)) as conn:
        corpus = "\n".join(
            row[0]
            for row in conn.execute(
                "SELECT article_text FROM articles WHERE status IN ('现行有效', '已被修改')"
            )
        )
    vocabulary = legal_vocabulary()
    assert len(vocabulary) > 300
    missing = [term for term in vocabulary if term not in corpus]
    assert missing == []


def _dev(name: str) -> list[dict]:
    return dev_set(name)


def _gold_texts() -> dict[tuple[str, int], str]:
    path = bundled_corpus_path()
    assert path is not None
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute(
            "SELECT a.law_name, a.article_no_arabic, a.article_text FROM articles a "
            "JOIN laws l ON l.law_id = a.law_id WHERE l.status IN ('现行有效', '已被修改')"
        ).fetchall()
    return {(law, number): text for law, number, text in rows}


def test_expansion_reaches_the_gold_articles_of_dev_retrieval():
    """A measure, not a fit: share of dev questions for which some added term occurs in a gold article."""
    gold = _gold_texts()
    items = _dev("dev_retrieval.jsonl")
    reached = 0
    for item in items:
        texts = " ".join(gold[(g["law"], g["article_no"])] for g in item["gold"])
        if any(term in texts for term in expand_query(item["query"]).added_terms):
            reached += 1
    assert reached / len(items) >= 0.75


def test_colloquial_dev_questions_are_expanded():
    legal = [i for i in _dev("dev_intent.jsonl") if i["domain"] != "non_legal"]
    colloquial = [i for i in _dev("dev_retrieval.jsonl") if i["style"] == "colloquial"]
    for items in (legal, colloquial):
        expanded = sum(1 for i in items if expand_query(i.get("query") or i.get("text")).added_terms)
        assert expanded / len(items) >= 0.85
