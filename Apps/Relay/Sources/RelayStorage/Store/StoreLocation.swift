import Foundation
import PostgresNIO

/// Where a store lives, parsed from the one string operators write in the configuration.
enum StoreLocation: Sendable {
    case sqlite(path: String)
    case postgres(PostgresLocation)

    /// A file path or `sqlite:PATH`, or `postgres://user[:password]@host[:port]/database[?parameters]`.
    /// Errors never repeat the string: a URL may hold a password.
    init(_ location: String) throws {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(try PostgresLocation(url: trimmed))
            return
        }
        var path = trimmed
        if path.hasPrefix("sqlite:") {
            path.removeFirst("sqlite:".count)
            if path.hasPrefix("//") { path.removeFirst(2) }
        } else if path.contains("://") {
            throw RelayStoreError.invalidLocation(
                "the store location is neither a SQLite path (`sqlite:PATH`) nor a `postgres://` URL")
        }
        guard !path.isEmpty else {
            throw RelayStoreError.invalidLocation("the SQLite location names no file")
        }
        self = .sqlite(path: path)
    }
}

/// A PostgreSQL URL's parts. Query parameters: `sslmode` (`disable`, `prefer` — the default — or `require`),
/// `connect_timeout` (seconds, default 5: also how long a call waits for a pooled connection before failing as
/// unavailable), `operation_timeout` (seconds, default 15: how long a call may take once it has a connection; past
/// it the call fails as unavailable and the connection is closed), `max_connections` (the pool's size, default 10)
/// and `schema` (a schema of its own, created if missing, for relays sharing one database).
struct PostgresLocation: Sendable {
    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?
    var tls: PostgresClient.Configuration.TLS
    var connectTimeout: Duration
    var operationTimeout: Duration
    var maximumConnections: Int
    var schema: String?

    init(url: String) throws {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw RelayStoreError.invalidLocation("the PostgreSQL URL can't be parsed (postgres://user@host:port/database)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw RelayStoreError.invalidLocation("the PostgreSQL URL names no user")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.database = path.isEmpty ? nil : (path.removingPercentEncoding ?? path)
        self.tls = .prefer(.makeClientConfiguration())
        self.connectTimeout = .seconds(5)
        self.operationTimeout = .seconds(15)
        self.maximumConnections = 10
        for item in components.queryItems ?? [] {
            try apply(item.name, item.value ?? "")
        }
    }

    private mutating func apply(_ name: String, _ value: String) throws {
        switch name {
        case "sslmode":
            switch value {
            case "disable": tls = .disable
            case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
            case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
            default: throw RelayStoreError.invalidLocation("sslmode must be disable, prefer or require")
            }
        case "connect_timeout":
            guard let seconds = Int(value), seconds > 0 else {
                throw RelayStoreError.invalidLocation("connect_timeout must be a positive number of seconds")
            }
            connectTimeout = .seconds(seconds)
        case "operation_timeout":
            guard let seconds = Int(value), seconds > 0 else {
                throw RelayStoreError.invalidLocation("operation_timeout must be a positive number of seconds")
            }
            operationTimeout = .seconds(seconds)
        case "max_connections":
            guard let count = Int(value), count > 0 else {
                throw RelayStoreError.invalidLocation("max_connections must be a positive number")
            }
            maximumConnections = count
        case "schema":
            guard Self.isPlainIdentifier(value) else {
                throw RelayStoreError.invalidLocation(
                    "schema must be a plain lowercase identifier (letters, digits, underscores)")
            }
            schema = value
        case "application_name":
            break
        default:
            throw RelayStoreError.invalidLocation("the PostgreSQL URL has the unknown parameter `\(name)`")
        }
    }

    /// Schema names go into SQL unquoted, so only `[a-z_][a-z0-9_]*` (at most 63 characters) is accepted.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63,
            first == "_" || ("a"..."z").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}
