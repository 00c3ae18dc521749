# Containers: the official SDK creates containers (every field), lists and pages them, puts files in by multipart
# upload and by file_id copy, downloads the exact bytes, deletes files and containers, and gets the API's errors.


@test
def openai_containers_lifecycle():
    client = Ctx.openai()
    uploaded = client.files.create(file=("data.csv", b"a,b\n1,2\n"), purpose="user_data")
    container = client.containers.create(
        name="conformance", file_ids=[uploaded.id], expires_after={"anchor": "last_active_at", "minutes": 10},
        memory_limit="4g", network_policy={"type": "allowlist", "allowed_domains": ["pypi.org"]},
        skills=[{"type": "skill_reference", "skill_id": "skill_1"}])
    expect(container.object == "container" and container.status == "running" and container.name == "conformance", container)
    expect(container.memory_limit == "4g" and container.expires_after.minutes == 10, container)
    expect(container.network_policy.type == "allowlist" and container.network_policy.allowed_domains == ["pypi.org"], container)
    again = client.containers.retrieve(container.id)
    expect(again.id == container.id and again.created_at == container.created_at, again)

    other = client.containers.create(name="second")
    expect(other.memory_limit == "1g" and other.expires_after.anchor == "last_active_at", other)
    named = client.containers.list(name="second")
    expect([c.id for c in named.data] == [other.id], named)
    page = client.containers.list(limit=1, order="asc")
    expect([c.id for c in page.data] == [container.id] and page.has_more, page)
    walked = [c.id for c in client.containers.list(limit=1)]
    expect(walked == [other.id, container.id], walked)

    files = client.containers.files.list(container.id)
    expect(len(files.data) == 1 and files.data[0].path == "/mnt/data/data.csv" and files.data[0].bytes == 8, files)
    copied = files.data[0]
    expect(client.containers.files.content.retrieve(copied.id, container_id=container.id).read() == b"a,b\n1,2\n", "copied bytes")

    payload = bytes(range(256)) * 300
    put = client.containers.files.create(container.id, file=("blob.bin", payload))
    expect(put.object == "container.file" and put.container_id == container.id and put.bytes == len(payload), put)
    expect(put.path.startswith("/mnt/data/") and put.path.endswith("-blob.bin") and put.source == "user", put)
    expect(client.containers.files.content.retrieve(put.id, container_id=container.id).read() == payload, "uploaded bytes")
    with client.containers.files.content.with_streaming_response.retrieve(put.id, container_id=container.id) as response:
        expect(b"".join(response.iter_bytes()) == payload, "streamed bytes")
    by_id = client.containers.files.create(container.id, file_id=uploaded.id)
    expect(by_id.path == "/mnt/data/data.csv", by_id)
    retrieved = client.containers.files.retrieve(put.id, container_id=container.id)
    expect(retrieved.id == put.id and retrieved.bytes == len(payload), retrieved)
    ordered = client.containers.files.list(container.id, order="asc")
    expect([f.id for f in ordered.data] == [copied.id, put.id, by_id.id], ordered)

    expect(client.containers.files.delete(put.id, container_id=container.id) is None, "file delete returns nothing")
    try:
        client.containers.files.retrieve(put.id, container_id=container.id)
        raise AssertionError("retrieve after delete succeeded")
    except openai.NotFoundError:
        pass

    expect(client.containers.delete(container.id) is None, "container delete returns nothing")
    for call in (lambda: client.containers.retrieve(container.id),
                 lambda: client.containers.files.list(container.id),
                 lambda: client.containers.files.content.retrieve(copied.id, container_id=container.id)):
        try:
            call()
            raise AssertionError("call on a deleted container succeeded")
        except openai.NotFoundError:
            pass
    expect(client.files.content(uploaded.id).read() == b"a,b\n1,2\n", "the original file is untouched")
    client.containers.delete(other.id)


@test
def openai_containers_errors():
    client = Ctx.openai()
    for kwargs, param in (
        ({"name": "x", "memory_limit": "2g"}, "memory_limit"),
        ({"name": "x", "expires_after": {"anchor": "created_at", "minutes": 5}}, "expires_after.anchor"),
        ({"name": "x", "expires_after": {"anchor": "last_active_at", "minutes": 0}}, "expires_after.minutes"),
        ({"name": "x", "network_policy": {"type": "allowlist", "allowed_domains": []}}, "network_policy.allowed_domains"),
        ({"name": "x", "skills": [{"type": "inline", "name": "n"}]}, "skills[0]"),
    ):
        try:
            client.containers.create(**kwargs)
            raise AssertionError("accepted %r" % kwargs)
        except openai.BadRequestError as error:
            expect(error.param == param, (kwargs, error.body))
    try:
        client.containers.create(name="x", file_ids=["file-missing"])
        raise AssertionError("accepted a missing file id")
    except openai.NotFoundError as error:
        expect(error.param == "file_ids", error.body)
    container = client.containers.create(name="errors")
    try:
        client.containers.files.create(container.id)
        raise AssertionError("accepted neither file nor file_id")
    except openai.BadRequestError:
        pass
    try:
        client.containers.files.list(container.id, limit=1000)
        raise AssertionError("accepted limit 1000")
    except openai.BadRequestError as error:
        expect(error.param == "limit", error.body)
    try:
        client.containers.retrieve("cntr_missing")
        raise AssertionError("retrieved a missing container")
    except openai.NotFoundError as error:
        expect(error.body.get("type") == "invalid_request_error" if isinstance(error.body, dict) else True, error.body)
    client.containers.delete(container.id)
