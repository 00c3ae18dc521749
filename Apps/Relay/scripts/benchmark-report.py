#!/usr/bin/env python3
"""Turns the JSON reports of `relay-bench load` written by scripts/benchmark into markdown tables.

  benchmark-report.py RESULTS_DIR --date D --machine M --swift S --litellm V --duration SECONDS --layout L
  benchmark-report.py --splice docs/benchmark.md RESULTS_MD   (replaces the results section between the markers)
"""
import argparse
import json
import os
import sys

START = "<!-- results:start -->"
END = "<!-- results:end -->"
TARGETS = ["direct", "relay", "litellm"]
NAMES = {"direct": "upstream direct", "relay": "Relay", "litellm": "LiteLLM"}


def load(results, phase, target):
    path = os.path.join(results, f"{phase}.{target}.json")
    if not os.path.exists(path):
        return None
    with open(path) as file:
        return json.load(file)


def num(value, digits=0):
    if value is None:
        return "–"
    return f"{value:,.{digits}f}"


def errors(report):
    return ", ".join(f"{k}: {v}" for k, v in sorted(report["errors"].items())) or "none"


def memory(report):
    server = report.get("server") or {}
    if not server:
        return "–"
    return f"{server['rssKiB'] / 1024:.0f} ({server['peakRSSKiB'] / 1024:.0f})"


