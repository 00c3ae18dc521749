import Foundation

/// Which sessions to list, and how: filters, order and the page.
public struct AgentSessionListQuery: Sendable {
    /// Only sessions of this agent.
    public var agentID: String?
    /// Only sessions of this agent version (with ``agentID``).
    public var agentVersion: Int?
    /// Only sessions created after this time (RFC 3339, exclusive).
    public var createdAfter: String?
    /// Only sessions created at or after this time (RFC 3339).
    public var createdAtOrAfter: String?
    /// Only sessions created before this time (RFC 3339, exclusive).
    public var createdBefore: String?
    /// Only sessions created at or before this time (RFC 3339).
    public var createdAtOrBefore: String?
    /// Only sessions a deployment created.
    public var deploymentID: String?
    /// Whether archived sessions are listed too (the API leaves them out by default).
    public var includeArchived: Bool?
    /// Only sessions that mount this memory store.
    public var memoryStoreID: String?
    /// Only sessions in one of these statuses.
    public var statuses: [AgentSessionStatus]?
    /// At most this many sessions per page.
    public var limit: Int?
    /// By creation time: `.descending` (newest first, the default) or `.ascending`.
    public var order: AgentSessionListOrder?
    /// The page to read: a previous page's ``AnthropicCursorPage/nextPage`` (or `prevPage`).
    public var page: String?

    /// A query; every filter is optional.
    public init(
        agentID: String? = nil, agentVersion: Int? = nil, createdAfter: String? = nil, createdAtOrAfter: String? = nil,
        createdBefore: String? = nil, createdAtOrBefore: String? = nil, deploymentID: String? = nil,
        includeArchived: Bool? = nil, memoryStoreID: String? = nil, statuses: [AgentSessionStatus]? = nil,
        limit: Int? = nil, order: AgentSessionListOrder? = nil, page: String? = nil
    ) {
        self.agentID = agentID
        self.agentVersion = agentVersion
        self.createdAfter = createdAfter
        self.createdAtOrAfter = createdAtOrAfter
        self.createdBefore = createdBefore
        self.createdAtOrBefore = createdAtOrBefore
        self.deploymentID = deploymentID
        self.includeArchived = includeArchived
        self.memoryStoreID = memoryStoreID
        self.statuses = statuses
        self.limit = limit
        self.order = order
        self.page = page
    }

    var queryItems: [URLQueryItem] {
        var items = AgentSessionQueryItems()
        items.add("agent_id", agentID)
        items.add("agent_version", agentVersion.map(String.init))
        items.add("created_at[gt]", createdAfter)
        items.add("created_at[gte]", createdAtOrAfter)
        items.add("created_at[lt]", createdBefore)
        items.add("created_at[lte]", createdAtOrBefore)
        items.add("deployment_id", deploymentID)
        items.add("include_archived", includeArchived.map { $0 ? "true" : "false" })
        items.add("limit", limit.map(String.init))
        items.add("memory_store_id", memoryStoreID)
        items.add("order", order?.rawValue)
        items.add("page", page)
        items.add(list: "statuses", statuses?.map(\.rawValue))
        return items.items
    }
}

/// Which events of a session's log to list.
public struct AgentSessionEventQuery: Sendable {
    /// Only events created after this time (RFC 3339, exclusive).
    public var createdAfter: String?
    /// Only events created at or after this time (RFC 3339).
    public var createdAtOrAfter: String?
    /// Only events created before this time (RFC 3339, exclusive).
    public var createdBefore: String?
    /// Only events created at or before this time (RFC 3339).
    public var createdAtOrBefore: String?
    /// Only events of these types (`agent.message`, `session.status_idle`…).
    public var types: [String]?
    /// At most this many events per page.
    public var limit: Int?
    /// `.ascending` (oldest first) or `.descending`.
    public var order: AgentSessionListOrder?
    /// The page to read: a previous page's ``AnthropicCursorPage/nextPage``.
    public var page: String?

    /// A query; every filter is optional.
    public init(
        createdAfter: String? = nil, createdAtOrAfter: String? = nil, createdBefore: String? = nil,
        createdAtOrBefore: String? = nil, types: [String]? = nil, limit: Int? = nil, order: AgentSessionListOrder? = nil,
        page: String? = nil
    ) {
        self.createdAfter = createdAfter
        self.createdAtOrAfter = createdAtOrAfter
        self.createdBefore = createdBefore
        self.createdAtOrBefore = createdAtOrBefore
        self.types = types
        self.limit = limit
        self.order = order
        self.page = page
    }

    var queryItems: [URLQueryItem] {
        var items = AgentSessionQueryItems()
        items.add("created_at[gt]", createdAfter)
        items.add("created_at[gte]", createdAtOrAfter)
        items.add("created_at[lt]", createdBefore)
        items.add("created_at[lte]", createdAtOrBefore)
        items.add("limit", limit.map(String.init))
        items.add("order", order?.rawValue)
        items.add("page", page)
        items.add(list: "types", types)
        return items.items
    }
}

/// The order of a list by creation time.
public enum AgentSessionListOrder: String, Sendable {
    /// Oldest first.
    case ascending = "asc"
    /// Newest first.
    case descending = "desc"
}

/// Query items in the API's spelling: lists as repeated `name[]` items.
struct AgentSessionQueryItems {
    private(set) var items: [URLQueryItem] = []

    mutating func add(_ name: String, _ value: String?) {
        if let value { items.append(URLQueryItem(name: name, value: value)) }
    }

    mutating func add(list name: String, _ values: [String]?) {
        for value in values ?? [] { items.append(URLQueryItem(name: name + "[]", value: value)) }
    }
}
