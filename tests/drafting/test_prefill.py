"""Pre-fill from a chat: the state memory and the user's messages give parties, amounts and dates,
each amount and date to the field its words name; invalid values are left out."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from drafting.catalog import BY_SLUG
from drafting.prefill import Known, prefill
from legal.text.entities import Entities, extract_entities, merge

DATA = Path(__file__).resolve().parents[1] / "data" / "drafting_transcripts.jsonl"


def _prefill(slug: str, messages: list[str], client: str = "") -> dict:
    state = Entities()
    for message in messages:
        state = merge(state, extract_entities(message, today=date(2025, 3, 1)))
    return prefill(BY_SLUG[slug].fields, Known(state=state.to_dict(), messages=messages, client=client,
                                               today=date(2025, 3, 1))).values


def test_the_same_sum_said_for_two_things_fills_both():
    values = _prefill("house-lease-contract", ["我要把房子租给刘洋，月租6500元，押金6500元，2025年3月1日起租"])
    assert (values["rent"], values["deposit"], values["start_date"]) == ("6500.00", "6500.00", "2025-03-01")
    assert values["party_b"]["name"] == "刘洋"


def test_the_matter_client_is_our_side_and_an_invalid_id_is_left_out():
    values = _prefill("complaint-private-loan", ["借给张三5万元，他的身份证号是110105194912310021"], client="赵敏")
    assert values["plaintiffs"][0]["name"] == "赵敏"
    assert values["defendants"] == [{"kind": "自然人", "name": "张三"}]  # the bad ID number is not kept


def test_nothing_known_fills_nothing_but_the_date():
    assert _prefill("civil-complaint", []) == {"sign_date": "2025-03-01"}


def test_tune_half_of_the_transcripts_is_prefilled():
    items = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    tune = [item for item in items if item["split"] == "tune"]
    assert len(tune) == 10 and len(items) == 20
    right = total = 0
    for item in tune:
        values = _prefill(item["template"], item["messages"], item["client"])
        for path, gold in item["gold"].items():
            total += 1
            node = values
            for part in path.replace("]", "").replace("[", ".").split("."):
                node = node[int(part)] if part.isdigit() and isinstance(node, list) else (node or {}).get(part)
            right += node == gold
    assert right / total >= 0.95
