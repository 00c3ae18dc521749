#!/usr/bin/env python3
"""AISandbox against the official OpenAI and Anthropic Python SDKs.

The sandbox and the Swift client are written by the same hands, so a wire misunderstanding they share cannot be
caught by the Swift tests. This script points the official `openai` and `anthropic` packages at a real
`swiftai sandbox` process and drives every route through them, as a developer using those SDKs would; it also
injects faults over the sandbox's HTTP control API (and with `swiftai sandbox --behavior`) and checks each SDK's
own retries by the requests the sandbox recorded.

Run it from the package root: `python3 Tests/Conformance/conformance_test.py`. It uses the interpreter it runs
in when that has both SDKs, else the virtual environment scripts/prepare-tests makes (`.build/test-venv`); with
neither it says so and exits 0 — unless CI is set, where a missing SDK is a failure.
"""

import base64
import warnings
import json
import os
import re
import struct
import subprocess
import sys
import time
import traceback
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV = ROOT / ".build" / "test-venv"
VENV_PYTHON = VENV / "bin" / "python"
# The versions scripts/prepare-tests installs; the README names them.
PINNED = {"openai": "3.57.0", "anthropic": "2.14.0", "websockets": "15.0.1"}


def ensure_sdks():
    """Re-runs this script in the conformance venv when the current interpreter lacks the SDKs."""
    try:
        import anthropic  # noqa: F401
        import openai  # noqa: F401
        return
    except ImportError:
        pass
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), __file__, *sys.argv[1:]])
    message = (
        "conformance: the official SDKs are not installed (scripts/prepare-tests makes it: python3 -m venv .build/test-venv && "
        ".build/test-venv/bin/pip install openai==%s anthropic==%s websockets==%s)" % (PINNED["openai"], PINNED["anthropic"], PINNED["websockets"]))
    if os.environ.get("CI"):
        print(message + " — required in CI", file=sys.stderr)
        sys.exit(1)
    print(message + "; skipped.")
    sys.exit(0)


ensure_sdks()

import anthropic  # noqa: E402
import openai  # noqa: E402
from pydantic import BaseModel  # noqa: E402

KEY = "sk-sandbox-conformance-0000"
# The SDKs warn about deprecated APIs (Assistants) and models; the calls are what is tested.
warnings.simplefilter("ignore", DeprecationWarning)


# ---------------------------------------------------------------- the sandbox process


