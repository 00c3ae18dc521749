# Managed Agents sessions as anthropic-python 2.14 drives them: client.beta.sessions (create/retrieve/update/list/
# archive/delete), sessions.events (send/list/stream, with event deltas and an in-stream error), sessions.resources
# and sessions.threads (+ thread events and their stream) against the sandbox's stateful sessions and the agent it
# plays: the beta header, paths, bracketed list queries, cursor auto-paging, typed events, and the API's errors.


def _last_request(path_suffix):
    return recorded(Ctx.base, path_suffix)[-1]


def _header(request, name):
    return dict((k.lower(), v) for k, v in request["headers"]).get(name, "")


def _query_pairs(request):
    return [(name, value) for name, value in request["query"]]


def _session_setup(client, asking=False):
    policy = "always_ask" if asking else "always_allow"
    agent = client.beta.agents.create(
        name="Helper", model="claude-sonnet-4-5", system="Be brief.",
        tools=[
            {"type": "agent_toolset_20260401", "default_config": {"permission_policy": {"type": policy}}},
            {"type": "custom", "name": "lookup", "description": "Looks a word up.",
             "input_schema": {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]}},
        ])
    environment = client.beta.environments.create(name="sandbox")
    return agent, environment


def _turn(stream):
    """The events of an open stream up to the one that ends the turn."""
    events = []
    for event in stream:
        events.append(event)
        if event.type in ("session.status_idle", "session.status_terminated", "session.deleted"):
            break
    return events


@test
def anthropic_sessions_lifecycle():
    client = Ctx.anthropic()
    agent, environment = _session_setup(client)
    session = client.beta.sessions.create(
        agent=agent.id, environment_id=environment.id, title="Docs pass", metadata={"team": "docs"},
        resources=[{"type": "github_repository", "url": "https://github.com/acme/site", "authorization_token": "ghp_x",
                    "checkout": {"type": "branch", "name": "main"}},
                   {"type": "file", "file_id": "file_1"}],
        budget={"type": "limit", "max_list_cost": {"amount": "2500", "currency": "USD"}})
    create = _last_request("/v1/sessions")
    expect("managed-agents-2026-04-01" in _header(create, "anthropic-beta"), create["headers"])
    expect(session.type == "session" and session.id.startswith("sesn_") and session.status == "idle", session)
    expect(session.agent.id == agent.id and session.agent.version == 1 and session.agent.name == "Helper", session.agent)
    expect(session.agent.model.id == "claude-sonnet-4-5" and [t.type for t in session.agent.tools] == ["agent_toolset_20260401", "custom"], session.agent)
    expect(session.environment_id == environment.id and session.title == "Docs pass" and session.metadata == {"team": "docs"}, session)
    expect([r.type for r in session.resources] == ["github_repository", "file"] and session.resources[0].checkout.name == "main", session.resources)
    expect(session.budget.max_list_cost.amount == "2500" and session.archived_at is None and session.vault_ids == [], session)
    expect(client.beta.sessions.retrieve(session.id).created_at == session.created_at, "retrieve")

    updated = client.beta.sessions.update(session.id, title="Docs pass 2", metadata={"team": None, "owner": "ana"}, budget=None)
    expect(updated.title == "Docs pass 2" and updated.metadata == {"owner": "ana"} and updated.budget is None, updated)
    second = client.beta.sessions.create(agent={"type": "agent", "id": agent.id, "version": 1}, environment_id=environment.id)
    expect(second.agent.version == 1, second.agent)

    first = client.beta.sessions.list(limit=1, statuses=["idle"])
    expect([s.id for s in first.data] == [second.id] and first.next_page, first)
    expect(("statuses[]", "idle") in _query_pairs(_last_request("/v1/sessions")), _last_request("/v1/sessions")["query"])
    expect([s.id for s in client.beta.sessions.list(limit=1)] == [second.id, session.id], "auto-paging by next_page")
    expect([s.id for s in client.beta.sessions.list(agent_id=agent.id, order="asc").data] == [session.id, second.id], "order=asc")

    archived = client.beta.sessions.archive(second.id)
    expect(archived.archived_at is not None, archived)
    expect([s.id for s in client.beta.sessions.list().data] == [session.id], "archived sessions are left out")
    expect(len(client.beta.sessions.list(include_archived=True).data) == 2, "include_archived")
    try:
        client.beta.sessions.events.send(second.id, events=[{"type": "user.message", "content": [{"type": "text", "text": "Hi"}]}])
        expect(False, "an archived session took an event")
    except anthropic.BadRequestError as error:
        expect("archived" in error.body["error"]["message"], error.body)

    deleted = client.beta.sessions.delete(second.id)
    expect(deleted.type == "session_deleted" and deleted.id == second.id, deleted)
    try:
        client.beta.sessions.retrieve(second.id)
        expect(False, "a deleted session was found")
    except anthropic.NotFoundError as error:
        expect(error.body["error"]["type"] == "not_found_error", error.body)
    try:
        client.beta.sessions.create(agent="agent_missing", environment_id=environment.id)
        expect(False, "an unknown agent was accepted")
    except anthropic.NotFoundError as error:
        expect("agent_missing" in error.body["error"]["message"], error.body)


