#!/usr/bin/env bash
# public-api.sh — print the public API of each library module as sorted plain text, so that
# a change to the API shows up as an ordinary line diff.
#
# Usage:
#   scripts/public-api.sh [--no-build] [OUTPUT_DIR]
#
#   --no-build   use the existing debug build in .build instead of running `swift build` first
#                (the .swiftmodule files must be up to date; the script warns if sources are newer)
#   OUTPUT_DIR   where to write <Module>.txt (default: api/ at the package root)
#
# For each of SwiftOpenAI, SwiftAnthropic, SwiftAzureOpenAI, AISandbox and AICore it runs
# swift-symbolgraph-extract (public and open symbols only) and writes OUTPUT_DIR/<Module>.txt,
# one line per declaration:
#
#   <Type.member path> [<kind>] <declaration>
#   <Type path> [conformance] : <Protocol>
#
# Lines are prefixed with a marker when the declaration is not declared at top level in the module:
#   [extension of <Other>]     a member the module adds to a type from another module
#                              (from the <Module>@<Other>.symbols.json graphs)
#   [re-exported from <Mod>]   a declaration of another package module that the module re-exports
#                              (`@_exported import struct AICore.X` in Exports.swift)
# Extension-level `where` clauses, a `[default implementation]` mark on members of protocol
# extensions that implement a requirement, and @available attributes are appended. Doc comments
# and source locations are left out (they are not API). Members a type only inherits (protocol
# extension defaults such as `!=` or NIO's AsyncSequence helpers) are left out; the conformance
# lines carry that information. Then it prints `<Module>: N public declarations` (N counts
# declarations, not conformance lines).
#
# In review: run `scripts/public-api.sh` on the branch and commit the api/ directory (or compare it
# against the base branch's output with `diff -ru`). Every added, removed or changed public
# declaration, conformance, re-export or availability attribute is one changed line.
set -euo pipefail

MODULES=(SwiftOpenAI SwiftAnthropic SwiftAzureOpenAI AISandbox AICore)

die() { echo "public-api.sh: error: $*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

build=1
out_dir=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-build) build=0 ;;
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option '$1' (see --help)" ;;
        *) [[ -z "$out_dir" ]] || die "more than one OUTPUT_DIR given"; out_dir="$1" ;;
    esac
    shift
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out_dir="${out_dir:-$root/api}"
cd "$root"

command -v python3 >/dev/null || die "python3 not found"
swift_bin="$(command -v swift)" || die "swift not found on PATH"
extract="$(dirname "$(readlink -f "$swift_bin")")/swift-symbolgraph-extract"
[[ -x "$extract" ]] || die "swift-symbolgraph-extract not found next to swift ($extract)"

triple="$("$swift_bin" -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')" \
    || die "could not read the host target triple from 'swift -print-target-info'"

if [[ $build -eq 1 ]]; then
    echo "public-api.sh: swift build (debug)..." >&2
    "$swift_bin" build >&2 || die "swift build failed"
    bin_dir="$("$swift_bin" build --show-bin-path)" || die "swift build --show-bin-path failed"
else
    # Not `swift build --show-bin-path`: that waits for the .build lock if a build is running.
    bin_dir="$root/.build/$triple/debug"
    [[ -d "$bin_dir" ]] || bin_dir="$root/.build/debug"
fi
if [[ -d "$bin_dir/Modules" ]]; then mod_dir="$bin_dir/Modules"; else mod_dir="$bin_dir"; fi
build_yaml="$(dirname "$bin_dir")/../debug.yaml"
[[ -f "$build_yaml" ]] || build_yaml="$root/.build/debug.yaml"

for m in "${MODULES[@]}"; do
    [[ -f "$mod_dir/$m.swiftmodule" ]] ||
        die "$mod_dir/$m.swiftmodule not found; build first (run without --no-build)"
    if [[ -d "Sources/$m" && -n "$(find "Sources/$m" -name '*.swift' -newer "$mod_dir/$m.swiftmodule" -print -quit)" ]]; then
        echo "public-api.sh: warning: Sources/$m has files newer than $m.swiftmodule; the output may be stale" >&2
    fi
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/public-api.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# Search paths for the C modules of dependencies (NIO's CNIO*, _AtomicsShims, ...): take the -I and
# -Xcc flags the compiler was given for the module in SwiftPM's build description; if that cannot be
# read, fall back to every module map of a C target in the build directory and the checkouts.
search_flags() {
    local module="$1"
    if [[ -f "$build_yaml" ]] && python3 - "$build_yaml" "$module" >"$tmp/flags.$module" 2>/dev/null <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
m = re.search(r'^  "C\.' + re.escape(sys.argv[2]) + r'-[^"]*\.module":\n(?:    .*\n)*?    args: (\[.*\])$', text, re.M)
if not m:
    sys.exit(1)
args = json.loads(m.group(1))
i = 0
while i < len(args):
    if args[i] in ("-I", "-F", "-Xcc") and i + 1 < len(args):
        print(args[i]); print(args[i + 1]); i += 2
    else:
        i += 1
PY
    then
        cat "$tmp/flags.$module"
    else
        echo "-I"; echo "$mod_dir"
        local map
        for map in "$bin_dir"/*.build/module.modulemap "$root"/.build/checkouts/*/Sources/*/include/module.modulemap; do
            [[ -f "$map" ]] || continue
            printf '%s\n' -Xcc "-fmodule-map-file=$map"
            [[ "$map" == */include/module.modulemap ]] && printf '%s\n' -Xcc -I -Xcc "$(dirname "$map")"
        done
    fi
}

