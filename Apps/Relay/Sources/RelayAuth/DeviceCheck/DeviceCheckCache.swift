import Crypto
import Foundation

/// Recently validated DeviceCheck tokens, so that a device sending the same token on several requests costs one
/// call to Apple. Holds only hashes of the tokens, each for a few minutes, and at most `capacity` of them.
struct DeviceCheckCache {
    let lifetime: TimeInterval
    let capacity: Int
    private var expiries: [SHA256Digest: Date] = [:]

    init(lifetime: TimeInterval, capacity: Int) {
        self.lifetime = lifetime
        self.capacity = max(capacity, 0)
    }

    /// The entry is tied to the team and endpoint as well: a token valid for one developer's app isn't for another's.
    static func key(token: String, teamID: String, endpoint: String) -> SHA256Digest {
        SHA256.hash(data: Data("\(teamID)\n\(endpoint)\n\(token)".utf8))
    }

    func contains(_ key: SHA256Digest, now: Date) -> Bool {
        guard let expiry = expiries[key] else { return false }
        return now < expiry
    }

    mutating func insert(_ key: SHA256Digest, now: Date) {
        guard capacity > 0 else { return }
        if expiries.count >= capacity, expiries[key] == nil {
            expiries = expiries.filter { $0.value > now }
            if expiries.count >= capacity, let oldest = expiries.min(by: { $0.value < $1.value }) {
                expiries[oldest.key] = nil
            }
        }
        expiries[key] = now.addingTimeInterval(lifetime)
    }

    var count: Int { expiries.count }
}