@test
def anthropic_sessions_events_stream_a_turn():
    client = Ctx.anthropic()
    agent, environment = _session_setup(client)
    session = client.beta.sessions.create(agent=agent.id, environment_id=environment.id)
    with client.beta.sessions.events.stream(session.id) as stream:
        sent = client.beta.sessions.events.send(
            session.id, events=[{"type": "user.message", "content": [{"type": "text", "text": "Check [sandbox-tools: bash]"}]}])
        events = _turn(stream)
    request = _last_request("/events/stream")
    expect(request["method"] == "GET" and "managed-agents-2026-04-01" in _header(request, "anthropic-beta"), request)
    expect(sent.data[0].type == "user.message" and sent.data[0].content[0].text == "Check [sandbox-tools: bash]", sent)
    expect([e.type for e in events] == [
        "user.message", "session.status_running", "span.model_request_start", "agent.tool_use", "agent.tool_result",
        "agent.message", "span.model_request_end", "session.status_idle"], [e.type for e in events])
    call, result, answer, end, idle = events[3], events[4], events[5], events[6], events[7]
    expect(call.name == "bash" and call.input == {"command": "echo sandbox"} and call.evaluated_permission == "allow", call)
    expect(result.tool_use_id == call.id and result.content[0].text == "sandbox bash output", result)
    expect(answer.content[0].text == "Hello from AISandbox (Helper)! You said: Check [sandbox-tools: bash]", answer)
    expect(end.model_request_start_id == events[2].id and end.model_usage.output_tokens > 0, end)
    expect(idle.stop_reason.type == "end_turn" and events[0].id == sent.data[0].id, idle)

    logged = client.beta.sessions.events.list(session.id)
    expect([e.id for e in logged.data] == [e.id for e in events], logged)
    only = client.beta.sessions.events.list(session.id, types=["agent.message"], order="desc")
    expect([e.type for e in only.data] == ["agent.message"], only)
    expect(("types[]", "agent.message") in _query_pairs(_last_request("/events")), _last_request("/events")["query"])
    expect([e.id for e in client.beta.sessions.events.list(session.id, limit=3)] == [e.id for e in events], "events auto-page")

    with client.beta.sessions.events.stream(session.id, event_deltas=["agent.message"]) as stream:
        client.beta.sessions.events.send(session.id, events=[{"type": "user.message", "content": [{"type": "text", "text": "Three small words"}]}])
        events = _turn(stream)
    expect(("event_deltas[]", "agent.message") in _query_pairs(_last_request("/events/stream")), "event_deltas[]")
    start = next(e for e in events if e.type == "event_start")
    message = next(e for e in events if e.type == "agent.message")
    pieces = [e.delta.content.text for e in events if e.type == "event_delta"]
    expect(start.event.id == message.id and start.event.type == "agent.message", start)
    expect(len(pieces) > 1 and "".join(pieces) == message.content[0].text, pieces)


