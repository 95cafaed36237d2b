"""Skills and experience (docs: shell/skills.md): exp costs of major and minor skills, skill
groups, what a level means, skill rolls, the combat skills' damage bonus, and experience
awards.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, Result, RulesInputError, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text, span, term
from ..rolls import declare_roll
from .common import ATTRIBUTE_DEFAULT, DIFFICULTY, DIFFICULTY_CHOICES, SKILL_LEVEL_DEFAULT, SYSTEM
from .rolls import attribute_roll_result, chance_text, roll_chart, success_chance

SKILL_BASE = {"major": 4, "minor": 2}  # exp for level 1; level n costs base x n(n+1)/2
SKILL_TYPE_CHOICES = (("major", "Major skill"), ("minor", "Minor skill"))


class Expertise(NamedTuple):
    """What a range of skill levels compares to."""

    low: int
    high: int | None  # None: this level and up
    training: str
    belt: str  # karate belt
    education: str


EXPERTISE = (
    Expertise(0, 0, "none", "white", "elementary school"),
    Expertise(1, 2, "rudimentary", "coloured", "high school"),
    Expertise(3, 4, "adequate", "brown", "undergraduate study"),
    Expertise(5, 6, "advanced", "1st-2nd black", "graduate study"),
    Expertise(7, 8, "more advanced", "3rd-4th black", "post-graduate study"),
    Expertise(9, 10, "exceptional", "5th-6th black", "study under a world scholar"),
    Expertise(11, None, "mastery", "7th+ black", "world scholar"),
)


class ExperienceAward(NamedTuple):
    exp: int
    awarded_for: str


EXPERIENCE_AWARDS = (
    ExperienceAward(1, "little involvement, or poor roleplaying"),
    ExperienceAward(2, "reasonable involvement, or average roleplaying"),
    ExperienceAward(3, "a lot of involvement, or good roleplaying"),
    ExperienceAward(4, "the hero of the session, or superb roleplaying"),
)


def skill_exp(level: int, skill_type: str) -> int:
    """Listed exp cost of a skill level: 4, 12, 24, 40 ... (major), half that (minor)."""
    return SKILL_BASE[skill_type] * level * (level + 1) // 2


def grouped_skill_exp(level: int, skill_type: str) -> int:
    """Cost of a skill that is not the highest of its group: level x the level-1 cost."""
    return SKILL_BASE[skill_type] * level


def expertise(level: int) -> Expertise:
    """The row of the expertise chart a skill level falls in."""
    for row in EXPERTISE:
        if level >= row.low and (row.high is None or level <= row.high):
            return row
    raise ValueError(level)


def combat_damage_bonus(combat_level: int) -> int:
    """A combat skill's damage bonus: +1 for every 3 levels above the first (+1 at 4, +2 at 7)
    (docs: shell/skills.md#combat-skills)."""
    return max(combat_level - 1, 0) // 3


@declare_calculator(
    id="shell.skill_cost",
    system=SYSTEM,
    title="Skill experience cost",
    summary="The exp a skill level costs, alone or as a lesser skill of a group.",
    page="shell/skills/",
    inputs=[
        Input("level", "Skill level", "int", SKILL_LEVEL_DEFAULT, min=0, max=20),
        Input("skill_type", "Skill type", "choice", "major", choices=SKILL_TYPE_CHOICES),
        Input("grouped", "Lesser skill of a group", "bool", False,
              help="ticked: another skill of its group pays the full cost"),
    ],
    outputs=[
        Output("exp", "Cost", "exp", min=0, max=840),
        Output("full_exp", "Listed cost", "exp", min=0, max=840),
        Output("next_level_exp", "Next level costs", "exp", "extra exp to raise the skill one level", min=2, max=84),
        Output("training", "Training"),
    ],
)
def skill_cost(step: Working, level: int, skill_type: str, grouped: bool) -> dict[str, Any]:
    """The exp a skill level costs: each level of a major skill costs 4 × the level more than
    the one before (a minor skill half that), and a skill that is not the highest of its group
    costs only its level × the level-1 cost (docs: shell/skills.md#skill-exp-costs and
    #skill-groups).

    >>> from rulescore import calculate
    >>> calculate("shell.skill_cost", {"level": 10, "skill_type": "minor"})["exp"]
    110
    >>> grouped = calculate("shell.skill_cost", {"level": 4, "grouped": True})
    >>> grouped["exp"], grouped["full_exp"], grouped["next_level_exp"]
    (16, 40, 4)
    """
    base = SKILL_BASE[skill_type]
    full = skill_exp(level, skill_type)
    series = " + ".join(str(i) for i in range(1, level + 1)) if level <= 3 else f"1 + 2 + … + {level}"
    series = f"({series})" if level > 1 else series
    step(f"Listed cost of a {skill_type} skill at level {level} = {base} × {series} = {full} exp."
         if level else "Level 0 means the skill is not known: 0 exp.", rule="#skill-exp-costs")
    if grouped:
        exp = grouped_skill_exp(level, skill_type)
        nxt = base
        step(f"Skill group: a skill that is not the group's highest costs level × level-1 cost = "
             f"{level} × {base} = {exp} exp; each further level adds {base} exp.", rule="#skill-groups")
    else:
        exp = full
        nxt = skill_exp(level + 1, skill_type) - full
        step(f"Level {level + 1} would cost {skill_exp(level + 1, skill_type)} exp, {nxt} more.",
             rule="#skill-exp-costs")
    training = expertise(level).training
    step(f"Level {level} represents {training} training.", rule="#what-a-level-means")
    return {"exp": exp, "full_exp": full, "next_level_exp": nxt, "training": training}


# ---------------------------------------------------------------- A skill list, with groups

SKILL_SLOTS = 5
GROUP_CHOICES = (("none", "No group"), ("a", "Group A"), ("b", "Group B"), ("c", "Group C"))


class Skill(NamedTuple):
    """One line of a skill list."""

    level: int
    skill_type: str  # "major" or "minor"
    group: str  # "none" or a group's letter


class SkillCost(NamedTuple):
    exp: int
    full: bool  # pays the listed cost (not a lesser skill of a group)


_SLOT_DEFAULTS = {1: Skill(SKILL_LEVEL_DEFAULT, "major", "a"), 2: Skill(SKILL_LEVEL_DEFAULT, "major", "a")}
_EMPTY_SLOT = Skill(0, "major", "none")


def _slot_inputs() -> list[Input]:
    inputs = []
    for i in range(1, SKILL_SLOTS + 1):
        default = _SLOT_DEFAULTS.get(i, _EMPTY_SLOT)
        inputs += [
            Input(f"skill{i}_level", f"Skill {i} level", "int", default.level, min=0, max=20,
                  help="leave at 0 for an empty line"),
            Input(f"skill{i}_type", f"Skill {i} type", "choice", default.skill_type, choices=SKILL_TYPE_CHOICES),
            Input(f"skill{i}_group", f"Skill {i} group", "choice", default.group, choices=GROUP_CHOICES),
        ]
    return inputs


def skill_list_costs(skills: list[Skill]) -> list[SkillCost]:
    """The cost of each skill of a list.

    In each group only the highest skill pays the listed cost. Our reading: "highest" is the
    highest level; on a tie of levels a major skill before a minor one, then the earlier one.

    >>> skill_list_costs([Skill(5, "major", "a"), Skill(3, "major", "a"), Skill(2, "minor", "none")])
    [SkillCost(exp=60, full=True), SkillCost(exp=12, full=False), SkillCost(exp=6, full=True)]
    """
    highest: dict[str, tuple[int, int]] = {}  # group: (level, base) of its highest skill so far
    payer: dict[str, int] = {}  # group: index of that skill
    for index, skill in enumerate(skills):
        if skill.group == "none" or skill.level == 0:
            continue
        key = (skill.level, SKILL_BASE[skill.skill_type])
        if skill.group not in highest or key > highest[skill.group]:
            highest[skill.group], payer[skill.group] = key, index
    payers = set(payer.values())
    costs = []
    for index, skill in enumerate(skills):
        if skill.group == "none" or index in payers:
            costs.append(SkillCost(skill_exp(skill.level, skill.skill_type), True))
        else:
            costs.append(SkillCost(grouped_skill_exp(skill.level, skill.skill_type), False))
    return costs


@declare_calculator(
    id="shell.skill_list",
    system=SYSTEM,
    title="Skill list",
    summary="The total exp of up to five skills, with skill groups.",
    page="shell/skills/",
    inputs=_slot_inputs() + [
        Input("budget_exp", "Starting exp", "int", 64, unit="exp", min=0, max=1000,
              help="set by the campaign: 16-24 beginners, 48-64 veterans"),
    ],
    outputs=[Output("total_exp", "Total cost", "exp", min=0, max=840 * SKILL_SLOTS),
             Output("remaining_exp", "Left to spend", "exp", max=1000)]
    + [Output(f"skill{i}_exp", f"Skill {i}", "exp", min=0, max=840) for i in range(1, SKILL_SLOTS + 1)],
)
def skill_list(step: Working, budget_exp: int, **slots: int | str) -> dict[str, Any]:
    """The total exp of up to five skills against the starting exp, where in each skill group
    only the highest skill pays its listed cost and every other one costs its level × the
    level-1 cost (docs: shell/skills.md#skill-groups).

    >>> from rulescore import calculate
    >>> two = calculate("shell.skill_list", {"skill1_level": 4, "skill2_level": 4, "budget_exp": 64})
    >>> two["skill1_exp"], two["skill2_exp"], two["remaining_exp"]
    (40, 16, 8)
    """
    skills = [Skill(int(slots[f"skill{i}_level"]), str(slots[f"skill{i}_type"]), str(slots[f"skill{i}_group"]))
              for i in range(1, SKILL_SLOTS + 1)]
    costs = skill_list_costs(skills)
    outputs = {}
    for i, (skill, cost) in enumerate(zip(skills, costs, strict=True), start=1):
        outputs[f"skill{i}_exp"] = cost.exp
        if skill.level == 0:
            continue
        line = f"Skill {i}: {skill.skill_type} level {skill.level}"
        if skill.group == "none":
            step(f"{line}, no group: listed cost {cost.exp} exp.", rule="#skill-exp-costs")
        elif cost.full:
            step(f"{line}, highest of group {skill.group.upper()}: listed cost {cost.exp} exp.", rule="#skill-groups")
        else:
            step(f"{line} in group {skill.group.upper()}: level × level-1 cost = "
                 f"{skill.level} × {SKILL_BASE[skill.skill_type]} = {cost.exp} exp.", rule="#skill-groups")
    total = sum(cost.exp for cost in costs)
    if not any(skill.level for skill in skills):
        step("No skills entered: 0 exp.", rule="#skill-exp-costs")
    step(f"Total = {total} exp, leaving {budget_exp} − {total} = {n(budget_exp - total)} exp.",
         rule="shell/#characters")
    return {"total_exp": total, "remaining_exp": budget_exp - total, **outputs}


# ---------------------------------------------------------------- Skill rolls

@declare_calculator(
    id="shell.skill_roll",
    system=SYSTEM,
    title="Skill roll",
    summary="The 3d6 roll a task needs: attribute, difficulty and the levels over the task's minimum.",
    page="shell/skills/",
    inputs=[
        Input("attribute", "Attribute", "int", ATTRIBUTE_DEFAULT, min=1, max=30,
              help="IQ for mental tasks, AG for physical ones"),
        Input("difficulty", "Task", "choice", "average", choices=DIFFICULTY_CHOICES),
        Input("skill_level", "Skill level", "int", SKILL_LEVEL_DEFAULT, min=0, max=20),
        Input("minimum_level", "Task's minimum level", "int", 3, min=0, max=20,
              help="0 when anyone may try; spells usually need 3 or more"),
        Input("modifier", "Other modifier", "int", 0, min=-10, max=10, help="any further GM modifier"),
    ],
    outputs=[
        Output("target", "Roll needed", "", "roll this or less on 3d6; none below the task's minimum level",
               min=-12, max=62),
        Output("success", "Chance of success", format="percent"),
        Output("odds", "Odds"),
    ],
)
def skill_roll(step: Working, attribute: int, difficulty: str, skill_level: int, minimum_level: int,
               modifier: int) -> dict[str, Any]:
    """The 3d6 roll a task needs and its exact odds: the attribute (IQ for a mental task, AG
    for a physical one), +2 for an easy task or −3 for a hard one, and +1 for each skill level
    above the task's minimum; below the minimum there is no chance at all (docs:
    shell/skills.md#skill-rolls).

    >>> from rulescore import calculate
    >>> calculate("shell.skill_roll", {"attribute": 12, "skill_level": 5, "minimum_level": 3})["target"]
    14
    >>> hard = calculate("shell.skill_roll", {"attribute": 11, "difficulty": "hard", "skill_level": 6,
    ...                                       "minimum_level": 4})
    >>> hard["target"], hard["odds"]
    (10, '1 in 2')
    """
    if skill_level < minimum_level:
        step(f"Minimum skill level: level {skill_level} is below the task's minimum {minimum_level}, "
             f"so there is no chance of success and no roll.", rule="#skill-rolls")
        return {"target": None, "success": Fraction(0), "odds": chance_text(Fraction(0))}
    over = skill_level - minimum_level
    target = attribute + DIFFICULTY[difficulty] + over + modifier
    extra = f" {term(modifier)} (other)" if modifier else ""
    step(f"Skill roll = attribute + difficulty + levels over the minimum = {attribute} "
         f"{term(DIFFICULTY[difficulty])} ({difficulty}) + {over} ({skill_level} − {minimum_level}){extra} "
         f"= {n(target)} or less on 3d6.", rule="#skill-rolls")
    success = success_chance(target)
    step(f"Chance of rolling {n(target)} or less on 3d6 = {chance_text(success)} = {percent_text(success)}.",
         rule="#skill-rolls")
    roll_chart(step, target)
    return {"target": target, "success": success, "odds": chance_text(success)}


# ---------------------------------------------------------------- Tables on the page

@declare_table("shell.skill_costs")
def skill_costs_table() -> TableContent:
    rows = tuple((level, skill_exp(level, "major"), skill_exp(level, "minor"), grouped_skill_exp(level, "major"),
                  grouped_skill_exp(level, "minor")) for level in range(1, 13))
    return TableContent("Skill experience costs (exp)", ("Level", "Major", "Minor", "Major, in a group",
                                                         "Minor, in a group"), rows,
                        "Level n adds 4n exp to a major skill and 2n to a minor one. In a group, every skill but the "
                        "highest costs its level × 4 (major) or × 2 (minor).")


@declare_table("shell.skill_expertise")
def skill_expertise_table() -> TableContent:
    rows = tuple((f"{row.low}+" if row.high is None else span(row.low, row.high), row.training, row.belt,
                  row.education) for row in EXPERTISE)
    return TableContent("What a skill level means", ("Level", "Training", "Karate belt", "Education"), rows, "")


@declare_table("shell.experience_awards")
def experience_awards_table() -> TableContent:
    return TableContent("Experience awards per session", ("exp", "For"), EXPERIENCE_AWARDS, "")


@declare_table("shell.skill_roll_odds")
def skill_roll_odds_table() -> TableContent:
    rows = tuple((target, percent_text(success_chance(target))) for target in range(3, 19))
    return TableContent("Chance to roll a target or less on 3d6", ("Target", "Chance"), rows,
                        "Below 3 a roll never succeeds; from 18 up it always does.")


@declare_roll("shell.skill_roll", "3d6")
def resolve_skill_roll(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The skill roll made: 3d6 against the roll needed, no automatic results. Below the task's
    minimum level no roll is made (RulesInputError).

    >>> from rulescore import resolve
    >>> r = resolve("shell.skill_roll", {"attribute": 12, "skill_level": 5, "minimum_level": 3}, dice=[6, 6, 2])
    >>> r["target"], r["outcome"], r["margin"]
    (14, 'success', 0)
    """
    if result["target"] is None:
        raise RulesInputError("skill_level", "Skill level: below the task's minimum level there is no chance of "
                                             "success and no roll.")
    return attribute_roll_result(step, rolled.faces, result["target"], "Skill roll", "#skill-rolls")
