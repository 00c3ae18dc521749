import AIServerKit
import Foundation

/// One kind of Managed Agents object and how the API spells it.
struct ManagedResourceKind: Sendable {
    /// The object's `type` and the store's collection, e.g. `agent`, `vault_credential`.
    let type: String
    /// The id prefix, e.g. `agent`, `env`, `memstore`, `vlt`, `vcrd`.
    let idPrefix: String
    /// How messages name it, e.g. `agent`, `memory store`.
    let noun: String
    /// The `type` of the answer to a delete, e.g. `environment_deleted`.
    var deletedType: String { type == "vault_credential" ? "vault_credential_deleted" : "\(type)_deleted" }
    /// The `error.details.error_code` of a change refused because the object is archived, where the API names one.
    var archivedCode: String?

    init(type: String, idPrefix: String, noun: String, archivedCode: String? = nil) {
        self.type = type
        self.idPrefix = idPrefix
        self.noun = noun
        self.archivedCode = archivedCode
    }
}

/// The routes of one CRUD resource — create, retrieve, update, list, archive, delete — over
/// ``ManagedResourceStore``; a resource says how its objects are built from a create and changed by an update,
/// the rest (ids, timestamps, 404s, archived objects, `include_archived` and `created_at[gte|lte]` filters,
/// `page`/`next_page` cursors, the deleted object) is the same for all.
///
/// A nested resource (a vault's credentials) names its parent: the parent must exist, the child keeps the parent's
/// id in `parentField`, and a child asked for under another parent is not found.
struct ManagedResourceRoutes: Sendable {
    typealias State = ManagedResourceStore.State
    /// Builds a new object's own fields from the body (id, type, timestamps, metadata and the parent field are
    /// added around them). Gets the parent's id for a nested resource.
    typealias Create = @Sendable (_ body: ManagedRequestBody, _ state: inout State, _ parentID: String?) throws -> [String: JSON]
    /// Changes `object` as the body says (timestamps and metadata are handled around it).
    typealias Update = @Sendable (_ body: ManagedRequestBody, _ object: inout [String: JSON], _ state: inout State) throws -> Void
    /// The object as an answer shows it (e.g. without content a `view` leaves out).
    typealias Present = @Sendable (_ object: [String: JSON], _ route: SandboxRouteRequest) throws -> JSON
    /// Called when an object was created (`previous` nil) or changed by an update, with its timestamps set: e.g. an
    /// agent counts its version and keeps the snapshot.
    typealias Written = @Sendable (_ object: inout [String: JSON], _ previous: [String: JSON]?, _ state: inout State) -> Void
    /// Answers a retrieve in place of the stored object (e.g. an agent's older version).
    typealias Retrieve = @Sendable (_ object: [String: JSON], _ route: SandboxRouteRequest, _ state: State) throws -> JSON

    struct Parent: Sendable {
        let kind: ManagedResourceKind
        /// The path parameter holding the parent's id, e.g. `vault_id`.
        let parameter: String
        /// The child's field holding the parent's id, e.g. `vault_id`.
        let field: String
        /// Whether a child can be created or changed while the parent is archived.
        var writableWhenArchived = false
    }

    let kind: ManagedResourceKind
    /// The collection's path, e.g. `/v1/agents` or `/v1/vaults/{vault_id}/credentials`.
    let path: String
    /// The path parameter of one object, e.g. `agent_id`.
    let idParameter: String
    var parent: Parent?
    /// Whether the list reads `created_at[gte]` and `created_at[lte]`.
    var filtersByCreation = true
    /// Whether an archived object can still be changed by an update.
    var updatableWhenArchived = false
    var create: Create
    var update: Update
    var present: Present = { object, _ in .object(object) }
    var written: Written?
    var retrieve: Retrieve?

    func register(on routes: inout SandboxRoutes) {
        let one = "\(path)/{\(idParameter)}"
        routes.add(.post, RoutePattern(path)) { route in answer(route) { state in try createObject(route, &state) } }
        routes.add(.get, RoutePattern(path)) { route in answer(route) { state in try list(route, state) } }
        routes.add(.get, RoutePattern(one)) { route in
            answer(route) { state in
                let object = try find(route, state)
                return try retrieve?(object, route, state) ?? present(object, route)
            }
        }
        routes.add(.post, RoutePattern(one)) { route in answer(route) { state in try updateObject(route, &state) } }
        routes.add(.post, RoutePattern("\(one)/archive")) { route in answer(route) { state in try archive(route, &state) } }
        routes.add(.delete, RoutePattern(one)) { route in
            answer(route) { state in
                let object = try find(route, state)
                let id = object["id"]?.string ?? ""
                state.remove(id, from: kind.type)
                return ["id": .string(id), "type": .string(kind.deletedType)]
            }
        }
    }

