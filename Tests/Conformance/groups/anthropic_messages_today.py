# Anthropic Messages as they are today: anthropic-python sends effort, adaptive thinking, speed, top-level
# cache_control, a container with Skills and search_result blocks; the beta client sends context management and
# gets compaction blocks (plain and streamed), sends them back, and counts tokens with the new fields.
import json

import anthropic

_LONG = " ".join(["word"] * 50_100)
_CODE_EXECUTION = {"type": "code_execution_20250825", "name": "code_execution"}


def _last(path="/v1/messages"):
    sent = recorded(Ctx.base, path)[-1]
    return json.loads(sent["body"]), {k.lower(): v for k, v in sent["headers"]}


@test
def anthropic_today_effort_adaptive_speed_cache_container():
    client = Ctx.anthropic()
    message = client.messages.create(
        model="claude-opus-4-6", max_tokens=2048, output_config={"effort": "high"},
        thinking={"type": "adaptive", "display": "summarized"}, speed="fast", inference_geo="us",
        cache_control={"type": "ephemeral", "ttl": "1h"}, tools=[_CODE_EXECUTION],
        container={"skills": [{"type": "anthropic", "skill_id": "xlsx", "version": "latest"}]},
        messages=[{"role": "user", "content": "Make a spreadsheet of the planets"}])
    body, _ = _last()
    expect(body["output_config"] == {"effort": "high"} and body["speed"] == "fast", body)
    expect(body["thinking"] == {"type": "adaptive", "display": "summarized"}, body["thinking"])
    expect(message.content[0].type == "thinking" and message.content[-1].type == "text", message.content)
    expect(message.usage.speed == "fast" and message.usage.inference_geo == "us", message.usage)
    expect(message.usage.cache_creation.ephemeral_1h_input_tokens > 0, message.usage)
    expect(message.container and message.container.id and message.container.expires_at, message.container)
    expect([s.skill_id for s in message.container.skills] == ["xlsx"], message.container)

    with client.messages.stream(
            model="claude-opus-4-6", max_tokens=2048, thinking={"type": "adaptive"}, speed="fast",
            tools=[_CODE_EXECUTION], container={"skills": [{"type": "anthropic", "skill_id": "xlsx"}]},
            messages=[{"role": "user", "content": "Make a spreadsheet of the planets"}]) as stream:
        final = stream.get_final_message()
    expect(final.container and final.container.skills[0].skill_id == "xlsx", final.container)
    expect(final.usage.speed == "fast" and final.content[0].type == "thinking", final)


@test
def anthropic_today_refusals_name_the_field():
    client = Ctx.anthropic()
    for extra, field in [({"output_config": {"effort": "extreme"}}, "output_config.effort"),
                         ({"speed": "ludicrous"}, "speed"),
                         ({"thinking": {"type": "pondering"}}, "thinking.type"),
                         ({"container": {"skills": [{"type": "anthropic", "skill_id": "pptx"}]}}, "container.skills")]:
        try:
            client.messages.create(model="claude-opus-4-6", max_tokens=10,
                                   messages=[{"role": "user", "content": "Hi"}], **extra)
            expect(False, "accepted %r" % extra)
        except anthropic.BadRequestError as error:
            expect(field in error.message and error.body["error"]["type"] == "invalid_request_error", error.body)


@test
def anthropic_today_search_results_cited():
    message = Ctx.anthropic().messages.create(
        model="claude-sonnet-4-5", max_tokens=256,
        messages=[{"role": "user", "content": [
            {"type": "search_result", "source": "https://kb.example.com/refunds", "title": "Refund policy",
             "content": [{"type": "text", "text": "Refunds are issued within 14 days."}], "citations": {"enabled": True}},
            {"type": "text", "text": "How long do refunds take?"}]}])
    cited = [block for block in message.content if block.type == "text" and block.citations]
    expect(cited, message.content)
    citation = cited[0].citations[0]
    expect(citation.type == "search_result_location" and citation.source == "https://kb.example.com/refunds", citation)
    expect(citation.search_result_index == 0 and citation.cited_text == "Refunds are issued within 14 days.", citation)


