/// The Settings page's key form.
struct KeyForm: Codable, Sendable {
    var key: String?
}

/// The login page's form.
struct LoginForm: Codable, Sendable {
    var password: String?
}