def plain_table(results):
    lines = [
        "| clients | server | req/s | p50 µs | p99 µs | added p50 / p99 µs | server CPU s | req per CPU-second | RSS MiB (peak) | errors |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for clients in (1, 100, 1000):
        phase = f"plain-c{clients}"
        direct = load(results, phase, "direct")
        for target in TARGETS:
            report = load(results, phase, target)
            if report is None:
                continue
            latency = report.get("latencyMicros") or {}
            server = report.get("server") or {}
            added = "–"
            if target != "direct" and direct and direct.get("latencyMicros") and latency:
                base = direct["latencyMicros"]
                added = f"{latency['p50'] - base['p50']:,.0f} / {latency['p99'] - base['p99']:,.0f}"
            lines.append(
                f"| {clients:,} | {NAMES[target]} | {num(report['requestsPerSecond'])} | {num(latency.get('p50'))} | "
                f"{num(latency.get('p99'))} | {added} | {num(server.get('cpuSeconds'), 2)} | "
                f"{num(server.get('requestsPerCPUSecond'))} | {memory(report)} | {errors(report)} |")
    return "\n".join(lines)


def stream_table(results):
    lines = [
        "| clients | server | streams/s | events/s | first byte p50 / p99 µs | stream p50 / p99 µs | server CPU s | CPU µs per event | streams per CPU-second | RSS MiB (peak) | errors |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for clients in (100, 1000):
        phase = f"stream-c{clients}"
        for target in TARGETS:
            report = load(results, phase, target)
            if report is None:
                continue
            first = report.get("firstByteMicros") or {}
            latency = report.get("latencyMicros") or {}
            server = report.get("server") or {}
            lines.append(
                f"| {clients:,} | {NAMES[target]} | {num(report['requestsPerSecond'])} | {num(report.get('eventsPerSecond'))} | "
                f"{num(first.get('p50'))} / {num(first.get('p99'))} | {num(latency.get('p50'))} / {num(latency.get('p99'))} | "
                f"{num(server.get('cpuSeconds'), 2)} | {num(server.get('cpuMicrosPerEvent'), 1)} | "
                f"{num(server.get('requestsPerCPUSecond'))} | {memory(report)} | {errors(report)} |")
    return "\n".join(lines)


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def summary(results):
    def get(phase, target, *keys):
        report = load(results, phase, target)
        for key in keys:
            if report is None:
                return None
            report = report.get(key)
        return report

    lines = []
    direct = get("plain-c1", "direct", "latencyMicros")
    relay = get("plain-c1", "relay", "latencyMicros")
    if direct and relay:
        added99 = relay["p99"] - direct["p99"]
        lines.append(
            f"- Added latency, 1 client, plain request: p50 {relay['p50'] - direct['p50']:,.0f} µs, "
            f"p99 {added99:,.0f} µs (target p99 < 1,000 µs: {'met' if added99 < 1000 else 'NOT met'}).")
    litellm = get("plain-c1", "litellm", "latencyMicros")
    if direct and litellm:
        lines.append(
            f"- LiteLLM's added latency, same phase: p50 {litellm['p50'] - direct['p50']:,.0f} µs, "
            f"p99 {litellm['p99'] - direct['p99']:,.0f} µs.")
    for phase, label in [("plain-c100", "plain, 100 clients"), ("plain-c1000", "plain, 1,000 clients"),
                         ("stream-c100", "streams, 100 clients"), ("stream-c1000", "streams, 1,000 clients")]:
        per_core = ratio(get(phase, "relay", "server", "requestsPerCPUSecond"),
                         get(phase, "litellm", "server", "requestsPerCPUSecond"))
        throughput = ratio(get(phase, "relay", "requestsPerSecond"), get(phase, "litellm", "requestsPerSecond"))
        if per_core is not None:
            lines.append(
                f"- Throughput per core (answers per server CPU-second), {label}: Relay {per_core:,.1f}× LiteLLM "
                f"(target ≥ 10×: {'met' if per_core >= 10 else 'NOT met'}); wall-clock req/s {throughput:,.1f}×.")
    per_event = ratio(get("stream-c100", "litellm", "server", "cpuMicrosPerEvent"),
                      get("stream-c100", "relay", "server", "cpuMicrosPerEvent"))
    if per_event is not None:
        lines.append(f"- CPU per streamed event (100 streams): LiteLLM spends {per_event:,.1f}× the Relay's.")
    peaks = {}
    for target in ("relay", "litellm"):
        values = [get(phase, target, "server", "peakRSSKiB")
                  for phase in ("plain-c1", "plain-c100", "plain-c1000", "stream-c100", "stream-c1000")]
        values = [value for value in values if value]
        if values:
            peaks[target] = max(values)
    if len(peaks) == 2:
        share = peaks["relay"] / peaks["litellm"]
        lines.append(
            f"- Peak RSS over the run: Relay {peaks['relay'] / 1024:,.0f} MiB, LiteLLM {peaks['litellm'] / 1024:,.0f} MiB "
            f"(Relay = 1/{1 / share:,.1f} of LiteLLM; target ≤ 1/10: {'met' if share <= 0.1 else 'NOT met'}).")
    return "\n".join(lines)


def report(args):
    results = args.results
    print(f"### Run of {args.date}\n")
    print(f"- Machine: {args.machine}")
    print(f"- Toolchain: {args.swift}; LiteLLM {args.litellm} (`litellm[proxy]` from PyPI)")
    print(f"- Layout: {args.layout}")
    print(f"- Each phase: {args.duration} s after 100 warm-up requests, connections opened before timing.\n")
    print("Summary:\n")
    print(summary(results) + "\n")
    print("Plain requests (`POST /v1/chat/completions`, non-streaming):\n")
    print(plain_table(results) + "\n")
    print("Streams (`\"stream\": true`, 21 chunks + usage chunk + `[DONE]` from the upstream):\n")
    print(stream_table(results))


def splice(doc, results_md):
    with open(results_md) as file:
        new = file.read().strip()
    text = open(doc).read() if os.path.exists(doc) else f"# Benchmark\n\n{START}\n{END}\n"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        text = f"{head}{START}\n{new}\n{END}{tail}"
    else:
        text = f"{text.rstrip()}\n\n{START}\n{new}\n{END}\n"
    with open(doc, "w") as file:
        file.write(text)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--splice":
        splice(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    for option in ("date", "machine", "swift", "litellm", "duration", "layout"):
        parser.add_argument(f"--{option}", default="?")
    report(parser.parse_args())


if __name__ == "__main__":
    main()
