"""The offline research answer on the measuring half of tests/data/research_questions.jsonl whose key
articles are in the test corpus: the right figure(s), every key article cited and verified, no
citation invalid (bench/research.py measures the whole set against the full corpus)."""

import pytest

from research import services
from research.models import ResearchTask
from tests.statutes import TEST_LAWS
from tests.support import dev_set

pytestmark = [pytest.mark.django_db]

LAW_NAMES = {"中华人民共和国民法典", "中华人民共和国劳动合同法"}
assert {"民法典", "劳动合同法"} <= set(TEST_LAWS)
#: The measuring half, without the court-fee questions (诉讼费用交纳办法 is not in the test corpus).
ITEMS = [item for item in dev_set("research_questions.jsonl")
         if item["split"] == "measure" and "诉讼费" not in item["question"]
         and all(law in LAW_NAMES for law, _ in item["articles"])]


def test_the_set_has_enough_multi_part_questions():
    items = dev_set("research_questions.jsonl")
    assert len(items) >= 20 and {i["split"] for i in items} == {"tune", "measure"}
    assert all(i["question"].count("？") >= 1 and i["figures"] for i in items)
    assert len(ITEMS) >= 8


def test_offline_answers_have_the_figure_and_the_key_articles(statutes, staff_user):
    misses = []
    for item in ITEMS:
        task: ResearchTask = services.predict(actor=staff_user, question=item["question"]).task
        figure = all(f in task.answer.replace(",", "") for f in item["figures"])
        valid = {(c["law"], c["article"]) for c in task.citations if c["valid"]}
        cited = all((law, article) in valid for law, article in item["articles"])
        clean = all(c["valid"] for c in task.citations)
        if not (figure and cited and clean):
            misses.append((item["id"], figure, cited, clean))
    assert len(misses) <= 0.2 * len(ITEMS), misses
