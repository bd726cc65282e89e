"""The test database's flush (tests/testdb.py): the template's content survives, a test's rows do not, and a
kept table a test wrote to is put back as it was."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from knowledge.models import Article, Law
from legal.models import IssueCard
from tests import testdb


@pytest.mark.django_db(transaction=True)
def test_the_flush_keeps_the_corpus_and_seeds_and_drops_what_a_test_wrote(statutes, make_user):
    laws, articles, cards = Law.objects.count(), Article.objects.count(), IssueCard.objects.count()
    assert laws >= 7 and articles > 1000 and cards > 0
    make_user("staff")
    outcome = testdb.flush(connection)
    assert get_user_model()._meta.db_table in outcome["truncated"]
    assert not set(outcome["restored"]) & set(testdb.corpus_tables())  # nobody wrote to the corpus
    assert not get_user_model().objects.exists()
    assert (Law.objects.count(), Article.objects.count(), IssueCard.objects.count()) == (laws, articles, cards)


@pytest.mark.django_db(transaction=True)
def test_a_changed_corpus_table_is_restored_from_the_copy(statutes):
    article = Article.objects.get(law__name="中华人民共和国劳动合同法", number=47)
    original = article.text
    Article.objects.filter(pk=article.pk).update(text="测试改动")
    Law.objects.create(name="测试法", source="test", source_id="x")
    card = IssueCard.objects.first()
    IssueCard.objects.filter(pk=card.pk).delete()

    outcome = testdb.flush(connection)

    assert {"knowledge_article", "knowledge_law", card._meta.db_table} <= set(outcome["restored"])
    assert Article.objects.get(pk=article.pk).text == original
    assert not Law.objects.filter(name="测试法").exists()
    assert IssueCard.objects.filter(pk=card.pk).exists()
    assert "knowledge_article" not in testdb.flush(connection)["restored"]  # clean again
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM test_template.dirty")
        assert cursor.fetchone()[0] == 0
