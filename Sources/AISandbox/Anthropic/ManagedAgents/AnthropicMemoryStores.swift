import AIServerKit
import Crypto
import Foundation

/// Managed Agents' /v1/memory_stores routes: stores (the CRUD of every resource), their memories (text by path,
/// kept as written: retrieve answers the latest content, lists go by path prefix and depth) and the versions each
/// write makes (listed with filters, redacted in place).
enum AnthropicMemoryStores {
    typealias State = ManagedResourceStore.State

    static let storeKind = ManagedResourceKind(type: "memory_store", idPrefix: "memstore", noun: "memory store")
    static let memoryKind = ManagedResourceKind(type: "memory", idPrefix: "mem", noun: "memory")
    static let versionKind = ManagedResourceKind(type: "memory_version", idPrefix: "memver", noun: "memory version")

    /// Who the sandbox says wrote a version made through the API.
    static let apiActor: JSON = ["type": "api_actor", "api_key_id": "apikey_sandbox_0001"]

    static let stores = ManagedResourceRoutes(
        kind: storeKind, path: "/v1/memory_stores", idParameter: "memory_store_id",
        create: { body, _, _ in
            [
                "name": .string(try body.requiredString("name", maxLength: 255)),
                "description": .string(try body.string("description", maxLength: 1024) ?? ""),
            ]
        },
        update: { body, object, _ in
            if body.has("name"), !body.isNull("name") { object["name"] = .string(try body.requiredString("name", maxLength: 255)) }
            if body.has("description") { object["description"] = .string(try body.string("description", maxLength: 1024) ?? "") }
        })

    static func register(on routes: inout SandboxRoutes) {
        stores.register(on: &routes)
        let memories = "/v1/memory_stores/{memory_store_id}/memories"
        routes.add(.post, RoutePattern(memories)) { route in answer(route) { state in try createMemory(route, &state) } }
        routes.add(.get, RoutePattern(memories)) { route in answer(route) { state in try listMemories(route, state) } }
        routes.add(.get, RoutePattern(memories + "/{memory_id}")) { route in
            answer(route) { state in try present(try memory(route, state), route, defaultView: "full") }
        }
        routes.add(.post, RoutePattern(memories + "/{memory_id}")) { route in answer(route) { state in try updateMemory(route, &state) } }
        routes.add(.delete, RoutePattern(memories + "/{memory_id}")) { route in answer(route) { state in try deleteMemory(route, &state) } }
        let versions = "/v1/memory_stores/{memory_store_id}/memory_versions"
        routes.add(.get, RoutePattern(versions)) { route in answer(route) { state in try listVersions(route, state) } }
        routes.add(.get, RoutePattern(versions + "/{memory_version_id}")) { route in
            answer(route) { state in try present(try version(route, state), route, defaultView: "full") }
        }
        routes.add(.post, RoutePattern(versions + "/{memory_version_id}/redact")) { route in
            answer(route) { state in
                var version = try version(route, state)
                if version["redacted_at"]?.isNull != false {
                    for key in ["content", "path", "content_size_bytes", "content_sha256"] { version[key] = nil }
                    version["redacted_at"] = .string(state.now())
                    version["redacted_by"] = apiActor
                    state.put(version, in: versionKind.type)
                }
                return try present(version, route, defaultView: "full")
            }
        }
    }

    private static func answer(_ route: SandboxRouteRequest, _ body: (inout State) throws -> JSON) -> ResponsePlan {
        stores.answer(route, body)
    }

    // MARK: Lookups

    private static func store(_ route: SandboxRouteRequest, _ state: State, writing: Bool) throws -> [String: JSON] {
        let store = try stores.find(route, state)
        if writing, store["archived_at"]?.isNull == false { throw ManagedResourceRoutes.archivedFailure(storeKind, store) }
        return store
    }

    private static func memory(_ route: SandboxRouteRequest, _ state: State, writing: Bool = false) throws -> [String: JSON] {
        let store = try store(route, state, writing: writing)
        let id = route.parameter("memory_id")
        guard let memory = state.object(id, in: memoryKind.type), memory["memory_store_id"] == store["id"] else {
            throw ManagedResourceFailure.notFound("Memory \(id) not found.")
        }
        return memory
    }