    /// Runs `body` in one transaction of the sandbox's store; a thrown failure is the answer.
    func answer(_ route: SandboxRouteRequest, _ body: (inout State) throws -> JSON) -> ResponsePlan {
        ManagedResourceFailure.answer { try ManagedResourceStore.shared(route).transaction(body) }
    }

    /// The object the path names, under the parent the path names.
    func find(_ route: SandboxRouteRequest, _ state: State) throws -> [String: JSON] {
        let parentID = try findParent(route, state)?["id"]?.string
        let id = route.parameter(idParameter)
        guard let object = state.object(id, in: kind.type),
            parentID == nil || object[parent?.field ?? ""]?.string == parentID
        else {
            throw ManagedResourceFailure.notFound("\(kind.noun.capitalizedFirst) \(id) not found.")
        }
        return object
    }

    /// The parent the path names (nil for a top-level resource).
    func findParent(_ route: SandboxRouteRequest, _ state: State) throws -> [String: JSON]? {
        guard let parent else { return nil }
        let id = route.parameter(parent.parameter)
        guard let object = state.object(id, in: parent.kind.type) else {
            throw ManagedResourceFailure.notFound("\(parent.kind.noun.capitalizedFirst) \(id) not found.")
        }
        return object
    }

    private func createObject(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        let parentObject = try findParent(route, state)
        if let parent, let parentObject, !parent.writableWhenArchived, parentObject["archived_at"]?.isNull == false {
            throw Self.archivedFailure(parent.kind, parentObject)
        }
        let body = try ManagedRequestBody(route)
        let metadata = try body.metadata()
        var object = try create(body, &state, parentObject?["id"]?.string)
        let now = state.now()
        object["id"] = .string(state.newID(kind.idPrefix))
        object["type"] = .string(kind.type)
        object["metadata"] = metadata
        object["created_at"] = .string(now)
        object["updated_at"] = .string(now)
        object["archived_at"] = object["archived_at"] ?? .null
        if let parent, let id = parentObject?["id"] { object[parent.field] = id }
        written?(&object, nil, &state)
        state.put(object, in: kind.type)
        return try present(object, route)
    }

    private func updateObject(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        var object = try find(route, state)
        if !updatableWhenArchived, object["archived_at"]?.isNull == false { throw Self.archivedFailure(kind, object) }
        if let parent, !parent.writableWhenArchived, let parentObject = try findParent(route, state),
            parentObject["archived_at"]?.isNull == false
        {
            throw Self.archivedFailure(parent.kind, parentObject)
        }
        let body = try ManagedRequestBody(route)
        let before = object
        object["metadata"] = try body.metadataPatch(onto: object["metadata"])
        try update(body, &object, &state)
        if object != before {
            object["updated_at"] = .string(state.now())
            written?(&object, before, &state)
        }
        state.put(object, in: kind.type)
        return try present(object, route)
    }

    private func archive(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        var object = try find(route, state)
        if object["archived_at"]?.isNull != false {
            let now = state.now()
            object["archived_at"] = .string(now)
            object["updated_at"] = .string(now)
            state.put(object, in: kind.type)
        }
        return try present(object, route)
    }

    private func list(_ route: SandboxRouteRequest, _ state: State) throws -> JSON {
        let parentID = try findParent(route, state)?["id"]?.string
        var items = state.all(kind.type).reversed().filter { parentID == nil || $0[parent?.field ?? ""]?.string == parentID }
        items = try ManagedResourcePaging.filterArchived(items, route)
        if filtersByCreation { items = try ManagedResourcePaging.filterCreated(items, route) }
        return try ManagedResourcePaging.page(try items.map { try present($0, route) }, route)
    }

    /// The 400 for changing an archived object (or adding to an archived parent).
    static func archivedFailure(_ kind: ManagedResourceKind, _ object: [String: JSON]) -> ManagedResourceFailure {
        .invalid("\(kind.noun.capitalizedFirst) \(object["id"]?.string ?? "") is archived and cannot be modified.", code: kind.archivedCode)
    }
}

extension String {
    /// The string with its first letter upper-cased (`memory store` → `Memory store`).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
