import HTTPTypes

/// What a server built on the kit answers. Called on the connection's event loop: answer without blocking
/// (a slow answer is a ``WriteAction/pause(_:)``, not a sleep).
public protocol HTTPResponder: Sendable {
    /// The answer to a request that arrived whole within the limits.
    func respond(to request: ServerRequest) -> any ResponseWrites

    /// The answer to a request whose body is over ``HTTPServer/Limits/maxBodyBytes`` (413 in the server's error
    /// shape); the kit closes the connection after it without reading the rest. `request` has no body.
    func refuseTooLarge(_ request: ServerRequest, limit: Int) -> any ResponseWrites

    /// A connection opened (for servers that count them).
    func connectionOpened()

    /// A connection closed, or left HTTP for another protocol after an upgrade.
    func connectionClosed()
}

extension HTTPResponder {
    public func refuseTooLarge(_ request: ServerRequest, limit: Int) -> any ResponseWrites {
        CompleteResponse(
            status: .contentTooLarge, json: ["error": .string("Request body too large: the limit is \(limit) bytes.")],
            keepAlive: false)
    }

    public func connectionOpened() {}

    public func connectionClosed() {}
}
