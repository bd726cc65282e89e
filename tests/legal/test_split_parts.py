"""How a client's question is split into the parts it asks (legal.matcher.split_parts): the rules in
docs/decisions/split-parts.md, each in both directions (must split / must not split)."""

from __future__ import annotations

import pytest

from legal.matcher import split_parts


def parts(question: str) -> list[str]:
    return split_parts(question)[1]


@pytest.mark.parametrize("question", [
    # a question word inside a narrative sentence tells, it does not ask
    "前几天房东突然说要卖房，让我们月底搬走，合同还有半年才到期。我们能要求赔偿吗？",
    "我在厂里干了十几年，老板没说过加班费怎么算。现在厂子要关了，我能拿多少补偿？",
    "合同上没写违约了赔多少。对方拖了半年才交货，我能解除合同吗？",
    "他几乎每个月都拖着不还，哪怕催了也没用。这钱还能要回来吗？",
    "派出所给的是什么通知书我也看不懂，反正不是拘留证。家属能去看他吗？",
    # a tag question belongs to the sentence before it
    "我听说试用期辞退也要给补偿。对吧？",
    "公司不交社保我可以直接辞职要补偿，是不是？",
    # indignation inside the story asks nothing beside the real question
    "干了两年说辞就辞，凭什么啊？我能要多少赔偿？",
    "押金一分不退，这还有天理吗？我该去哪里告他？",
    # thanks and urgency ask nothing
    "朋友借了我三万不还，能起诉吗？谢谢！",
    "邻居家漏水泡坏了我的地板，能让他赔吗？急急急，在线等",
    "老公欠了网贷，我要一起还吗？有懂的吗？",
    # a follow-up that only restates or narrows the part before it
    "商家卖假货给我，能要几倍赔偿？多少钱？",
    "欠条上写的去年6月还钱，到现在没还。现在还能告吗？最晚哪天？",
    "我被误判关了两年，刚放出来。申请国家赔偿有期限吗？最晚到什么时候？",
])
def test_one_question_stays_one_part(question):
    assert len(parts(question)) == 1


@pytest.mark.parametrize(("question", "count"), [
    # two questions of different types
    ("单位把我开了，这合法吗？我能要什么赔偿？", 2),
    ("我爸去世没留遗嘱，我能继承吗？能分多少", 2),
    ("想在北京起诉杭州的公司，去哪个法院？诉讼费要交多少", 2),
    # whether, how and how much are three answers
    ("朋友欠我两万不还。能要回来吗？要怎么要？能要多少？", 3),
    # two yes/no questions are two
    ("对方酒驾撞了我。能起诉他吗？能判他坐牢吗？", 2),
    # two items of the same type, each named
    ("被车撞了在家休了两个月。误工费多少？护理费能要多少？", 2),
    # a conditional follow-up asks of another situation
    ("房东不退押金，我能起诉他吗？如果他说房子被我弄坏了呢？", 2),
    # an alternative offered to the question before it
    ("买家分期买了我的车后不付款了，我能要他一次付清吗？或者干脆解除合同把车收回来", 2),
    # a question inside a 。-closed sentence whose last clause asks
    ("公司拖欠我三个月工资，我想问能不能直接申请仲裁。另外仲裁要交钱吗？", 2),
    # a tag after a real question leaves both parts whole
    ("离婚后孩子归谁？抚养费一个月给多少，是不是？", 2),
])
def test_separate_questions_are_separate_parts(question, count):
    assert len(parts(question)) == count


@pytest.mark.parametrize(("question", "count"), [
    ("公司违法辞退我。① 能赔多少？② 去哪里仲裁？", 2),
    ("借钱给同事没还。(1)还能起诉吗 (2)要准备什么证据 (3)多久能判下来", 3),
    ("装修公司延期三个月交房，想问两点：一是能不能要违约金，二是能不能解除合同", 2),
    ("老人去世留下一套房。第一，孙子能继承吗？第二，房子怎么分？", 2),
    ("交通事故对方全责。问题一：误工费怎么算？问题二：要去哪里起诉？", 2),
    ("第一个问题：试用期可以随便辞退吗？第二个问题：辞退要给钱吗？", 2),
])
def test_enumerations_in_many_forms_split_at_their_numbers(question, count):
    assert len(parts(question)) == count


def test_numbers_that_count_things_do_not_enumerate():
    # "1. 2." inside amounts and dates, and numbered facts without a question each, are no parts
    question = "借了1.5万给朋友，约定2.5个月还。现在他不还了，我能起诉吗？"
    assert parts(question) == [question]


def test_the_narrative_is_kept_apart_from_the_parts_and_courtesy_is_dropped():
    narrative, asked = split_parts("我月薪8000，干了3年被辞退。谢谢！能赔多少？去哪里申请？")
    assert asked == ["能赔多少？", "去哪里申请？"]
    assert narrative == "我月薪8000，干了3年被辞退。"


def test_a_restated_follow_up_is_read_as_one_part_with_the_one_it_follows():
    narrative, asked = split_parts("2024年3月借给他5万，说好半年还。现在还能告吗？最晚什么时候？另外利息能要多少？")
    assert asked == ["现在还能告吗？最晚什么时候？", "利息能要多少？"]
    assert narrative.startswith("2024年3月借给他5万")


@pytest.mark.parametrize(("question", "count"), [
    # numbers written straight before the question, without a dot
    ("朋友欠我八万 判决生效了 1他一直不还怎么办 2能不能让法院冻结他的工资", 2),
    ("我哥被刑拘了 1家属多久能见到他 2能不能取保候审 3律师什么时候能会见", 3),
    # clauses separated by spaces instead of punctuation, each closed by its question word
    ("房东卖房让我搬走 合同还剩一年 能要求赔偿吗 押金能全退吗", 2),
    ("老板拖欠三个月工资 我想辞职 能要经济补偿吗 去哪里投诉", 2),
    # whether and how much are two answers, as with punctuation (能要回来吗？能要多少？)
    ("对方撞了我的车 全责在他 能要赔偿吗 能赔多少", 2),
])
def test_questions_written_without_punctuation_split_at_their_questions(question, count):
    assert len(parts(question)) == count


@pytest.mark.parametrize("question", [
    # a question word inside the story does not close its clause: it asks nothing
    "我不知道什么原因 公司突然把我辞退了 能赔多少",
    # a short question of the same type right after another narrows it
    "对方撞了我的车 全责在他 能赔多少 大概多少钱",
    # numbers that count things are not enumerations
    "借了他2万 约好3月还 现在过了半年 还能要回来吗",
])
def test_space_separated_story_with_one_question_stays_one_part(question):
    assert len(parts(question)) == 1
