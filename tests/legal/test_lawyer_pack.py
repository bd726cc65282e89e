"""bench/lawyer_pack.py mix and score: two runs' answers packed together under opaque keys, graded in one
sitting, counted per run; an answer both runs gave word for word is graded twice and the grader's agreement
with itself is printed."""

from __future__ import annotations

import json

from bench import lawyer_pack


def _run(folder, rows):
    folder.mkdir()
    (folder / "answers.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def test_mix_hides_the_run_and_score_counts_each_run(tmp_path, capsys):
    _run(tmp_path / "a", [{"id": "q1", "question": "问一", "answer": "旧答一"},
                          {"id": "q2", "question": "问二", "answer": "同一答案"}])
    _run(tmp_path / "b", [{"id": "q1", "question": "问一", "answer": "新答一"},
                          {"id": "q2", "question": "问二", "answer": "同一答案"}])
    out = tmp_path / "mix"
    lawyer_pack.mix([f"start={tmp_path / 'a'}", f"end={tmp_path / 'b'}"], 10, out)
    assert "1 given word for word" in capsys.readouterr().out
    pack = [json.loads(line) for line in (out / "pack.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(pack) == 4 and all(set(row) == {"key", "question", "answer"} for row in pack)
    keys = json.loads((out / "key.json").read_text(encoding="utf-8"))
    assert sorted(keys.values()) == ["end:q1", "end:q2", "start:q1", "start:q2"]
    # the grader: the new answer to q1 right, the old one wrong; the shared answer graded once yes, once no
    grades = []
    for row in pack:
        right = row["answer"] == "新答一" or (row["answer"] == "同一答案" and keys[row["key"]].startswith("end"))
        grades.append({"key": row["key"], "right": right, "cited": True, "clean": True, "actionable": None,
                       "lawyerly": right, "all5": right})
    (out / "grades.jsonl").write_text("".join(json.dumps(g) + "\n" for g in grades), encoding="utf-8")
    lawyer_pack.score(out)
    printed = capsys.readouterr().out
    lines = {line.split()[0]: line.split()[1:] for line in printed.splitlines() if line.split()}
    assert lines["right"] == ["2/2", "0/2"]  # end, start (labels sorted)
    assert lines["actionable"] == ["0/0", "0/0"]
    assert "graded twice (two runs gave it word for word): 1, the same all-five grade 0" in printed
