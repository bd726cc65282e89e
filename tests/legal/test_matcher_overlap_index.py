"""The matcher's bigram index gives every card the wording overlap the direct intersection gives: the same
count over the same square root, for every card and every wording (two wordings of one card with as many
bigrams are two wordings, not one)."""

import math

import pytest

from legal import cardfile
from legal.matcher import Matcher, bigrams


def _direct(matcher: Matcher, query: set[str]) -> list[float]:
    out = []
    for grams in matcher._bigrams:
        best = 0.0
        for phr in grams:
            if phr and query:
                best = max(best, len(query & phr) / math.sqrt(len(query) * len(phr)))
        out.append(best)
    return out


@pytest.fixture(scope="module")
def shipped_matcher():
    return Matcher(list(cardfile.shipped_cards()))


@pytest.mark.parametrize("question", [
    "单位把我调去外地上班，我不同意，他们就说我旷工要开除我，这样合法吗",
    "朋友借了我五万块写了欠条，到期一直拖着不还，我能起诉吗，要准备什么",
    "离婚的时候房子是婚前男方付的首付，婚后一起还贷，怎么分",
    "开车追尾了前车，对方说脖子疼要去医院，医药费和误工费怎么算",
    "网上买的东西是假货，商家不肯退，能要求三倍赔偿吗",
    "",
])
def test_the_index_gives_each_card_the_overlap_of_its_best_wording(shipped_matcher, question):
    query = bigrams(question)
    assert shipped_matcher._grams_best(query) == _direct(shipped_matcher, query)


def test_a_card_whose_wordings_share_a_size_reads_its_best_one_not_their_sum(shipped_matcher):
    # a card with two wordings of the same number of bigrams: the question holds all of one and none of the other
    index, (first, second) = next((i, (a, b)) for i, grams in enumerate(shipped_matcher._bigrams)
                                  for a in grams for b in grams
                                  if a is not b and a and len(a) == len(b) and not a & b)
    best = shipped_matcher._grams_best(set(first) | {next(iter(second))})
    query = set(first) | {next(iter(second))}
    assert best[index] == max(len(query & first) / math.sqrt(len(query) * len(first)),
                              len(query & second) / math.sqrt(len(query) * len(second)))
    assert best[index] < 1.0
