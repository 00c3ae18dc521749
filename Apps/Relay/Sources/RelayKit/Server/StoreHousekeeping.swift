import Foundation
import Logging
import RelayStorage
import ServiceLifecycle

/// Deletes what has expired from the store: counters whose window has ended and App Attest challenges never used.
/// Without it both tables only grow. Every relay instance runs it; the deletes are idempotent, so instances sharing a
/// database don't get in each other's way.
struct StoreHousekeeping: Service {
    let store: RelayStore
    let logger: Logger
    var interval: Duration = .seconds(60)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                await purge(now: Date())
            }
        }
    }

    func purge(now: Date) async {
        do {
            let counters = try await store.purgeExpiredCounters(now: now)
            let challenges = try await store.purgeExpiredChallenges(now: now)
            if counters + challenges > 0 {
                logger.debug("relay purged expired rows", metadata: ["counters": "\(counters)", "challenges": "\(challenges)"])
            }
        } catch {
            // The next round tries again; nothing depends on the rows being gone.
            logger.warning("relay could not purge expired rows", metadata: ["error": "\(error)"])
        }
    }
}