class SandboxProcess:
    """`swiftai sandbox --port 0` in a child process; its address is read from its first line."""

    def __init__(self, *arguments):
        binary = swiftai_binary()
        self.process = subprocess.Popen(
            [str(binary), "sandbox", "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        self.url = None
        self.output = []
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.output.append(line)
            match = re.search(r"listening on (http://\S+)", line)
            if match:
                self.url = match.group(1).rstrip("/")
                break
        if self.url is None:
            self.stop()
            raise RuntimeError("sandbox did not start: " + "".join(self.output))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def swiftai_binary():
    # The same traits as the test command's build (scripts/prepare-tests), so this finds that build instead of
    # recompiling every module for another trait set.
    build = ["swift", "build", "--package-path", str(ROOT), "--enable-all-traits", "--product", "swiftai"]
    result = subprocess.run(build, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("swift build failed:\n" + result.stdout + result.stderr)
    bin_path = subprocess.run(build + ["--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    return Path(bin_path) / "swiftai"


def control(base, method, path, body=None):
    """Calls the sandbox's control API (`/sandbox/...`)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def recorded(base, path_suffix=None):
    requests = control(base, "GET", "/sandbox/requests")["data"]
    return [r for r in requests if path_suffix is None or r["path"].endswith(path_suffix)]


# ---------------------------------------------------------------- checks


TESTS = []


def test(function):
    TESTS.append(function)
    return function


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def is_png(data):
    return data[:8] == b"\x89PNG\r\n\x1a\n"


def is_mp3(data):
    """An ID3 tag or a frame sync, then at least one MPEG audio frame header."""
    offset = 0
    if data[:3] == b"ID3":
        size = data[6] << 21 | data[7] << 14 | data[8] << 7 | data[9]
        offset = 10 + size
    return len(data) > offset + 4 and data[offset] == 0xFF and data[offset + 1] & 0xE0 == 0xE0


def poll(fetch, done, timeout=20):
    deadline = time.monotonic() + timeout
    value = fetch()
    while not done(value):
        expect(time.monotonic() < deadline, "timed out polling: %r" % (value,))
        time.sleep(0.05)
        value = fetch()
    return value


# ---------------------------------------------------------------- OpenAI


class Ctx:
    base = None

    @classmethod
    def openai(cls, **options):
        return openai.OpenAI(api_key=KEY, base_url=cls.base + "/v1", **options)

    @classmethod
    def anthropic(cls, **options):
        return anthropic.Anthropic(api_key=KEY, base_url=cls.base, **options)


@test
def openai_chat_plain():
    completion = Ctx.openai().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Say hello"}])
    expect(completion.choices[0].message.content, "no content")
    expect(completion.choices[0].finish_reason == "stop", completion.choices[0].finish_reason)
    expect(completion.usage.total_tokens > 0, "no usage")


@test
def openai_chat_stream_with_usage():
    stream = Ctx.openai().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Say hello"}], stream=True,
        stream_options={"include_usage": True})
    text, finish, usage = "", None, None
    for chunk in stream:
        if chunk.choices:
            text += chunk.choices[0].delta.content or ""
            finish = chunk.choices[0].finish_reason or finish
        if chunk.usage:
            usage = chunk.usage
    plain = Ctx.openai().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Say hello"}])
    expect(text == plain.choices[0].message.content, "streamed %r vs plain %r" % (text, plain.choices[0].message.content))
    expect(finish == "stop", finish)
    expect(usage is not None and usage.completion_tokens > 0, "no usage chunk")


@test
def openai_chat_stream_helper():
    with Ctx.openai().chat.completions.stream(
            model="gpt-4o-mini", messages=[{"role": "user", "content": "Say hello"}]) as stream:
        for _ in stream:
            pass
        final = stream.get_final_completion()
    expect(final.choices[0].message.content, "no final content")


WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather", "description": "The weather in a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}


@test
def openai_chat_tools():
    client = Ctx.openai()
    messages = [{"role": "user", "content": "What is the weather in Paris?"}]
    completion = client.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=[WEATHER_TOOL])
    call = completion.choices[0].message.tool_calls[0]
    expect(completion.choices[0].finish_reason == "tool_calls", completion.choices[0].finish_reason)
    expect(call.function.name == "get_weather", call.function.name)
    expect(isinstance(json.loads(call.function.arguments).get("city"), str), call.function.arguments)
    messages += [completion.choices[0].message.model_dump(exclude_none=True),
                 {"role": "tool", "tool_call_id": call.id, "content": "Sunny, 21 °C"}]
    answer = client.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=[WEATHER_TOOL])
    expect(answer.choices[0].message.content, "no answer after the tool result")


@test
def openai_chat_tools_streamed():
    stream = Ctx.openai().chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Weather in Oslo?"}], tools=[WEATHER_TOOL],
        stream=True)
    arguments, name = "", None
    for chunk in stream:
        for call in (chunk.choices[0].delta.tool_calls or []) if chunk.choices else []:
            name = call.function.name or name
            arguments += call.function.arguments or ""
    expect(name == "get_weather", name)
    json.loads(arguments)


class Pet(BaseModel):
    name: str
    species: str
    age: int
    vaccinated: bool
    toys: list[str]


@test
def openai_chat_structured_output():
    completion = Ctx.openai().chat.completions.parse(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Invent a pet"}], response_format=Pet)
    pet = completion.choices[0].message.parsed
    expect(isinstance(pet, Pet), "not parsed: %r" % completion.choices[0].message.content)


@test
def openai_responses_create_retrieve_delete():
    client = Ctx.openai()
    response = client.responses.create(model="gpt-4.1-mini", input="Tell me a joke")
    expect(response.status == "completed", response.status)
    expect(response.output_text, "no output_text")
    again = client.responses.retrieve(response.id)
    expect(again.output_text == response.output_text, "retrieved text differs")
    items = client.responses.input_items.list(response.id)
    expect(len(items.data) >= 1, "no input items")
    client.responses.delete(response.id)
    try:
        client.responses.retrieve(response.id)
        raise AssertionError("retrieve after delete succeeded")
    except openai.NotFoundError:
        pass


@test
def openai_responses_chained():
    client = Ctx.openai()
    first = client.responses.create(model="gpt-4.1-mini", input="My name is Ada.")
    second = client.responses.create(model="gpt-4.1-mini", input="What is my name?", previous_response_id=first.id)
    expect(second.previous_response_id == first.id, second.previous_response_id)


@test
def openai_responses_stream_helper():
    with Ctx.openai().responses.stream(model="gpt-4.1-mini", input="Tell me a joke") as stream:
        deltas = "".join(event.delta for event in stream if event.type == "response.output_text.delta")
        final = stream.get_final_response()
    expect(deltas and deltas == final.output_text, "deltas %r vs final %r" % (deltas, final.output_text))


@test
def openai_responses_structured_output():
    response = Ctx.openai().responses.parse(model="gpt-4.1-mini", input="Invent a pet", text_format=Pet)
    expect(isinstance(response.output_parsed, Pet), "not parsed: %r" % response.output_text)


@test
def openai_responses_function_call():
    tool = {"type": "function", "name": "get_weather", "description": "Weather",
            "parameters": WEATHER_TOOL["function"]["parameters"]}
    response = Ctx.openai().responses.create(model="gpt-4.1-mini", input="Weather in Rome?", tools=[tool])
    calls = [item for item in response.output if item.type == "function_call"]
    expect(calls and calls[0].name == "get_weather", response.output)
    follow = Ctx.openai().responses.create(
        model="gpt-4.1-mini", previous_response_id=response.id, tools=[tool],
        input=[{"type": "function_call_output", "call_id": calls[0].call_id, "output": "Sunny"}])
    expect(follow.output_text, "no answer after the function output")


@test
def openai_responses_background_poll():
    client = Ctx.openai()
    response = client.responses.create(model="gpt-4.1-mini", input="Tell me a joke", background=True)
    expect(response.status in ("queued", "in_progress", "completed"), response.status)
    done = poll(lambda: client.responses.retrieve(response.id), lambda r: r.status not in ("queued", "in_progress"))
    expect(done.status == "completed" and done.output_text, done.status)


@test
def openai_embeddings_float_and_base64():
    client = Ctx.openai()
    floats = client.embeddings.create(model="text-embedding-3-small", input=["a", "b"], encoding_format="float")
    default = client.embeddings.create(model="text-embedding-3-small", input=["a", "b"])  # the SDK asks for base64
    sent = recorded(Ctx.base, "/v1/embeddings")[-1]
    expect(json.loads(sent["body"])["encoding_format"] == "base64", "the SDK did not ask for base64")
    expect(len(floats.data) == 2 and len(floats.data[0].embedding) > 0, "no embeddings")
    for a, b in zip(floats.data, default.data):
        expect(all(abs(x - y) < 1e-6 for x, y in zip(a.embedding, b.embedding)), "base64 differs from floats")
    dims = client.embeddings.create(model="text-embedding-3-small", input="a", dimensions=8, encoding_format="float")
    expect(len(dims.data[0].embedding) == 8, len(dims.data[0].embedding))


@test
def openai_models():
    client = Ctx.openai()
    models = list(client.models.list())
    expect(models, "no models")
    model = client.models.retrieve(models[0].id)
    expect(model.id == models[0].id, model.id)


@test
def openai_moderations():
    result = Ctx.openai().moderations.create(model="omni-moderation-latest", input=["hello", "sandbox-unsafe"])
    expect(not result.results[0].flagged and result.results[1].flagged, result.results)


@test
def openai_speech_and_transcription():
    client = Ctx.openai()
    audio = client.audio.speech.create(model="gpt-4o-mini-tts", voice="alloy", input="Once upon a time.")
    data = audio.content
    expect(is_mp3(data), "speech is not MP3: %r" % data[:16])
    with client.audio.speech.with_streaming_response.create(
            model="tts-1", voice="nova", input="Once upon a time.", response_format="mp3") as response:
        streamed = b"".join(response.iter_bytes())
    expect(is_mp3(streamed), "streamed speech is not MP3")
    text = client.audio.transcriptions.create(model="whisper-1", file=("story.mp3", data, "audio/mpeg"))
    expect(text.text, "no transcription")
    verbose = client.audio.transcriptions.create(
        model="whisper-1", file=("story.mp3", data, "audio/mpeg"), response_format="verbose_json")
    expect(verbose.text and verbose.duration is not None, verbose)
    translated = client.audio.translations.create(model="whisper-1", file=("story.mp3", data, "audio/mpeg"))
    expect(translated.text, "no translation")


@test
def openai_images_b64_and_url():
    client = Ctx.openai()
    b64 = client.images.generate(model="gpt-image-1", prompt="A friendly dragon", size="1024x1024")
    expect(is_png(base64.b64decode(b64.data[0].b64_json)), "b64_json is not a PNG")
    by_url = client.images.generate(model="dall-e-3", prompt="A friendly dragon", response_format="url")
    url = by_url.data[0].url
    expect(url.startswith(Ctx.base + "/"), "image URL %r is not on the sandbox's address" % url)
    with urllib.request.urlopen(url, timeout=10) as response:
        expect(is_png(response.read()), "the image URL does not serve a PNG")
    png = base64.b64decode(b64.data[0].b64_json)
    edit = client.images.edit(model="gpt-image-1", image=("dragon.png", png, "image/png"), prompt="Add a hat")
    expect(is_png(base64.b64decode(edit.data[0].b64_json)), "edit is not a PNG")


@test
def openai_files_and_uploads():
    client = Ctx.openai()
    created = client.files.create(file=("notes.jsonl", b'{"a": 1}\n', "application/jsonl"), purpose="batch")
    expect(created.bytes == 9 and created.filename == "notes.jsonl", created)
    expect(any(f.id == created.id for f in client.files.list()), "file not listed")
    expect(client.files.retrieve(created.id).id == created.id, "retrieve")
    expect(client.files.content(created.id).content == b'{"a": 1}\n', "content differs")
    expect(client.files.delete(created.id).deleted, "not deleted")
    payload = bytes(range(256)) * 40
    upload = client.uploads.create(bytes=len(payload), filename="data.bin", mime_type="application/octet-stream",
                                   purpose="assistants")
    parts = [client.uploads.parts.create(upload.id, data=payload[i:i + 4096]) for i in range(0, len(payload), 4096)]
    done = client.uploads.complete(upload.id, part_ids=[p.id for p in parts])
    expect(done.status == "completed" and done.file.bytes == len(payload), done)
    expect(client.files.content(done.file.id).content == payload, "uploaded bytes differ")


@test
def openai_batches_to_results():
    client = Ctx.openai()
    lines = "".join(json.dumps({
        "custom_id": "request-%d" % i, "method": "POST", "url": "/v1/chat/completions",
        "body": {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Hello %d" % i}]},
    }) + "\n" for i in range(3))
    input_file = client.files.create(file=("batch.jsonl", lines.encode(), "application/jsonl"), purpose="batch")
    batch = client.batches.create(input_file_id=input_file.id, endpoint="/v1/chat/completions",
                                  completion_window="24h")
    batch = poll(lambda: client.batches.retrieve(batch.id), lambda b: b.status in ("completed", "failed", "expired"))
    expect(batch.status == "completed" and batch.request_counts.completed == 3, batch)
    output = client.files.content(batch.output_file_id).text.strip().splitlines()
    ids = sorted(json.loads(line)["custom_id"] for line in output)
    expect(ids == ["request-0", "request-1", "request-2"], ids)
    expect(all(json.loads(line)["response"]["status_code"] == 200 for line in output), output)
    expect(any(b.id == batch.id for b in client.batches.list()), "batch not listed")


@test
def openai_vector_stores_search():
    client = Ctx.openai()
    store = client.vector_stores.create(name="stories")
    text = b"The dragon Ember loves strawberries and lives on a hill."
    batch = client.vector_stores.file_batches.upload_and_poll(
        vector_store_id=store.id, files=[("ember.txt", text, "text/plain")])
    expect(batch.status == "completed" and batch.file_counts.completed == 1, batch)
    single = client.vector_stores.files.upload_and_poll(
        vector_store_id=store.id, file=("moon.txt", b"The moon hums a lullaby.", "text/plain"))
    expect(single.status == "completed", single.status)
    results = client.vector_stores.search(store.id, query="strawberries")
    expect(results.data and "strawberries" in results.data[0].content[0].text, results)
    files = list(client.vector_stores.files.list(store.id))
    expect(len(files) == 2, files)
    expect(client.vector_stores.delete(store.id).deleted, "not deleted")


@test
def openai_assistants_create_and_poll_and_stream():
    client = Ctx.openai()
    assistant = client.beta.assistants.create(model="gpt-4o-mini", name="Storyteller", instructions="Tell stories.")
    thread = client.beta.threads.create(messages=[{"role": "user", "content": "A story about a cat"}])
    run = client.beta.threads.runs.create_and_poll(thread_id=thread.id, assistant_id=assistant.id)
    expect(run.status == "completed", run.status)
    messages = client.beta.threads.messages.list(thread_id=thread.id)
    reply = [m for m in messages.data if m.role == "assistant"]
    expect(reply and reply[0].content[0].text.value, "no assistant message")
    client.beta.threads.messages.create(thread_id=thread.id, role="user", content="Another one")
    with client.beta.threads.runs.stream(thread_id=thread.id, assistant_id=assistant.id) as stream:
        deltas = "".join(stream.text_deltas)
        final = stream.get_final_messages()
    expect(deltas and final and final[-1].content[0].text.value == deltas, "streamed %r" % deltas)
    expect(client.beta.assistants.delete(assistant.id).deleted, "assistant not deleted")


@test
def openai_fine_tuning_with_events():
    client = Ctx.openai()
    lines = "".join(json.dumps({"messages": [
        {"role": "user", "content": "Hi %d" % i}, {"role": "assistant", "content": "Hello %d" % i}]}) + "\n"
        for i in range(10))
    training = client.files.create(file=("train.jsonl", lines.encode(), "application/jsonl"), purpose="fine-tune")
    job = client.fine_tuning.jobs.create(model="gpt-4o-mini-2024-07-18", training_file=training.id, suffix="bedtime")
    job = poll(lambda: client.fine_tuning.jobs.retrieve(job.id),
               lambda j: j.status in ("succeeded", "failed", "cancelled"))
    expect(job.status == "succeeded" and job.fine_tuned_model, job)
    events = list(client.fine_tuning.jobs.list_events(job.id))
    expect(events, "no events")
    expect(any(j.id == job.id for j in client.fine_tuning.jobs.list()), "job not listed")
    other = client.fine_tuning.jobs.create(model="gpt-4o-mini-2024-07-18", training_file=training.id)
    cancelled = client.fine_tuning.jobs.cancel(other.id)
    expect(cancelled.status in ("cancelled", "succeeded"), cancelled.status)


@test
def openai_azure_clients():
    azure = openai.AzureOpenAI(api_key=KEY, azure_endpoint=Ctx.base, api_version="2024-10-21")
    completion = azure.chat.completions.create(model="gpt-4o-mini",
                                               messages=[{"role": "user", "content": "Hello"}])
    expect(completion.choices[0].message.content, "no Azure content")
    sent = recorded(Ctx.base, "/chat/completions")[-1]
    expect(sent["path"] == "/openai/deployments/gpt-4o-mini/chat/completions", sent["path"])
    expect(dict(sent["query"]).get("api-version") == "2024-10-21", sent["query"])
    stream = azure.chat.completions.create(model="gpt-4o-mini", stream=True,
                                           messages=[{"role": "user", "content": "Hello"}])
    expect("".join(c.choices[0].delta.content or "" for c in stream if c.choices), "no Azure stream")
    v1 = openai.OpenAI(api_key=KEY, base_url=Ctx.base + "/openai/v1/", default_headers={"api-key": KEY})
    response = v1.responses.create(model="gpt-4o-mini", input="Hello")
    expect(response.output_text, "no Azure v1 response")
    embedding = azure.embeddings.create(model="text-embedding-3-small", input="hello")
    expect(embedding.data[0].embedding, "no Azure embedding")


@test
def openai_errors_typed():
    client = Ctx.openai(max_retries=0)
    try:
        Ctx.openai(max_retries=0, default_headers={"Authorization": "Basic c2FuZGJveA=="}).models.list()
        raise AssertionError("no 401 without a key")
    except openai.AuthenticationError as error:
        expect(error.status_code == 401, error)
    try:
        client.models.retrieve("no-such-model")
        raise AssertionError("no 404")
    except openai.NotFoundError as error:
        expect(error.status_code == 404 and error.body, error)


def sandbox_retry_check(client_call, error_class, status, expect_attempts, headers=None, path="/v1/chat/completions"):
    """Queues `status` once over the control API, makes the call, and counts the attempts the sandbox saw."""
    control(Ctx.base, "POST", "/sandbox/reset")
    behavior = {"path": path, "status": status, "headers": headers or {}}
    control(Ctx.base, "POST", "/sandbox/behaviors", behavior)
    started = time.monotonic()
    result = client_call()
    attempts = len(recorded(Ctx.base, path))
    expect(attempts == expect_attempts, "%d attempts for %d, expected %d" % (attempts, status, expect_attempts))
    return result, time.monotonic() - started


@test
def openai_sdk_retries_429_500_and_gives_up():
    client = Ctx.openai(max_retries=2)

    def chat():
        return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "Hi"}])

    _, elapsed = sandbox_retry_check(chat, openai.RateLimitError, 429, 2, {"retry-after-ms": "50"})
    expect(elapsed < 5, "retry-after-ms not honoured: %.2fs" % elapsed)
    sandbox_retry_check(chat, openai.InternalServerError, 500, 2, {"retry-after": "0"})
    control(Ctx.base, "POST", "/sandbox/reset")
    control(Ctx.base, "POST", "/sandbox/behaviors",
            {"path": "/v1/chat/completions", "status": 503, "headers": {"retry-after-ms": "10"}, "times": 3})
    try:
        chat()
        raise AssertionError("three 503s did not fail the call")
    except openai.InternalServerError as error:
        expect(error.status_code == 503, error)
    expect(len(recorded(Ctx.base, "/v1/chat/completions")) == 3, "expected 1 + 2 retries")
    control(Ctx.base, "POST", "/sandbox/behaviors",
            {"path": "/v1/chat/completions", "status": 500, "headers": {"x-should-retry": "false"}})
    control(Ctx.base, "POST", "/sandbox/reset")
    control(Ctx.base, "POST", "/sandbox/behaviors",
            {"path": "/v1/chat/completions", "status": 500, "headers": {"x-should-retry": "false"}})
    try:
        chat()
        raise AssertionError("x-should-retry: false was retried into success")
    except openai.InternalServerError:
        pass
    expect(len(recorded(Ctx.base, "/v1/chat/completions")) == 1, "x-should-retry: false was retried")


@test
def openai_stream_faults_over_http():
    client = Ctx.openai(max_retries=0)
    control(Ctx.base, "POST", "/sandbox/reset")
    control(Ctx.base, "POST", "/sandbox/behaviors",
            {"path": "/v1/chat/completions", "stream_error_after_events": 2})
    stream = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Hi"}], stream=True)
    received = []
    try:
        for chunk in stream:
            received.append(chunk)
        raise AssertionError("the in-stream error did not raise")
    except openai.APIError as error:
        expect("server had an error" in str(error), error)
    expect(len(received) == 2, "expected the 2 chunks before the error, got %d" % len(received))
    control(Ctx.base, "POST", "/sandbox/behaviors",
            {"path": "/v1/chat/completions", "split": {"every": 1}, "omit_done": False})
    text = "".join(c.choices[0].delta.content or "" for c in client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Hi"}], stream=True) if c.choices)
    expect(text, "no text from 1-byte writes")
    control(Ctx.base, "POST", "/sandbox/behaviors",
            {"path": "/v1/chat/completions", "delay": 1.0})
    try:
        Ctx.openai(max_retries=0, timeout=0.3).chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": "Hi"}])
        raise AssertionError("no timeout")
    except openai.APITimeoutError:
        pass


# ---------------------------------------------------------------- Anthropic


@test
def anthropic_messages_create():
    message = Ctx.anthropic().messages.create(
        model="claude-sonnet-4-5", max_tokens=256, messages=[{"role": "user", "content": "Hello"}])
    expect(message.content[0].type == "text" and message.content[0].text, message)
    expect(message.stop_reason == "end_turn" and message.usage.output_tokens > 0, message)
    sent = recorded(Ctx.base, "/v1/messages")[-1]
    headers = {k.lower(): v for k, v in sent["headers"]}
    expect("anthropic-version" in headers, "no anthropic-version")


@test
def anthropic_stream_helper():
    client = Ctx.anthropic()
    with client.messages.stream(model="claude-sonnet-4-5", max_tokens=256,
                                messages=[{"role": "user", "content": "Hello"}]) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    expect(text and final.content[0].text == text, "streamed %r vs final %r" % (text, final.content))
    expect(final.usage.output_tokens > 0, final.usage)
    raw = client.messages.create(model="claude-sonnet-4-5", max_tokens=256, stream=True,
                                 messages=[{"role": "user", "content": "Hello"}])
    types = [event.type for event in raw]
    expect(types[0] == "message_start" and types[-1] == "message_stop", types)


@test
def anthropic_thinking():
    client = Ctx.anthropic()
    message = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=2048, thinking={"type": "enabled", "budget_tokens": 1024},
        messages=[{"role": "user", "content": "What is 17 * 23?"}])
    kinds = [block.type for block in message.content]
    expect(kinds[0] == "thinking" and "text" in kinds, kinds)
    expect(message.content[0].signature, "no signature")
    with client.messages.stream(
            model="claude-sonnet-4-5", max_tokens=2048, thinking={"type": "enabled", "budget_tokens": 1024},
            messages=[{"role": "user", "content": "What is 17 * 23?"}]) as stream:
        final = stream.get_final_message()
    expect(final.content[0].type == "thinking" and final.content[0].thinking, final.content)


@test
def anthropic_tools():
    client = Ctx.anthropic()
    tool = {"name": "get_weather", "description": "Weather in a city",
            "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
    messages = [{"role": "user", "content": "Weather in Paris?"}]
    message = client.messages.create(model="claude-sonnet-4-5", max_tokens=256, tools=[tool], messages=messages)
    uses = [block for block in message.content if block.type == "tool_use"]
    expect(message.stop_reason == "tool_use" and uses and uses[0].name == "get_weather", message)
    messages += [{"role": "assistant", "content": [b.model_dump() for b in message.content]},
                 {"role": "user", "content": [{"type": "tool_result", "tool_use_id": uses[0].id, "content": "Sunny"}]}]
    answer = client.messages.create(model="claude-sonnet-4-5", max_tokens=256, tools=[tool], messages=messages)
    expect(answer.stop_reason == "end_turn" and answer.content[0].text, answer)
    with client.messages.stream(model="claude-sonnet-4-5", max_tokens=256, tools=[tool],
                                messages=[{"role": "user", "content": "Weather in Oslo?"}]) as stream:
        final = stream.get_final_message()
    streamed = [b for b in final.content if b.type == "tool_use"]
    expect(streamed and isinstance(streamed[0].input, dict) and streamed[0].input, final.content)


@test
def anthropic_structured_output():
    message = Ctx.anthropic().messages.parse(
        model="claude-sonnet-4-5", max_tokens=512, output_format=Pet,
        messages=[{"role": "user", "content": "Invent a pet"}])
    expect(isinstance(message.parsed_output, Pet), "not parsed: %r" % message.content)
    sent = json.loads(recorded(Ctx.base, "/v1/messages")[-1]["body"])
    expect(sent["output_config"]["format"]["type"] == "json_schema", sent.get("output_config"))


@test
def anthropic_count_tokens_and_models():
    client = Ctx.anthropic()
    count = client.messages.count_tokens(model="claude-sonnet-4-5",
                                         messages=[{"role": "user", "content": "Hello there"}])
    expect(count.input_tokens > 0, count)
    models = list(client.models.list())
    expect(models, "no models")
    expect(client.models.retrieve(models[0].id).id == models[0].id, "retrieve")


@test
def anthropic_batches_to_results():
    client = Ctx.anthropic()
    batch = client.messages.batches.create(requests=[
        {"custom_id": "first", "params": {"model": "claude-sonnet-4-5", "max_tokens": 64,
                                          "messages": [{"role": "user", "content": "Hello"}]}},
        {"custom_id": "second", "params": {"model": "claude-sonnet-4-5", "max_tokens": 64,
                                           "messages": [{"role": "user", "content": "Hi"}]}},
    ])
    batch = poll(lambda: client.messages.batches.retrieve(batch.id), lambda b: b.processing_status == "ended")
    expect(batch.results_url.startswith(Ctx.base + "/"), batch.results_url)
    results = {entry.custom_id: entry for entry in client.messages.batches.results(batch.id)}
    expect(sorted(results) == ["first", "second"], sorted(results))
    expect(results["first"].result.type == "succeeded" and results["first"].result.message.content, results)
    expect(any(b.id == batch.id for b in client.messages.batches.list()), "batch not listed")


@test
def anthropic_files():
    client = Ctx.anthropic()
    uploaded = client.files.upload(file=("notes.txt", b"Once upon a time", "text/plain"))
    expect(uploaded.size_bytes == 16 and uploaded.filename == "notes.txt", uploaded)
    expect(client.files.retrieve_metadata(uploaded.id).id == uploaded.id, "metadata")
    expect(client.files.download(uploaded.id).read() == b"Once upon a time", "download differs")
    client.files.delete(uploaded.id)
    uploaded = client.beta.files.upload(file=("notes.txt", b"Once upon a time", "text/plain"),
                                        betas=["files-api-2025-04-14"])
    expect(uploaded.size_bytes == 16 and uploaded.filename == "notes.txt", uploaded)
    expect(client.beta.files.retrieve_metadata(uploaded.id).id == uploaded.id, "metadata")
    expect(any(f.id == uploaded.id for f in client.beta.files.list()), "file not listed")
    sent = [r for r in recorded(Ctx.base, "/v1/files") if r["method"] == "POST"][-1]
    beta = {k.lower(): v for k, v in sent["headers"]}.get("anthropic-beta", "")
    expect("files-api" in beta, "anthropic-beta %r" % beta)
    client.beta.files.delete(uploaded.id)
    try:
        client.beta.files.retrieve_metadata(uploaded.id)
        raise AssertionError("metadata after delete")
    except anthropic.NotFoundError:
        pass


@test
def anthropic_sdk_retries_529_429_500():
    client = Ctx.anthropic(max_retries=2)

    def message():
        return client.messages.create(model="claude-sonnet-4-5", max_tokens=32,
                                      messages=[{"role": "user", "content": "Hi"}])

    sandbox_retry_check(message, anthropic.OverloadedError, 529, 2, {"retry-after-ms": "20"}, "/v1/messages")
    sandbox_retry_check(message, anthropic.RateLimitError, 429, 2, {"retry-after": "0"}, "/v1/messages")
    sandbox_retry_check(message, anthropic.InternalServerError, 500, 2, {"retry-after-ms": "20"}, "/v1/messages")
    control(Ctx.base, "POST", "/sandbox/reset")
    control(Ctx.base, "POST", "/sandbox/behaviors", {"path": "/v1/messages", "status": 529, "times": 3,
                                                      "headers": {"retry-after-ms": "10"}})
    try:
        message()
        raise AssertionError("three 529s did not fail")
    except anthropic.APIStatusError as error:
        expect(error.status_code == 529 and "overloaded" in str(error.body), error.body)


@test
def anthropic_stream_error_event():
    control(Ctx.base, "POST", "/sandbox/reset")
    control(Ctx.base, "POST", "/sandbox/behaviors", {"path": "/v1/messages", "stream_error_after_events": 3})
    try:
        with Ctx.anthropic(max_retries=0).messages.stream(
                model="claude-sonnet-4-5", max_tokens=64, messages=[{"role": "user", "content": "Hi"}]) as stream:
            for _ in stream:
                pass
        raise AssertionError("the error event did not raise")
    except anthropic.APIStatusError as error:
        expect("verloaded" in str(error), error)


@test
def anthropic_auth_and_version_headers():
    raw = urllib.request.Request(Ctx.base + "/v1/messages", data=b"{}", method="POST")
    raw.add_header("x-api-key", KEY)
    try:
        urllib.request.urlopen(raw, timeout=10)
        raise AssertionError("no anthropic-version accepted")
    except urllib.error.HTTPError as error:
        body = json.loads(error.read())
        expect(error.code == 400 and body["error"]["type"] == "invalid_request_error", body)
    try:
        anthropic.Anthropic(api_key=None, auth_token=None, base_url=Ctx.base, max_retries=0).with_options(
            default_headers={"x-api-key": ""}).models.list()
        raise AssertionError("no 401 without credentials")
    except (anthropic.AuthenticationError, TypeError):
        pass
    bearer = anthropic.Anthropic(auth_token=KEY, base_url=Ctx.base)
    expect(bearer.models.list().data, "Bearer auth refused")


@test
def async_clients_concurrent_streams():
    """The SDKs' async clients: 8 chat streams and 8 Anthropic streams at once, each text whole."""
    import asyncio

    async def run():
        openai_client = openai.AsyncOpenAI(api_key=KEY, base_url=Ctx.base + "/v1")
        anthropic_client = anthropic.AsyncAnthropic(api_key=KEY, base_url=Ctx.base)

        async def chat(number):
            stream = await openai_client.chat.completions.create(
                model="gpt-4o-mini", stream=True, messages=[{"role": "user", "content": "Count %d" % number}])
            return "".join([c.choices[0].delta.content or "" async for c in stream if c.choices])

        async def message(number):
            async with anthropic_client.messages.stream(
                    model="claude-sonnet-4-5", max_tokens=128,
                    messages=[{"role": "user", "content": "Count %d" % number}]) as stream:
                return (await stream.get_final_message()).content[0].text

        texts = await asyncio.gather(*[chat(n) for n in range(8)], *[message(n) for n in range(8)])
        await openai_client.close()
        await anthropic_client.close()
        return texts

    texts = asyncio.run(run())
    for number in range(8):
        expect(texts[number].endswith("Count %d" % number), texts[number])
        expect(texts[8 + number].endswith("Count %d" % number), texts[8 + number])


# ---------------------------------------------------------------- the control API and the CLI flags


@test
def control_api_is_not_an_api_route():
    control(Ctx.base, "POST", "/sandbox/reset")
    for path in ("/sandbox/behaviors", "/sandbox/requests"):
        try:
            urllib.request.urlopen(urllib.request.Request(Ctx.base + path, method="DELETE"), timeout=10)
            raise AssertionError("DELETE %s answered" % path)
        except urllib.error.HTTPError as error:
            expect(error.code == 405, error.code)
    try:
        control(Ctx.base, "POST", "/sandbox/behaviors", {"status": "not a number"})
        raise AssertionError("a bad behavior was accepted")
    except urllib.error.HTTPError as error:
        expect(error.code == 400 and "status" in json.loads(error.read())["error"]["message"], error)
    expect(recorded(Ctx.base) == [], "control requests were recorded as API requests")


@test
def control_api_readme_example():
    readme = (ROOT / "README.md").read_text()
    match = re.search(r"<!-- conformance: control-api -->\s*```python\n(.*?)```", readme, re.S)
    expect(match, "README has no control-API example")
    environment = dict(os.environ, SANDBOX_URL=Ctx.base)
    result = subprocess.run([sys.executable, "-c", match.group(1)], env=environment, capture_output=True,
                            text=True, timeout=60)
    expect(result.returncode == 0, result.stdout + result.stderr)


def cli_behavior_flags():
    """`swiftai sandbox --behavior …`: faults queued from the command line, seen by the SDK."""
    sandbox = SandboxProcess("--behavior", "path=/v1/chat/completions,status=429,retry-after=0.05,times=2",
                             "--behavior", '{"path": "/v1/messages", "status": 529}')
    try:
        client = openai.OpenAI(api_key=KEY, base_url=sandbox.url + "/v1", max_retries=2)
        client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "Hi"}])
        expect(len(recorded(sandbox.url, "/v1/chat/completions")) == 3, "two 429s then success")
        message = anthropic.Anthropic(api_key=KEY, base_url=sandbox.url, max_retries=1).messages.create(
            model="claude-sonnet-4-5", max_tokens=16, messages=[{"role": "user", "content": "Hi"}])
        expect(message.content, "no content")
        expect(len(recorded(sandbox.url, "/v1/messages")) == 2, "one 529 then success")
    finally:
        sandbox.stop()


# ---------------------------------------------------------------- Realtime (WebSocket)


def realtime_client(api_key=KEY):
    # openai-python derives wss:// from the base URL; a loopback sandbox speaks plain ws://.
    return openai.OpenAI(api_key=api_key, base_url=Ctx.base + "/v1", websocket_base_url=Ctx.base.replace("http", "ws", 1) + "/v1")


def realtime_until(connection, event_type):
    events = []
    for event in connection:
        events.append(event)
        if event.type == event_type:
            return events
    raise AssertionError("the session ended before %s" % event_type)


@test
def openai_realtime_text_audio_tools_and_errors():
    with realtime_client().realtime.connect(model="gpt-realtime") as connection:
        created = connection.recv()
        expect(created.type == "session.created", created.type)
        expect(created.session.model == "gpt-realtime", created.session.model)
        connection.session.update(session={
            "type": "realtime", "output_modalities": ["text"], "instructions": "Be brief.",
            "tools": [{"type": "function", "name": "get_weather", "description": "Weather",
                       "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]})
        updated = realtime_until(connection, "session.updated")[-1]
        expect(updated.session.instructions == "Be brief.", updated.session.instructions)

        connection.conversation.item.create(item={
            "type": "message", "role": "user", "content": [{"type": "input_text", "text": "Hello there"}]})
        connection.response.create()
        events = realtime_until(connection, "response.done")
        text = "".join(event.delta for event in events if event.type == "response.output_text.delta")
        done = events[-1].response
        expect(done.status == "completed", done.status)
        expect(text == done.output[0].content[0].text, (text, done.output))
        expect(done.usage.total_tokens > 0, done.usage)

        connection.response.create(response={"output_modalities": ["audio"]})
        events = realtime_until(connection, "response.done")
        audio = b"".join(base64.b64decode(event.delta) for event in events if event.type == "response.output_audio.delta")
        transcript = "".join(event.delta for event in events if event.type == "response.output_audio_transcript.delta")
        expect(len(audio) >= 9600 and len(audio) % 2 == 0, len(audio))
        expect(transcript == events[-1].response.output[0].content[0].transcript, transcript)

        connection.conversation.item.create(item={
            "type": "message", "role": "user", "content": [{"type": "input_text", "text": "[sandbox-tools: get_weather] weather?"}]})
        connection.response.create()
        events = realtime_until(connection, "response.done")
        call = next(event for event in events if event.type == "response.function_call_arguments.done")
        expect(call.name == "get_weather" and json.loads(call.arguments)["city"], call)
        joined = "".join(event.delta for event in events if event.type == "response.function_call_arguments.delta")
        expect(joined == call.arguments, (joined, call.arguments))
        connection.conversation.item.create(item={"type": "function_call_output", "call_id": call.call_id, "output": "sunny"})
        connection.response.create()
        events = realtime_until(connection, "response.done")
        expect("sunny" in events[-1].response.output[0].content[0].text, events[-1].response.output)

        connection.send({"type": "session.teleport", "event_id": "evt_conformance"})
        error = realtime_until(connection, "error")[-1]
        expect(error.error.param == "type" and error.error.event_id == "evt_conformance", error)


@test
def openai_realtime_client_secret_opens_its_session():
    secret = Ctx.openai().realtime.client_secrets.create(
        expires_after={"anchor": "created_at", "seconds": 300},
        session={"type": "realtime", "model": "gpt-realtime", "instructions": "Whisper."})
    expect(secret.value.startswith("ek_"), secret.value)
    expect(secret.expires_at > time.time(), secret.expires_at)
    with realtime_client(api_key=secret.value).realtime.connect(model="gpt-realtime") as connection:
        created = connection.recv()
        expect(created.session.instructions == "Whisper.", created.session)
    try:
        with realtime_client(api_key="ek_forged").realtime.connect(model="gpt-realtime") as connection:
            connection.recv()
        raise AssertionError("a forged client secret opened a session")
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 — the websockets library's handshake error
        expect("401" in str(error), str(error))


def cli_webhooks_verified_by_the_sdk():
    """`swiftai sandbox --webhook-url`: the webhooks it signs pass openai-python's `webhooks.unwrap`."""
    import http.server
    import threading

    secret = "whsec_" + base64.b64encode(b"conformance webhook secret").decode()
    deliveries = []

    class Receiver(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 — the http.server API
            body = self.rfile.read(int(self.headers["Content-Length"]))
            deliveries.append((body, {name.lower(): value for name, value in self.headers.items()}))
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sandbox = SandboxProcess("--webhook-url", "http://127.0.0.1:%d/hooks" % server.server_address[1], "--webhook-secret", secret)
    try:
        client = openai.OpenAI(api_key=KEY, base_url=sandbox.url + "/v1", webhook_secret=secret)
        response = client.responses.create(model="gpt-4o", input="Hello", background=True)
        upload = client.files.create(
            file=("batch.jsonl", b'{"custom_id": "a", "method": "POST", "url": "/v1/embeddings", "body": {"model": "text-embedding-3-small", "input": "hi"}}\n'),
            purpose="batch")
        batch = client.batches.create(input_file_id=upload.id, endpoint="/v1/embeddings", completion_window="24h")
        poll(lambda: len(deliveries), lambda count: count >= 2)
        events = {}
        for body, headers in deliveries:
            event = client.webhooks.unwrap(body, headers)
            events[event.type] = event
        expect(events["response.completed"].data.id == response.id, events)
        expect(events["batch.completed"].data.id == batch.id, events)
        expect(client.responses.retrieve(response.id).status == "completed", "the response did not finish by itself")
        body, headers = deliveries[0]
        try:
            client.webhooks.unwrap(body + b" ", headers)
            raise AssertionError("a changed body verified")
        except openai.InvalidWebhookSignatureError:
            pass
    finally:
        sandbox.stop()
        server.shutdown()


# ---------------------------------------------------------------- groups

# One file per API group in groups/ (conversations, containers, evals…), run in this module's namespace so they
# use `test`, `expect`, `Ctx`, `control`, `recorded` and `poll` as the tests above do; sorted for a stable order.
for _group in sorted((Path(__file__).resolve().parent / "groups").glob("*.py")):
    exec(compile(_group.read_text(encoding="utf-8"), str(_group), "exec"))  # noqa: S102 — our own files


# ---------------------------------------------------------------- runner


def main():
    only = sys.argv[1:]
    print("conformance: openai %s, anthropic %s against swiftai sandbox" % (openai.__version__, anthropic.__version__))
    sandbox = SandboxProcess()
    Ctx.base = sandbox.url
    tests = TESTS + [cli_behavior_flags, cli_webhooks_verified_by_the_sdk]
    passed = failed = 0
    try:
        for function in tests:
            if only and not any(name in function.__name__ for name in only):
                continue
            started = time.monotonic()
            try:
                function()
                passed += 1
                print("ok   %-50s %.2fs" % (function.__name__, time.monotonic() - started), flush=True)
            except Exception:  # noqa: BLE001 — every failure is reported, then the next test runs
                failed += 1
                print("FAIL %s\n%s" % (function.__name__, traceback.format_exc()), flush=True)
    finally:
        sandbox.stop()
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
