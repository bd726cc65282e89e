import pytest

from knowledge.lawnames import (
    CURATED_ALIASES,
    LawNameIndex,
    corpus_law_names,
    normalize_name,
    short_name,
)

PRC = "中华人民共和国"


@pytest.fixture(scope="module")
def index() -> LawNameIndex:
    return LawNameIndex(corpus_law_names())


def test_corpus_law_names_are_the_distinct_names_of_laws_db():
    names = corpus_law_names()
    assert len(names) == 367  # 378 rows, 11 laws stored in two versions under one name
    assert len(set(names)) == len(names)
    assert "中华人民共和国民法典" in names
    assert "中华人民共和国宪法修正案（2018年）" in names


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("民法典", "民法典"),
        ("《民法典》", "民法典"),
        ("中华人民共和国民法典", "民法典"),
        ("《中华人民共和国民法典》", "民法典"),
        ("  《 劳动合同法 》 ", "劳动合同法"),
        ("劳动合同法", "劳动合同法"),
        ("劳动法", "劳动法"),
        ("道交法", "道路交通安全法"),
        ("消保法", "消费者权益保护法"),
        ("消法", "消费者权益保护法"),
        ("民诉法", "民事诉讼法"),
        ("刑诉法", "刑事诉讼法"),
        ("行诉法", "行政诉讼法"),
        ("个保法", "个人信息保护法"),
        ("网安法", "网络安全法"),
        ("劳动争议调解仲裁法", "劳动争议调解仲裁法"),
        ("劳动仲裁法", "劳动争议调解仲裁法"),
        ("反不正当竞争法", "反不正当竞争法"),
        ("公司法", "公司法"),
        ("刑法", "刑法"),
        ("宪法", "宪法"),
        ("破产法", "企业破产法"),
        ("香港基本法", "香港特别行政区基本法"),
        ("刑法修正案（十一）", "刑法修正案（十一）"),
        ("刑法修正案(十一)", "刑法修正案（十一）"),
        ("刑法修正案十一", "刑法修正案（十一）"),
        ("刑法修正案", "刑法修正案"),
        ("宪法修正案（2018年）", "宪法修正案（2018年）"),
        ("2018年宪法修正案", "宪法修正案（2018年）"),
        ("中华人民共和国道交法", "道路交通安全法"),
    ],
)
def test_resolve(index, text, expected):
    assert index.resolve(text) == PRC + expected


@pytest.mark.parametrize(
    "text",
    [
        "宪法修正案",  # five amendments: never the constitution itself, never a guess
        "刑法修正案（十三）",
        "合同法",  # repealed, folded into the civil code: not the same law
        "婚姻法",
        "不存在法",
        "中华人民共和国不存在法",
        "民法",
        "基本法",
        "",
        None,
        "《》",
    ],
)
def test_resolve_refuses_what_is_not_exactly_a_law(index, text):
    assert index.resolve(text) is None


def test_resolve_never_answers_with_a_different_law(index):
    assert index.resolve("劳动法") != PRC + "劳动合同法"
    assert index.resolve("刑法修正案（十一）") != PRC + "刑法"
    assert index.resolve("刑法") == PRC + "刑法"
    assert index.resolve("宪法") == PRC + "宪法"


def test_every_law_resolves_by_its_own_names(index):
    wrong = []
    for name in corpus_law_names():
        for text in (name, f"《{name}》", short_name(name), f"《{short_name(name)}》"):
            if index.resolve(text) != name:
                wrong.append(text)
    assert wrong == []


def test_no_key_points_at_a_law_it_does_not_name(index):
    """A derived key is a slice of the law's own name; anything else must be a curated alias."""
    curated = {normalize_name(a) for a in CURATED_ALIASES}

    def canonical(text: str) -> str:
        text = text.replace("全国人民代表大会常务委员会", "全国人大常委会").replace(PRC, "")
        return "".join(ch for ch in text if ch not in "（）年" and not ch.isdigit())

    suspicious = [
        (key, name)
        for key, name in index.keys().items()
        if key not in curated and canonical(key) not in canonical(name)
    ]
    assert suspicious == []
    assert len(index.keys()) > 800


def test_curated_alias_needs_its_target_in_the_index():
    small = LawNameIndex(["中华人民共和国民法典"])
    assert small.resolve("民法典") == PRC + "民法典"
    assert small.resolve("道交法") is None
    assert len(small) == 1


