"""The engine worker's own time for one Next turn (issue 45): the very call the worker makes,
``rulescore.web_session.respond_held(held, request_json, stamp)`` with the session held, at the
end of bench/fight.py's evening (about 2,000 actions) against a fight just begun, alternated.
Timed in CPython here, and under Pyodide in Node (bench/engine_turn.mjs, the site's own runtime
and wheel, its answer parsed by JSON.parse as the worker does). Figures only; medians.

    .venv/bin/mkdocs build --strict -d /tmp/engine-site
    .venv/bin/python -m bench.engine_turn [/tmp/engine-site] [--before SITE] [--both-views] [--repeat N]

``--before`` times a site built before a change (asked for both views, as the page did before
issue 45) turn about with the other, in one Node process, so the machine's load weighs on both.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.fight import begun, evening
from rulescore import session, web_session

HERE = Path(__file__).resolve().parent


def cases() -> dict[str, dict[str, Any]]:
    """Each case's state and the Next turn request the Session page sends for it (held) while it
    shows the GM's view; ``request_both``: as it asked before issue 45, for both views."""
    made = {}
    for label, state in (("evening", evening()), ("begun", begun())):
        current = session.view(state, gm=True)["fight"]["current"]
        request = {"op": "apply", "action": {"do": "next_turn", "current": current}, "dice": None,
                   "whole_log": False, "session": {"id": label, "stamp": label}}
        made[label] = {"state": state, "request": json.dumps({**request, "players_view": False}),
                       "request_both": json.dumps(request),
                       "actions": len(state["done"]) + state["history"]["done_before"]}
    return made


def cpython(made: dict[str, dict[str, Any]], repeat: int, both: bool) -> dict[str, list[float]]:
    """Milliseconds per respond_held, each case's state held under its own name."""
    held = web_session.new_held()
    times: dict[str, list[float]] = {label: [] for label in made}
    for turn in range(repeat + 5):
        for label, case in made.items():
            held[label] = case["state"]
            start = time.perf_counter()
            answer = web_session.respond_held(held, case["request_both" if both else "request"], f"s{turn}")
            took = (time.perf_counter() - start) * 1000
            assert '"ok":true' in answer[:20], answer[:300]
            if turn >= 5:  # the first few warm up
                times[label].append(took)
    return times


def pyodide(sites: list[str], made: dict[str, dict[str, Any]], repeat: int) -> list[dict[str, list[float]]]:
    """Each site's times (``DIR:both``: asked for both views), measured turn about in one Node."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump({label: {key: case[key] for key in ("state", "request", "request_both")}
                   for label, case in made.items()}, file)
    out = subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(HERE / "engine_turn.mjs"),
                          file.name, str(repeat), *sites], check=True, capture_output=True, text=True).stdout
    Path(file.name).unlink()
    times: list[dict[str, list[float]]] = json.loads(out)
    return times


def line(where: str, times: dict[str, list[float]], actions: int) -> str:
    med = statistics.median
    evening_ms, begun_ms = med(times["evening"]), med(times["begun"])
    return (f"{where:28} Next turn at {actions} actions {evening_ms:6.2f} ms   a fight just begun {begun_ms:6.2f} ms"
            f"   ratio {evening_ms / begun_ms:4.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", help="a built site (mkdocs build -d DIR): also time it under Pyodide")
    parser.add_argument("--before", help="a site built before a change, timed beside it (asked for both views)")
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--both-views", action="store_true", help="ask for both views, as the page did before")
    args = parser.parse_args()
    made = cases()
    actions = made["evening"]["actions"]
    print(line("CPython" + (", both views" if args.both_views else ""), cpython(made, args.repeat, args.both_views),
               actions))
    if args.site:
        sites = [*([f"{args.before}:both"] if args.before else []), args.site + (":both" if args.both_views else "")]
        names = [*(["Pyodide, before (both views)"] if args.before else []), "Pyodide"]
        for name, times in zip(names, pyodide(sites, made, args.repeat), strict=True):
            print(line(name, times, actions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
