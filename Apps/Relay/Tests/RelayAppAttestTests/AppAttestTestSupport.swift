import Foundation
import RelayAppAttest
import Testing

/// The error an attestation check ends with, or nil when it passes. Any other error (from making the test's input)
/// fails the test.
func refusal(_ check: () async throws -> Void) async -> AppAttestError? {
    do {
        try await check()
        return nil
    } catch let error as AppAttestError {
        return error
    } catch {
        Issue.record("not an AppAttestError: \(error)")
        return nil
    }
}

/// The error an assertion check ends with, or nil when it passes. Any other error fails the test.
func assertionRefusal(_ check: () throws -> Void) -> AppAttestError? {
    do {
        try check()
        return nil
    } catch let error as AppAttestError {
        return error
    } catch {
        Issue.record("not an AppAttestError: \(error)")
        return nil
    }
}

extension AppAttestError {
    var isUntrustedChain: Bool {
        if case .untrustedChain = self { true } else { false }
    }

    var isMalformed: Bool {
        if case .malformed = self { true } else { false }
    }
}
