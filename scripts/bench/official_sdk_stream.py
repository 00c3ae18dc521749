"""The official Python SDKs' streaming loops, for swiftai-bench's comparison (`--compare-python`).

swiftai-bench has queued a stream of N events on its sandbox process; this script makes the one streaming request
an app using openai-python or anthropic-python would make, reads every event as such an app does (the SDK parses
each one into its typed model), and prints one JSON line: the events read, and the CPU and wall time of the
request and the loop (imports and client construction excluded, as the Swift side excludes process start).

Usage: official_sdk_stream.py chat|anthropic BASE_URL
"""

import json
import resource
import sys
import time


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    kind, base_url = sys.argv[1], sys.argv[2].rstrip("/")
    if kind == "chat":
        import openai

        client = openai.OpenAI(api_key="sk-bench", base_url=base_url + "/v1", max_retries=0)

        def stream():
            return client.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": "go"}], stream=True)
    elif kind == "anthropic":
        import anthropic

        client = anthropic.Anthropic(api_key="sk-ant-bench", base_url=base_url, max_retries=0)

        def stream():
            return client.messages.create(
                model="claude-3-5-sonnet-latest", max_tokens=1024, messages=[{"role": "user", "content": "go"}],
                stream=True)
    else:
        raise SystemExit(f"unknown stream kind {kind!r}")
    cpu, wall = cpu_seconds(), time.perf_counter()
    events = 0
    for _ in stream():
        events += 1
    print(json.dumps({"events": events, "cpu": cpu_seconds() - cpu, "seconds": time.perf_counter() - wall}))


if __name__ == "__main__":
    main()
