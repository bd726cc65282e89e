"""legal/text/vocab/*.toml: every file matches its schema; a broken copy names the file and the key."""

from pathlib import Path

import pytest

from knowledge.vocabulary import VocabularyError
from legal.text import entities, intent_rules
from legal.text.domains import LEGAL_DOMAINS
from legal.text.vocabulary import (
    SCHEMAS,
    VOCAB_DIR,
    EntityLexicon,
    IntentVocabulary,
    intent_vocabulary,
    load_vocabulary,
)


def test_every_vocabulary_file_has_a_schema_and_matches_it():
    files = {path.name for path in VOCAB_DIR.glob("*.toml")}
    assert files == set(SCHEMAS)
    for name, schema in SCHEMAS.items():
        loaded = load_vocabulary(VOCAB_DIR / name, schema)
        assert isinstance(loaded, schema)


def test_every_legal_domain_has_words_and_every_intent_cue_compiles():
    vocabulary = intent_vocabulary()
    assert set(vocabulary.words) == set(LEGAL_DOMAINS)
    patterns = vocabulary.intent_patterns()
    assert len(patterns) == sum(len(cues) for cues in vocabulary.intents.values())
    assert all("${" not in pattern for _, _, pattern in patterns)


def test_fragments_are_filled_in():
    vocabulary = intent_vocabulary()
    drafting = [pattern for intent, _, pattern in vocabulary.intent_patterns() if intent == "document_drafting"]
    assert drafting[0].startswith(vocabulary.fragments["write"])
    assert "|".join(vocabulary.fragments["doc_nouns"]) in drafting[0]


def test_classification_reads_the_words_of_the_file():
    """A word's tier in intent.toml is the weight classify() reports for it."""
    labor = intent_vocabulary().words["labor"]
    word = labor[5.0][0]
    decision = intent_rules.classify(word)
    assert decision.guess_domain == "labor"
    assert f"labor:{word}" in decision.cues
    assert decision.domain_scores["labor"] == pytest.approx(5.0)


def test_entities_read_the_lexicons_of_the_file():
    lexicon = load_vocabulary(VOCAB_DIR / "entities.toml", EntityLexicon)
    city = lexicon.locations.cities[0]
    assert entities.extract_entities(f"我在{city}上班").locations == [city]
    relation = lexicon.persons.relations[0]
    assert relation in entities.extract_entities(f"我{relation}说").persons[0]


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
        ("intent.toml", "[words.labor]", "[words.lbor]", "words.lbor (the key): unknown domain 'lbor'"),
        ("intent.toml", '"工伤", "劳动仲裁"', '"工伤", "劳动 仲裁"', "words.labor.5[1]: a word must be non-empty"),
        ("intent.toml", "5 = [", "-5 = [", "words.marriage_family.-5 (the key): Input should be greater than 0"),
        ("intent.toml", "weight = 6", "weight = 0", "combos[0].weight: Input should be greater than 0"),
        ("intent.toml", 'domain = "labor"', 'domain = "labour"', "combos[2].domain: unknown domain 'labour'"),
        (
            "intent.toml",
            "pattern = '判了?[\\d一二三四五六七八九十]+年'",
            "pattern = '判了?[\\d一二三四五六七八九十+年'",
            "patterns[4].pattern: not a valid regular expression",
        ),
        (
            "intent.toml",
            "${write}",
            "${wirte}",
            "intents.document_drafting[0].any[0]: ${wirte} is not a name of [fragments]",
        ),
        (
            "intent.toml",
            'any = ["起草", "草拟"',
            'any = ["起草(", "草拟"',
            "intents.document_drafting[1].any[0]: not a valid regular expression",
        ),
        ("intent.toml", "[[intents.calculation]]", "[[intents.calculations]]", "unknown intent 'calculations'"),
        ("intent.toml", "legal_signals = [", "legal_signal = [", "non_legal.legal_signal: unknown key"),
        ("entities.toml", '"王李张', '"王Li张', "persons.surnames[0]: only Chinese characters"),
        ("entities.toml", 'generic_prefixes = ["某"', 'generic_prefixes = ["某 "', "organizations.generic_prefixes[0]"),
        ("entities.toml", 'stop_chars = [\n    "的"', 'stop_chars = [\n    "的在"', "organizations.stop_chars[0]"),
        ("entities.toml", "annual_salary = [", "yearly_salary = [", "amounts.wage_kinds.yearly_salary (the key)"),
        ("offline.toml", "litigation_fee = [", "litigation_fees = [", "calculators.litigation_fee: required key"),
    ],
)
def test_a_broken_file_names_the_file_and_the_key(tmp_path, name, old, new, expected):
    path = _broken(tmp_path, name, old, new)
    with pytest.raises(VocabularyError) as caught:
        load_vocabulary(path, SCHEMAS[name])
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert expected in message


def test_a_domain_without_words_is_an_error(tmp_path):
    text = (VOCAB_DIR / "intent.toml").read_text(encoding="utf-8")
    start = text.index("[words.maritime]")
    end = text.index("[words.", start + 1)
    path = tmp_path / "intent.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(VocabularyError, match="every legal domain needs words; missing: maritime"):
        load_vocabulary(path, IntentVocabulary)
