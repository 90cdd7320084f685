"""How fast the table answers a click, with the room busy (prints figures; never pass/fail).

Starts ``cardtable serve`` in a subprocess on a free port (temporary SQLite file) and keeps ``--tables`` tables
busy (100 by default): at each, a scripted person over the WebSocket protocol plays against bots, taking a random
time with mean ``--think`` seconds before each action (as ``load_web.py --think`` does). Meanwhile one person plays
Nap in Debian's chromium (Playwright); at each of her turns with a card to play, the card is clicked inside the
page and two times are taken there:

- click to felt: from the click until the card has left the hand and lies on the felt (the page shows it at
  once, before any answer; the server may still refuse it, and then the card goes back);
- click to the server's state: from the click until the page shows the state the server sent back for it (the
  action checked, written to the table's log and broadcast), as drawn.

Medians, 90th percentiles and the worst are printed over ``--clicks`` cards played.

    .venv/bin/python benchmarks/click_to_felt.py --tables 100 --clicks 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from load_web import create_table, free_port, play, start_server  # benchmarks/ is on the path as a script
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"

CLICK = """code => new Promise(done => {
  const b = document.querySelector(`#board .hand button.card.legal[data-card="${code}"]`);
  const rev = document.body.dataset.rev, t0 = performance.now();
  b.click();
  const onFelt = !document.querySelector(`#board .hand .card[data-card="${code}"]`)
    && !!document.querySelector(`#board .felt .played [data-code="${code}"]`);
  const felt = performance.now() - t0;
  new MutationObserver((_, obs) => {
    if (document.body.dataset.rev !== rev) { obs.disconnect(); done([onFelt, felt, performance.now() - t0]); }
  }).observe(document.body, { attributes: true });
})"""


def busy(base: str, tables: int, think: float, stop: threading.Event) -> threading.Thread:
    """``tables`` tables kept playing in a thread of their own until ``stop`` is set."""
    urls = [create_table(base, "nap", 4, "random") for _ in range(tables)]

    async def main() -> None:
        clock = {"clients": len(urls), "seconds": 3600.0, "warm": 0.0, "ready": asyncio.Event(),
                 "warm_latencies": []}
        held = [0, 0, 0]
        tasks = [asyncio.create_task(play(base.replace("http", "ws") + u, clock, [], held, i, think))
                 for i, u in enumerate(urls)]
        while not stop.is_set():
            await asyncio.sleep(0.2)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    return thread


def figures(name: str, xs: list[float]) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return f"{name}: median {statistics.median(xs):.1f} ms, 90% {p90:.1f} ms, worst {xs[-1]:.1f} ms ({len(xs)} clicks)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100, help="tables kept busy meanwhile (default 100)")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds each busy table's person thinks")
    ap.add_argument("--clicks", type=int, default=40, help="cards played in the browser (default 40)")
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    felt: list[float] = []
    state: list[float] = []
    refused_on_felt = 0
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(str(Path(tmp) / "bench.db"), port)
        stop = threading.Event()
        try:
            thread = busy(base, args.tables, args.think, stop)
            time.sleep(3)  # the busy tables connected and playing
            body = {"game": "nap", "players": 4, "deals": 100, "speed": "instant",
                    "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}
            req = urllib.request.Request(f"{base}/api/tables", data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"})
            table = json.load(urllib.request.urlopen(req))
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM)
                page = browser.new_page(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
                page.goto(base + next(s["url"] for s in table["seats"] if s.get("url")))
                while len(felt) < args.clicks:
                    page.wait_for_selector("#settlement, .me-zone.my-turn", timeout=60_000)
                    if page.locator("#settlement #next-deal:not([disabled])").count():
                        page.click("#settlement #next-deal")
                        page.wait_for_selector("#settlement", state="detached", timeout=60_000)
                        continue
                    cards = page.locator("#board .hand button.card.legal[data-action]")
                    if not cards.count():  # the bidding: pass (or the least bid when passing is not allowed)
                        rev = page.evaluate("document.body.dataset.rev")
                        page.locator("#board .actions button.act:not([disabled])").first.click()
                        page.wait_for_function("r => document.body.dataset.rev !== r", arg=rev, timeout=60_000)
                        continue
                    on, f, s = page.evaluate(CLICK, cards.first.get_attribute("data-card"))
                    refused_on_felt += not on
                    felt.append(f)
                    state.append(s)
                browser.close()
        finally:
            stop.set()
            server.terminate()
            server.wait()
    print(f"{args.tables} tables busy (a person thinking {args.think:g} s on average at each, bots at once)")
    print(figures("click to felt (shown at once, before the answer)", felt))
    print(figures("click to the server's state (as drawn)", state))
    if refused_on_felt:
        print(f"{refused_on_felt} clicks did not show the card on the felt at once")
    thread.join(timeout=10)


if __name__ == "__main__":
    main()
