import AIServerKit
import Foundation

/// `/v1/containers` and `/v1/containers/{id}/files`: containers that hold files (uploaded, or copied from the
/// Files store), expire when idle, and lose their files when deleted or expired.
enum OpenAIContainers {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/containers") { route in create(route.json, store(route)) }
        routes.add(.get, "/v1/containers") { route in list(route.request, store(route)) }
        routes.add(.get, "/v1/containers/{container_id}") { route in
            let id = route.parameter("container_id")
            guard let container = store(route).container(id) else { return notFound(id) }
            return .json(container)
        }
        routes.add(.delete, "/v1/containers/{container_id}") { route in
            let id = route.parameter("container_id")
            guard store(route).delete(id) else { return notFound(id) }
            return .json(["id": .string(id), "object": "container.deleted", "deleted": true])
        }
        routes.add(.post, "/v1/containers/{container_id}/files") { route in
            createFile(route.parameter("container_id"), route.request, store(route))
        }
        routes.add(.get, "/v1/containers/{container_id}/files") { route in
            let id = route.parameter("container_id")
            if let problem = listProblem(route.request) { return problem }
            return answer(id, store(route).use(id) { container, _ in container.order.compactMap { container.files[$0]?.metadata } }) { items in
                .json(OpenAIFiles.page(items, route.request, defaultLimit: 20, defaultOrder: "desc"))
            }
        }
        routes.add(.get, "/v1/containers/{container_id}/files/{file_id}") { route in
            withFile(route) { file in .json(file.metadata) }
        }
        routes.add(.get, "/v1/containers/{container_id}/files/{file_id}/content") { route in
            withFile(route) { file in ResponsePlan(status: 200, contentType: "application/octet-stream", body: .full(Array(file.data))) }
        }
        routes.add(.delete, "/v1/containers/{container_id}/files/{file_id}") { route in
            let id = route.parameter("container_id")
            let fileID = route.parameter("file_id")
            let removed = store(route).use(id) { container, _ in
                guard container.files.removeValue(forKey: fileID) != nil else { return false }
                container.order.removeAll { $0 == fileID }
                return true
            }
            return answer(id, removed) { removed in
                removed ? .json(["id": .string(fileID), "object": "container.file.deleted", "deleted": true]) : fileNotFound(fileID)
            }
        }
    }

    static func store(_ route: SandboxRouteRequest) -> OpenAIContainersStore {
        route.state.store(OpenAIContainersStore.self) { OpenAIContainersStore(files: route.state.files) }
    }

    static let memoryLimits: Set<String> = ["1g", "4g", "16g", "64g"]

    static func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "Container with id '\(id)' not found.", type: "invalid_request_error", param: "container_id")
    }

    static func fileNotFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "Container file with id '\(id)' not found.", type: "invalid_request_error", param: "file_id")
    }

    static func badRequest(_ message: String, param: String) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    /// The plan for a call on a container: 404 for an unknown one, 400 for an expired one, else `body`'s.
    static func answer<T>(_ id: String, _ result: Result<T, OpenAIContainersStore.LookupFailure>, _ body: (T) -> ResponsePlan) -> ResponsePlan {
        switch result {
        case .success(let value): body(value)
        case .failure(.unknownContainer): notFound(id)
        case .failure(.expired):
            .error(status: 400, message: "Container '\(id)' has expired; create a new container.", type: "invalid_request_error", code: "container_expired", param: "container_id")
        }
    }

    private static func withFile(_ route: SandboxRouteRequest, _ body: (OpenAIContainersStore.File) -> ResponsePlan) -> ResponsePlan {
        let id = route.parameter("container_id")
        let fileID = route.parameter("file_id")
        return answer(id, store(route).use(id) { container, _ in container.files[fileID] }) { file in
            guard let file else { return fileNotFound(fileID) }
            return body(file)
        }
    }

    // MARK: Containers

    /// `POST /containers`: checks every field as the API does before anything is created.
    static func create(_ body: JSON, _ store: OpenAIContainersStore) -> ResponsePlan {
        guard let name = body["name"]?.string else {
            return badRequest(body["name"] == nil ? "Missing required parameter: 'name'." : "Invalid type for 'name': expected a string.", param: "name")
        }
        let memoryLimit = body["memory_limit"]?.string ?? "1g"
        guard memoryLimits.contains(memoryLimit), body["memory_limit"].map({ $0.string != nil || $0 == .null }) ?? true else {
            return badRequest("Invalid 'memory_limit': expected one of 1g, 4g, 16g, 64g.", param: "memory_limit")
        }
        var minutes = 20
        if let expiresAfter = body["expires_after"], expiresAfter != .null {
            guard expiresAfter["anchor"]?.string == "last_active_at" else {
                return badRequest("Invalid 'expires_after.anchor': only 'last_active_at' is supported.", param: "expires_after.anchor")
            }
            guard let value = expiresAfter["minutes"]?.int, value >= 1 else {
                return badRequest("Invalid 'expires_after.minutes': expected a positive integer.", param: "expires_after.minutes")
            }
            minutes = value
        }
        var networkPolicy: JSON?
        if let policy = body["network_policy"], policy != .null {
            switch policy["type"]?.string {
            case "disabled":
                networkPolicy = ["type": "disabled"]
            case "allowlist":
                guard let domains = policy["allowed_domains"]?.strings, !domains.isEmpty else {
                    return badRequest("'network_policy.allowed_domains' must list at least one domain.", param: "network_policy.allowed_domains")
                }
                for secret in policy["domain_secrets"]?.array ?? [] {
                    guard let domain = secret["domain"]?.string, secret["name"]?.string != nil, secret["value"]?.string != nil else {
                        return badRequest("Each domain secret needs 'domain', 'name' and 'value'.", param: "network_policy.domain_secrets")
                    }
                    guard domains.contains(domain) else {
                        return badRequest("The secret's domain '\(domain)' is not in allowed_domains.", param: "network_policy.domain_secrets")
                    }
                }
                // Secret values are never sent back.
                networkPolicy = ["type": "allowlist", "allowed_domains": JSON(domains)]
            default:
                return badRequest("Invalid 'network_policy.type': expected 'disabled' or 'allowlist'.", param: "network_policy.type")
            }
        }
        for (index, skill) in (body["skills"]?.array ?? []).enumerated() {
            if let problem = skillProblem(skill) { return badRequest(problem, param: "skills[\(index)]") }
        }
        var copies: [OpenAIFiles.File] = []
        for fileID in body["file_ids"]?.strings ?? [] {
            guard let file = store.files.file(fileID) else {
                return .error(status: 404, message: "No such File object: \(fileID)", type: "invalid_request_error", param: "file_ids")
            }
            copies.append(file)
        }
        return .json(store.create(name: name, expiresAfterMinutes: minutes, memoryLimit: memoryLimit, networkPolicy: networkPolicy, copying: copies))
    }

    /// What is wrong with a skill of the request, if anything (a reference needs `skill_id`; an inline skill a
    /// name, a description and a base64 zip).
    static func skillProblem(_ skill: JSON) -> String? {
        switch skill["type"]?.string {
        case "skill_reference":
            return skill["skill_id"]?.string?.isEmpty != false ? "A skill reference needs 'skill_id'." : nil
        case "inline":
            guard skill["name"]?.string != nil, skill["description"]?.string != nil else { return "An inline skill needs 'name' and 'description'." }
            let source = skill["source"]
            guard source?["type"]?.string == "base64", source?["media_type"]?.string == "application/zip",
                let data = source?["data"]?.string, Data(base64Encoded: data) != nil
            else { return "An inline skill's source must be base64 'application/zip' data." }
            return nil
        default:
            return "Invalid skill type: expected 'skill_reference' or 'inline'."
        }
    }

    /// What is wrong with a list request's `limit` or `order`, answered as the API does.
    static func listProblem(_ request: RecordedRequest) -> ResponsePlan? {
        if let limit = request.queryValue("limit"), Int(limit).map({ (1...100).contains($0) }) != true {
            return badRequest("Invalid 'limit': expected an integer between 1 and 100.", param: "limit")
        }
        if let order = request.queryValue("order"), order != "asc", order != "desc" {
            return badRequest("Invalid 'order': expected 'asc' or 'desc'.", param: "order")
        }
        return nil
    }

    /// `GET /containers`, newest first unless asked otherwise, optionally of one `name`.
    static func list(_ request: RecordedRequest, _ store: OpenAIContainersStore) -> ResponsePlan {
        if let problem = listProblem(request) { return problem }
        var items = store.all()
        if let name = request.queryValue("name") { items = items.filter { $0["name"]?.string == name } }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "desc"))
    }

    // MARK: Files

    /// `POST /containers/{id}/files`: a multipart upload of `file`, or JSON `{"file_id"}` copying an uploaded file.
    static func createFile(_ id: String, _ request: RecordedRequest, _ store: OpenAIContainersStore) -> ResponsePlan {
        if let form = Multipart.parse(request.body, contentType: request.header("content-type")) {
            guard let part = form.first(where: { $0.name == "file" }), let filename = part.filename, !filename.isEmpty else {
                return badRequest("'file' is a required property (a file part with a filename).", param: "file")
            }
            return answer(id, store.addFile(to: id, filename: (filename as NSString).lastPathComponent, data: part.data, hashedName: true)) { .json($0) }
        }
        guard let body = request.jsonBody else {
            return badRequest("Send either a multipart/form-data body with 'file' or a JSON body with 'file_id'.", param: "file")
        }
        guard let fileID = body["file_id"]?.string else {
            return badRequest("Missing required parameter: 'file_id' (or upload 'file' as multipart/form-data).", param: "file_id")
        }
        guard store.container(id) != nil else { return notFound(id) }
        guard let file = store.files.file(fileID) else {
            return .error(status: 404, message: "No such File object: \(fileID)", type: "invalid_request_error", param: "file_id")
        }
        let filename = file.metadata["filename"]?.string ?? fileID
        return answer(id, store.addFile(to: id, filename: filename, data: file.data, hashedName: false)) { .json($0) }
    }
}

extension Sandbox {
    /// Moves the containers' clock forward by `seconds`, so a test sees a container expire after its idle minutes
    /// without waiting for them.
    public func advanceContainerClock(by seconds: Int) {
        state.store(OpenAIContainersStore.self) { OpenAIContainersStore(files: state.files) }.advanceClock(by: seconds)
    }
}
