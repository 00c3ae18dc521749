#!/usr/bin/env python3
"""Checks what no Linux build can: that the manifests' promises hold on Apple platforms too.

1. Tools version: each package's `swift-tools-version` is at least the lowest toolchain that can load every
   resolved dependency (a dependency with only 6.2 manifests can't be resolved by Xcode 16, whatever we declare).
2. Platforms: for every target's product dependency that can apply to an Apple platform, the package's minimum
   for that platform is at least the dependency package's (SwiftPM refuses the build plan on a Mac otherwise).
3. Guards: known platform-only APIs appear only inside an `#if` that excludes the platforms lacking them, and the
   platform is never guessed from `canImport` of a module that an app may bring along (extend RULES as you find
   more).

Run after `swift package resolve --enable-all-traits` of the packages (scripts/prepare-tests does). Exits 1 and names each problem.
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = [ROOT, ROOT / "Apps" / "InfiniteStories", ROOT / "Apps" / "Relay"]
APPLE = ["macos", "ios", "tvos", "watchos", "visionos", "maccatalyst"]
# A server package is built on macOS (and Linux) only, never for a device: its minimums are checked for macOS alone.
SERVER_PACKAGES = {ROOT / "Apps" / "Relay": ["macos"]}
# SwiftPM's minimums for a platform a package doesn't declare (PackageDescription 6.2).
DEFAULT_MINIMUMS = {"macos": "10.13", "ios": "12.0", "tvos": "12.0", "watchos": "4.0", "visionos": "1.0",
                    "maccatalyst": "13.0"}
problems = []
SCRATCH = Path(tempfile.mkdtemp(prefix="check-platforms-"))


def version(text):
    parts = [int(part) for part in re.findall(r"\d+", text)[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


def shown(v):
    return ".".join(str(part) for part in v).removesuffix(".0")


def declared_tools_version(manifest):
    first = manifest.read_text().splitlines()[0]
    match = re.match(r"//\s*swift-tools-version\s*:\s*([\d.]+)", first)
    if not match:
        problems.append(f"{manifest}: no swift-tools-version on the first line")
        return (0, 0, 0)
    return version(match.group(1))


def lowest_loading_toolchain(package_dir):
    """The lowest toolchain that finds a manifest it can read: Package.swift, or Package@swift-X.swift for X ≤ it."""
    candidates = []
    for manifest in package_dir.glob("Package*.swift"):
        tools = declared_tools_version(manifest)
        suffix = re.match(r"Package@swift-([\d.]+)\.swift", manifest.name)
        candidates.append(max(tools, version(suffix.group(1))) if suffix else tools)
    return min(candidates) if candidates else None


def dump(package_dir):
    # A scratch folder of its own: reading a manifest must not wait for a build that holds the package's .build.
    result = subprocess.run(["swift", "package", "--package-path", str(package_dir), "--scratch-path",
                             str(SCRATCH / package_dir.name), "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        problems.append(f"{package_dir}: swift package dump-package failed: {result.stderr.strip()[:400]}")
        return None
    return json.loads(result.stdout)


def minimums(manifest_json):
    return {p["platformName"]: version(p["version"]) for p in manifest_json.get("platforms") or []}


def check_package(package_dir):
    manifest = dump(package_dir)
    if manifest is None:
        return
    ours = declared_tools_version(package_dir / "Package.swift")
    checkouts = package_dir / ".build" / "checkouts"
    if not checkouts.is_dir():
        problems.append(f"{package_dir}: not resolved (run swift package resolve first)")
        return
    for checkout in sorted(checkouts.iterdir()):
        needed = lowest_loading_toolchain(checkout)
        if needed and needed > ours:
            problems.append(f"{package_dir.relative_to(ROOT.parent)}/Package.swift declares tools {shown(ours)}, but "
                            f"{checkout.name} needs a {shown(needed)} toolchain to load")

    our_minimums = minimums(manifest)
    # Product dependencies name a package by its name or identity; map both to the folder holding its manifest.
    by_folder = {child.name.lower(): child for child in checkouts.iterdir()}
    dependency_dirs = {}
    for dependency in manifest.get("dependencies", []):
        for kind in ("sourceControl", "fileSystem"):
            for entry in dependency.get(kind, []):
                directory = Path(entry["path"]) if kind == "fileSystem" else by_folder.get(entry["identity"].lower())
                for key in (entry["identity"], entry.get("nameForTargetDependencyResolutionOnly") or ""):
                    if key and directory:
                        dependency_dirs[key.lower()] = directory
    dependency_minimums = {}
    for target in manifest["targets"]:
        for dep in target.get("dependencies", []):
            if "product" not in dep:
                continue
            product, package_name, _, condition = (dep["product"] + [None, None, None])[:4]
            platforms = [p["name"] for p in ((condition or {}).get("platformNames") and
                                             [{"name": n} for n in condition["platformNames"]] or [])]
            apple = SERVER_PACKAGES.get(package_dir, APPLE)
            applies_to = [p for p in apple if not platforms or p in platforms]
            if not applies_to:
                continue
            key = (package_name or "").lower()
            directory = dependency_dirs.get(key)
            if directory is None or not directory.exists():
                problems.append(f"{target['name']}: can't find the package of product {product} ({package_name}); "
                                f"resolve with every trait first (swift package resolve --enable-all-traits)")
                continue
            if key not in dependency_minimums:
                dumped = dump(directory)
                dependency_minimums[key] = minimums(dumped) if dumped else {}
            for platform, needed in dependency_minimums[key].items():
                if platform not in applies_to:
                    continue
                have = our_minimums.get(platform, version(DEFAULT_MINIMUMS.get(platform, "0")))
                if have < needed:
                    problems.append(
                        f"{package_dir.relative_to(ROOT.parent)}: target {target['name']} supports {platform} "
                        f"{shown(have)}, but product {product} of {package_name} requires {shown(needed)}")


# --- Guards ---------------------------------------------------------------------------------------------------------
# (what to look for, the condition that must enclose it, why). Conditions are matched against the enclosing #if
# lines (an #else adds the negated #if).
APPLE_GUARD = r"os\((macOS|iOS|tvOS|watchOS|visionOS)\)|canImport\((Darwin|CryptoKit|Network|Security|UIKit|AppKit)\)"
RULES = [
    (r"canImport\(AsyncHTTPClient\)|canImport\(NIO",
     None, "an app may bring AsyncHTTPClient or NIO along on iOS: use SWIFTAI_NIO, which the manifest sets"),
    (r"\bSOCK_STREAM\.rawValue", r"os\(Linux\)|canImport\(Glibc\)|canImport\(Musl\)",
     "SOCK_STREAM is an enum only on Linux (Darwin's is an Int32)"),
    (r"\bimport\s+(Glibc|Musl)\b", r"canImport\((Glibc|Musl)\)|os\(Linux\)", "Linux-only C library"),
    (r"\bimport\s+Darwin\b", APPLE_GUARD, "Apple-only C library"),
    (r"\bimport\s+(CryptoKit|UIKit|AppKit|Security|Network)\b", APPLE_GUARD, "Apple-only framework"),
    (r"\bimport\s+FoundationNetworking\b", r"canImport\(FoundationNetworking\)", "Linux-only Foundation module"),
    (r"hasSuffix\(\"\.xctest\"\)|PackageTests\"", None,
     "behaviour must not depend on how the host process is named"),
]
SDK_SOURCES = ["Sources/AICore", "Sources/SwiftOpenAI", "Sources/SwiftAnthropic", "Sources/SwiftAzureOpenAI",
               "Sources/InfiniteStories"]
# Library targets may be built for iOS, tvOS, watchOS and visionOS; executables and tests only for macOS and Linux.
LIBRARY_SOURCES = ["Sources/AICore", "Sources/SwiftOpenAI", "Sources/SwiftAnthropic", "Sources/SwiftAzureOpenAI",
                   "Sources/InfiniteStories", "Sources/AISandbox", "Sources/SwiftAIMacros", "Sources/SwiftAIMCP",
                   "Apps/InfiniteStories/Sources/InfiniteStoriesStore", "Apps/InfiniteStories/Sources/InfiniteStoriesWeb"]
PROCESS = (r"(\bFoundation\.Process\b|\bProcess\(\)|:\s*Process\b)", r"os\((macOS|Linux)\)",
           "Foundation.Process doesn't exist on iOS, tvOS, watchOS or visionOS")
NIO_ONLY_IMPORT = (r"\bimport\s+(AsyncHTTPClient|NIO\w*|Crypto)\b", r"\bSWIFTAI_NIO\b",
                   "the SDK libraries reach SwiftNIO and swift-crypto only where the manifest links them")


def enclosing_conditions(lines):
    stack = []
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("#if "):
            stack.append(stripped[4:])
        elif stripped.startswith("#elseif "):
            if stack:
                stack[-1] = "!(" + stack[-1] + ") " + stripped[8:]
        elif stripped.startswith("#else"):
            if stack:
                stack[-1] = "!(" + stack[-1] + ")"
        elif stripped.startswith("#endif"):
            if stack:
                stack.pop()
        yield line, " && ".join(stack)


def check_guards():
    roots = [ROOT / "Sources", ROOT / "Tests", ROOT / "Examples", ROOT / "Apps" / "InfiniteStories" / "Sources",
             ROOT / "Apps" / "InfiniteStories" / "Tests"]
    for folder in roots:
        for path in sorted(folder.rglob("*.swift")):
            relative = path.relative_to(ROOT).as_posix()
            if "/.build" in "/" + relative:
                continue  # build folders (a consumer package's checkouts)
            rules = list(RULES)
            if any(relative.startswith(prefix + "/") for prefix in SDK_SOURCES):
                rules.append(NIO_ONLY_IMPORT)
            if any(relative.startswith(prefix + "/") for prefix in LIBRARY_SOURCES):
                rules.append(PROCESS)
            for number, (line, conditions) in enumerate(enclosing_conditions(path.read_text().splitlines()), 1):
                code = line.split("//", 1)[0]
                for pattern, required, why in rules:
                    if re.search(pattern, code) and (required is None or not re.search(required, positive(conditions))):
                        problems.append(f"{relative}:{number}: {why}: {line.strip()}")


def positive(conditions):
    """The conditions without their negated parts: `!(os(Linux))` does not put code on Linux."""
    result, depth, skipping, i = "", 0, False, 0
    while i < len(conditions):
        if not skipping and conditions.startswith("!(", i):
            skipping, depth, i = True, 1, i + 2
            continue
        char = conditions[i]
        if skipping:
            depth += char == "("
            depth -= char == ")"
            skipping = depth > 0
        else:
            result += char
        i += 1
    return result

for package in PACKAGES:
    check_package(package)
check_guards()
if problems:
    print("\n".join(problems), file=sys.stderr)
    print(f"check-platforms: {len(problems)} problem(s)", file=sys.stderr)
    sys.exit(1)
print("check-platforms: tools versions, platform minimums and platform guards hold")
