# Anthropic tools as anthropic-python 2.14 sends them: every tool type of the GA tool union (and the beta-only ones
# with their betas), server tool results read back as the SDK's typed blocks (web fetch, web search, code execution
# with the file it wrote downloaded, tool search then the found tool's call sent back), the API's 400 for an unknown
# tool type, and the SDK's own memory tool (BetaLocalFilesystemMemoryTool) driven by its tool runner.

_TOOLS_MODEL = "claude-sonnet-4-5"


def _tools_ask(client, text, tools, **kwargs):
    return client.messages.create(
        model=_TOOLS_MODEL, max_tokens=1024, tools=tools, messages=[{"role": "user", "content": text}], **kwargs)


def _tools_last_body():
    return json.loads([r for r in recorded(Ctx.base, "/v1/messages") if r["method"] == "POST"][-1]["body"])


@test
def anthropic_tools_today_every_type():
    client = Ctx.anthropic()
    location = {"type": "approximate", "city": "Paris", "country": "FR", "timezone": "Europe/Paris"}
    every = [
        {"type": "web_search_20250305", "name": "web_search", "max_uses": 2, "allowed_domains": ["example.com"], "user_location": location},
        {"type": "web_search_20260209", "name": "web_search", "blocked_domains": ["bad.example"]},
        {"type": "web_search_20260318", "name": "web_search", "response_inclusion": "excluded", "defer_loading": True},
        {"type": "web_fetch_20250910", "name": "web_fetch", "citations": {"enabled": True}, "max_content_tokens": 2000},
        {"type": "web_fetch_20260209", "name": "web_fetch", "allowed_domains": ["example.com"]},
        {"type": "web_fetch_20260309", "name": "web_fetch", "use_cache": False},
        {"type": "web_fetch_20260318", "name": "web_fetch", "response_inclusion": "full",
         "url_sources": {"user_input": {"type": "all"}, "server_tool_results": {"type": "none"}}},
        {"type": "code_execution_20250522", "name": "code_execution"},
        {"type": "code_execution_20250825", "name": "code_execution", "cache_control": {"type": "ephemeral", "ttl": "1h"}},
        {"type": "code_execution_20260120", "name": "code_execution"},
        {"type": "code_execution_20260521", "name": "code_execution", "strict": True},
        {"type": "bash_20250124", "name": "bash", "allowed_callers": ["direct", "code_execution_20260120"]},
        {"type": "text_editor_20250124", "name": "str_replace_editor"},
        {"type": "text_editor_20250429", "name": "str_replace_based_edit_tool"},
        {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool", "max_characters": 10000},
        {"type": "memory_20250818", "name": "memory", "input_examples": [{"command": "view", "path": "/memories"}]},
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
        {"type": "tool_search_tool_regex", "name": "tool_search_tool_regex"},
        {"type": "browser_toolset_20260801", "configs": {"navigate": {"enabled": False}}},
        {"type": "computer_toolset_20260801"},
        {"name": "lookup", "description": "Looks up", "strict": True, "eager_input_streaming": True,
         "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": False}},
    ]
    for tool in every:
        message = _tools_ask(client, "Hello", [tool])
        expect(message.type == "message" and message.stop_reason in ("end_turn", "tool_use"), (tool, message))
        expect(_tools_last_body()["tools"] == [tool], _tools_last_body()["tools"])
    beta_only = [
        ({"type": "computer_20251124", "name": "computer", "display_width_px": 1280, "display_height_px": 800, "enable_zoom": True},
         "computer-use-2025-11-24"),
        ({"type": "computer_20250124", "name": "computer", "display_width_px": 1024, "display_height_px": 768}, "computer-use-2025-01-24"),
        ({"type": "bash_20241022", "name": "bash"}, "computer-use-2024-10-22"),
        ({"type": "advisor_20260301", "name": "advisor", "model": "claude-opus-4-5", "max_uses": 1}, "advisor-tool-2026-03-01"),
    ]
    for tool, beta in beta_only:
        try:
            _tools_ask(client, "Hello", [tool])
            raise AssertionError("accepted %s without its beta" % tool["type"])
        except anthropic.BadRequestError as error:
            expect(error.body["error"]["type"] == "invalid_request_error" and tool["type"] in error.body["error"]["message"], error.body)
        message = client.beta.messages.create(
            model=_TOOLS_MODEL, max_tokens=256, tools=[tool], betas=[beta], messages=[{"role": "user", "content": "Hello"}])
        expect(message.type == "message", message)
    for tool, needle in (({"type": "web_search_20990101", "name": "web_search"}, "web_search_20990101"),
                         ({"type": "web_fetch_20250910", "name": "fetch"}, "'web_fetch'")):
        try:
            _tools_ask(client, "Hello", [tool])
            raise AssertionError("accepted %r" % tool)
        except anthropic.BadRequestError as error:
            expect(needle in error.body["error"]["message"], error.body)
    try:
        client.messages.count_tokens(model=_TOOLS_MODEL, tools=[{"type": "nope_20250101", "name": "nope"}],
                                     messages=[{"role": "user", "content": "Hi"}])
        raise AssertionError("count_tokens accepted an unknown tool type")
    except anthropic.BadRequestError as error:
        expect("nope_20250101" in error.body["error"]["message"], error.body)