    private static func version(_ route: SandboxRouteRequest, _ state: State) throws -> [String: JSON] {
        let store = try store(route, state, writing: false)
        let id = route.parameter("memory_version_id")
        guard let version = state.object(id, in: versionKind.type), version["memory_store_id"] == store["id"] else {
            throw ManagedResourceFailure.notFound("Memory version \(id) not found.")
        }
        return version
    }

    /// The object without its content when the answer's `view` (or the operation's default) is `basic`.
    private static func present(_ object: [String: JSON], _ route: SandboxRouteRequest, defaultView: String) throws -> JSON {
        var object = object
        if try view(route, default: defaultView) == "basic" { object["content"] = .null }
        object["content"] = object["content"] ?? .null
        return .object(object)
    }

    private static func view(_ route: SandboxRouteRequest, default fallback: String) throws -> String {
        let view = route.request.queryValue("view") ?? fallback
        guard view == "basic" || view == "full" else { throw ManagedResourceFailure.invalid("view: Input should be 'basic' or 'full'") }
        return view
    }

    // MARK: Memories

    private static func createMemory(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        let store = try store(route, state, writing: true)
        let body = try ManagedRequestBody(route)
        let path = try checkedPath(try body.requiredString("path"))
        guard body.has("content") else { throw ManagedResourceFailure.invalid("content: Field required") }
        let content = try checkedContent(try body.string("content") ?? "")
        let storeID = store["id"]?.string ?? ""
        try ensureFree(path, in: storeID, except: nil, state)
        let now = state.now()
        var memory: [String: JSON] = [
            "id": .string(state.newID(memoryKind.idPrefix)), "type": "memory", "memory_store_id": .string(storeID), "path": .string(path),
            "created_at": .string(now), "updated_at": .string(now),
        ]
        write(content, into: &memory)
        record(&memory, operation: "created", now: now, &state)
        return try present(memory, route, defaultView: "basic")
    }

    private static func updateMemory(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        var memory = try memory(route, state, writing: true)
        let body = try ManagedRequestBody(route)
        if let precondition = try body.object("precondition") {
            guard precondition["type"]?.string == "content_sha256", let expected = precondition["content_sha256"]?.string else {
                throw ManagedResourceFailure.invalid("precondition: Input should be {\"type\": \"content_sha256\", \"content_sha256\": …}")
            }
            guard expected == memory["content_sha256"]?.string else {
                throw ManagedResourceFailure.conflict(
                    "The memory's content_sha256 does not match the precondition.", type: "memory_precondition_failed_error")
            }
        }
        let before = memory
        if let path = try body.string("path") {
            let path = try checkedPath(path)
            try ensureFree(path, in: memory["memory_store_id"]?.string ?? "", except: memory["id"]?.string, state)
            memory["path"] = .string(path)
        }
        if let content = try body.string("content") { write(try checkedContent(content), into: &memory) }
        if memory != before {
            let now = state.now()
            memory["updated_at"] = .string(now)
            record(&memory, operation: "modified", now: now, &state)
        }
        return try present(memory, route, defaultView: "basic")
    }

    private static func deleteMemory(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        let memory = try memory(route, state)
        if let expected = route.request.queryValue("expected_content_sha256"), expected != memory["content_sha256"]?.string {
            throw ManagedResourceFailure.conflict(
                "The memory's content_sha256 does not match expected_content_sha256; nothing was deleted.", type: "memory_precondition_failed_error")
        }
        var gone = memory
        for key in ["content", "content_size_bytes", "content_sha256"] { gone[key] = .null }
        record(&gone, operation: "deleted", now: state.now(), &state)
        state.remove(memory["id"]?.string ?? "", from: memoryKind.type)
        return ["id": memory["id"] ?? "", "type": "memory_deleted"]
    }

    /// Stores the memory and the version its write makes (the memory then points at it).
    private static func record(_ memory: inout [String: JSON], operation: String, now: String, _ state: inout State) {
        let versionID = state.newID(versionKind.idPrefix)
        let version: [String: JSON] = [
            "id": .string(versionID), "type": "memory_version", "memory_id": memory["id"] ?? "",
            "memory_store_id": memory["memory_store_id"] ?? "", "operation": .string(operation), "path": memory["path"] ?? nil,
            "content": memory["content"] ?? nil, "content_size_bytes": memory["content_size_bytes"] ?? nil,
            "content_sha256": memory["content_sha256"] ?? nil, "created_by": apiActor, "created_at": .string(now),
            "redacted_at": nil, "redacted_by": nil,
        ]
        state.put(version, in: versionKind.type)
        memory["memory_version_id"] = .string(versionID)
        if operation != "deleted" { state.put(memory, in: memoryKind.type) }
    }

