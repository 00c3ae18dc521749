# Anthropic skills and models as anthropic-python 2.14 reads them: the SDK uploads a folder's files (files[] named by
# their paths), lists with its cursor auto-paging and the source filter, manages versions, deletes, and gets the API's
# errors; models list and retrieve with capabilities, lifecycle and limits.


def _anthropic_skill_md(name, description):
    return ("---\nname: %s\ndescription: %s\n---\n\n# %s\n\nSteps go here.\n" % (name, description, name)).encode()


@test
def anthropic_skills_lifecycle():
    client = Ctx.anthropic()
    skill = client.skills.create(display_name="CSV insights", files=[
        ("csv-insights/SKILL.md", _anthropic_skill_md("csv-insights", "Summarise CSV files"), "text/markdown"),
        ("csv-insights/scripts/run.py", b"print('hi')\n", "text/x-python"),
    ])
    expect(skill.type == "skill" and skill.id.startswith("skill_") and skill.display_name == "CSV insights", skill)
    expect(skill.source.type == "custom" and skill.latest_version_id and skill.created_at == skill.updated_at, skill)
    form = [r for r in recorded(Ctx.base, "/v1/skills") if r["method"] == "POST"][-1]
    expect('name="files[]"; filename="csv-insights/scripts/run.py"' in form["body"], form["body"][:400])
    expect("anthropic-beta" not in {k.lower() for k, _ in form["headers"]}, "client.skills sends no beta")
    first_version = skill.latest_version_id

    again = client.skills.retrieve(skill.id)
    expect(again.id == skill.id and again.latest_version_id == first_version, again)
    second = client.skills.versions.create(skill.id, files=[
        ("csv-insights/SKILL.md", _anthropic_skill_md("csv-insights", "Summarise CSV files, v2"), "text/markdown"),
    ])
    expect(second.type == "skill_version" and second.skill_id == skill.id and second.name == "csv-insights", second)
    expect(second.description == "Summarise CSV files, v2", second.description)
    current = client.skills.retrieve(skill.id)
    expect(current.latest_version_id == second.id and current.updated_at > current.created_at, current)
    expect(client.skills.versions.retrieve("latest", skill_id=skill.id).id == second.id, "latest resolves")
    expect(client.skills.versions.retrieve(first_version, skill_id=skill.id).description == "Summarise CSV files", "version 1")

    page = client.skills.versions.list(skill.id, limit=1)
    expect([v.id for v in page.data] == [second.id] and page.next_page, page)
    expect([v.id for v in client.skills.versions.list(skill.id, limit=1)] == [second.id, first_version], "auto-paging, newest first")

    custom = [s.id for s in client.skills.list(source="custom", limit=1)]
    expect(skill.id in custom and all(s.startswith("skill_") for s in custom), custom)
    published = client.skills.list(source="anthropic")
    expect({s.id for s in published.data} == {"pptx", "xlsx", "docx", "pdf"}, published.data)
    expect(all(s.source.type == "anthropic" for s in published.data), published.data)
    everything = [s.id for s in client.skills.list(limit=2)]
    expect(skill.id in everything and "pdf" in everything, everything)
    cursors = [q for r in recorded(Ctx.base, "/v1/skills") if r["method"] == "GET" for q in r["query"] if q[0] == "page"]
    expect(cursors, "auto-paging sent no page cursor")

    try:
        client.skills.delete(skill.id)
        expect(False, "a skill with versions should not be deleted")
    except anthropic.BadRequestError as error:
        expect(error.body["error"]["type"] == "invalid_request_error" and "version" in error.body["error"]["message"], error.body)
    deleted = client.skills.versions.delete(second.id, skill_id=skill.id)
    expect(deleted.type == "skill_version_deleted" and deleted.id == second.id, deleted)
    expect(client.skills.retrieve(skill.id).latest_version_id == first_version, "latest follows the deletion")
    client.skills.versions.delete(first_version, skill_id=skill.id)
    gone = client.skills.delete(skill.id)
    expect(gone.type == "skill_deleted" and gone.id == skill.id, gone)
    try:
        client.skills.retrieve(skill.id)
        expect(False, "a deleted skill should be gone")
    except anthropic.NotFoundError as error:
        expect(error.body["error"]["type"] == "not_found_error", error.body)


