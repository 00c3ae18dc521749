/// Why a DeviceCheck token didn't pass. Only `invalidToken` says something about the device; the others say the
/// relay couldn't find out, and are answered as the relay being unavailable rather than the client being refused.
public enum DeviceCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Apple says the token isn't a valid device token (400 "Missing or incorrectly formatted device token
    /// payload"), or it is too large to be one.
    case invalidToken
    /// The project's DeviceCheck key (the `.p8` PEM in its secret) is missing or can't be read. The text names
    /// what is missing, never the key.
    case keyUnavailable(String)
    /// Apple couldn't be reached, or answered something other than valid or invalid (its status code is given).
    case unavailable(String)

    public var description: String {
        switch self {
        case .invalidToken: "The DeviceCheck token is not valid."
        case .keyUnavailable(let why): "The project's DeviceCheck key is unavailable: \(why)."
        case .unavailable(let why): "Apple's DeviceCheck service is unavailable: \(why)."
        }
    }
}
