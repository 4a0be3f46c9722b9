#!/usr/bin/env python3
"""Builds Lamina's DocC documentation: one archive per module, merged into one static site.

`make docs` runs it (the Makefile says why symbol graphs and `docc` rather than the DocC plugin).
The steps:

1. `swift build` builds the package's non-test targets (reusing the debug build of `make build`
   or `make demo`), and `swift package dump-symbol-graph` writes each module's public symbol
   graph, with its extensions of other modules' types in files of their own
   (`LaminaUI@LaminaLayers`).
2. Every listed module must have a catalog, `Sources/<Module>/<Module>.docc`, and 100 % of its
   public symbols documented (Scripts/doc-coverage.py, whose exceptions are listed, with their
   reasons, in Scripts/doc-coverage-exceptions.txt).
3. The umbrella's catalog is copied and given its tutorials' resources (`stage_tutorial_catalog`):
   the code each step shows, from the modules under Tests/Tutorials that `make test` compiles
   and runs, and the frames that code drew, from Docs/images (`make docs-images`). The files
   are named there `<folder>-<file>`, as the `.tutorial` files refer to them.
4. `docc convert` makes one archive per module, modules a module imports first, so that its
   pages resolve links into theirs: a link to another module's symbol is written with the module
   in front and a leading slash, ``/LaminaLayers/Layer``, and resolves against that module's
   archive (`--dependency`). The umbrella, Lamina, comes last and may link to every module.
   Any DocC warning, an unresolved link among them, fails the build (`--warnings-as-errors`).
5. `docc merge` combines the archives into one site for static hosting, with a root page
   listing the modules.

Usage: build-docs.py --modules "LaminaTrace LaminaLoop ..." --umbrella Lamina --output .build/docs
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fail(message: str) -> None:
    print(f"make docs: {message}", file=sys.stderr)
    sys.exit(1)


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, text=True, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, **kwargs)


def dump_symbol_graphs(swift: str) -> Path:
    """Builds the package, runs `swift package dump-symbol-graph` and returns the folder it wrote."""
    # The build first, on its own, so that its progress shows as it goes (dump-symbol-graph would
    # build the same targets, silently here); dump-symbol-graph then only extracts.
    if subprocess.run([swift, "build"], cwd=ROOT).returncode != 0:
        fail("swift build failed")
    result = run([swift, "package", "dump-symbol-graph", "--minimum-access-level", "public",
                  "--emit-extension-block-symbols"])
    # SwiftPM also tries the modules it synthesizes to discover tests (<Package>PackageTests,
    # <Package>PackageDiscoveredTests), which a build without tests never makes, reports an
    # error for each and exits 1 even though every module of the package was written. Those two
    # errors are expected; any other error is not.
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    unexpected = [line for line in errors
                  if not re.match(r"error: Failed to emit symbol graph for '\w+Package(Discovered)?Tests'", line)]
    if unexpected:
        print(result.stdout, end="", file=sys.stderr)
        fail("swift package dump-symbol-graph failed:\n" + "\n".join(unexpected))
    match = re.search(r"^Files written to (.+)$", result.stdout, re.MULTILINE)
    if not match:
        fail("swift package dump-symbol-graph wrote no symbol graphs (exit status %d)" % result.returncode)
    return Path(match.group(1).strip())


def target_dependencies(swift: str) -> dict[str, set[str]]:
    """Each target's direct dependencies among the package's own targets."""
    result = subprocess.run([swift, "package", "describe", "--type", "json"], cwd=ROOT, text=True,
                            capture_output=True, check=True)
    targets = json.loads(result.stdout)["targets"]
    return {t["name"]: set(t.get("target_dependencies", [])) for t in targets}


def transitive(module: str, graph: dict[str, set[str]]) -> set[str]:
    seen: set[str] = set()
    stack = list(graph.get(module, ()))
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(graph.get(name, ()))
    return seen


def build_order(modules: list[str], umbrella: str, graph: dict[str, set[str]]) -> list[tuple[str, list[str]]]:
    """The modules, each after the listed modules it imports (list order among equals), the
    umbrella last; with each module, the listed modules whose archives its links may reach."""
    reach = {m: [d for d in modules if d in transitive(m, graph)] for m in modules}
    if umbrella in modules:
        reach[umbrella] = [m for m in modules if m != umbrella]
    order: list[str] = []
    while len(order) < len(modules):
        ready = [m for m in modules if m not in order and all(d in order for d in reach[m])]
        if not ready:
            fail("the modules' dependencies form a cycle: " + ", ".join(m for m in modules if m not in order))
        order.append(ready[0])
    return [(m, reach[m]) for m in order]


def stage_symbol_graphs(module: str, source: Path, destination: Path) -> None:
    """Copies a module's symbol graphs (its own and its extensions' files) to a folder of its own."""
    destination.mkdir(parents=True)
    files = [source / f"{module}.symbols.json", *sorted(source.glob(f"{module}@*.symbols.json"))]
    if not files[0].exists():
        fail(f"no symbol graph for {module} in {source}: is it a library target of this package?")
    for file in files:
        shutil.copy(file, destination)


TUTORIAL_CODE = ROOT / "Tests" / "Tutorials"


def stage_tutorial_catalog(catalog: Path, destination: Path) -> Path:
    """A copy of `catalog` with the tutorials' code and frames in its Resources folder.

    Code: `Tests/Tutorials/<folder>/<file>.swift` becomes `<folder>-<file>.swift` (each
    folder's Check.swift, which checks the step and writes its frame, and the Support folder
    are the test's, not the tutorial's), and a `.swift` file directly in Tests/Tutorials keeps its
    name. Pictures: `Docs/images/tutorial-*.png`, and each snapshot reference
    `<folder>/__Snapshots__/<suite>/<test>.1.png` as `<folder>-<test>.png`.
    """
    shutil.copytree(catalog, destination)
    resources = destination / "Resources"
    resources.mkdir(exist_ok=True)
    copies: dict[str, Path] = {}
    for file in sorted(TUTORIAL_CODE.glob("*.swift")):
        copies[file.name] = file
    for file in sorted(TUTORIAL_CODE.glob("*/*.swift")):
        if file.parent.name != "Support" and file.name != "Check.swift":
            copies[f"{file.parent.name}-{file.name}"] = file
    for file in sorted(TUTORIAL_CODE.glob("*/__Snapshots__/*/*.png")):
        test = re.sub(r"\.\d+$", "", file.stem)
        copies[f"{file.parents[2].name}-{test}.png"] = file
    for file in sorted((ROOT / "Docs" / "images").glob("tutorial-*.png")):
        copies[file.name] = file
    for name, file in copies.items():
        shutil.copy(file, resources / name)
    return destination


def convert(docc: str, module: str, symbol_graphs: Path, archive: Path, dependencies: list[Path],
            staging: Path | None = None) -> bool:
    """Makes the module's archive; prints DocC's diagnostics and returns false when it had any.
    With `staging`, the catalog is first copied there with the tutorials' resources."""
    catalog = ROOT / "Sources" / module / f"{module}.docc"
    if not catalog.is_dir():
        fail(f"{module} has no documentation catalog: add Sources/{module}/{module}.docc/{module}.md")
    if staging is not None and (catalog / "Tutorials").is_dir():
        catalog = stage_tutorial_catalog(catalog, staging / f"{module}.docc")
    command = [
        docc, "convert", str(catalog),
        "--additional-symbol-graph-dir", str(symbol_graphs),
        "--output-path", str(archive),
        "--fallback-display-name", module,
        "--fallback-bundle-identifier", module,
        # Write the link metadata other archives resolve against, and read the dependencies'.
        "--enable-experimental-external-link-support",
        *[argument for dependency in dependencies for argument in ("--dependency", str(dependency))],
        # A conformance's `description` or `==` shows the protocol requirement's documentation.
        "--enable-inherited-docs",
        "--transform-for-static-hosting",
        "--warnings-as-errors",
    ]
    result = run(command)
    problems = [line for line in result.stdout.splitlines()
                if line.startswith(("warning:", "error:"))]
    if result.returncode != 0 or problems:
        print(result.stdout, end="", file=sys.stderr)
        print(f"make docs: docc convert failed for {module} ({len(problems)} diagnostics above)", file=sys.stderr)
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modules", required=True, help="the modules to document, in pipeline order")
    parser.add_argument("--umbrella", default="Lamina", help="the module whose page links every module")
    parser.add_argument("--output", default=".build/docs", help="the static site's folder")
    parser.add_argument("--work", default=".build/docs-work", help="symbol graphs and per-module archives")
    parser.add_argument("--swift", default=os.environ.get("SWIFT", "swift"))
    parser.add_argument("--docc", default=shutil.which("docc") or "docc")
    parser.add_argument("--keep-going", action="store_true",
                        help="convert every module even after one fails, to see all diagnostics at once")
    arguments = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)   # in order with the build's own output
    modules = arguments.modules.split()
    started = time.monotonic()

    print("make docs: building the package and dumping its public symbol graphs")
    symbol_graph_dump = dump_symbol_graphs(arguments.swift)
    work = ROOT / arguments.work
    shutil.rmtree(work, ignore_errors=True)
    for module in modules:
        stage_symbol_graphs(module, symbol_graph_dump, work / "symbol-graphs" / module)

    coverage = subprocess.run([sys.executable, str(ROOT / "Scripts" / "doc-coverage.py"),
                               str(work / "symbol-graphs"), *modules], cwd=ROOT)
    if coverage.returncode != 0:
        fail("public symbols without documentation (above)")

    (work / "archives").mkdir(parents=True)
    archives: dict[str, Path] = {}
    failed: list[str] = []
    for module, reachable in build_order(modules, arguments.umbrella, target_dependencies(arguments.swift)):
        archive = work / "archives" / f"{module}.doccarchive"
        print(f"make docs: docc convert {module}" + (f" (links into {', '.join(reachable)})" if reachable else ""))
        if not convert(arguments.docc, module, work / "symbol-graphs" / module, archive, [archives[d] for d in reachable],
                       staging=work / "catalogs"):
            failed.append(module)
            if not arguments.keep_going:
                break
        archives[module] = archive
    if failed:
        fail("DocC diagnostics in " + ", ".join(failed) + " (above); every warning is an error")

    output = ROOT / arguments.output
    shutil.rmtree(output, ignore_errors=True)
    # The umbrella first, then the pipeline's order: the root page lists them so.
    merge_order = sorted(modules, key=lambda m: (m != arguments.umbrella, modules.index(m)))
    result = run([arguments.docc, "merge", *[str(archives[m]) for m in merge_order],
                  "--output-path", str(output),
                  "--synthesized-landing-page-name", f"{arguments.umbrella} documentation",
                  "--synthesized-landing-page-kind", "Package"])
    if result.returncode != 0 or re.search(r"^(warning|error):", result.stdout, re.MULTILINE):
        print(result.stdout, end="", file=sys.stderr)
        fail("docc merge failed")

    landing = f"documentation/{arguments.umbrella.lower()}"
    if not (output / landing / "index.html").exists():
        fail(f"the merged site has no {landing}/index.html")
    print(f"make docs: {len(modules)} modules documented in {output.relative_to(ROOT)}/ "
          f"({time.monotonic() - started:.0f} s). To read it:")
    print(f"    cd {output.relative_to(ROOT)} && python3 -m http.server 8000 --bind 127.0.0.1")
    print(f"    then open http://127.0.0.1:8000/{landing}/ (every module: http://127.0.0.1:8000/documentation/)")


if __name__ == "__main__":
    main()
