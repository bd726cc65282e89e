"""The key articles of everyday consultation (legal/key_articles.toml) and scripts/card_coverage.py:
the list is well formed, names laws and articles the corpus holds in force, and an article counts as
covered only when a card holds it as a controlling provision."""

from pathlib import Path

from legal.cardfile import article_number
from scripts.card_coverage import KEYS, KeyArticle, controlling_index, corpus_problems, coverage, load_key_articles

# the statutes and interpretations issue 20 asks the list to cover, as the corpus names them
REQUIRED_LAWS = {
    "中华人民共和国劳动合同法",
    "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）",
    "工伤保险条例",
    "中华人民共和国社会保险法",
    "中华人民共和国民法典",
    "最高人民法院关于审理民间借贷案件适用法律若干问题的规定",
    "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）",
    "中华人民共和国道路交通安全法",
    "最高人民法院关于审理道路交通事故损害赔偿案件适用法律若干问题的解释",
    "最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释",
    "中华人民共和国消费者权益保护法",
    "中华人民共和国刑法",
    "中华人民共和国刑事诉讼法",
    "中华人民共和国治安管理处罚法",
    "中华人民共和国民事诉讼法",
    "中华人民共和国行政复议法",
    "中华人民共和国行政诉讼法",
    "中华人民共和国公司法",
    "中华人民共和国个人信息保护法",
}
DOMAINS = {"labor", "debt", "contract", "real_estate", "marriage_family", "tort", "traffic_accident", "medical",
           "personal_injury", "consumer", "criminal", "administrative", "general", "company"}


def test_the_key_list_is_well_formed_and_covers_the_required_laws():
    keys, problems = load_key_articles()
    assert problems == []
    assert REQUIRED_LAWS <= {k.law for k in keys}
    assert {k.domain for k in keys} <= DOMAINS
    assert all(k.question for k in keys)


def test_every_key_article_is_in_the_corpus_in_force():
    keys, _ = load_key_articles()
    assert corpus_problems(keys) == []


def test_a_duplicate_or_an_article_without_question_is_reported(tmp_path):
    path = tmp_path / "keys.toml"
    path.write_text('[[law]]\nname = "中华人民共和国民法典"\ndomain = "contract"\narticles = [\n'
                    '  { article = 586, question = "定金" },\n  { article = 586, question = "定金上限" },\n'
                    '  { article = 587 },\n]\n', encoding="utf-8")
    keys, problems = load_key_articles(path)
    assert [k.article for k in keys] == [586, 586]
    assert len(problems) == 2
    assert any("twice" in p for p in problems) and any("587" in p for p in problems)


def _cards(folder: Path, role: str) -> Path:
    folder.mkdir()
    (folder / "area.toml").write_text(
        '[[card]]\nslug = "area.one"\nprovisions = [\n'
        f'  {{ law = "中华人民共和国刑法", article = "133之一", role = "{role}" }},\n'
        '  { law = "中华人民共和国民法典", article = 586, role = "controlling" },\n]\n', encoding="utf-8")
    return folder


def test_only_a_controlling_provision_covers_a_key_article(tmp_path):
    keys = [KeyArticle("中华人民共和国民法典", 586, "586", "定金", "contract"),
            KeyArticle("中华人民共和国刑法", article_number("133之一"), "133之一", "醉驾", "criminal"),
            KeyArticle("中华人民共和国民法典", 587, "587", "定金罚则", "contract")]
    table, uncovered = coverage(keys, controlling_index(_cards(tmp_path / "a", "supporting")))
    assert table == {"中华人民共和国民法典": (2, 1), "中华人民共和国刑法": (1, 0)}
    assert [k.written for k in uncovered] == ["133之一", "587"]
    table, uncovered = coverage(keys, controlling_index(_cards(tmp_path / "b", "controlling")))
    assert table["中华人民共和国刑法"] == (1, 1)
    assert [k.written for k in uncovered] == ["587"]


def test_the_shipped_list_is_the_default():
    assert KEYS == Path(__file__).resolve().parents[2] / "legal" / "key_articles.toml"
