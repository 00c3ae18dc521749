import ArgumentParser
import Foundation
import RelayStorage

/// A failure the operator reads: one line, saying what went wrong and, where it helps, what to do.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// An error raised while a command runs, as one line. ArgumentParser's own (exit codes, `relay help`) pass
    /// unchanged; anything else becomes its description's first line with whitespace runs collapsed.
    static func presentable(_ error: any Error) -> any Error {
        switch error {
        case let error as ValidationError:
            return CLIFailure(error.message)
        case is CLIFailure, is ExitCode, is CleanExit:
            return error
        case _ where String(reflecting: type(of: error)).hasPrefix("ArgumentParser."):
            return error
        case let error as RelayStoreError:
            return CLIFailure(storeMessage(error))
        default:
            let text = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
            let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
            let words = firstLine.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return CLIFailure(words.isEmpty ? "\(type(of: error))" : words)
        }
    }

    /// The store's reasons, which never carry a secret, as sentences.
    private static func storeMessage(_ error: RelayStoreError) -> String {
        let (prefix, reason): (String, String) =
            switch error {
            case .conflict(let reason): ("Already exists", reason)
            case .notFound(let reason): ("Not found", reason)
            case .unavailable(let reason): ("The database is unavailable", reason)
            case .invalidLocation(let reason): ("Bad database location", reason)
            case .corrupt(let reason): ("The database holds an unreadable value", reason)
            case .secret(let reason): ("Master keys", reason)
            }
        return "\(prefix): \(reason)."
    }
}
