"""Tower rules as pure functions: engine/castell/towers.py (docs/castell.md "Towers" to "Festivals"; rulings C1-C6,
C11, C12, C23)."""
from __future__ import annotations

import pytest

from engine.castell.towers import (canonical, festival_score, format_tower, meets_exhibition,
                                   meets_shape, parse_tower, skills_used, team_counts,
                                   tower_problems)
from engine.errors import NotationError

NONE: dict[str, int] = {}


def test_worked_example_is_legal_with_balance_1_and_scores_6_at_a_6_festival():
    """docs/castell.md "Towers", the worked example: 8,8,8/6,6/5,5/3 with Balance 1 is legal; at a 6 festival 4 + 2 = 6."""
    tower = parse_tower("8,8,8/6,6/5,5/3")
    assert tower == ((8, 8, 8), (6, 6), (5, 5), (3,))
    assert tower_problems(tower, {"balance": 1}) == []
    assert festival_score(tower, [6]) == 6
    assert skills_used(tower, {"balance": 1}) == {"balance": 1, "base": 0, "mix": 0,
                                                  "strength": 0, "width": 0}


def test_worked_example_without_balance_names_level_3_and_the_ranks():
    """Ruling C1: the equal count at level 3 needs Balance 1; rank 0 allows none."""
    problems = tower_problems(parse_tower("8,8,8/6,6/5,5/3"), NONE)
    assert len(problems) == 1
    assert problems[0].startswith("Level 3 ")
    assert "Balance 1" in problems[0] and "rank is 0" in problems[0] and "C1" in problems[0]


def test_three_two_one_needs_no_skill():
    """docs/castell.md "Towers": without skills 3-2-1 is the tallest shape."""
    tower = parse_tower("9,9,9/5,5/1")
    assert tower_problems(tower, NONE) == []
    assert skills_used(tower, NONE) == dict.fromkeys(("balance", "base", "mix", "strength",
                                                      "width"), 0)


@pytest.mark.parametrize("text", ["", "/", "8,,8", "8/", "0", "11", "a", "8;8", "8 8/6", "-1"])
def test_bad_notation_names_the_text(text):
    with pytest.raises(NotationError) as err:
        parse_tower(text)
    message = str(err.value)
    assert repr(text) in message and "\n" not in message and "separated by '/'" in message


def test_notation_round_trip_is_canonical():
    tower = parse_tower("5,6,6/4, 5/3")
    assert tower == ((6, 6, 5), (5, 4), (3,))
    assert format_tower(tower) == "6,6,5/5,4/3"
    assert parse_tower(format_tower(tower)) == tower
    assert canonical([[1, 3, 2], [4]]) == ((3, 2, 1), (4,))
    assert format_tower([[10, 10], [9]]) == "10,10/9"


def test_shape_problems():
    """At least one level, none empty, sizes 1..10."""
    assert tower_problems([], NONE) == ["A tower needs at least one level."]
    assert tower_problems([[3], []], NONE)[0].startswith("Level 2 is empty")
    (problem,) = tower_problems([[11, 11], [2]], NONE)
    assert problem.startswith("Level 1 ") and "11" in problem
    (problem,) = tower_problems([[4], [True]], NONE)
    assert problem.startswith("Level 2 ")


def test_r1_mixed_sizes_need_mix_and_differ_by_at_most_1():
    """docs/castell.md "Towers", same size, ruling C4: a level mixing 6 and 5 uses Mix; 6 and 4 never fits."""
    mixed = [[6, 5, 5], [3]]
    (problem,) = tower_problems(mixed, NONE)
    assert problem.startswith("Level 1 mixes sizes") and "Mix 1" in problem and "rank is 0" in problem
    assert tower_problems(mixed, {"mix": 1}) == []
    assert skills_used(mixed, {"mix": 1})["mix"] == 1
    problems = tower_problems([[7, 7, 7], [6, 4]], {"mix": 3})
    assert problems == ["Level 2 mixes sizes 6 and 4: a level's sizes must be equal, or differ "
                        "by 1 with Mix (ruling C4)."]


def test_mix_overuse_counts_every_mixed_level():
    """Ruling C6: two mixed levels need Mix 2."""
    tower = [[9, 8, 8], [7, 6], [4]]
    (problem,) = tower_problems(tower, {"mix": 1})
    assert problem.startswith("Levels 1 and 2 mix sizes") and "Mix 2" in problem and "rank is 1" in problem
    assert tower_problems(tower, {"mix": 2}) == []


def test_r2_smaller_going_up_names_the_upper_level():
    """docs/castell.md "Towers", smaller going up, ruling C4: max of the upper level < min of the lower one."""
    problems = tower_problems([[5, 5], [6]], {"strength": 3})
    assert len(problems) == 1
    assert problems[0].startswith("Level 2 has a size-6 casteller above a size-5 casteller of level 1")


def test_r2_mixed_level_compares_max_above_with_min_below():
    """Ruling C4: 6 over a 6,5 level is 6 > 5, broken even with Strength."""
    problems = tower_problems([[6, 5, 5], [6]], {"mix": 1, "strength": 3})
    assert len(problems) == 1 and problems[0].startswith("Level 2 ")
    assert tower_problems([[6, 5, 5], [5]], {"mix": 1, "strength": 1}) == []


