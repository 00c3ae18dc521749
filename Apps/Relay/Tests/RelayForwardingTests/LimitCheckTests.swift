import HTTPTypes
import RelayCore
import RelayForwarding
import Testing

@Suite("Limit checks")
struct LimitCheckTests {
    let project = Project(
        id: "story-app", partialKey: "pk",
        projectLimits: Limits(allowedEndpoints: ["POST /v1/chat/completions", "GET /v1/models/**"], allowedModels: ["gpt-4o*", "o3"], maxOutputTokens: 8000),
        clientLimits: Limits(allowedEndpoints: ["POST /v1/chat/completions"]))

    func client(_ limits: Limits) -> ClientIdentity { ClientIdentity(kind: .user, id: "u1", limits: limits) }

    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as RelayError {
            return "\(error.status) \(error.message)"
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("a request within both limit sets passes")
    func allowed() throws {
        let user = client(Limits(allowedEndpoints: ["POST /v1/chat/completions"], maxOutputTokens: 1000))
        try LimitCheck.check(
            method: .post, path: "/v1/chat/completions", inspection: RequestInspection(model: "gpt-4o-mini", maxOutputTokens: 1000),
            project: project, client: user)
        // No model named: only the endpoint decides.
        try LimitCheck.check(method: .post, path: "/v1/chat/completions", inspection: RequestInspection(), project: project, client: user)
    }

    @Test("the endpoint must be allowed by the project and by the client")
    func endpoints() {
        let user = client(project.clientLimits)
        let models = message { try LimitCheck.check(method: .get, path: "/v1/models/gpt-4o", inspection: RequestInspection(), project: project, client: user) }
        #expect(models == "403 The endpoint GET /v1/models/gpt-4o is not allowed for this client (allowedEndpoints).")
        let files = message { try LimitCheck.check(method: .delete, path: "/v1/files/f", inspection: RequestInspection(), project: project, client: user) }
        #expect(files == "403 The endpoint DELETE /v1/files/f is not allowed for this project (allowedEndpoints).")
        let traversal = message {
            try LimitCheck.check(method: .post, path: "/v1/chat/completions/../../files", inspection: RequestInspection(), project: project, client: user)
        }
        #expect(traversal?.hasPrefix("400 ") == true)
    }

    @Test("models and output caps name the limit that refused")
    func modelsAndTokens() {
        let user = client(Limits(allowedEndpoints: ["POST /v1/chat/completions"], allowedModels: ["gpt-4o-mini"], maxOutputTokens: 500))
        let model = message {
            try LimitCheck.check(method: .post, path: "/v1/chat/completions", inspection: RequestInspection(model: "o3"), project: project, client: user)
        }
        #expect(model == "403 The model 'o3' is not allowed for this client (allowedModels).")
        let projectModel = message {
            try LimitCheck.check(method: .post, path: "/v1/chat/completions", inspection: RequestInspection(model: "gpt-5"), project: project, client: user)
        }
        #expect(projectModel == "403 The model 'gpt-5' is not allowed for this project (allowedModels).")
        let tokens = message {
            try LimitCheck.check(
                method: .post, path: "/v1/chat/completions", inspection: RequestInspection(model: "gpt-4o-mini", maxOutputTokens: 501),
                project: project, client: user)
        }
        #expect(tokens == "403 The request asks for up to 501 output tokens; this client allows at most 500 (maxOutputTokens).")
    }

    @Test("model prefixes", arguments: [
        ("gpt-4o-mini", ["gpt-4o*"], true), ("gpt-4o", ["gpt-4o*"], true), ("gpt-4", ["gpt-4o*"], false),
        ("o3-pro", ["o3"], false), ("o3", ["o3"], true), ("anything", ["*"], true), ("x", [], false),
    ])
    func prefixes(_ model: String, _ allowed: [String], _ expected: Bool) {
        #expect(LimitCheck.modelAllowed(model, by: allowed) == expected)
    }
}
