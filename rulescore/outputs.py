"""What a calculator gives back: its declared outputs (:class:`Output`, the formats their values
read in), the :class:`Result` of a run and the :class:`Working` that explains it (sentences
naming their rules, and the dice charts). :mod:`rulescore.core` declares calculators with these
and imports them from here; nothing here parses input, so nothing here refuses any.

>>> over = Output("load", "Load", labels=(("over", "Over the limit"),))
>>> over.text("over"), Output("odds", "Odds", format="percent").text(0.5)
('Over the limit', '50%')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from .notation import dice_text, feet_inches_text, number_text, percent_text, plain

# "percent" is a probability 0-1; "share" is any ratio shown as a percentage (it may pass 100%);
# "dice" is dice notation such as "3d-1", shown with a true minus sign; "feet_inches" is a
# length kept in inches (the output's unit) and read as feet and inches ("2 ft 8 in").
OUTPUT_FORMATS = {"number": number_text, "percent": percent_text, "share": percent_text, "dice": dice_text,
                  "feet_inches": feet_inches_text}
# Formats whose text already names its units: a page or the CLI shows no unit after it.
UNIT_IN_TEXT = frozenset({"feet_inches"})


class Output(NamedTuple):
    """One declared output. ``format``: "number" (also right for text and yes/no values),
    "percent" for a probability 0-1, shown as a percentage while ``data-value`` stays 0-1, or
    "share" for another ratio shown as a percentage, or "dice" for dice notation, or
    "feet_inches" for a length in inches (``unit`` "in") read as "2 ft 8 in". ``labels`` gives
    the words a person reads for a value kept as an id (("over", "Over the limit"), ...), the
    value itself staying the id. A calculator returns ``None`` for an output that does not apply to the inputs given
    (forced-march odds with no forced march): the page hides it."""

    name: str
    label: str
    unit: str = ""
    help: str = ""
    format: str = "number"
    min: Any = None  # the range every value of this output lies in, where numeric
    max: Any = None
    names_member: bool = False  # the value is a party member's number (a page may show their name)
    labels: tuple[tuple[str, str], ...] = ()  # (value, what a person reads) for a value kept as an id

    def text(self, value: Any) -> str:
        if self.labels and isinstance(value, str):
            return dict(self.labels).get(value, value)
        return OUTPUT_FORMATS[self.format](value)

    @property
    def unit_shown(self) -> str:
        """The unit a page prints after the text: none when the text names its own."""
        return "" if self.format in UNIT_IN_TEXT else self.unit

    def describe(self) -> dict[str, Any]:
        low, high = (0, 1) if self.format == "percent" else (self.min, self.max)
        return {"name": self.name, "label": self.label, "unit": self.unit, "help": self.help,
                "format": self.format, "min": plain(low), "max": plain(high), "names_member": self.names_member}


class Result(Mapping[str, Any]):
    """A calculator's outputs (``result[name]``, ``dict(result)``) and its working.

    ``steps`` are short sentences, each naming the rule it applies; ``inputs`` are the
    values actually used, defaults included.
    """

    def __init__(self, calculator_id: str, outputs: Mapping[str, Any], steps: list[str], inputs: Mapping[str, Any],
                 step_rules: list[str | None] | None = None, charts: list[Chart] | None = None):
        self.calculator_id = calculator_id
        self._outputs = {name: plain(value) for name, value in outputs.items()}
        self.steps = list(steps)
        self.inputs = {name: plain(value) for name, value in inputs.items()}
        # Where each step's rule is explained: "#anchor" on the calculator's page, or
        # "system/page/#anchor"; None when the step names no section.
        self.step_rules: list[str | None] = list(step_rules) if step_rules is not None else [None] * len(self.steps)
        self.charts = list(charts or [])  # dice distributions, see Working.chart

    def __getitem__(self, name: str) -> Any:
        return self._outputs[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._outputs)

    def __len__(self) -> int:
        return len(self._outputs)

    def __repr__(self) -> str:
        return f"Result({self.calculator_id!r}, {self._outputs!r})"


CHART_KINDS = ("critical-success", "success", "failure", "critical-failure", "neutral")
Chart = dict[str, Any]  # {"title", "summary", "bars": [{"label", "p", "kind"}]}


class Working:
    """Collects the working of a calculation as it runs: ``step(sentence, rule="anchor")``
    for each step, ``step.chart(...)`` for each dice roll that decides something."""

    def __init__(self, charts: bool = True) -> None:
        self.steps: list[str] = []
        self.step_rules: list[str | None] = []
        self.charts: list[Chart] = []
        # False where only the outputs are wanted (a picker's odds for each chip): no chart is
        # drawn, and the rules' chart helpers skip working out the bars.
        self.charts_wanted = charts

    def __call__(self, sentence: str, rule: str | None = None) -> None:
        self.steps.append(sentence)
        self.step_rules.append(rule)

    def chart(self, title: str, bars: Iterable[tuple[Any, Any, str]], summary: str = "") -> None:
        """A roll's distribution: ``bars`` are (label, probability, kind) in roll order, kind
        one of CHART_KINDS, so the page can mark the region that succeeds."""
        if not self.charts_wanted:
            return
        marked = [(str(label), Fraction(p), kind) for label, p, kind in bars]
        if any(kind not in CHART_KINDS for _, _, kind in marked):
            raise ValueError(f"chart kinds are {CHART_KINDS}")
        self.charts.append({
            "title": title,
            "summary": summary,
            "bars": [{"label": label, "p": plain(p), "kind": kind} for label, p, kind in marked],
        })
