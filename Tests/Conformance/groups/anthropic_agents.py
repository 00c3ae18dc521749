# Managed Agents as anthropic-python 2.14 drives them: client.beta.agents (+ versions), client.beta.environments,
# client.beta.memory_stores (+ memories, memory_versions) and client.beta.vaults (+ credentials) against the
# sandbox: the beta header each resource sends, create/retrieve/update/list/archive/delete, cursor auto-paging
# (`page` in, `next_page` out), the list filters, and one error per family.


def _beta_of(path_suffix):
    request = recorded(Ctx.base, path_suffix)[-1]
    return dict((k.lower(), v) for k, v in request["headers"]).get("anthropic-beta", "")


def _query_of(request):
    return dict((name, value) for name, value in request["query"])


@test
def anthropic_agents_versions_and_paging():
    client = Ctx.anthropic()
    agent = client.beta.agents.create(
        name="Researcher",
        model={"id": "claude-opus-4-5", "effort": "max"},
        system="Be thorough.",
        tools=[
            {"type": "agent_toolset_20260401", "configs": [{"name": "bash", "enabled": False}]},
            {"type": "mcp_toolset", "mcp_server_name": "docs"},
            {"type": "custom", "name": "lookup", "description": "Looks up", "input_schema": {"type": "object", "properties": {}}},
        ],
        mcp_servers=[{"type": "url", "name": "docs", "url": "https://mcp.example.com/sse"}],
        skills=[{"type": "anthropic", "skill_id": "xlsx"}],
        metadata={"team": "research"},
    )
    expect("managed-agents-2026-04-01" in _beta_of("/v1/agents"), _beta_of("/v1/agents"))
    expect(agent.type == "agent" and agent.id.startswith("agent_") and agent.version == 1, agent)
    expect(agent.model.id == "claude-opus-4-5" and agent.model.effort.type == "max", agent.model)
    expect([t.type for t in agent.tools] == ["agent_toolset_20260401", "mcp_toolset", "custom"], agent.tools)
    expect(agent.tools[0].configs[0].name == "bash" and agent.tools[0].configs[0].enabled is False, agent.tools[0])
    expect(agent.tools[0].default_config.permission_policy.type == "always_allow", agent.tools[0].default_config)
    expect(agent.skills[0].skill_id == "xlsx" and agent.skills[0].version, agent.skills)
    expect(agent.execution_identity.type == "service_account" and agent.archived_at is None, agent)

    updated = client.beta.agents.update(agent.id, version=1, name="Senior researcher", metadata={"team": None, "owner": "ana"})
    expect(updated.version == 2 and updated.name == "Senior researcher" and updated.metadata == {"owner": "ana"}, updated)
    expect(client.beta.agents.retrieve(agent.id, version=1).name == "Researcher", "version 1 stays readable")
    expect(_query_of(recorded(Ctx.base, "/v1/agents/" + agent.id)[-1]).get("version") == "1", "?version=1")
    expect([v.version for v in client.beta.agents.versions.list(agent.id, limit=1)] == [2, 1], "versions auto-page, newest first")
    try:
        client.beta.agents.update(agent.id, version=1, name="Lost update")
        expect(False, "a stale version should be refused")
    except anthropic.ConflictError as error:
        expect(error.status_code == 409 and error.body["error"]["type"] == "conflict_error", error.body)

    others = [client.beta.agents.create(name="Agent %d" % i, model="claude-haiku-4-5") for i in range(4)]
    first = client.beta.agents.list(limit=2)
    expect(len(first.data) == 2 and first.next_page, first)
    expect([a.id for a in client.beta.agents.list(limit=2)] == [a.id for a in reversed(others)] + [agent.id], "auto-paging")
    pages = [r for r in recorded(Ctx.base, "/v1/agents") if r["method"] == "GET"][-3:]
    expect(_query_of(pages[1]).get("page") == first.next_page, pages[1])
    recent = client.beta.agents.list(created_at_gte=others[2].created_at)
    expect([a.id for a in recent.data] == [others[3].id, others[2].id], recent.data)

    archived = client.beta.agents.archive(agent.id)
    expect(archived.archived_at is not None, archived)
    expect(agent.id not in [a.id for a in client.beta.agents.list()], "archived agents are left out")
    expect(agent.id in [a.id for a in client.beta.agents.list(include_archived=True)], "include_archived")
    try:
        client.beta.agents.retrieve("agent_missing")
        expect(False, "an unknown agent should be 404")
    except anthropic.NotFoundError as error:
        expect(error.body["error"]["type"] == "not_found_error", error.body)


