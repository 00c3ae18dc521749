import AICore
import Foundation

/// A [container](https://platform.openai.com/docs/api-reference/containers/object): a sandbox where code interpreter
/// and shell run, with its own files. It expires after it has been idle for ``expiresAfter``'s minutes.
public struct ContainerObject: Codable, Sendable {
    public let id: String
    /// Always `container`.
    public let object: String
    public let name: String
    /// Seconds since 1970.
    public let createdAt: Int
    /// `running`, `expired`, `deleted` … (any value the server sends is kept).
    public let status: Status
    /// Seconds since 1970 when something last used the container; idle time counts from here.
    public let lastActiveAt: Int?
    public let expiresAfter: ExpiresAfter?
    public let memoryLimit: MemoryLimit?
    public let networkPolicy: NetworkPolicy?
    /// Fields of the object this version of the library does not know yet, as sent.
    public let additionalFields: [String: JSONValue]

    /// A container's status; unknown values are kept as they are.
    public struct Status: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public static let running: Status = "running"
        public static let expired: Status = "expired"
        public static let deleted: Status = "deleted"
    }

    /// How much memory the container has: `1g` (the default), `4g`, `16g` or `64g`; any other value is kept.
    public struct MemoryLimit: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public static let oneGB: MemoryLimit = "1g"
        public static let fourGB: MemoryLimit = "4g"
        public static let sixteenGB: MemoryLimit = "16g"
        public static let sixtyFourGB: MemoryLimit = "64g"
    }

    /// When the container expires: `minutes` after the anchor (the last time it was used).
    public struct ExpiresAfter: Codable, Sendable, Hashable {
        /// `last_active_at`, the only anchor the API has today.
        public var anchor: String
        public var minutes: Int

        /// Expire after `minutes` without use.
        public init(minutes: Int, anchor: String = "last_active_at") {
            self.anchor = anchor
            self.minutes = minutes
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            anchor = try container.decodeIfPresent(String.self, forKey: .anchor) ?? "last_active_at"
            minutes = try container.decodeIfPresent(Int.self, forKey: .minutes) ?? 0
        }
    }

    /// Which outbound network access code in the container has.
    public struct NetworkPolicy: Codable, Sendable, Hashable {
        /// `disabled` or `allowlist` (any other value is kept).
        public var type: String
        /// The domains code may reach, for `allowlist`.
        public var allowedDomains: [String]?
        /// Secrets injected into requests to an allowed domain (sent when creating; the API never returns them).
        public var domainSecrets: [DomainSecret]?

        /// No outbound network access.
        public static let disabled = NetworkPolicy(type: "disabled")

        /// Outbound access only to `domains`, with optional secrets injected for some of them.
        public static func allowlist(_ domains: [String], secrets: [DomainSecret]? = nil) -> NetworkPolicy {
            NetworkPolicy(type: "allowlist", allowedDomains: domains, domainSecrets: secrets)
        }

        public init(type: String, allowedDomains: [String]? = nil, domainSecrets: [DomainSecret]? = nil) {
            self.type = type
            self.allowedDomains = allowedDomains
            self.domainSecrets = domainSecrets
        }

        /// A secret the container's requests to `domain` carry under `name`.
        public struct DomainSecret: Codable, Sendable, Hashable, CustomStringConvertible {
            public var domain: String
            public var name: String
            public var value: String

            public init(domain: String, name: String, value: String) {
                self.domain = domain
                self.name = name
                self.value = value
            }

            /// Names the secret without its value, so printing a policy never reveals it.
            public var description: String { "DomainSecret(domain: \(domain), name: \(name), value: <redacted>)" }
        }

        enum CodingKeys: String, CodingKey {
            case type
            case allowedDomains = "allowed_domains"
            case domainSecrets = "domain_secrets"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "container"
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        createdAt = try container.decodeIfPresent(Int.self, forKey: .createdAt) ?? 0
        status = try container.decodeIfPresent(Status.self, forKey: .status) ?? ""
        lastActiveAt = try container.decodeIfPresent(Int.self, forKey: .lastActiveAt)
        expiresAfter = try container.decodeIfPresent(ExpiresAfter.self, forKey: .expiresAfter)
        memoryLimit = try container.decodeIfPresent(MemoryLimit.self, forKey: .memoryLimit)
        networkPolicy = try container.decodeIfPresent(NetworkPolicy.self, forKey: .networkPolicy)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(object, forKey: .object)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(lastActiveAt, forKey: .lastActiveAt)
        try container.encodeIfPresent(expiresAfter, forKey: .expiresAfter)
        try container.encodeIfPresent(memoryLimit, forKey: .memoryLimit)
        try container.encodeIfPresent(networkPolicy, forKey: .networkPolicy)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, object, name
        case createdAt = "created_at"
        case status
        case lastActiveAt = "last_active_at"
        case expiresAfter = "expires_after"
        case memoryLimit = "memory_limit"
        case networkPolicy = "network_policy"
    }
}
