import HTTPTypes
import RelayCore

/// Whether a request is within what its project and its client may do: the endpoint, the model and the output
/// cap. (Rates and budgets are counters, reserved with ``ChargePlan``.)
public enum LimitCheck {
    /// Checks one request against both limit sets; the stricter one decides.
    ///
    /// A request that names no model (listing models, fetching a file) passes the model check: what it may reach
    /// is already decided by the endpoint patterns.
    ///
    /// - Parameters:
    ///   - path: the path after `/{project}/{provider}`, query included.
    /// - Throws: `RelayError.badRequest` for a path ``RequestPath`` refuses; `RelayError.forbidden` naming the limit
    ///   (endpoint, model or output tokens) and whose it is (the project's or the client's).
    public static func check(
        method: HTTPRequest.Method, path: String, inspection: RequestInspection, project: Project, client: ClientIdentity
    ) throws(RelayError) {
        try check(method: method, path: try RequestPath(path), inspection: inspection, project: project, client: client)
    }

    /// The same, for a path already parsed.
    public static func check(
        method: HTTPRequest.Method, path: RequestPath, inspection: RequestInspection, project: Project, client: ClientIdentity
    ) throws(RelayError) {
        try check(method: method, path: path, inspection: inspection, limits: project.projectLimits, owner: "this project")
        try check(method: method, path: path, inspection: inspection, limits: client.limits, owner: "this client")
    }

    static func check(
        method: HTTPRequest.Method, path: RequestPath, inspection: RequestInspection, limits: Limits, owner: String
    ) throws(RelayError) {
        guard EndpointPattern.allows(limits.allowedEndpoints, method: method, path: path) else {
            throw .forbidden("The endpoint \(method.rawValue) \(path.path) is not allowed for \(owner) (allowedEndpoints).")
        }
        if let allowed = limits.allowedModels, let model = inspection.model, !modelAllowed(model, by: allowed) {
            throw .forbidden("The model '\(model)' is not allowed for \(owner) (allowedModels).")
        }
        if let cap = limits.maxOutputTokens, let requested = inspection.maxOutputTokens, requested > cap {
            throw .forbidden("The request asks for up to \(requested) output tokens; \(owner) allows at most \(cap) (maxOutputTokens).")
        }
    }

    /// Whether `model` is one of `allowed`, where an entry ending in `*` allows every model starting with the rest.
    public static func modelAllowed(_ model: String, by allowed: [String]) -> Bool {
        allowed.contains { ModelPattern.allows($0, model) }
    }
}
