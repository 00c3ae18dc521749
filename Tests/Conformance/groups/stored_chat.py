# Stored chat completions: the official SDK creates completions with store=True (plain and streamed), lists them
# with its model / metadata filters and auto-paging, reads, relabels and deletes them, reads their messages, and
# gets the API's errors.


@test
def openai_stored_chat_lifecycle():
    client = Ctx.openai()
    first = client.chat.completions.create(
        model="gpt-4o-mini", store=True, metadata={"topic": "stories"},
        messages=[{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Tell me a story"}])
    stream = client.chat.completions.create(
        model="gpt-4o", store=True, metadata={"topic": "colors"}, stream=True,
        messages=[{"role": "user", "content": [{"type": "text", "text": "Name a color"}]}])
    streamed_id = None
    for chunk in stream:
        streamed_id = chunk.id
    client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "not kept"}])

    listed = client.chat.completions.list()
    expect([c.id for c in listed.data] == [first.id, streamed_id], listed)
    expect(client.chat.completions.list(model="gpt-4o").data[0].id == streamed_id, "model filter")
    expect([c.id for c in client.chat.completions.list(metadata={"topic": "stories"}).data] == [first.id], "metadata filter")
    page = client.chat.completions.list(limit=1, order="desc")
    expect([c.id for c in page.data] == [streamed_id] and page.has_more, page)
    expect([c.id for c in client.chat.completions.list(limit=1)] == [first.id, streamed_id], "auto-paging")

    got = client.chat.completions.retrieve(first.id)
    expect(got.id == first.id and got.choices[0].message.content == first.choices[0].message.content, got)
    expect(got.metadata == {"topic": "stories"}, got.metadata)
    updated = client.chat.completions.update(first.id, metadata={"topic": "bedtime"})
    expect(updated.metadata == {"topic": "bedtime"}, updated)

    messages = client.chat.completions.messages.list(first.id)
    expect([m.role for m in messages.data] == ["system", "user"] and messages.data[1].content == "Tell me a story", messages)
    expect([m.id for m in client.chat.completions.messages.list(first.id, limit=1)] == [m.id for m in messages.data], "paging")
    parts = client.chat.completions.messages.list(streamed_id).data[0]
    expect(parts.content is None and parts.content_parts[0].text == "Name a color", parts)

    deleted = client.chat.completions.delete(first.id)
    expect(deleted.deleted and deleted.id == first.id and deleted.object == "chat.completion.deleted", deleted)
    try:
        client.chat.completions.retrieve(first.id)
        raise AssertionError("retrieve after delete succeeded")
    except openai.NotFoundError as error:
        expect(error.body.get("type") == "invalid_request_error", error.body)
    try:
        client.chat.completions.update(streamed_id, metadata={"n": 1})
        raise AssertionError("a number in metadata was accepted")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "metadata.n", error.body)