@test
def anthropic_skills_errors():
    client = Ctx.anthropic()
    bad_uploads = [
        [("loose/notes.md", b"no manifest", "text/markdown")],
        [("a/SKILL.md", _anthropic_skill_md("a", "d"), "text/markdown"), ("b/other.md", b"x", "text/markdown")],
        [("x/SKILL.md", b"# no front matter", "text/markdown")],
        [("x/SKILL.md", _anthropic_skill_md("Not Kebab", "d"), "text/markdown")],
    ]
    for files in bad_uploads:
        try:
            client.skills.create(files=files)
            expect(False, "upload %r should be refused" % [f[0] for f in files])
        except anthropic.BadRequestError as error:
            expect(error.body["error"]["type"] == "invalid_request_error", error.body)
    skill = client.skills.create(files=[("deck/SKILL.md", _anthropic_skill_md("deck", "Makes decks"), "text/markdown")])
    expect(skill.display_name == "deck", "display name from SKILL.md")
    try:
        client.skills.versions.create(skill.id, files=[("other/SKILL.md", _anthropic_skill_md("other", "d"), "text/markdown")])
        expect(False, "a version must keep the skill's name")
    except anthropic.BadRequestError as error:
        expect("deck" in error.body["error"]["message"], error.body)
    for call in (lambda: client.skills.retrieve("skill_missing"),
                 lambda: client.skills.versions.retrieve("skillver_missing", skill_id=skill.id),
                 lambda: client.skills.versions.delete("skillver_missing", skill_id=skill.id),
                 lambda: client.skills.versions.list("skill_missing")):
        try:
            call()
            expect(False, "unknown ids should be 404")
        except anthropic.NotFoundError:
            pass
    try:
        client.skills.delete("pptx")
        expect(False, "Anthropic's skills are read-only")
    except anthropic.PermissionDeniedError:
        pass
    expect(client.skills.retrieve("xlsx").source.type == "anthropic", "published skill")
    try:
        client.skills.list(page="not-a-cursor")
        expect(False, "a bad cursor should be refused")
    except anthropic.BadRequestError:
        pass
    client.skills.versions.delete(skill.latest_version_id, skill_id=skill.id)
    client.skills.delete(skill.id)


@test
def anthropic_models_today():
    client = Ctx.anthropic()
    models = list(client.models.list(limit=5))
    ids = [m.id for m in models]
    expect(ids[:2] == ["claude-fable-5-2", "claude-mythos-5-2"] and "claude-opus-4-6" in ids, ids)
    expect(all(m.lifecycle in ("active", "deprecated") for m in models), [m.lifecycle for m in models])
    opus = client.models.retrieve("claude-opus-4-6")
    expect(opus.display_name == "Claude Opus 4.6" and opus.line == "opus" and opus.lifecycle == "active", opus)
    expect(opus.max_input_tokens == 1000000 and opus.max_tokens == 128000 and opus.deprecated_at is None, opus)
    caps = opus.capabilities
    expect(caps.batch.supported and caps.thinking.types.adaptive.supported and caps.effort.max.supported, caps)
    expect(caps.context_management.compact_20260112.supported and caps.server_tools.web_search.supported, caps)
    sonnet = client.models.retrieve("claude-sonnet-4-5")
    expect(sonnet.id == "claude-sonnet-4-5-20250929" and sonnet.created_at.year == 2025, sonnet)
    retired = client.models.list(lifecycle=["retired"])
    expect([m.id for m in retired.data] == ["claude-3-5-haiku-20241022"], retired.data)
    expect(retired.data[0].retires_at is not None and retired.data[0].deprecated_at is not None, retired.data[0])
    sent = [r for r in recorded(Ctx.base, "/v1/models") if r["method"] == "GET"][-1]
    expect(["lifecycle[]", "retired"] in sent["query"], sent["query"])
    try:
        client.models.retrieve("claude-no-such-model")
        expect(False, "unknown model should be 404")
    except anthropic.NotFoundError:
        pass