@test
def anthropic_tools_today_web_results():
    client = Ctx.anthropic()
    fetch = {"type": "web_fetch_20250910", "name": "web_fetch", "citations": {"enabled": True}, "allowed_domains": ["example.com"]}
    message = _tools_ask(client, "Summarize https://docs.example.com/guide [sandbox-tools: web_fetch]", [fetch])
    expect([b.type for b in message.content] == ["text", "server_tool_use", "web_fetch_tool_result", "text"], message.content)
    use, result = message.content[1], message.content[2]
    expect(use.name == "web_fetch" and use.input == {"url": "https://docs.example.com/guide"} and result.tool_use_id == use.id, use)
    expect(result.content.type == "web_fetch_result" and result.content.url == "https://docs.example.com/guide", result)
    document = result.content.content
    expect(document.type == "document" and document.source.type == "text" and document.citations.enabled, document)
    with client.messages.stream(model=_TOOLS_MODEL, max_tokens=1024, tools=[fetch],
                                messages=[{"role": "user", "content": "Read https://example.com/a [sandbox-tools: web_fetch]"}]) as stream:
        final = stream.get_final_message()
    streamed = [b for b in final.content if b.type == "web_fetch_tool_result"]
    expect(streamed and streamed[0].content.url == "https://example.com/a", final.content)
    refused = _tools_ask(client, "Read https://other.example.net/ [sandbox-tools: web_fetch]", [fetch])
    error = [b for b in refused.content if b.type == "web_fetch_tool_result"][0].content
    expect(error.type == "web_fetch_tool_result_error" and error.error_code == "url_not_allowed", error)

    search = _tools_ask(client, "swift news [sandbox-tools: web_search]", [{"type": "web_search_20250305", "name": "web_search"}])
    results = [b for b in search.content if b.type == "web_search_tool_result"]
    expect(results and results[0].content[0].type == "web_search_result" and results[0].content[0].url.startswith("https://"), search.content)


@test
def anthropic_tools_today_code_execution_file():
    client = Ctx.anthropic()
    message = _tools_ask(client, "Total the sales [sandbox-tools: code_execution]", [{"type": "code_execution_20250825", "name": "code_execution"}])
    kinds = [b.type for b in message.content]
    expect(kinds == ["text", "server_tool_use", "text_editor_code_execution_tool_result", "server_tool_use",
                     "bash_code_execution_tool_result", "text"], kinds)
    edit, run = message.content[2].content, message.content[4].content
    expect(edit.type == "text_editor_code_execution_create_result" and edit.is_file_update is False, edit)
    expect(run.type == "bash_code_execution_result" and run.stdout == "Total the sales\n" and run.return_code == 0, run)
    file_id = run.content[0].file_id
    expect(client.files.download(file_id).read() == b"Total the sales\n", "downloaded bytes")
    expect(client.beta.files.retrieve_metadata(file_id).filename == "sandbox_output.txt", "metadata")

    python = _tools_ask(client, "Say hi [sandbox-tools: code_execution]", [{"type": "code_execution_20250522", "name": "code_execution"}])
    result = [b for b in python.content if b.type == "code_execution_tool_result"][0].content
    expect(result.type == "code_execution_result" and result.stdout == "Say hi\n", result)
    expect(client.files.download(result.content[0].file_id).read() == b"Say hi\n", "python file")
    with client.messages.stream(model=_TOOLS_MODEL, max_tokens=1024, tools=[{"type": "code_execution_20260120", "name": "code_execution"}],
                                messages=[{"role": "user", "content": "Streamed [sandbox-tools: bash_code_execution]"}]) as stream:
        final = stream.get_final_message()
    bash = [b for b in final.content if b.type == "bash_code_execution_tool_result"]
    expect(bash and bash[0].content.stdout == "Streamed\n", final.content)
    expect(client.files.download(bash[0].content.content[0].file_id).read() == b"Streamed\n", "streamed file")


