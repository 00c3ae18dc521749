import AICore
import Foundation
import SwiftOpenAI

/// Records the order in which interceptors are called.
final class CallLog: Sendable {
    private let entries = LockedEntries()
    var lines: [String] { entries.lines }
    func add(_ line: String) { entries.add(line) }

    private final class LockedEntries: @unchecked Sendable {
        private var stored: [String] = []
        private let lock = NSLock()
        var lines: [String] { lock.withLock { stored } }
        func add(_ line: String) { lock.withLock { stored.append(line) } }
    }
}

/// An interceptor that logs what it sees under `name` and stamps its name on each request.
struct NamedInterceptor: AIInterceptor {
    let name: String
    let log: CallLog

    func prepare(_ request: inout AIInterceptedRequest) async throws {
        log.add("\(name).prepare#\(request.attempt)")
        let order = HTTPField.Name("x-interceptor-order")!
        request.headers[order] = (request.headers[order].map { $0 + "," } ?? "") + name
    }

    func received(_ response: HTTPResponseMetadata, for request: AIInterceptedRequest) async {
        log.add("\(name).received \(response.status.code)")
    }

    func failed(_ error: APIError, for request: AIInterceptedRequest) async {
        log.add("\(name).failed \(error.kind.rawValue)")
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
