# ChatKit (beta): the official SDK creates and cancels sessions (with its chatkit_beta=v1 header), lists the
# thread a session opens, reads its items, deletes it, and gets 404s for unknown ids.


@test
def openai_chatkit_sessions_and_threads():
    client = Ctx.openai()
    session = client.beta.chatkit.sessions.create(
        user="conformance-user", workflow={"id": "wf_conformance", "state_variables": {"tier": "gold"}},
        chatkit_configuration={"file_upload": {"enabled": True}}, expires_after={"anchor": "created_at", "seconds": 120})
    expect(session.object == "chatkit.session" and session.status == "active" and session.client_secret, session)
    expect(session.workflow.id == "wf_conformance" and session.chatkit_configuration.file_upload.enabled, session)
    sent = recorded(Ctx.base, "/v1/chatkit/sessions")[-1]
    header = dict((name.lower(), value) for name, value in sent["headers"])
    expect(header.get("openai-beta") == "chatkit_beta=v1", header)
    cancelled = client.beta.chatkit.sessions.cancel(session.id)
    expect(cancelled.status == "cancelled" and cancelled.id == session.id, cancelled)

    threads = client.beta.chatkit.threads.list(user="conformance-user")
    expect(len(threads.data) == 1 and threads.data[0].status.type == "active", threads)
    thread = client.beta.chatkit.threads.retrieve(threads.data[0].id)
    expect(thread.user == "conformance-user" and thread.object == "chatkit.thread", thread)
    items = client.beta.chatkit.threads.list_items(thread.id, order="asc")
    expect(items.data == [] and not items.has_more, items)
    deleted = client.beta.chatkit.threads.delete(thread.id)
    expect(deleted.deleted and deleted.object == "chatkit.thread.deleted", deleted)
    for call in (lambda: client.beta.chatkit.threads.retrieve(thread.id), lambda: client.beta.chatkit.sessions.cancel("cksess_unknown")):
        try:
            call()
            raise AssertionError("unknown ids are 404")
        except openai.NotFoundError:
            pass
    try:
        client.beta.chatkit.sessions.create(user="u", workflow={"id": "wf_1"}, expires_after={"anchor": "created_at", "seconds": 9999})
        raise AssertionError("expiry over 600 s is refused")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "expires_after.seconds", error.body)