@test
def anthropic_tools_today_tool_search_round_trip():
    client = Ctx.anthropic()
    weather = {"name": "get_weather", "description": "Current weather and forecast for a city", "defer_loading": True,
               "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
    orders = {"name": "lookup_order", "description": "Finds an order", "defer_loading": True,
              "input_schema": {"type": "object", "properties": {"id": {"type": "string"}}}}
    for search in ({"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
                   {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}):
        tools = [search, weather, orders]
        messages = [{"role": "user", "content": "Weather forecast in Paris? [sandbox-tools: %s]" % search["name"]}]
        message = client.messages.create(model=_TOOLS_MODEL, max_tokens=1024, tools=tools, messages=messages)
        expect([b.type for b in message.content] == ["text", "server_tool_use", "tool_search_tool_result", "tool_use"], message.content)
        found = message.content[2].content
        expect(found.type == "tool_search_tool_search_result" and [r.tool_name for r in found.tool_references] == ["get_weather"], found)
        call = message.content[3]
        expect(message.stop_reason == "tool_use" and call.name == "get_weather", message)
        messages += [{"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in message.content]},
                     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "content": "Sunny"}]}]
        answer = client.messages.create(model=_TOOLS_MODEL, max_tokens=1024, tools=tools, messages=messages)
        expect(answer.stop_reason == "end_turn" and "Sunny" in answer.content[0].text, answer)
        sent = _tools_last_body()["messages"][1]["content"]
        expect([b["type"] for b in sent] == ["text", "server_tool_use", "tool_search_tool_result", "tool_use"], sent)


@test
def anthropic_tools_today_memory_tool_runner():
    import tempfile
    from anthropic.tools.memory import BetaLocalFilesystemMemoryTool

    client = Ctx.anthropic()
    with tempfile.TemporaryDirectory() as base:
        memory = BetaLocalFilesystemMemoryTool(base_path=base)
        # thread=False: the runner sends the whole conversation each turn (server-held threads are another feature).
        runner = client.beta.messages.tool_runner(
            model=_TOOLS_MODEL, max_tokens=1024, tools=[memory], thread=False,
            messages=[{"role": "user", "content": "I prefer green tea. [sandbox-tools: memory | memory | memory]"}])
        final = runner.until_done()
        with open(os.path.join(base, "memories", "sandbox-notes.md"), encoding="utf-8") as note:
            expect(note.read() == "I prefer green tea.\n", "the note the model wrote")
        expect("I prefer green tea." in final.content[0].text, final.content)
        bodies = [json.loads(r["body"]) for r in recorded(Ctx.base, "/v1/messages") if r["method"] == "POST"][-4:]
        expect(all(body["tools"] == [{"type": "memory_20250818", "name": "memory"}] for body in bodies), bodies[0]["tools"])
        calls = [b["input"] for b in bodies[-1]["messages"][-2]["content"] if b["type"] == "tool_use"]
        expect(calls == [{"command": "view", "path": "/memories/sandbox-notes.md"}], calls)
        results = [b for m in bodies[-1]["messages"] if m["role"] == "user" and isinstance(m["content"], list)
                   for b in m["content"] if b["type"] == "tool_result"]
        expect(len(results) == 3 and "File created successfully at: /memories/sandbox-notes.md" in json.dumps(results[1]), results)
