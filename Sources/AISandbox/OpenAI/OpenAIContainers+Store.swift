import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// The containers of one sandbox and the files in them.
///
/// A container expires when it has been idle (no call that uses it) for its `expires_after.minutes`, measured on
/// the wall clock plus ``clockOffset`` (which a test moves forward instead of waiting). An expired container
/// keeps its metadata, with status `expired`, but its files are gone, as on the real API.
final class OpenAIContainersStore: Sendable {
    struct File: Sendable {
        var metadata: JSON
        var data: Data
    }

    struct Container: Sendable {
        var metadata: JSON
        var files: [String: File] = [:]
        /// File ids in creation order.
        var order: [String] = []
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var containers: [String: Container] = [:]
        var order: [String] = []
        var clockOffset = 0
    }

    let files: OpenAIFiles
    private let state = NIOLockedValueBox(State())

    init(files: OpenAIFiles) {
        self.files = files
    }

    /// Seconds added to the wall clock, so a test can see containers expire without waiting.
    func advanceClock(by seconds: Int) {
        state.withLockedValue { $0.clockOffset += seconds }
    }

    private static func now(_ state: State) -> Int { Int(Date().timeIntervalSince1970) + state.clockOffset }

    /// An id in the API's shape: the prefix and `digits` hex digits (here a zero-padded counter).
    private static func hexID(_ prefix: String, _ count: Int, digits: Int) -> String {
        let hex = String(count, radix: 16)
        return prefix + String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    // MARK: Containers

    /// Stores a new running container and copies `fileIDs` (already checked to exist) into it.
    func create(name: String, expiresAfterMinutes: Int, memoryLimit: String, networkPolicy: JSON?, copying copies: [OpenAIFiles.File]) -> JSON {
        state.withLockedValue { state in
            let id = Self.hexID("cntr_", state.ids.bump(), digits: 48)
            let now = Self.now(state)
            var metadata: JSON = [
                "id": .string(id), "object": "container", "name": .string(name), "created_at": .int(now), "status": "running",
                "last_active_at": .int(now), "expires_after": ["anchor": "last_active_at", "minutes": .int(expiresAfterMinutes)],
                "memory_limit": .string(memoryLimit),
            ]
            if let networkPolicy { metadata["network_policy"] = networkPolicy }
            var container = Container(metadata: metadata)
            for file in copies {
                let fileID = Self.hexID("cfile_", state.ids.bump(), digits: 32)
                let filename = file.metadata["filename"]?.string ?? "file"
                container.files[fileID] = File(
                    metadata: Self.fileMetadata(fileID, container: id, now: now, bytes: file.data.count, path: "/mnt/data/\(filename)"),
                    data: file.data)
                container.order.append(fileID)
            }
            state.containers[id] = container
            state.order.append(id)
            return metadata
        }
    }

    /// Every container's metadata (with its current status), in creation order.
    func all() -> [JSON] {
        state.withLockedValue { state in
            state.order.compactMap { id in Self.expireIfIdle(&state, id)?.metadata }
        }
    }

    /// The container's metadata with its current status, or nil for an unknown (or deleted) id.
    func container(_ id: String) -> JSON? {
        state.withLockedValue { state in Self.expireIfIdle(&state, id)?.metadata }
    }

    /// Removes a container and every file in it; false for an unknown id.
    func delete(_ id: String) -> Bool {
        state.withLockedValue { state in
            guard state.containers.removeValue(forKey: id) != nil else { return false }
            state.order.removeAll { $0 == id }
            return true
        }
    }

    /// The container after an idle check; an idle one past its minutes becomes `expired` and loses its files.
    private static func expireIfIdle(_ state: inout State, _ id: String) -> Container? {
        guard var container = state.containers[id] else { return nil }
        let lastActive = container.metadata["last_active_at"]?.int ?? 0
        let minutes = container.metadata["expires_after"]?["minutes"]?.int ?? 20
        if container.metadata["status"]?.string == "running", now(state) >= lastActive + minutes * 60 {
            container.metadata["status"] = "expired"
            container.files = [:]
            container.order = []
            state.containers[id] = container
        }
        return container
    }

    // MARK: Files

    /// Runs `body` on a running container (its `last_active_at` moved to now, as any use of it does).
    func use<T>(_ id: String, _ body: (inout Container, _ now: Int) -> T) -> Result<T, LookupFailure> {
        state.withLockedValue { state in
            guard let current = Self.expireIfIdle(&state, id) else { return .failure(.unknownContainer) }
            guard current.metadata["status"]?.string == "running" else { return .failure(.expired) }
            var container = current
            let now = Self.now(state)
            container.metadata["last_active_at"] = .int(now)
            let result = body(&container, now)
            state.containers[id] = container
            return .success(result)
        }
    }

    enum LookupFailure: Error {
        case unknownContainer
        case expired
    }

    /// Adds a file to a container, returning its metadata.
    func addFile(to id: String, filename: String, data: Data, hashedName: Bool) -> Result<JSON, LookupFailure> {
        let number = state.withLockedValue { $0.ids.bump() }
        let fileID = Self.hexID("cfile_", number, digits: 32)
        // Uploaded files land under a unique prefix, as the API names them (`/mnt/data/<32 hex>-<name>`).
        let path = hashedName ? "/mnt/data/\(String(fileID.dropFirst("cfile_".count)))-\(filename)" : "/mnt/data/\(filename)"
        return use(id) { container, now in
            let metadata = Self.fileMetadata(fileID, container: id, now: now, bytes: data.count, path: path)
            container.files[fileID] = File(metadata: metadata, data: data)
            container.order.append(fileID)
            return metadata
        }
    }

    static func fileMetadata(_ id: String, container: String, now: Int, bytes: Int, path: String) -> JSON {
        [
            "id": .string(id), "object": "container.file", "created_at": .int(now), "bytes": .int(bytes),
            "container_id": .string(container), "path": .string(path), "source": "user",
        ]
    }
}

extension SandboxCounter {
    /// The next number of this counter.
    fileprivate mutating func bump() -> Int {
        _ = nextID("")
        return count
    }
}
