"""The table page's weight and time to first render (prints figures; never pass/fail).

Starts ``cardtable serve`` in a subprocess on a free port (temporary SQLite file), creates a table per game
(one person, bots), and opens the person's seat link in Debian's chromium (Playwright) several times, each in a
fresh browser context (nothing cached). Reports:

- the page weight: the bytes of every HTML, JavaScript, CSS and SVG response of the table page, as served
  (and gzip-compressed, what a compressing proxy would send);
- first contentful paint (the bar), and the time until the table is drawn: the seats around the felt and the
  hand, from the first state frame (navigation start to the moment the felt is in the page, by a
  MutationObserver), median over the loads.

    .venv/bin/python benchmarks/web_page.py --games nap,michigan,coon-can --loads 5
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import tempfile
import urllib.request
from pathlib import Path

from load_web import free_port, start_server  # benchmarks/ is on the path when run as a script
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
DRAWN = """
window.__drawn = null;
new MutationObserver((_, obs) => {
  if (document.querySelector('#board .felt .plate') && window.__drawn === null) {
    window.__drawn = performance.now();
    obs.disconnect();
  }
}).observe(document, {childList: true, subtree: true});
"""


def create(url: str, game: str) -> str:
    info = json.loads(urllib.request.urlopen(f"{url}/api/games").read())
    g = next(x for x in info["games"] if x["id"] == game)
    n = g["default_players"]
    body = {"game": game, "players": n, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * (n - 1)}
    req = urllib.request.Request(f"{url}/api/tables", data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    out = json.loads(urllib.request.urlopen(req).read())
    return url + next(s["url"] for s in out["seats"] if s.get("url"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="nap,michigan,coon-can")
    ap.add_argument("--loads", type=int, default=5)
    args = ap.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "bench.db", port)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--headless"])
                for game in args.games.split(","):
                    link = create(url, game)
                    fcp, drawn, weights = [], [], []
                    for _ in range(args.loads):
                        context = browser.new_context(viewport={"width": 1280, "height": 860})
                        context.add_init_script(DRAWN)
                        page = context.new_page()
                        sizes: dict[str, tuple[int, int]] = {}

                        def note(response: object, sizes: dict[str, tuple[int, int]] = sizes) -> None:
                            kind = response.headers.get("content-type", "")  # type: ignore[attr-defined]
                            if any(k in kind for k in ("html", "javascript", "css", "svg")):
                                body = response.body()  # type: ignore[attr-defined]
                                sizes[response.url] = (len(body), len(gzip.compress(body)))  # type: ignore[attr-defined]

                        page.on("response", note)
                        page.goto(link)
                        page.wait_for_function("window.__drawn !== null", timeout=20000)
                        drawn.append(page.evaluate("window.__drawn"))
                        fcp.append(page.evaluate(
                            "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN"))
                        page.wait_for_load_state("networkidle")
                        weights.append(sizes)
                        context.close()
                    sizes = weights[-1]
                    raw, packed = sum(a for a, _ in sizes.values()), sum(b for _, b in sizes.values())
                    print(f"{game}: {len(sizes)} files, {raw} bytes ({packed} gzipped); "
                          f"first contentful paint {statistics.median(fcp):.0f} ms, "
                          f"table drawn {statistics.median(drawn):.0f} ms (median of {args.loads}; "
                          f"min {min(drawn):.0f}, max {max(drawn):.0f})")
                    for u, (a, b) in sorted(sizes.items()):
                        print(f"    {a:7d} {b:6d}  {u.replace(url, '')}")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
