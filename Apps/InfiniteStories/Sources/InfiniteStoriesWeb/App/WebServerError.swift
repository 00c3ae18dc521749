/// Errors `serve` reports before it starts.
public enum WebServerError: Error, CustomStringConvertible, Equatable {
    case passwordRequired(host: String)
    /// The password breaks the password policy; the reason never repeats the password.
    case weakPassword(String)
    /// Not on loopback, and no TLS proxy said to front the app: the API key typed into Settings and the
    /// password would cross the network in clear.
    case tlsRequired(host: String)
    /// Not on loopback, and no `--public-host`: the host check would have no name to accept.
    case publicHostRequired(host: String)

    public var description: String {
        switch self {
        case .passwordRequired(let host):
            "Refusing to listen on \(host) without a password: give --password-file PATH or set "
                + "INFINITE_STORIES_PASSWORD, or keep the default 127.0.0.1."
        case .weakPassword(let reason):
            "Refusing a weak password (\(reason)): use at least \(PasswordPolicy.minimumLength) characters, "
                + "at least \(PasswordPolicy.minimumDistinctCharacters) of them different, not only spaces."
        case .tlsRequired(let host):
            "Refusing to listen on \(host) without TLS: the password and the OpenAI key typed into Settings would "
                + "cross the network in clear. Put a TLS proxy (Caddy, nginx) in front and pass --behind-tls-proxy, "
                + "or keep the default 127.0.0.1."
        case .publicHostRequired(let host):
            "Listening on \(host) needs --public-host NAME: the host name browsers use to reach the app through "
                + "its TLS proxy (requests for other names are refused, against DNS rebinding)."
        }
    }
}
