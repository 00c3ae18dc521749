# Skills: the official SDK uploads a folder (files[] with paths) and a zip, lists and pages skills and versions,
# moves the default version, downloads bundles (real zips) and gets the API's errors for unknown ids and bad uploads.
import io
import zipfile


def _skill_md(name, description):
    return ("---\nname: %s\ndescription: %s\n---\n\n# %s\n\nSteps go here.\n" % (name, description, name)).encode()


def _zip(entries, compression=zipfile.ZIP_STORED):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as archive:
        for path, data in entries.items():
            archive.writestr(path, data)
    return buffer.getvalue()


@test
def openai_skills_folder_versions_content():
    client = Ctx.openai()
    skill = client.skills.create(files=[
        ("csv-insights/SKILL.md", _skill_md("csv-insights", "Summarise CSV files"), "text/markdown"),
        ("csv-insights/scripts/run.py", b"print('hi')\n", "text/x-python"),
    ])
    expect(skill.object == "skill" and skill.name == "csv-insights", skill)
    expect(skill.description == "Summarise CSV files", skill.description)
    expect(skill.default_version == "1" and skill.latest_version == "1", skill)
    form = recorded(Ctx.base, "/v1/skills")[-1]
    expect(form["method"] == "POST", form)

    second = client.skills.versions.create(skill.id, files=[
        ("csv-insights/SKILL.md", _skill_md("csv-insights", "Summarise CSV files, v2"), "text/markdown"),
    ])
    expect(second.object == "skill.version" and second.version == "2" and second.skill_id == skill.id, second)
    expect(client.skills.retrieve(skill.id).default_version == "1", "a new version is not the default unless asked")
    third = client.skills.versions.create(skill.id, default=True, files=[
        ("csv-insights/SKILL.md", _skill_md("csv-insights", "Summarise CSV files, v3"), "text/markdown"),
    ])
    current = client.skills.retrieve(skill.id)
    expect(current.default_version == "3" and current.latest_version == "3", current)
    expect(current.description == "Summarise CSV files, v3", current.description)

    updated = client.skills.update(skill.id, default_version="2")
    expect(updated.default_version == "2" and updated.description == "Summarise CSV files, v2", updated)

    versions = client.skills.versions.list(skill.id, order="asc")
    expect([v.version for v in versions.data] == ["1", "2", "3"], versions.data)
    page = client.skills.versions.list(skill.id, order="asc", limit=1, after=versions.data[0].id)
    expect([v.version for v in page.data] == ["2"] and page.has_more, page)
    expect([v.version for v in client.skills.versions.list(skill.id, limit=1)] == ["3", "2", "1"], "auto-paging walks every version")
    expect(client.skills.versions.retrieve("1", skill_id=skill.id).description == "Summarise CSV files", "version 1")

    bundle = client.skills.content.retrieve(skill.id).read()
    with zipfile.ZipFile(io.BytesIO(bundle)) as archive:
        expect(archive.testzip() is None, "the bundle's CRCs check")
        expect(archive.read("csv-insights/SKILL.md") == _skill_md("csv-insights", "Summarise CSV files, v2"), archive.namelist())
    first = client.skills.versions.content.retrieve("1", skill_id=skill.id).read()
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        expect(sorted(archive.namelist()) == ["csv-insights/SKILL.md", "csv-insights/scripts/run.py"], archive.namelist())
        expect(archive.read("csv-insights/scripts/run.py") == b"print('hi')\n", "script bytes")

    deleted = client.skills.versions.delete("3", skill_id=skill.id)
    expect(deleted.deleted and deleted.version == "3" and deleted.object == "skill.version.deleted", deleted)
    expect(client.skills.retrieve(skill.id).latest_version == "2", "latest follows deletion")
    try:
        client.skills.versions.delete("2", skill_id=skill.id)
        expect(False, "deleting the default version should fail")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "version", error.body)
    gone = client.skills.delete(skill.id)
    expect(gone.deleted and gone.id == skill.id and gone.object == "skill.deleted", gone)
    try:
        client.skills.retrieve(skill.id)
        expect(False, "a deleted skill should be gone")
    except openai.NotFoundError:
        pass


@test
def openai_skills_zip_upload_and_errors():
    client = Ctx.openai()
    for compression in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        data = _zip({"pdf-tools/SKILL.md": _skill_md("pdf-tools", "Work with PDFs"), "pdf-tools/README.md": b"read me " * 50},
                    compression)
        skill = client.skills.create(files=("pdf-tools.zip", data, "application/zip"))
        expect(skill.name == "pdf-tools" and skill.description == "Work with PDFs", skill)
        expect(client.skills.content.retrieve(skill.id).read() == data, "the zip comes back as uploaded")
    listed = client.skills.list(limit=1)
    expect(len(listed.data) == 1 and listed.has_more, listed)
    expect(len(list(client.skills.list(limit=1))) >= 2, "auto-paging walks every skill")

    for files, what in [
        ([("x/README.md", b"no manifest", "text/markdown")], "no SKILL.md"),
        ([("x/SKILL.md", b"# no front matter", "text/markdown")], "no front matter"),
        ([("../SKILL.md", _skill_md("a", "b"), "text/markdown")], "a path escaping the folder"),
        (("broken.zip", b"PK\x03\x04 not really", "application/zip"), "a broken zip"),
    ]:
        try:
            client.skills.create(files=files)
            expect(False, "%s should be refused" % what)
        except openai.BadRequestError as error:
            expect(error.body["param"] == "files", (what, error.body))
    for call in [lambda: client.skills.retrieve("skill_missing"), lambda: client.skills.content.retrieve("skill_missing"),
                 lambda: client.skills.versions.retrieve("9", skill_id=skill.id),
                 lambda: client.skills.versions.content.retrieve("9", skill_id=skill.id)]:
        try:
            call()
            expect(False, "unknown ids should be 404")
        except openai.NotFoundError as error:
            expect(error.body["type"] == "invalid_request_error", error.body)
    try:
        client.skills.update(skill.id, default_version="7")
        expect(False, "an unknown default version should be refused")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "default_version", error.body)
