"""Speed benchmark: ``./run bench`` (or ``.venv/bin/python -m bench.benchmark [--rounds N]``).

Builds the site, serves it on 127.0.0.1 and measures, in one Chromium run with our page and
its baseline alternated so that machine drift cancels:

1. first contentful paint of a rules page with calculators vs. the same page without them;
2. navigation -> calculator ready, cold (fresh profile), and warm from the engine's memory
   snapshot and warm plain (the snapshot ignored), vs. a bare page that only boots Pyodide as
   shipped in a module worker (bench/bare/, its own copy), served from the same origin: warm, all
   three load in one browser profile with the same HTTP cache and service worker, in turn;
3. instant navigation to a second calculator page -> its calculator ready;
4. input event -> updated output, median and p95 over 200 edits;
5. bytes a first visit downloads (raw and gzip, a .zst counted as it is) until the site is saved offline, and until the
   device has made its own snapshot (and how long that took); precache size, build time,
   engine memory;
6. the Characters page with 200 characters and 20 sessions of 1,000 actions kept, against an
   empty device: navigation -> roster shown, and -> a save done (bench/kept.py);
7. Next turn on the Session page in an evening's session of about 2,000 actions, against a
   fight just begun: tap -> drawn, and the page's own share beside the engine's
   (bench/fight.py, also ``./run bench fight`` alone);
8. at the table: the GM's Next turn -> six phones' views drawn over WebRTC, median and p95
   over 100 taps, against the GM page's own draw, and the bytes a phone receives (bench/table.py,
   also ``./run bench table`` alone);
9. the party's map, 500 shapes: a GM's room drag -> drawn on the tablet, and a mapper's stroke ->
   drawn on three phones over WebRTC (bench/map.py, also ``./run bench map`` alone).

Before all that, the session engine's apply and undo at 600 and 2,000 actions against the
version-1 way (bench/session.py, also ``./run bench session`` alone).

Prints a table and writes bench/results.json. Figures only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.fight import measure_fight
from bench.fight import report as fight_report
from bench.kept import measure_kept
from bench.kept import report as kept_report
from bench.map import measure_map
from bench.map import table_lines as map_lines
from bench.table import measure_table, table_lines

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402
from widgets.offline import precache_entries  # noqa: E402
from widgets.serve import serve_in_thread  # noqa: E402

PAGE = "gurps/encumbrance/"
SECOND_PAGE = "gurps/jumping/"
# Before each page's scripts: the probe below, and a plain boot when the benchmark asked for
# one (sessionStorage, so the URL and therefore the service worker's answer stay the same).
READY_PROBE = """() => {
  if (sessionStorage.getItem('bench-boot') === 'plain') window.rulesEngineBoot = 'plain';
  const mark = () => {
    const forms = [...document.querySelectorAll('form[data-calculator]')];
    if (forms.length && forms.every(f => f.dataset.state === 'ready') && !window.__readyAt) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
}"""


# Click a link to the second page (mkdocs-material swaps the content in place) and time
# until that page's calculator shows a live result.
INSTANT_NAVIGATION = """async (target) => {
  const link = [...document.querySelectorAll('a[href]')].find(a => a.href.endsWith(target));
  const start = performance.now();
  link.click();
  await new Promise(resolve => {
    const check = () => {
      const form = document.querySelector('form[data-calculator="gurps.jump"]');
      if (form && form.dataset.state === 'ready') { observer.disconnect(); resolve(); }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    check();
  });
  return performance.now() - start;
}"""


def build(site: Path, site_url: str) -> float:
    # Instant navigation needs the site's real address (see mkdocs.yml, site_url).
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
                   cwd=ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "RULES_SITE_URL": site_url})
    return time.perf_counter() - started


def add_variants(site: Path) -> None:
    shutil.copytree(ROOT / "bench" / "bare", site / "bare")
    # The bare page boots Pyodide as shipped: its whole standard library, as source (the site's
    # is trimmed and compiled, which is part of what is measured).
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", site / "bare" / "python_stdlib.zip")
    # and the runtime beside it: the WebAssembly as shipped (the site's is zstd-compressed), the
    # loader and the lock file as the site serves them, as the bare page had until then.
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm", site / "bare" / "pyodide.asm.wasm")
    for name in ("pyodide.mjs", "pyodide.asm.js", "pyodide-lock.json"):
        shutil.copyfile(site / "pyodide" / name, site / "bare" / name)
    html = (site / PAGE / "index.html").read_text(encoding="utf-8")
    html = re.sub(r'<form class="rc-calculator".*?</form>', "", html, flags=re.S)
    # Without the engine's start, which loads the theme's script on calculator pages: its tag back.
    theme = re.search(r'script\.src = ("[^"]+")', html)
    html = re.sub(r"<script>[^<]*window\.rulesEngine.*?</script>", "", html, flags=re.S)
    html = html.replace("</body>", f"<script src={theme.group(1)}></script></body>", 1) if theme else html
    (site / PAGE / "no-calculators.html").write_text(html, encoding="utf-8")


BARE_RUNTIME = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "pyodide-lock.json")
BARE_RUNTIME_CACHED = """async (urls) => {
  const cache = await caches.open((await caches.keys()).find((name) => name.startsWith("rules-at-the-table-")));
  for (const url of urls) await cache.put(url, await fetch(url));
}"""


def fcp(page) -> float:
    return page.evaluate("""() => new Promise(resolve => new PerformanceObserver((list, observer) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (entry) { observer.disconnect(); resolve(entry.startTime); }
    }).observe({ type: 'paint', buffered: true }))""")


def time_to_ready(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("() => window.__readyAt", timeout=120_000)
    return page.evaluate("window.__readyAt")


def engine_stages(page) -> dict:
    """When each stage of the engine's boot ended, in ms since the page's navigation began."""
    engines = [w for w in page.workers if w.url.endswith("engine-worker.js")]
    stages = engines[0].evaluate("self.engineStats().stagesAt") if engines else {}
    origin = page.evaluate("performance.timeOrigin")
    return {name: at - origin for name, at in stages.items()}


def time_to_ready_booted(page, url: str, boot: str) -> float:
    """time_to_ready with the engine asked to boot plain or from its snapshot; checks it did."""
    page.evaluate("boot => boot === 'plain' ? sessionStorage.setItem('bench-boot', 'plain')"
                  " : sessionStorage.removeItem('bench-boot')", boot)
    ready = time_to_ready(page, url)
    page.wait_for_function("() => document.documentElement.dataset.engineBoot")
    booted = page.evaluate("document.documentElement.dataset.engineBoot")
    if booted != boot:
        raise RuntimeError(f"asked for a {boot} boot, the engine reported {booted}")
    return ready


def time_to_bare_ready(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.readyAt", timeout=120_000)
    return float(page.evaluate("document.documentElement.dataset.readyAt"))


def input_latency(page, edits: int) -> list[float]:
    return page.evaluate("""async (edits) => {
        const form = document.querySelector('form[data-calculator]');
        const field = form.querySelector('input[name=load_lb]');
        const times = [];
        for (let i = 0; i < edits; i++) {
            const answered = new Promise(resolve => form.addEventListener('rc:result', resolve, { once: true }));
            const start = performance.now();
            field.value = String(10 + (i % 90));
            field.dispatchEvent(new Event('input', { bubbles: true }));
            await answered;  // the new figures are in the page; the next frame paints them
            times.push(performance.now() - start);
        }
        return times;
    }""", edits)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def unused_files(site: Path, downloaded: list[str]) -> list[str]:
    """Downloaded files whose name no page, script or data file of the site mentions."""
    texts = "".join(p.read_text(encoding="utf-8", errors="ignore") for p in site.rglob("*")
                    if p.is_file() and p.suffix in (".html", ".js", ".mjs", ".json", ".webmanifest", ".xml")
                    and p.name != "sw.js")
    unused = []
    for path in downloaded:
        name = path.rstrip("/").split("/")[-1].removesuffix(".zst")  # FILE.zst: fetched by FILE's name + ".zst"
        if name and not name.endswith(".html") and "." in name and name not in texts:
            unused.append(path)
    return unused


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Speed benchmark of the rules site.")
    parser.add_argument("--rounds", type=int, default=7, help="alternated pairs per comparison")
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--table-actions", type=int, default=100, help="GM taps measured at the table (8.)")
    parser.add_argument("--map-strokes", type=int, default=40, help="drags and mapper's strokes on the map (9.)")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results.json"))
    parser.add_argument("--before-site", help="a site built from an earlier commit: its cold first visit "
                        "(time and bytes) is measured in the same run, alternated with ours")
    args = parser.parse_args(argv)

    from bench.session import run as session_speed  # CPython only: before the browser starts
    session_rows = session_speed()
    scratch = Path(tempfile.mkdtemp(prefix="rules-bench-"))
    site = scratch / "site"
    site.mkdir()
    ours_server, ours = serve_in_thread(str(site))
    build_seconds = build(site, ours)
    precache = precache_entries(site)
    add_variants(site)
    bare = ours  # the same origin: the same HTTP cache and service worker as our pages
    before_server, before = serve_in_thread(args.before_site) if args.before_site else (None, None)
    executable = os.environ.get("RULES_CHROMIUM") or shutil.which("chromium")
    results: dict = {"build_seconds": build_seconds, "rounds": args.rounds, "session": session_rows}

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)

        def fresh():
            context = browser.new_context()
            context.add_init_script(f"({READY_PROBE})()")
            return context, context.new_page()

        def fresh_profile():
            """A new profile on disk, as a visitor's browser has: its HTTP cache keeps the engine's
            8.6 MB wasm, which the in-memory cache of a fresh context does not."""
            context = playwright.chromium.launch_persistent_context(
                tempfile.mkdtemp(dir=scratch), executable_path=executable, args=CHROMIUM_ARGS)
            context.add_init_script(f"({READY_PROBE})()")
            return context, context.new_page()

        # 1. First contentful paint, with and without calculator blocks (fresh profile each).
        with_calc: list[float] = []
        without: list[float] = []
        for _ in range(args.rounds):
            for url, bucket in ((ours + PAGE, with_calc), (ours + PAGE + "no-calculators.html", without)):
                context, page = fresh()
                page.goto(url)
                bucket.append(fcp(page))
                context.close()

        # 2. Cold: fresh profile each time, ours and bare alternated.
        cold, bare_cold, cold_stages, cold_before = [], [], [], []
        for _ in range(args.rounds):
            context, page = fresh()
            cold.append(time_to_ready(page, ours + PAGE))
            cold_stages.append(engine_stages(page))
            context.close()
            context, page = fresh()
            bare_cold.append(time_to_bare_ready(page, bare + "bare/"))
            context.close()
            if before:
                context, page = fresh()
                cold_before.append(time_to_ready(page, before + PAGE))
                context.close()

        # 5. What a first visit downloads until the device starts from its own snapshot: the
        # site saved offline, then the snapshot made on the device (from files it has: it
        # downloads nothing), timed from the site saved to the snapshot kept.
        ours_server.requested.clear()
        ours_server.transfers.clear()
        context, page = fresh_profile()
        page.goto(ours + PAGE)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
        downloaded = list(ours_server.requested)
        saved_offline = time.perf_counter()
        page.wait_for_function("() => document.documentElement.dataset.offlineSnapshot", timeout=300_000)
        snapshot_made_ms = (time.perf_counter() - saved_offline) * 1000
        snapshot_state = page.evaluate("document.documentElement.dataset.offlineSnapshot")
        downloaded_with_snapshot = list(ours_server.requested)
        after_saved = downloaded_with_snapshot[len(downloaded):]
        transfers = list(ours_server.transfers)
        context.close()
        downloaded_before: list[str] = []
        if before_server and before:
            context, page = fresh()
            page.goto(before + PAGE)
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
            downloaded_before = list(before_server.requested)
            context.close()

        # 2. Warm: one profile, loaded once before measuring (its service worker has saved the
        # site and the snapshot); then ours from the snapshot, ours plain and the bare page in
        # turn, the order rotating each round.
        ours_context, ours_page = fresh()
        time_to_ready(ours_page, ours + PAGE)
        ours_page.wait_for_function("() => document.documentElement.dataset.offlineSnapshot === 'saved'",
                                    timeout=180_000)
        # The bare page's runtime goes into the site's offline cache, where it was until the
        # site served its WebAssembly compressed (the bare page used the site's own files): warm,
        # it comes from Cache Storage through the service worker, as ours does.
        ours_page.evaluate(BARE_RUNTIME_CACHED, [bare + "bare/" + name for name in BARE_RUNTIME])
        time_to_bare_ready(ours_page, bare + "bare/")
        warm_measures = {
            "snapshot": lambda: time_to_ready_booted(ours_page, ours + PAGE, "snapshot"),
            "plain": lambda: time_to_ready_booted(ours_page, ours + PAGE, "plain"),
            "bare": lambda: time_to_bare_ready(ours_page, bare + "bare/"),
        }
        warm_times: dict[str, list[float]] = {name: [] for name in warm_measures}
        for round_ in range(args.rounds):
            order = list(warm_measures)
            order = order[round_ % 3:] + order[:round_ % 3]
            for name in order:
                warm_times[name].append(warm_measures[name]())
        warm_snapshot, warm, bare_warm = warm_times["snapshot"], warm_times["plain"], warm_times["bare"]
        time_to_ready_booted(ours_page, ours + PAGE, "snapshot")
        warm_snapshot_stages = engine_stages(ours_page)

        # 3. Instant navigation to another calculator page.
        instant = []
        for _ in range(args.rounds):
            time_to_ready(ours_page, ours + PAGE)
            # The theme takes links over once it has run (after the calculators' answers) and
            # read the sitemap (widgets/sitemap-fix.js).
            ours_page.wait_for_function("() => document.documentElement.dataset.sitemap === 'read'")
            instant.append(ours_page.evaluate(INSTANT_NAVIGATION, SECOND_PAGE))
            # Still the same document: the page changed without a reload.
            assert ours_page.evaluate("performance.getEntriesByType('navigation')[0].name").endswith(PAGE)

        # 4. Input -> updated output.
        time_to_ready(ours_page, ours + PAGE)
        latency = input_latency(ours_page, args.edits)
        engines = [w for w in ours_page.workers if w.url.endswith("engine-worker.js")]
        memory = engines[0].evaluate("self.engineStats()") if engines else None

        # 6. The Characters page on a device full of kept data, against an empty one.
        kept = measure_kept(browser, ours, args.rounds, fresh)
        # 7. Next turn in a long session, against a fight just begun.
        fight = measure_fight(browser, ours, args.rounds, fresh)
        # 8. At the table, last: a GM's action reaching six phones.
        table = measure_table(browser, ours, args.table_actions)
        map_ = measure_map(browser, ours, args.map_strokes)  # 9. the party's map
        browser.close()

    ours_server.shutdown()
    if before_server:
        before_server.shutdown()

    def file_of(path, root=site):
        """The file a request was answered with: a page's address (``/gurps/jumping/``) is its
        index.html (until 2026-11-28 pages were left out of these counts)."""
        relative = path.lstrip("/").split("?")[0]
        return root / (relative + "index.html" if relative.endswith("/") or not relative else relative)

    def sizes_of(paths, root=site):
        return {path: file_of(path, root).stat().st_size for path in set(paths) if file_of(path, root).is_file()}

    def on_the_wire(path, root=site):
        """The bytes a host sends for a file: gzipped, but a .zst as it is (already compressed,
        a host sends it unchanged: gzip would only add to it)."""
        data = file_of(path, root).read_bytes()
        return len(data) if path.split("?")[0].endswith(".zst") else len(gzip.compress(data, 6))

    def gzipped(sizes, root=site):
        return sum(on_the_wire(path, root) for path in sizes)

    sizes = sizes_of(downloaded)
    sizes_with_snapshot = sizes_of(downloaded_with_snapshot)
    # Counted at the server, transfer by transfer: a file sent twice counts twice, a 304 sends none.
    gzip_of = {path: on_the_wire(path) for path in sizes_of(path for path, _ in transfers)}
    sent = [path for path, code in transfers if code == 200 and path in gzip_of]

    med = statistics.median
    results.update({
        "fcp_ms": {"with_calculators": with_calc, "without": without, "ratio": med(with_calc) / med(without)},
        "ready_cold_ms": {"ours": cold, "bare_pyodide": bare_cold, "ratio": med(cold) / med(bare_cold)},
        "ready_cold_stages_ms": {name: med([stages[name] for stages in cold_stages]) for name in cold_stages[0]},
        "ready_warm_ms": {"ours": warm, "bare_pyodide": bare_warm, "ratio": med(warm) / med(bare_warm)},
        "ready_warm_snapshot_ms": {"ours": warm_snapshot, "bare_pyodide": bare_warm,
                                   "ratio": med(warm_snapshot) / med(bare_warm),
                                   "vs_warm_plain": med(warm_snapshot) / med(warm)},
        "ready_warm_snapshot_stages_ms": warm_snapshot_stages,
        "instant_navigation_ready_ms": instant,
        "input_to_output_ms": {"median": med(latency), "p95": percentile(latency, 0.95), "edits": len(latency)},
        "first_visit_bytes": {"raw": sum(sizes.values()), "gzip": gzipped(sizes), "files": len(sizes)},
        "first_visit_transferred": {"gzip": sum(gzip_of.get(path, 0) for path in sent), "sent": len(sent),
                                    "not_modified": sum(1 for _, code in transfers if code == 304),
                                    "sent_twice": sorted({path for path in sent if sent.count(path) > 1})},
        "first_visit_bytes_with_snapshot": {"raw": sum(sizes_with_snapshot.values()),
                                            "gzip": gzipped(sizes_with_snapshot),
                                            "files": len(sizes_with_snapshot), "snapshot": snapshot_state,
                                            "made_on_the_device_ms": snapshot_made_ms,
                                            "requested_while_it_was_made": after_saved},
        "precache": {"files": len(precache), "bytes": sum(entry["bytes"] for entry in precache)},
        "downloaded_but_unused": unused_files(site, sorted(sizes)),
        "engine_memory": memory,
        "characters_page_with_kept_data": kept,
        "next_turn": fight,
        "table": table,
        "map": map_,
    })
    if before:
        before_root = Path(args.before_site)
        before_sizes = sizes_of(downloaded_before, before_root)
        results["before"] = {
            "site": args.before_site,
            "ready_cold_ms": cold_before, "ratio_ours_to_before": med(cold) / med(cold_before),
            "first_visit_bytes": {"raw": sum(before_sizes.values()), "gzip": gzipped(before_sizes, before_root),
                                  "files": len(before_sizes)},
        }
    Path(args.out).write_text(json.dumps(results, indent=2))

    rows = [
        ("1. First contentful paint", f"{med(with_calc):.0f} ms", f"{med(without):.0f} ms (no calculators)",
         results["fcp_ms"]["ratio"], "<= 1.05x"),
        ("2. Ready, cold", f"{med(cold):.0f} ms", f"{med(bare_cold):.0f} ms (bare Pyodide)",
         results["ready_cold_ms"]["ratio"], "<= 1.00x"),
        ("2. Ready, warm, plain boot", f"{med(warm):.0f} ms", f"{med(bare_warm):.0f} ms (bare Pyodide)",
         results["ready_warm_ms"]["ratio"], "as before or better"),
        ("2. Ready, warm, from the snapshot", f"{med(warm_snapshot):.0f} ms", f"{med(bare_warm):.0f} ms (bare Pyodide)",
         results["ready_warm_snapshot_ms"]["ratio"], "<= 0.35x"),
        ("3. Instant navigation -> ready", f"{med(instant):.0f} ms", "", None, "< 100 ms"),
        ("4. Input -> output (median / p95)", f"{med(latency):.1f} / {percentile(latency, 0.95):.1f} ms", "",
         None, "p95 < 16 ms"),
        ("5. First visit, gzip transferred", f"{results['first_visit_transferred']['gzip'] / 1e6:.2f} MB",
         f"{results['first_visit_transferred']['sent']} sent, {results['first_visit_transferred']['not_modified']} "
         f"not modified", None, "<= 4.5 MB until the snapshot start"),
        *kept_report(kept),
        *fight_report(fight),
    ]
    print(f"\n{'measure':36} {'ours':>16} {'baseline':>32} {'ratio':>7}  target")
    for name, value, baseline, ratio, target in rows:
        print(f"{name:36} {value:>16} {baseline:>32} {'' if ratio is None else f'{ratio:.2f}x':>7}  {target}")
    stages = results["ready_cold_stages_ms"]
    print("\n   where a cold start goes (median ms after navigation began): "
          + ", ".join(f"{name} {at:.0f}" for name, at in stages.items()) + f", all calculators live {med(cold):.0f}")
    print("   warm from the snapshot: " + ", ".join(f"{name} {at:.0f}" for name, at in warm_snapshot_stages.items()))
    bytes_, with_snapshot = results["first_visit_bytes"], results["first_visit_bytes_with_snapshot"]
    print(f"\n5. First visit downloads {bytes_['files']} files, {bytes_['raw'] / 1e6:.2f} MB raw, "
          f"{bytes_['gzip'] / 1e6:.2f} MB gzip until saved offline; until its snapshot is made on the device "
          f"({with_snapshot['snapshot']}, {with_snapshot['made_on_the_device_ms']:.0f} ms after) "
          f"{with_snapshot['files']} files, {with_snapshot['raw'] / 1e6:.2f} MB raw, "
          f"{with_snapshot['gzip'] / 1e6:.2f} MB gzip (requested meanwhile: "
          f"{', '.join(with_snapshot['requested_while_it_was_made']) or 'nothing'}); "
          f"precache {results['precache']['files']} files, "
          f"{results['precache']['bytes'] / 1e6:.2f} MB; build {build_seconds:.1f} s; "
          f"engine wasm heap {(memory or {}).get('wasmHeapBytes', 0) / 1e6:.1f} MB")
    if before:
        earlier, earlier_bytes = results["before"], results["before"]["first_visit_bytes"]
        print(f"   the earlier site ({args.before_site}): ready cold {med(cold_before):.0f} ms, ours/earlier "
              f"{earlier['ratio_ours_to_before']:.2f}x; its first visit {earlier_bytes['files']} files, "
              f"{earlier_bytes['raw'] / 1e6:.2f} MB raw, {earlier_bytes['gzip'] / 1e6:.2f} MB gzip")
    print("   sent twice in the first visit:", ", ".join(results["first_visit_transferred"]["sent_twice"]) or "none")
    print("   downloaded but used by no page:", ", ".join(results["downloaded_but_unused"]) or "none")
    print("\n".join(table_lines(table) + map_lines(map_)))
    print(f"\n({args.rounds} alternated rounds; results in {args.out})")
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