reexportable="$(IFS=,; echo "${MODULES[*]}")"
for m in "${MODULES[@]}"; do
    mkdir -p "$tmp/$m"
    mapfile -t flags < <(search_flags "$m")
    if ! "$extract" -module-name "$m" -minimum-access-level public \
        -target "$triple" "${flags[@]}" \
        -module-cache-path "$tmp/module-cache" \
        -skip-synthesized-members -omit-extension-block-symbols \
        -experimental-allowed-reexported-modules="$reexportable" \
        -output-dir "$tmp/$m" >"$tmp/$m.log" 2>&1; then
        cat "$tmp/$m.log" >&2
        die "swift-symbolgraph-extract failed for module $m (messages above)"
    fi
    [[ -s "$tmp/$m/$m.symbols.json" ]] ||
        { cat "$tmp/$m.log" >&2; die "swift-symbolgraph-extract wrote no $m.symbols.json"; }
done

mkdir -p "$out_dir"
python3 - "$tmp" "$out_dir" "$reexportable" "${MODULES[@]}" <<'PY'
import glob, json, os, re, sys

tmp, out_dir, local_modules, modules = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4:]

def one_line(fragments):
    return re.sub(r"\s+", " ", "".join(f["spelling"] for f in fragments)).strip()

def version(v):
    return ".".join(str(v[k]) for k in ("major", "minor", "patch") if k in v)

def availability(sym):
    parts = []
    for a in sym.get("availability", []):
        items = [a.get("domain", "*")]
        if "introduced" in a: items.append("introduced: " + version(a["introduced"]))
        if "deprecated" in a: items.append("deprecated: " + version(a["deprecated"]))
        if "obsoleted" in a: items.append("obsoleted: " + version(a["obsoleted"]))
        if a.get("isUnconditionallyDeprecated"): items.append("deprecated")
        if a.get("isUnconditionallyUnavailable"): items.append("unavailable")
        if "renamed" in a: items.append('renamed: "%s"' % a["renamed"])
        parts.append("@available(%s)" % ", ".join(items))
    return " ".join(sorted(parts))

def constraints(cs):
    ops = {"conformance": ":", "superclass": ":", "sameType": "=="}
    return ", ".join("%s %s %s" % (c["lhs"], ops.get(c["kind"], c["kind"]), c["rhs"]) for c in cs)

def origin(sym):
    # The package module a symbol is declared in, from its source location.
    uri = sym.get("location", {}).get("uri", "")
    m = re.search(r"/Sources/([^/]+)/", uri)
    return m.group(1) if m and m.group(1) in local_modules else None

for module in modules:
    files = sorted(glob.glob(os.path.join(tmp, module, "*.symbols.json")))
    graphs = []
    for path in files:
        name = os.path.basename(path)[: -len(".symbols.json")]
        extended = name.split("@", 1)[1] if "@" in name else None
        with open(path) as f:
            graphs.append((extended, json.load(f)))
    names = {}
    for _, g in graphs:
        for s in g["symbols"]:
            names[s["identifier"]["precise"]] = ".".join(s["pathComponents"])

    lines, count = [], 0
    for extended, g in graphs:
        by_id = {s["identifier"]["precise"]: s for s in g["symbols"]}
        defaults = {r["source"] for r in g["relationships"] if r["kind"] == "defaultImplementationOf"}

        def marker(sym):
            if extended:
                return "[extension of %s] " % extended
            o = origin(sym)
            return "[re-exported from %s] " % o if o and o != module else ""

        for s in g["symbols"]:
            line = "%s%s [%s] %s" % (marker(s), ".".join(s["pathComponents"]),
                                      s["kind"]["identifier"].removeprefix("swift."),
                                      one_line(s.get("declarationFragments", [])))
            ext = s.get("swiftExtension", {})
            if ext.get("constraints"):
                line += " [extension where %s]" % constraints(ext["constraints"])
            if s["identifier"]["precise"] in defaults:
                line += " [default implementation]"
            avail = availability(s)
            if avail:
                line += " " + avail
            lines.append(line)
            count += 1
        for r in g["relationships"]:
            if r["kind"] not in ("conformsTo", "inheritsFrom") or r["source"] not in by_id:
                continue
            s = by_id[r["source"]]
            target = names.get(r["target"]) or r.get("targetFallback") or r["target"]
            line = "%s%s [%s] : %s" % (marker(s), ".".join(s["pathComponents"]),
                                       "conformance" if r["kind"] == "conformsTo" else "superclass",
                                       target)
            if r.get("swiftConstraints"):
                line += " where " + constraints(r["swiftConstraints"])
            lines.append(line)

    # Own declarations first, then extensions of other modules' types, then re-exports.
    def key(line):
        return (1 if line.startswith("[extension of ") else 2 if line.startswith("[re-exported ") else 0, line)
    lines.sort(key=key)
    with open(os.path.join(out_dir, module + ".txt"), "w") as f:
        f.write("".join(l + "\n" for l in lines))
    print("%s: %d public declarations" % (module, count))
PY