def test_ambiguous_keys_are_dropped_but_full_names_win():
    index = LawNameIndex(["中华人民共和国测试法", "测试法"])
    assert index.resolve("测试法") == "测试法"
    assert index.resolve("中华人民共和国测试法") == "中华人民共和国测试法"
    clash = LawNameIndex(["中华人民共和国某修正案（一）", "中华人民共和国某修正案一"])
    assert clash.resolve("某修正案一") is None  # derived from both names: refuse to guess
    assert clash.resolve("某修正案（一）") == "中华人民共和国某修正案（一）"
    own = LawNameIndex(["甲国某法", "乙国某法"], aliases={"某法": "甲国某法"})
    assert own.resolve("某法") == "甲国某法"


def test_aliases_for(index):
    aliases = index.aliases_for(PRC + "道路交通安全法")
    assert aliases[0] == "道交法"
    assert "道路交通安全法" in aliases
    assert PRC + "道路交通安全法" not in aliases


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("根据劳动合同法第47条", [(2, 7, "劳动合同法")]),
        ("依照《中华人民共和国民法典》第五百七十七条", [(2, 14, "民法典")]),
        ("违反《民法典》和劳动法", [(2, 7, "民法典"), (8, 11, "劳动法")]),
        ("《中华人民共和国刑法修正案（十一）》第1条", [(0, 18, "刑法修正案（十一）")]),
        ("刑法修正案(十一)与刑法", [(0, 9, "刑法修正案（十一）"), (10, 12, "刑法")]),
        ("我国刑法规定", [(2, 4, "刑法")]),
        ("新公司法第54条", [(1, 4, "公司法")]),
        ("消费者权益保护法和消保法", [(0, 8, "消费者权益保护法"), (9, 12, "消费者权益保护法")]),
        ("讨论了刑事诉讼法第二百五十四条", [(3, 8, "刑事诉讼法")]),
    ],
)
def test_find_in_text(index, text, expected):
    assert index.find_in_text(text) == [(s, e, PRC + n) for s, e, n in expected]


@pytest.mark.parametrize(
    "text",
    [
        "劳动法律法规",  # 法律, not 劳动法
        "公司法人",
        "刑法学",
        "取消法定代表人资格",
        "农业保险法第5条",  # an unknown law is not 保险法
        "劳动合同法实施条例第18条",  # a State Council regulation, not the law
        "宪法修正案第5条",  # not the constitution
        "刑法修正案（十三）第1条",  # not 刑法修正案
        "根据本法第四十七条",
    ],
)
def test_find_in_text_does_not_misread(index, text):
    assert index.find_in_text(text) == []


def test_find_in_text_prefers_the_longest_name(index):
    text = "根据全国人民代表大会常务委员会关于《中华人民共和国刑法》第三十条的解释"
    found = index.find_in_text(text)
    assert found == [(2, len(text), "全国人民代表大会常务委员会关于《中华人民共和国刑法》第三十条的解释")]


def test_find_in_text_handles_long_text(index):
    text = "根据劳动合同法第47条，公司应支付经济补偿。" * 1500
    found = index.find_in_text(text)
    assert len(found) == 1500
    assert all(name == PRC + "劳动合同法" for _, _, name in found)


def test_suggest_repealed_law_points_to_its_successor(index):
    assert index.suggest("合同法")[0] == PRC + "民法典"
    assert index.suggest("《婚姻法》")[0] == PRC + "民法典"


def test_suggest_amendments_for_constitution_amendment(index):
    suggestions = index.suggest("宪法修正案")
    assert len(suggestions) == 5
    assert all("宪法修正案（" in s for s in suggestions)


def test_suggest_nearest_names(index):
    assert index.suggest("劳动合同")[0] == PRC + "劳动合同法"
    assert index.suggest("行政诉讼")[0] == PRC + "行政诉讼法"
    assert index.suggest("证券", n=2) == [PRC + "证券法", PRC + "证券投资基金法"]


def test_suggest_edge_cases(index):
    assert index.suggest("") == []
    assert index.suggest(None) == []
    assert index.suggest("民法典", n=0) == []
    assert len(index.suggest("法", n=3)) <= 3