    private static func write(_ content: String, into memory: inout [String: JSON]) {
        let bytes = Data(content.utf8)
        memory["content"] = .string(content)
        memory["content_size_bytes"] = .int(bytes.count)
        memory["content_sha256"] = .string(SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
    }

    private static func ensureFree(_ path: String, in storeID: String, except id: String?, _ state: State) throws {
        let taken = state.all(memoryKind.type).contains {
            $0["memory_store_id"]?.string == storeID && $0["path"]?.string == path && $0["id"]?.string != id
        }
        if taken { throw ManagedResourceFailure.conflict("A memory already exists at path '\(path)'.", type: "memory_path_conflict_error") }
    }

    /// A path as the API accepts it: starts with `/`, 1 to 20 non-empty segments, no `.` or `..`, at most 1,024 bytes.
    static func checkedPath(_ path: String) throws -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), (1...20).contains(segments.count), !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            path.utf8.count <= 1024, !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ManagedResourceFailure.invalid(
                "path: must start with '/' and have 1 to 20 non-empty segments other than '.' and '..', at most 1024 bytes")
        }
        return path
    }

    private static func checkedContent(_ content: String) throws -> String {
        guard content.utf8.count <= 102_400 else { throw ManagedResourceFailure.invalid("content: at most 102400 bytes") }
        return content
    }

    private static func listMemories(_ route: SandboxRouteRequest, _ state: State) throws -> JSON {
        let storeID = try store(route, state, writing: false)["id"]
        let prefix = route.request.queryValue("path_prefix") ?? "/"
        guard prefix.hasPrefix("/"), prefix.hasSuffix("/") else {
            throw ManagedResourceFailure.invalid("path_prefix: must start and end with '/'")
        }
        let depthText = route.request.queryValue("depth") ?? "0"
        guard let depth = Int(depthText), depth >= 0 else { throw ManagedResourceFailure.invalid("depth: Input should be a non-negative integer") }
        let memories = state.all(memoryKind.type)
            .filter { $0["memory_store_id"] == storeID && ($0["path"]?.string ?? "").hasPrefix(prefix) }
            .sorted { ($0["path"]?.string ?? "") < ($1["path"]?.string ?? "") }
        var items: [JSON] = []
        var prefixes: Set<String> = []
        let full = try view(route, default: "basic") == "full"
        for memory in memories {
            let rest = (memory["path"]?.string ?? "").dropFirst(prefix.count).split(separator: "/")
            if depth > 0, rest.count > depth {
                let rolled = prefix + rest.prefix(depth).joined(separator: "/") + "/"
                if prefixes.insert(rolled).inserted { items.append(["type": "memory_prefix", "path": .string(rolled)]) }
            } else {
                items.append(try present(memory, route, defaultView: "basic"))
            }
        }
        return try ManagedResourcePaging.page(items, route, maxLimit: full ? 20 : 100)
    }

    // MARK: Versions

    private static func listVersions(_ route: SandboxRouteRequest, _ state: State) throws -> JSON {
        let storeID = try store(route, state, writing: false)["id"]
        let request = route.request
        var versions = state.all(versionKind.type).filter { $0["memory_store_id"] == storeID }
        if let id = request.queryValue("memory_id") { versions = versions.filter { $0["memory_id"]?.string == id } }
        if let operation = request.queryValue("operation") {
            guard ["created", "modified", "deleted"].contains(operation) else {
                throw ManagedResourceFailure.invalid("operation: Input should be 'created', 'modified' or 'deleted'")
            }
            versions = versions.filter { $0["operation"]?.string == operation }
        }
        for (name, field) in [("api_key_id", "api_key_id"), ("session_id", "session_id"), ("service_account_id", "service_account_id")] {
            if let value = request.queryValue(name) { versions = versions.filter { $0["created_by"]?[field]?.string == value } }
        }
        versions = try ManagedResourcePaging.filterCreated(versions, route)
        let full = try view(route, default: "basic") == "full"
        return try ManagedResourcePaging.page(
            try versions.reversed().map { try present($0, route, defaultView: "basic") }, route, maxLimit: full ? 20 : 100)
    }
}
