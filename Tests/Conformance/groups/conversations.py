# The official Python SDK against the sandbox's /v1/conversations routes and the Responses API's `conversation`.


@test
def openai_conversations_lifecycle():
    client = Ctx.openai()
    conversation = client.conversations.create(
        items=[{"type": "message", "role": "user", "content": "Hello"}], metadata={"topic": "demo"})
    expect(conversation.object == "conversation" and conversation.metadata == {"topic": "demo"}, conversation)
    again = client.conversations.retrieve(conversation.id)
    expect(again.id == conversation.id and again.created_at == conversation.created_at, again)
    updated = client.conversations.update(conversation.id, metadata={"topic": "changed"})
    expect(updated.metadata == {"topic": "changed"}, updated)

    added = client.conversations.items.create(
        conversation.id,
        items=[
            {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Hi"}]},
            {"type": "function_call_output", "call_id": "call_1", "output": "42"},
        ],
        include=["message.output_text.logprobs"])
    expect([item.type for item in added.data] == ["message", "function_call_output"], added)
    expect(added.first_id == added.data[0].id and added.last_id == added.data[1].id and not added.has_more, added)
    message = client.conversations.items.retrieve(added.data[0].id, conversation_id=conversation.id)
    expect(message.role == "assistant" and message.content[0].text == "Hi" and message.status == "completed", message)

    listed = client.conversations.items.list(conversation.id, order="asc")
    expect([item.id for item in listed.data][1:] == [item.id for item in added.data], listed)
    expect(listed.data[0].content[0].type == "input_text" and listed.data[0].content[0].text == "Hello", listed.data[0])

    after_delete = client.conversations.items.delete(added.data[0].id, conversation_id=conversation.id)
    expect(after_delete.id == conversation.id and after_delete.object == "conversation", after_delete)
    newest_first = client.conversations.items.list(conversation.id)
    expect([item.type for item in newest_first.data] == ["function_call_output", "message"], newest_first)

    deleted = client.conversations.delete(conversation.id)
    expect(deleted.deleted and deleted.id == conversation.id and deleted.object == "conversation.deleted", deleted)
    try:
        client.conversations.retrieve(conversation.id)
        raise AssertionError("retrieve after delete succeeded")
    except openai.NotFoundError:
        pass


@test
def openai_conversations_auto_paging():
    client = Ctx.openai()
    conversation = client.conversations.create()
    texts = ["message %d" % number for number in range(1, 6)]
    client.conversations.items.create(
        conversation.id, items=[{"type": "message", "role": "user", "content": text} for text in texts])
    page = client.conversations.items.list(conversation.id, limit=2, order="asc")
    expect(len(page.data) == 2 and page.has_more, page)
    walked = [item.content[0].text for item in client.conversations.items.list(conversation.id, limit=2, order="asc")]
    expect(walked == texts, walked)
    try:
        client.conversations.items.list(conversation.id, limit=101)
        raise AssertionError("limit 101 accepted")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "limit", error.body)


@test
def openai_conversations_with_responses():
    client = Ctx.openai(max_retries=0)
    conversation = client.conversations.create(items=[{"type": "message", "role": "user", "content": "My name is Ada."}])
    response = client.responses.create(model="gpt-4.1-mini", input="What is my name?", conversation=conversation.id)
    expect(response.conversation is not None and response.conversation.id == conversation.id, response.conversation)
    second = client.responses.create(model="gpt-4.1-mini", input="Again?", conversation={"id": conversation.id})
    expect(second.conversation.id == conversation.id, second.conversation)
    items = client.conversations.items.list(conversation.id, order="asc")
    expect([item.role for item in items.data] == ["user", "user", "assistant", "user", "assistant"], items)
    expect(items.data[2].content[0].text == response.output_text, items.data[2])
    try:
        client.responses.create(model="gpt-4.1-mini", input="x", conversation=conversation.id, previous_response_id=response.id)
        raise AssertionError("conversation and previous_response_id accepted together")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "conversation", error.body)
    try:
        client.responses.create(model="gpt-4.1-mini", input="x", conversation="conv_missing")
        raise AssertionError("unknown conversation accepted")
    except openai.NotFoundError:
        pass
