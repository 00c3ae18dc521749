/// Who a request comes from, once authenticated: the key its per-client limits and usage are kept under, and the
/// limits that apply to it (the project's client limits, narrowed by a client token's claims).
public struct ClientIdentity: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, Codable {
        /// An App Attest key (the key id).
        case appAttest = "app-attest"
        /// A DeviceCheck-verified device; the AIProxy client id names it.
        case deviceCheck = "device-check"
        /// A user of the developer's backend (a client token's `sub`).
        case user
        /// An `aiproxy-client-id` without a device proof (only where the project allows it).
        case clientID = "client-id"
    }

    public var kind: Kind
    /// The id within the kind: the key id, the client id or the token's subject.
    public var id: String
    /// The per-client limits after narrowing.
    public var limits: Limits

    public init(kind: Kind, id: String, limits: Limits) {
        self.kind = kind
        self.id = id
        self.limits = limits
    }

    /// The key per-client counters and usage rows are stored under.
    public var key: String { "\(kind.rawValue):\(id)" }
}