@test
def anthropic_environments_lifecycle():
    client = Ctx.anthropic()
    environment = client.beta.environments.create(
        name="data-science",
        config={
            "type": "cloud",
            "networking": {"type": "limited", "allowed_hosts": ["api.example.com"], "allow_package_managers": True},
            "packages": {"type": "packages", "pip": ["pandas"]},
        },
        metadata={"team": "ds"},
    )
    expect("managed-agents-2026-04-01" in _beta_of("/v1/environments"), "beta header")
    expect(environment.type == "environment" and environment.id.startswith("env_"), environment)
    expect(environment.config.type == "cloud" and environment.config.networking.allowed_hosts == ["api.example.com"], environment.config)
    expect(environment.config.packages.pip == ["pandas"] and environment.config.packages.apt == [], environment.config.packages)
    updated = client.beta.environments.update(environment.id, name="ds", config={"type": "cloud", "packages": {"type": "packages", "apt": ["ffmpeg"]}})
    expect(updated.name == "ds" and updated.config.networking.type == "limited" and updated.config.packages.apt == ["ffmpeg"], updated)
    expect(client.beta.environments.retrieve(environment.id).name == "ds", "retrieve")
    hosted = client.beta.environments.create(name="on-prem", config={"type": "self_hosted"})
    expect(hosted.config.type == "self_hosted", hosted.config)
    expect([e.id for e in client.beta.environments.list(limit=1)] == [hosted.id, environment.id], "auto-paging")
    archived = client.beta.environments.archive(environment.id)
    expect(archived.archived_at is not None, archived)
    try:
        client.beta.environments.update(environment.id, name="again")
        expect(False, "an archived environment can't change")
    except anthropic.BadRequestError as error:
        expect(error.body["error"]["details"]["error_code"] == "environment_archived", error.body)
    deleted = client.beta.environments.delete(environment.id)
    expect(deleted.type == "environment_deleted" and deleted.id == environment.id, deleted)
    try:
        client.beta.environments.retrieve(environment.id)
        expect(False, "a deleted environment should be gone")
    except anthropic.NotFoundError:
        pass


@test
def anthropic_memory_stores_memories_versions():
    import hashlib

    client = Ctx.anthropic()
    store = client.beta.memory_stores.create(name="user-42", description="Preferences", metadata={"user": "42"})
    expect("agent-memory-2026-07-22" in _beta_of("/v1/memory_stores"), _beta_of("/v1/memory_stores"))
    expect(store.type == "memory_store" and store.id.startswith("memstore_") and store.description == "Preferences", store)
    store = client.beta.memory_stores.update(store.id, description="", metadata={"user": None})
    expect(store.description == "" and store.metadata == {}, store)

    memory = client.beta.memory_stores.memories.create(store.id, path="/notes/todo.md", content="Ship on Friday")
    expect(memory.type == "memory" and memory.content is None, memory)
    expect(memory.content_sha256 == hashlib.sha256(b"Ship on Friday").hexdigest() and memory.content_size_bytes == 14, memory)
    expect(client.beta.memory_stores.memories.retrieve(memory.id, memory_store_id=store.id).content == "Ship on Friday", "full view")
    moved = client.beta.memory_stores.memories.update(
        memory.id, memory_store_id=store.id, content="Ship on Monday", path="/notes/plan.md",
        precondition={"type": "content_sha256", "content_sha256": memory.content_sha256}, view="full")
    expect(moved.path == "/notes/plan.md" and moved.content == "Ship on Monday" and moved.id == memory.id, moved)
    try:
        client.beta.memory_stores.memories.update(
            memory.id, memory_store_id=store.id, content="lost",
            precondition={"type": "content_sha256", "content_sha256": memory.content_sha256})
        expect(False, "a stale precondition should be refused")
    except anthropic.ConflictError as error:
        expect(error.body["error"]["type"] == "memory_precondition_failed_error", error.body)

    client.beta.memory_stores.memories.create(store.id, path="/notes/deep/a.md", content="a")
    client.beta.memory_stores.memories.create(store.id, path="/notes-archive/old.md", content="old")
    listed = [m.path for m in client.beta.memory_stores.memories.list(store.id, path_prefix="/notes/", limit=1)]
    expect(listed == ["/notes/deep/a.md", "/notes/plan.md"], listed)
    shallow = client.beta.memory_stores.memories.list(store.id, path_prefix="/notes/", depth=1)
    expect([(i.type, i.path) for i in shallow.data] == [("memory_prefix", "/notes/deep/"), ("memory", "/notes/plan.md")], shallow.data)

    deleted = client.beta.memory_stores.memories.delete(memory.id, memory_store_id=store.id, expected_content_sha256=moved.content_sha256)
    expect(deleted.type == "memory_deleted" and deleted.id == memory.id, deleted)
    versions = client.beta.memory_stores.memory_versions.list(store.id, memory_id=memory.id, limit=1)
    expect([v.operation for v in versions] == ["deleted", "modified", "created"], "versions auto-page, newest first")
    created = [v for v in client.beta.memory_stores.memory_versions.list(store.id, memory_id=memory.id, operation="created")][0]
    expect(created.created_by.type == "api_actor", created.created_by)
    expect(client.beta.memory_stores.memory_versions.retrieve(created.id, memory_store_id=store.id).content == "Ship on Friday", "full")
    redacted = client.beta.memory_stores.memory_versions.redact(created.id, memory_store_id=store.id)
    expect(redacted.redacted_at is not None and redacted.content is None and redacted.path is None, redacted)

    archived = client.beta.memory_stores.archive(store.id)
    expect(archived.archived_at is not None, archived)
    expect(store.id not in [s.id for s in client.beta.memory_stores.list()], "archived stores are left out")
    try:
        client.beta.memory_stores.memories.create(store.id, path="/x.md", content="x")
        expect(False, "an archived store is read-only")
    except anthropic.BadRequestError:
        pass
    gone = client.beta.memory_stores.delete(store.id)
    expect(gone.type == "memory_store_deleted", gone)
    try:
        client.beta.memory_stores.retrieve(store.id)
        expect(False, "a deleted store should be gone")
    except anthropic.NotFoundError:
        pass