def test_strength_allows_equal_sizes_one_use_per_level():
    """Ruling C4: max of upper = min of lower needs one Strength use."""
    tower = [[4, 4, 4], [4, 4], [3]]
    (problem,) = tower_problems(tower, NONE)
    assert problem.startswith("Level 2 has a largest size equal") and "Strength 1" in problem
    assert tower_problems(tower, {"strength": 1}) == []
    two = [[2, 2, 2], [2, 2], [2]]
    (problem,) = tower_problems(two, {"strength": 1})
    assert problem.startswith("Levels 2 and 3 have a largest size") and "Strength 2" in problem
    assert skills_used(two, {"strength": 2})["strength"] == 2


def test_r3_narrowing_and_balance():
    """Ruling C1: a wider level is never allowed; an equal one needs one Balance use each."""
    problems = tower_problems([[8, 8], [6, 6, 6]], {"balance": 3, "width": 3})
    assert len(problems) == 1
    assert problems[0].startswith("Level 2 has 3 castellers, more than the 2 of level 1")
    tower = [[9, 9], [7, 7], [5, 5], [3]]
    (problem,) = tower_problems(tower, {"balance": 1})
    assert problem.startswith("Levels 2 and 3 have as many castellers") and "Balance 2" in problem
    assert tower_problems(tower, {"balance": 2}) == []
    assert skills_used(tower, NONE)["balance"] == 2


def test_r4_width_limit_is_3_plus_width_rank():
    """Ruling C5: limit 3 + Width rank for the whole tower."""
    tower = [[9] * 5, [8] * 4, [7]]
    problems = tower_problems(tower, {"width": 1})
    assert len(problems) == 1 and problems[0].startswith("Level 1 has 5 castellers")
    assert "width limit of 4" in problems[0] and "Base" in problems[0]
    assert tower_problems(tower, {"width": 2}) == []
    problems = tower_problems([[9] * 5, [8] * 4, [7]], NONE)
    assert [p[:8] for p in problems] == ["Level 1 ", "Level 2 "]


def test_base_frees_only_the_bottom_level():
    """Ruling C3: Base rank 1 lets the bottom level exceed the width limit, not the others."""
    assert tower_problems([[6] * 7, [5] * 3, [2]], {"base": 1}) == []
    problems = tower_problems([[6] * 7, [5] * 4, [2]], {"base": 1})
    assert len(problems) == 1 and problems[0].startswith("Level 2 has 4 castellers")
    assert "Base" not in problems[0]


def test_skills_used_base_and_width_ruling_c23():
    """Ruling C23: Base when the bottom exceeds 3 + Width rank; Width when a level not freed by
    Base has more than 3."""
    ranks = {"base": 1, "width": 1}
    assert skills_used([[6] * 5, [5] * 3, [2]], ranks) == {
        "balance": 0, "base": 1, "mix": 0, "strength": 0, "width": 0}
    assert skills_used([[6] * 5, [5] * 4, [2]], ranks)["width"] == 1
    wide_bottom = skills_used([[6] * 4, [5] * 3, [2]], ranks)
    assert (wide_bottom["base"], wide_bottom["width"]) == (0, 1)
    assert skills_used([[6] * 4, [5] * 3], {"base": 1})["base"] == 1


def test_skills_used_mix_and_strength_ruling_c23():
    tower = [[7, 6], [6, 5], [5], [4]]
    assert skills_used(tower, NONE) == {"balance": 2, "base": 0, "mix": 2, "strength": 2,
                                        "width": 0}
    assert tower_problems(tower, {"balance": 2, "mix": 2, "strength": 2}) == []


def test_every_broken_rule_gets_its_own_sentence():
    """Rulings C1, C4: level 2 needs Balance and Strength, level 3 is wider and larger."""
    problems = tower_problems([[5, 5], [5, 5], [7, 7, 7]], NONE)
    assert len(problems) == 4, problems
    assert [p[:8] for p in problems] == ["Level 3 ", "Level 3 ", "Level 2 ", "Level 2 "]
    assert "narrower" in problems[0] and "smaller" in problems[1]
    assert "Balance 1" in problems[2] and "Strength 1" in problems[3]


def test_festival_score_counts_levels_and_matching_castellers():
    """docs/castell.md "Festivals": levels + castellers of the festival's sizes."""
    tower = ((8, 8, 8), (6, 6), (5, 5), (3,))
    assert festival_score(tower, [8]) == 7
    assert festival_score(tower, [5, 3]) == 7
    assert festival_score(tower, [1]) == 4


def test_meets_shape_ruling_c12():
    tower = ((8, 8, 8), (6, 6), (5, 5), (3,))
    assert meets_shape(tower, (3, 2, 2, 1))
    assert not meets_shape(tower, (3, 2, 1))
    assert not meets_shape(tower, [3, 2, 2, 2])


def test_meets_exhibition_ruling_c11_exact_height_and_every_skill():
    tower = ((8, 8, 8), (6, 6), (5, 5), (3,))
    ranks = {"balance": 1}
    assert meets_exhibition(tower, ranks, 4, ["balance"])
    assert not meets_exhibition(tower, ranks, 5, ["balance"])  # exactly, not at least
    assert not meets_exhibition(tower, ranks, 4, ["balance", "mix"])
    assert meets_exhibition(tower, ranks, 4, [])


def test_team_counts():
    assert team_counts([8, 8, 8, 6, 6, 5, 5, 3]) == (0, 0, 1, 0, 2, 2, 0, 3, 0, 0)
    assert team_counts([]) == (0,) * 10