@test
def anthropic_sessions_actions_and_errors():
    client = Ctx.anthropic(max_retries=0)
    agent, environment = _session_setup(client, asking=True)
    session = client.beta.sessions.create(agent=agent.id, environment_id=environment.id)
    with client.beta.sessions.events.stream(session.id) as stream:
        client.beta.sessions.events.send(
            session.id, events=[{"type": "user.message", "content": [{"type": "text", "text": "Go [sandbox-tools: lookup, bash]"}]}])
        events = _turn(stream)
    custom = next(e for e in events if e.type == "agent.custom_tool_use")
    asked = next(e for e in events if e.type == "agent.tool_use")
    expect(custom.name == "lookup" and "word" in custom.input and asked.evaluated_permission == "ask", events)
    expect(events[-1].stop_reason.type == "requires_action" and events[-1].stop_reason.event_ids == [custom.id, asked.id], events[-1])
    with client.beta.sessions.events.stream(session.id) as stream:
        client.beta.sessions.events.send(session.id, events=[
            {"type": "user.custom_tool_result", "custom_tool_use_id": custom.id, "content": [{"type": "text", "text": "a word"}]},
            {"type": "user.tool_confirmation", "tool_use_id": asked.id, "result": "allow"}])
        events = _turn(stream)
    expect([e.type for e in events][:2] == ["user.custom_tool_result", "user.tool_confirmation"], [e.type for e in events])
    expect(next(e for e in events if e.type == "agent.tool_result").tool_use_id == asked.id, events)
    expect(next(e for e in events if e.type == "agent.message").content[0].text == "The bash tool returned: sandbox bash output", events)

    for events_body, fragment in (
        ([{"type": "agent.message", "content": [{"type": "text", "text": "x"}]}], "events.0.type"),
        ([{"type": "user.message", "content": []}], "events.0.content"),
        ([{"type": "user.tool_confirmation", "tool_use_id": "sevt_nope", "result": "allow"}], "events.0.tool_use_id"),
        ([], "events"),
    ):
        try:
            client.beta.sessions.events.send(session.id, events=events_body)
            expect(False, "accepted %r" % events_body)
        except anthropic.BadRequestError as error:
            expect(error.body["error"]["type"] == "invalid_request_error" and fragment in error.body["error"]["message"], error.body)
    for call in (lambda: client.beta.sessions.events.list("sesn_missing"),
                 lambda: client.beta.sessions.events.stream("sesn_missing"),
                 lambda: client.beta.sessions.threads.list("sesn_missing"),
                 lambda: client.beta.sessions.resources.retrieve("sesrsc_missing", session_id=session.id)):
        try:
            call()
            expect(False, "an unknown id was found")
        except anthropic.NotFoundError:
            pass

    control(Ctx.base, "POST", "/sandbox/behaviors", {"path": "/events/stream", "stream_error_after_events": 2})
    received = []
    try:
        with client.beta.sessions.events.stream(session.id) as stream:
            client.beta.sessions.events.send(session.id, events=[{"type": "user.message", "content": [{"type": "text", "text": "Hi"}]}])
            for event in stream:
                received.append(event.type)
        expect(False, "the error event did not raise")
    except anthropic.APIStatusError as error:
        expect("verloaded" in str(error) and received == ["user.message", "session.status_running"], (received, error))


@test
def anthropic_sessions_resources_and_threads():
    client = Ctx.anthropic()
    agent, environment = _session_setup(client)
    session = client.beta.sessions.create(
        agent=agent.id, environment_id=environment.id,
        resources=[{"type": "github_repository", "url": "https://github.com/acme/api", "authorization_token": "old"}])
    repository = session.resources[0]
    added = client.beta.sessions.resources.add(session.id, type="file", file_id="file_9", mount_path="/data/nine")
    expect(added.type == "file" and added.file_id == "file_9" and added.mount_path == "/data/nine", added)
    expect([r.id for r in client.beta.sessions.resources.list(session.id, limit=1)] == [repository.id, added.id], "resources auto-page")
    expect(client.beta.sessions.resources.retrieve(added.id, session_id=session.id).file_id == "file_9", "retrieve")
    renewed = client.beta.sessions.resources.update(repository.id, session_id=session.id, authorization_token="new")
    expect(renewed.type == "github_repository" and renewed.url == "https://github.com/acme/api", renewed)
    removed = client.beta.sessions.resources.delete(added.id, session_id=session.id)
    expect(removed.type == "session_resource_deleted" and removed.id == added.id, removed)
    try:
        client.beta.sessions.resources.retrieve(added.id, session_id=session.id)
        expect(False, "a removed resource was found")
    except anthropic.NotFoundError:
        pass

    threads = client.beta.sessions.threads.list(session.id, statuses=["idle"])
    expect(("statuses[]", "idle") in _query_pairs(_last_request("/threads")), "statuses[]")
    thread = threads.data[0]
    expect(len(threads.data) == 1 and thread.type == "session_thread" and thread.parent_thread_id is None, threads)
    expect(thread.session_id == session.id and thread.status == "idle" and thread.agent.name == "Helper", thread)
    expect(client.beta.sessions.threads.retrieve(thread.id, session_id=session.id).id == thread.id, "thread retrieve")
    with client.beta.sessions.threads.events.stream(thread.id, session_id=session.id) as stream:
        client.beta.sessions.events.send(session.id, events=[{"type": "user.message", "content": [{"type": "text", "text": "Hi"}]}])
        events = _turn(stream)
    expect(_last_request("/threads/" + thread.id + "/stream")["method"] == "GET", "the thread stream's path")
    expect(events[0].type == "user.message" and events[-1].type == "session.status_idle", [e.type for e in events])
    listed = [e.id for e in client.beta.sessions.threads.events.list(thread.id, session_id=session.id, limit=2)]
    expect(listed == [e.id for e in events], listed)
    archived = client.beta.sessions.threads.archive(thread.id, session_id=session.id)
    expect(archived.archived_at is not None, archived)

    with client.beta.sessions.events.stream(session.id) as stream:
        client.beta.sessions.delete(session.id)
        types = [e.type for e in stream]
    expect(types == ["session.deleted"], types)