@test
def anthropic_vaults_and_credentials():
    client = Ctx.anthropic()
    vault = client.beta.vaults.create(display_name="Ana's tools", metadata={"user": "ana"})
    expect("managed-agents-2026-04-01" in _beta_of("/v1/vaults"), "beta header")
    expect(vault.type == "vault" and vault.id.startswith("vlt_"), vault)
    expect(client.beta.vaults.update(vault.id, display_name="Tools").display_name == "Tools", "rename")
    credential = client.beta.vaults.credentials.create(
        vault.id,
        display_name="Docs MCP",
        auth={
            "type": "mcp_oauth", "access_token": "at-secret", "mcp_server_url": "https://mcp.example.com",
            "refresh": {
                "client_id": "client-1", "refresh_token": "rt-secret", "token_endpoint": "https://auth.example.com/token",
                "token_endpoint_auth": {"type": "client_secret_basic", "client_secret": "cs-secret"},
            },
        },
    )
    answer = credential.to_json()
    expect("secret\"" not in answer and "at-secret" not in answer and "rt-secret" not in answer, answer)
    expect(credential.type == "vault_credential" and credential.auth.type == "mcp_oauth", credential)
    expect(credential.auth.refresh.token_endpoint_auth.type == "client_secret_basic", credential.auth.refresh)
    validation = client.beta.vaults.credentials.mcp_oauth_validate(credential.id, vault_id=vault.id)
    expect(validation.status == "valid" and validation.has_refresh_token, validation)
    updated = client.beta.vaults.credentials.update(credential.id, vault_id=vault.id, auth={"type": "mcp_oauth", "access_token": "at-new"})
    expect(updated.auth.type == "mcp_oauth", updated)
    bearer = client.beta.vaults.credentials.create(vault.id, auth={"type": "static_bearer", "token": "pat", "mcp_server_url": "https://git.example.com"})
    env = client.beta.vaults.credentials.create(vault.id, auth={
        "type": "environment_variable", "secret_name": "STRIPE_KEY", "secret_value": "sk_live",
        "networking": {"type": "limited", "allowed_hosts": ["api.stripe.com"]},
    })
    expect(env.auth.secret_name == "STRIPE_KEY" and env.auth.networking.allowed_hosts == ["api.stripe.com"], env.auth)
    expect([c.id for c in client.beta.vaults.credentials.list(vault.id, limit=1)] == [env.id, bearer.id, credential.id], "auto-paging")
    client.beta.vaults.credentials.archive(bearer.id, vault_id=vault.id)
    expect([c.id for c in client.beta.vaults.credentials.list(vault.id)] == [env.id, credential.id], "archived left out")
    expect(client.beta.vaults.credentials.delete(bearer.id, vault_id=vault.id).type == "vault_credential_deleted", "delete")
    try:
        client.beta.vaults.credentials.create(vault.id, auth={"type": "static_bearer", "mcp_server_url": "https://x.example"})
        expect(False, "a credential without its token should be refused")
    except anthropic.BadRequestError as error:
        expect("auth.token" in error.body["error"]["message"], error.body)
    other = client.beta.vaults.create(display_name="Other")
    client.beta.vaults.archive(other.id)
    expect([v.id for v in client.beta.vaults.list(include_archived=True, limit=1)] == [other.id, vault.id], "vault auto-paging")
    expect(client.beta.vaults.delete(other.id).type == "vault_deleted", "delete vault")
    expect(client.beta.vaults.retrieve(vault.id).display_name == "Tools", "retrieve")
