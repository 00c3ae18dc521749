import Foundation

/// What a sign-in password must be: at least 10 characters and at least 5 different ones, not all whitespace.
///
/// The page is reachable from the network only in password mode, and the password is all that stands
/// between a stranger and the parent's OpenAI key; with the sign-in throttle (``SignInLimits``) about 80
/// guesses an hour get through at most, so 10 characters put guessing out of reach. The rule is checked when
/// the server starts, so a weak password is refused with a message instead of being served.
enum PasswordPolicy {
    static let minimumLength = 10
    static let minimumDistinctCharacters = 5

    /// Throws ``WebServerError/weakPassword(_:)`` saying what is missing.
    static func check(_ password: String) throws {
        if password.allSatisfy({ $0.isWhitespace }) {
            throw WebServerError.weakPassword("it is only whitespace")
        }
        if password.count < minimumLength {
            throw WebServerError.weakPassword("it has \(password.count) characters, at least \(minimumLength) are needed")
        }
        if Set(password).count < minimumDistinctCharacters {
            throw WebServerError.weakPassword(
                "it uses only \(Set(password).count) different characters, at least \(minimumDistinctCharacters) are needed")
        }
    }
}
