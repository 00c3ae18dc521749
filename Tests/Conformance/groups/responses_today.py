# Responses today: the official SDK sends today's request options and tools and reads the sandbox's answers
# (compaction past the threshold, prompt cache hits, allowed_tools, custom/shell/apply_patch calls, the image
# generation tool's partial images), and streams image generation and edits with partial images.

LONG_TEXT = " ".join(["The quick brown fox jumps over the lazy dog."] * 150)


@test
def openai_responses_today_options():
    client = Ctx.openai()
    response = client.responses.create(
        model="gpt-5.5", input="Hello", reasoning={"effort": "xhigh", "summary": "auto"},
        prompt_cache_key="user-42", prompt_cache_options={"ttl": "30m", "mode": "explicit"},
        moderation={"model": "omni-moderation-latest", "policy": {"input": {"mode": "block"}}},
        context_management=[{"type": "compaction", "compact_threshold": 50000}])
    expect(response.reasoning.effort == "xhigh" and response.prompt_cache_key == "user-42", response)
    expect(all(item.type != "compaction" for item in response.output), response.output)
    try:
        client.responses.create(model="gpt-5", input="Hi", reasoning={"effort": "ultra"})
        raise AssertionError("an unknown effort was accepted")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "reasoning.effort", error.body)
    try:
        client.responses.create(model="gpt-5", input="Hi", context_management=[{"type": "compaction", "compact_threshold": 5}])
        raise AssertionError("a threshold under 1000 was accepted")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "context_management[0].compact_threshold", error.body)

    compacted = client.responses.create(
        model="gpt-5", input=LONG_TEXT, context_management=[{"type": "compaction", "compact_threshold": 1000}])
    expect(compacted.output[0].type == "compaction" and compacted.output[0].encrypted_content, compacted.output)

    first = client.responses.create(model="gpt-5-mini", input=LONG_TEXT, prompt_cache_key="k")
    second = client.responses.create(model="gpt-5-mini", input=LONG_TEXT, prompt_cache_key="k")
    expect(first.usage.input_tokens_details.cached_tokens == 0, first.usage)
    expect(second.usage.input_tokens_details.cached_tokens >= 1024, second.usage)


@test
def openai_responses_today_tools():
    client = Ctx.openai()
    functions = [{"type": "function", "name": name, "parameters": {"type": "object", "properties": {}}, "strict": False}
                 for name in ("get_weather", "get_time")]
    allowed = client.responses.create(
        model="gpt-4.1", input="What time is it?", tools=functions,
        tool_choice={"type": "allowed_tools", "mode": "required", "tools": [{"type": "function", "name": "get_time"}]})
    expect([item.name for item in allowed.output if item.type == "function_call"] == ["get_time"], allowed.output)

    custom = {"type": "custom", "name": "lookup_order", "format": {"type": "grammar", "syntax": "regex", "definition": r"\d{5}"}}
    called = client.responses.create(model="gpt-5", input="Where is order 12345?", tools=[custom],
                                     tool_choice={"type": "custom", "name": "lookup_order"})
    call = next(item for item in called.output if item.type == "custom_tool_call")
    expect(call.input == "12345" and call.name == "lookup_order", call)
    answered = client.responses.create(model="gpt-5", previous_response_id=called.id, tools=[custom],
                                       input=[{"type": "custom_tool_call_output", "call_id": call.call_id, "output": "shipped"}])
    expect(answered.output_text == f"The tool call {call.call_id} returned: shipped", answered.output_text)

    hosted = client.responses.create(model="gpt-5.1-codex", input="from the container",
                                     tools=[{"type": "shell", "environment": {"type": "container_auto"}}])
    expect([item.type for item in hosted.output][-3:] == ["shell_call", "shell_call_output", "message"], hosted.output)
    expect(hosted.output[-2].output[0].stdout == "from the container\n", hosted.output[-2])

    patch = client.responses.create(model="gpt-5.1", input="create hello.txt", tools=[{"type": "apply_patch"}])
    change = next(item for item in patch.output if item.type == "apply_patch_call")
    expect(change.operation.type == "create_file" and change.operation.path == "hello.txt", change)

    stream = client.responses.create(model="gpt-5", input="a red fox", stream=True,
                                     tools=[{"type": "image_generation", "partial_images": 2}])
    partials = [event for event in stream if event.type == "response.image_generation_call.partial_image"]
    expect(len(partials) == 2 and all(is_png(base64.b64decode(p.partial_image_b64)) for p in partials), partials)


@test
def openai_images_streamed_partial_images():
    client = Ctx.openai()
    events = list(client.images.generate(model="gpt-image-1.5", prompt="a lighthouse", stream=True, partial_images=2))
    expect([e.type for e in events] == ["image_generation.partial_image"] * 2 + ["image_generation.completed"], events)
    expect(all(is_png(base64.b64decode(e.b64_json)) for e in events), "every event carries a PNG")
    expect(events[-1].usage.total_tokens > 0, events[-1])
    png = base64.b64decode(events[-1].b64_json)
    edits = list(client.images.edit(model="gpt-image-1", image=("in.png", png, "image/png"), prompt="add a moon",
                                    stream=True, partial_images=1))
    expect([e.type for e in edits] == ["image_edit.partial_image", "image_edit.completed"], edits)
    try:
        list(client.images.generate(model="dall-e-3", prompt="x", stream=True))
        raise AssertionError("dall-e-3 streamed")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "stream", error.body)
