/// The signed-in browsers, by session token (random, 256 bits). Kept in memory: a restart signs everyone out.
actor Sessions {
    /// The session cookie (HttpOnly, SameSite=Strict; Secure behind a TLS proxy).
    static let cookieName = "is_session"

    private var tokens: Set<String> = []

    func open() -> String {
        let token = randomToken()
        tokens.insert(token)
        return token
    }

    func contains(_ token: String) -> Bool { tokens.contains(token) }

    func close(_ token: String) { tokens.remove(token) }
}