@test
def anthropic_today_beta_compaction_round_trip():
    client = Ctx.anthropic()
    management = {"edits": [{"type": "compact_20260112", "trigger": {"type": "input_tokens", "value": 50_000},
                             "instructions": "Keep it short"}]}
    messages = [{"role": "user", "content": _LONG}, {"role": "assistant", "content": "Noted."},
                {"role": "user", "content": "What next?"}]
    message = client.beta.messages.create(
        model="claude-opus-4-6", max_tokens=256, betas=["compact-2026-01-12"], context_management=management,
        messages=messages)
    _, headers = _last()
    expect("compact-2026-01-12" in headers.get("anthropic-beta", ""), headers)
    expect(message.content[0].type == "compaction" and "What next?" in message.content[0].content, message.content)
    expect(message.content[-1].type == "text" and message.stop_reason == "end_turn", message)
    expect([i.type for i in message.usage.iterations] == ["compaction", "message"], message.usage)
    expect(message.context_management is not None and message.context_management.applied_edits == [], message)

    messages += [{"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in message.content]},
                 {"role": "user", "content": "And then?"}]
    after = client.beta.messages.create(
        model="claude-opus-4-6", max_tokens=256, betas=["compact-2026-01-12"], context_management=management,
        messages=messages)
    expect(after.content[0].type == "text" and after.usage.input_tokens < 100, after)

    with client.beta.messages.stream(
            model="claude-opus-4-6", max_tokens=256, betas=["compact-2026-01-12"],
            context_management={"edits": [{"type": "compact_20260112", "trigger": {"type": "input_tokens", "value": 50_000},
                                           "pause_after_compaction": True}]},
            messages=messages[:3]) as stream:
        paused = stream.get_final_message()
    expect(paused.stop_reason == "compaction" and [b.type for b in paused.content] == ["compaction"], paused)
    expect(paused.content[0].content == message.content[0].content.replace(" (following the instructions: Keep it short)", ""),
           paused.content[0])

    altered = dict(message.content[0].model_dump(exclude_none=True), content="Something else")
    try:
        client.beta.messages.create(
            model="claude-opus-4-6", max_tokens=16, betas=["compact-2026-01-12"],
            messages=[{"role": "assistant", "content": [altered]}, {"role": "user", "content": "Go"}])
        expect(False, "an altered compaction block was accepted")
    except anthropic.BadRequestError as error:
        expect(error.body["error"]["details"]["error_code"] == "compaction_content_mismatch", error.body)


@test
def anthropic_today_beta_clear_tool_uses_and_count_tokens():
    client = Ctx.anthropic()
    messages = [{"role": "user", "content": "Weather in three cities?"}]
    for city in ["Paris", "Rome", "Oslo"]:
        messages += [
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_" + city, "name": "get_weather",
                                               "input": {"city": city}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_" + city,
                                          "content": " ".join(["sunny"] * 40)}]}]
    messages.append({"role": "user", "content": "Summarize"})
    management = {"edits": [{"type": "clear_tool_uses_20250919", "trigger": {"type": "tool_uses", "value": 2},
                             "keep": {"type": "tool_uses", "value": 1}}]}
    plain = client.messages.create(model="claude-sonnet-4-5", max_tokens=64, messages=messages)
    edited = client.beta.messages.create(
        model="claude-sonnet-4-5", max_tokens=64, betas=["context-management-2025-06-27"],
        context_management=management, messages=messages)
    edit = edited.context_management.applied_edits[0]
    expect(edit.type == "clear_tool_uses_20250919" and edit.cleared_tool_uses == 2, edit)
    expect(edited.usage.input_tokens == plain.usage.input_tokens - edit.cleared_input_tokens, (plain.usage, edited.usage))

    count = client.beta.messages.count_tokens(
        model="claude-sonnet-4-5", betas=["context-management-2025-06-27"], context_management=management,
        speed="fast", output_config={"effort": "low"}, cache_control={"type": "ephemeral"}, messages=messages)
    body, headers = _last("/v1/messages/count_tokens")
    expect(body["speed"] == "fast" and body["output_config"] == {"effort": "low"} and body["context_management"], body)
    expect("context-management-2025-06-27" in headers.get("anthropic-beta", ""), headers)
    expect(count.input_tokens == edited.usage.input_tokens, count)
    expect(count.context_management.original_input_tokens == plain.usage.input_tokens, count)
