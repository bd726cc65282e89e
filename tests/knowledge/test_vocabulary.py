"""knowledge/vocab/*.toml: every file matches its schema; a broken copy names the file and the key."""

from pathlib import Path

import pytest

from knowledge import domains, query_expansion
from knowledge.vocabulary import (
    SCHEMAS,
    VOCAB_DIR,
    DomainRegistry,
    QueryExpansion,
    Typos,
    VocabularyError,
    domain_registry,
    load_vocabulary,
)
from legal.text import domains as chat_domains

#: ARCHITECTURE §4, in order.
ARCHITECTURE_DOMAINS = {
    "marriage_family": "婚姻家庭",
    "labor": "劳动纠纷",
    "traffic_accident": "交通事故",
    "debt": "债权债务",
    "criminal": "刑事辩护",
    "contract": "合同纠纷",
    "real_estate": "房产纠纷",
    "tort": "侵权",
    "company": "公司法",
    "medical": "医疗纠纷",
    "demolition": "拆迁安置",
    "administrative": "行政诉讼",
    "construction": "建设工程",
    "intellectual_property": "知识产权",
    "personal_injury": "人身损害",
    "foreign": "涉外法律",
    "maritime": "海事海商",
    "consumer": "消费权益",
    "security_interest": "抵押担保",
    "general": "综合咨询",
}


def test_every_vocabulary_file_has_a_schema_and_matches_it():
    files = {path.name for path in VOCAB_DIR.glob("*.toml")}
    assert files == set(SCHEMAS)
    for name, schema in SCHEMAS.items():
        loaded = load_vocabulary(VOCAB_DIR / name, schema)
        assert isinstance(loaded, schema)


def test_the_one_domain_registry_is_the_architecture_list():
    assert {code: d.label for code, d in domains.DOMAINS.items()} == ARCHITECTURE_DOMAINS
    assert list(domains.DOMAINS) == list(ARCHITECTURE_DOMAINS)
    # chat takes its domains from the registry, adding only non_legal
    assert dict(chat_domains.DOMAINS) == {**ARCHITECTURE_DOMAINS, "non_legal": "非法律问题"}
    assert list(chat_domains.DOMAINS)[:-1] == list(ARCHITECTURE_DOMAINS)


def test_scopes_resolve_named_article_ranges():
    family = domains.DOMAINS["marriage_family"]
    assert family.laws["民法典"] == ((1040, 1163), (26, 39))
    assert domains.DOMAINS["debt"].laws["民法典"][-1] == (118, 122)
    assert domains.DOMAINS["traffic_accident"].laws["刑法"] == ((133, 133),)
    assert domains.DOMAINS["labor"].laws["劳动合同法"] == ()
    assert domains.DOMAINS["criminal"].departments == ("刑法",)
    assert domains.DOMAINS["general"].unrestricted
    assert not domains.DOMAINS["labor"].unrestricted


def test_loaded_once_per_process():
    assert domain_registry() is domain_registry()


def test_rules_and_typos_come_from_the_files():
    rules = load_vocabulary(VOCAB_DIR / "query_expansion.toml", QueryExpansion).rules
    assert len(query_expansion.RULES) == sum(len(group) for group in rules.values())
    first = rules["marriage_family"][0]
    assert query_expansion.RULES[0].triggers == tuple(first.triggers)
    typos = load_vocabulary(VOCAB_DIR / "typos.toml", Typos)
    assert query_expansion.TYPO_FIXES == typos.query


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of a vocabulary file with the first ``old`` replaced by ``new``."""
    text = (VOCAB_DIR / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        (
            "domains.toml",
            '"民法典" = ["family_and_succession", "guardianship"]',
            '"民法典" = ["family_and_succession", "guardianshp"]',
            "domains.marriage_family.laws.民法典[1]: 'guardianshp' is not a name of [article_ranges]",
        ),
        ("domains.toml", "general_part = [1, 204]", "general_part = [204, 1]", "article_ranges.general_part:"),
        ("domains.toml", '[domains.labor]\nlabel = "劳动纠纷"', "[domains.labor]", "domains.labor.label: required key"),
        ("domains.toml", "[domains.general]", "[domains.non_legal]", "reserved"),
        ("typos.toml", '"仲栽" = "仲裁"', '"仲栽" = "仲栽"', "query.仲栽: the fix is the same as the typo"),
        ("typos.toml", '"社宝" = "社保"', '"仲栽" = "仲裁"', "intent.仲栽: already fixed in [query]"),
        ("query_expansion.toml", "[[rules.labor]]", "[[rules.lbor]]", "rules.lbor (the key): unknown domain 'lbor'"),
        ("query_expansion.toml", "triggers =", "trigers =", "rules.marriage_family[0].trigers: unknown key"),
        ("query_expansion.toml", '"n+1"', '"N+1"', "write words in lower case"),
        ("query_expansion.toml", 'terms = ["夫妻"]', "terms = []", "rules.marriage_family[0].terms: List should have"),
        ("query_expansion.toml", '"前夫", "前妻"]', '"前 夫", "前妻"]', "hold no spaces (got '前 夫')"),
    ],
)
def test_a_broken_file_names_the_file_and_the_key(tmp_path, name, old, new, expected):
    path = _broken(tmp_path, name, old, new)
    with pytest.raises(VocabularyError) as caught:
        load_vocabulary(path, SCHEMAS[name])
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert expected in message


def test_invalid_toml_names_the_file_and_the_line(tmp_path):
    path = _broken(tmp_path, "typos.toml", '"起述" = "起诉"', '"起述" = "起诉')
    with pytest.raises(VocabularyError, match=r"typos\.toml: not valid TOML: .*line \d+"):
        load_vocabulary(path, Typos)


def test_a_missing_file_is_a_vocabulary_error(tmp_path):
    with pytest.raises(VocabularyError, match="cannot be read"):
        load_vocabulary(tmp_path / "domains.toml", DomainRegistry)
