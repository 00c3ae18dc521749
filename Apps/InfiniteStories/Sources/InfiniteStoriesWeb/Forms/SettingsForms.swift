/// The Settings page's key form.
struct KeyForm: Codable, Sendable {
    var key: String?
}

/// The login page's form.
struct LoginForm: Codable, Sendable {
    var password: String?
}

/// The Settings page's monthly cap form: dollars, empty for no cap.
struct CapForm: Codable, Sendable {
    var cap: String?
}
