# Responses over WebSocket: openai-python's responses.connect() creates responses on lanes, chains them, steers one
# in progress (the sandbox holds it), gets its steering refused, and reads a refused request's error event.


def responses_socket_until(connection, stop):
    events = []
    for event in connection:
        events.append(event)
        if stop(event):
            return events
    raise AssertionError("the connection ended early: %s" % [e.type for e in events])


@test
def openai_responses_websocket():
    client = realtime_client()
    with client.responses.connect() as connection:
        connection.response.create(model="gpt-4o-mini", input="My name is Ada.", stream_id="a")
        events = responses_socket_until(connection, lambda e: e.type == "response.completed")
        first = events[-1].response
        expect(all(getattr(e, "stream_id", None) == "a" for e in events), [e.type for e in events])
        text = "".join(e.delta for e in events if e.type == "response.output_text.delta")
        expect(text == first.output_text and text, (text, first.output_text))

        connection.response.create(model="gpt-4o-mini", input="What is my name?", previous_response_id=first.id)
        second = responses_socket_until(connection, lambda e: e.type == "response.completed")[-1].response
        expect(second.previous_response_id == first.id, second)
        expect(client.responses.retrieve(second.id).status == "completed", "stored like an HTTP response")

        connection.response.create(model="gpt-4o-mini", input="Hi", previous_response_id="resp_missing", stream_id="b")
        error = responses_socket_until(connection, lambda e: e.type == "error")[-1]
        expect(error.status == 400 and error.error.code == "previous_response_not_found" and error.stream_id == "b", error)

        connection.response.steer(previous_response_id="resp_unknown", input="hello")
        failed = responses_socket_until(connection, lambda e: e.type == "response.steer.failed")[-1]
        expect(failed.error.code == "response_not_found" and failed.steer.input == "hello", failed)

    # The response stops after three events for up to 30 s, so the steering reaches it in progress.
    control(Ctx.base, "POST", "/sandbox/behaviors", {"path": "/v1/responses", "stall_after_events": 3, "stall_seconds": 30})
    with client.responses.connect() as connection:
        connection.response.create(model="gpt-4o-mini", input="Tell me a long story about the sea.", stream_id="story")
        created = responses_socket_until(connection, lambda e: e.type == "response.created")[-1].response
        connection.response.steer(previous_response_id=created.id, input=[{"role": "user", "content": "Make it about a cat."}])
        events = responses_socket_until(
            connection, lambda e: e.type == "response.completed" and e.response.previous_response_id == created.id)
        types = [e.type for e in events]
        accepted = next(e for e in events if e.type == "response.steer.accepted")
        expect(accepted.steer.previous_response_id == created.id and accepted.stream_id == "story", accepted)
        steered = next(e for e in events if e.type == "response.incomplete")
        expect(steered.response.id == created.id and steered.response.incomplete_details.reason == "steered", types)
        expect(types.index("response.incomplete") < types.index("response.created"), types)
