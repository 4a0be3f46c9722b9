#!/usr/bin/env python3
"""Opens pages of the documentation site (`make docs`) in headless Chromium and checks that each
rendered: its title and the text it must show, not DocC's error page.

DocC's pages are a JavaScript app: the HTML on disk holds only a "requires JavaScript" notice,
and the page is rendered from JSON in the browser. So each page is loaded in Chromium
(`--headless --dump-dom`, with a virtual-time budget that lets the app fetch its data and
render), and the DOM it leaves is read: the page's `<h1>` must carry the title, the text must
contain the expected phrases, and it must not contain DocC's "page not found" message.

The site is served on 127.0.0.1 at a free port by a server in this process, for as long as the
check runs. Chromium comes from Debian's package, installed when missing by
`Scripts/install-deps.sh --browser` (`make demo` and `make test` never install a browser).
With --screenshot, a page (--screenshot-page, the first PAGE by default) is also saved as a
PNG of --screenshot-size pixels (the README's Docs/images/docs-tutorial.png is the tutorial's
first step).

Usage: check-docs-in-browser.py [--site .build/docs] [--screenshot PATH [--screenshot-page PATH]
       [--screenshot-size W,H]] PAGE...
A PAGE is `path|title|phrase|phrase…`: the path under the site, the title its `<h1>` must show,
and phrases its text must contain.
"""
from __future__ import annotations

import argparse
import html
import re
import shutil
import subprocess
import sys
import threading
import urllib.request
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_FOUND = "The page you're looking for can't be found"
# Enough virtual time for DocC's app to fetch a page's JSON and render it; virtual time runs
# faster than the wall clock once the page is idle, so a quick page costs little.
VIRTUAL_TIME_BUDGET_MS = 15000


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 — the base class's signature
        pass


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    print("check-docs: Chromium is missing; installing Debian's package (Scripts/install-deps.sh --browser)")
    subprocess.run(["bash", str(ROOT / "Scripts" / "install-deps.sh"), "--browser"], check=True)
    path = shutil.which("chromium")
    if not path:
        sys.exit("check-docs: chromium is still missing after installing it")
    return path


def browser_arguments(browser: str, window_size: str = "1280,1000") -> list[str]:
    # --no-sandbox: Chromium's sandbox refuses to run as root, which CI and these machines are.
    return [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--no-first-run", f"--window-size={window_size}",
            f"--virtual-time-budget={VIRTUAL_TIME_BUDGET_MS}"]


def rendered_dom(browser: str, url: str) -> str:
    result = subprocess.run(browser_arguments(browser) + ["--dump-dom", url],
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        sys.exit(f"check-docs: chromium failed on {url}:\n{result.stderr[-2000:]}")
    return result.stdout


def visible_text(dom: str) -> str:
    dom = re.sub(r"<(script|style|noscript)\b.*?</\1>", " ", dom, flags=re.DOTALL | re.IGNORECASE)
    dom = re.sub(r"<wbr\b[^>]*>", "", dom)   # DocC's break hints inside long names (set<wbr>Needs…)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", dom)))


def check_page(browser: str, base: str, spec: str) -> list[str]:
    path, title, *phrases = spec.split("|")
    url = f"{base}/{path.lstrip('/')}"
    problems = []
    try:
        with urllib.request.urlopen(url) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    if status != 200:
        return [f"{url}: HTTP {status}"]
    dom = rendered_dom(browser, url)
    headings = [visible_text(h).strip() for h in re.findall(r"<h1\b[^>]*>(.*?)</h1>", dom, re.DOTALL)]
    text = visible_text(dom)
    if NOT_FOUND in text:
        problems.append(f"{url}: DocC's error page ({NOT_FOUND!r})")
    if title not in headings:
        problems.append(f"{url}: no <h1> {title!r} (headings: {headings})")
    for phrase in phrases:
        if phrase not in text:
            problems.append(f"{url}: the text lacks {phrase!r}")
    if not problems:
        print(f"check-docs: ok   {path} — “{title}”, {len(text.split())} words rendered")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", default=".build/docs")
    parser.add_argument("--screenshot", help="save a page, rendered, as this PNG")
    parser.add_argument("--screenshot-page", help="the page to save (default: the first PAGE)")
    parser.add_argument("--screenshot-size", default="1280,1000", help="the screenshot's width,height in pixels")
    parser.add_argument("pages", nargs="+")
    arguments = parser.parse_args()
    site = ROOT / arguments.site
    if not (site / "index.html").exists():
        sys.exit(f"check-docs: no site in {site}: run `make docs` first")
    browser = chromium()

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"check-docs: serving {site.relative_to(ROOT)} at {base}")
    try:
        results = {spec: check_page(browser, base, spec) for spec in arguments.pages}
        problems = [problem for found in results.values() for problem in found]
        if arguments.screenshot and not problems:
            target = ROOT / arguments.screenshot
            page = (arguments.screenshot_page or arguments.pages[0].split("|")[0]).lstrip("/")
            subprocess.run(browser_arguments(browser, arguments.screenshot_size) + [f"--screenshot={target}", f"{base}/{page}"],
                           capture_output=True, check=True, timeout=120)
            print(f"check-docs: screenshot of {page} written to {arguments.screenshot}")
    finally:
        server.shutdown()
    for problem in problems:
        print(f"check-docs: FAIL {problem}")
    failed = sum(1 for found in results.values() if found)
    print(f"check-docs: {len(results) - failed} passed, {failed} failed")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
