#!/usr/bin/env python3
"""Lists Lamina's public symbols that have no documentation, from the symbol graphs themselves.

Usage: doc-coverage.py SYMBOL_GRAPH_DIR MODULE...
SYMBOL_GRAPH_DIR holds a folder per module with its symbol graphs (Scripts/build-docs.py stages
them so). Prints each module's count and every undocumented public symbol, and exits 1 when one
is not listed in Scripts/doc-coverage-exceptions.txt (a line per symbol: its module, its path as
DocC writes it, and why it stays undocumented), or when a listed exception is documented now or
no longer exists.

Why not DocC's own `--experimental-documentation-coverage`: it counts a symbol as undocumented
when its documentation is inherited from a protocol in another module (every `description`,
`==` and `hash(into:)`), and counts the members a type gets from a protocol's extensions, so its
figures mix Lamina's gaps with the standard library's.

What is counted: every `public` or `open` symbol a module declares, in its own symbol graph and
in the graphs of its extensions to other modules' types (`LaminaUI@LaminaLayers`), enum cases
included. Three kinds of symbol are not counted, each for a reason:
- Extension blocks (`swift.extension`): the extension itself has no page of its own; its members
  are counted one by one.
- Synthesized members (their identifier carries `::SYNTHESIZED::`): what a type gets from a
  protocol extension or a superclass, such as `!=` from `Equatable`. They are written elsewhere,
  and show that place's documentation.
- Implementations of a protocol requirement, or overrides, without a comment of their own: the
  symbol graph gives them the requirement's (or the overridden member's) documentation, which
  DocC shows (`--enable-inherited-docs`). They are recognised by a doc comment that is not
  written right above the declaration. Counted apart, as "inherited".
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

EXCEPTIONS = Path(__file__).resolve().parent / "doc-coverage-exceptions.txt"
# Lines a declaration's own doc comment may end above it: attributes such as `@MainActor`,
# `@discardableResult` or `@available(...)` sit in between.
MAX_GAP = 6


def own_comment(symbol: dict) -> bool:
    """Whether the symbol's doc comment is written right above its declaration."""
    comment = symbol.get("docComment")
    location = symbol.get("location")
    if not comment or not comment.get("lines"):
        return False
    # An inherited comment comes without a file (the standard library's) or from another place.
    if location is None or comment.get("uri") != location["uri"]:
        return False
    last = comment["lines"][-1].get("range", {}).get("end", {}).get("line")
    return last is not None and 0 <= location["position"]["line"] - last <= MAX_GAP


def symbol_path(symbol: dict) -> str:
    return "/".join(symbol["pathComponents"])


def module_symbols(folder: Path, module: str) -> list[dict]:
    symbols = []
    for file in sorted(folder.glob("*.symbols.json")):
        graph = json.loads(file.read_text())
        symbols.extend(graph["symbols"])
    return symbols


def load_exceptions() -> dict[tuple[str, str], str]:
    exceptions = {}
    if not EXCEPTIONS.exists():
        return exceptions
    for number, line in enumerate(EXCEPTIONS.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 3 or not parts[2]:
            print(f"{EXCEPTIONS.name}:{number}: want 'Module | Symbol/path | why', got: {line}")
            sys.exit(1)
        exceptions[(parts[0], parts[1])] = parts[2]
    return exceptions


def main() -> None:
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    root = Path(sys.argv[1])
    modules = sys.argv[2:]
    exceptions = load_exceptions()
    used: set[tuple[str, str]] = set()
    failures: list[str] = []
    totals = Counter()
    for module in modules:
        counts = Counter()
        undocumented = []
        for symbol in module_symbols(root / module, module):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if own_comment(symbol):
                counts["documented"] += 1
            elif symbol.get("docComment"):
                counts["inherited"] += 1
            else:
                counts["undocumented"] += 1
                undocumented.append(symbol_path(symbol))
        totals.update(counts)
        counted = counts["documented"] + counts["undocumented"]
        percent = 100.0 * counts["documented"] / counted if counted else 100.0
        print(f"doc coverage: {module}: {counts['documented']}/{counted} public symbols documented "
              f"({percent:.1f} %), {counts['inherited']} with inherited documentation")
        for path in sorted(set(undocumented)):
            key = (module, path)
            if key in exceptions:
                used.add(key)
                print(f"    excepted: {module}/{path}: {exceptions[key]}")
            else:
                failures.append(f"{module}/{path}")
    stale = [f"{m}/{p}" for (m, p) in exceptions if (m, p) not in used and m in modules]
    counted = totals["documented"] + totals["undocumented"]
    print(f"doc coverage: all: {totals['documented']}/{counted} documented, "
          f"{totals['undocumented']} undocumented ({len(used)} of them listed exceptions)")
    if failures:
        print(f"doc coverage: {len(failures)} public symbols have no documentation comment:")
        for failure in failures:
            print(f"    {failure}")
    if stale:
        print(f"doc coverage: {EXCEPTIONS.name} lists symbols that are documented now or gone:")
        for entry in stale:
            print(f"    {entry}")
    sys.exit(1 if failures or stale else 0)


if __name__ == "__main__":
    main()
