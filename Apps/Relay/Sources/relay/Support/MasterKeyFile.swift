import Foundation

/// The master-key file's lines (`id:base64key`, the last one current; blank lines and `#` comments kept as they
/// are), for adding and dropping keys. Key material is only copied, never shown.
struct MasterKeyFile {
    let path: String
    private(set) var lines: [String]

    init(path: String) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIFailure("Can't read the master-key file \(path).")
        }
        lines = String(decoding: data, as: UTF8.self).components(separatedBy: .newlines)
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    }

    /// The key ids, in file order.
    var keyIDs: [String] {
        lines.compactMap(Self.keyID)
    }

    /// `k1`, `k2`, …: one more than the highest numbered id, so a dropped key's id is never reused.
    static func newKeyID(existing: [String]) -> String {
        let highest = existing.compactMap { $0.hasPrefix("k") ? Int($0.dropFirst()) : nil }.max() ?? 0
        return "k\(highest + 1)"
    }

    mutating func append(_ line: String) {
        lines.append(line)
    }

    /// Removes the keys whose id is not in `keeping`; returns their ids.
    mutating func drop(keeping: Set<String>) -> [String] {
        var dropped: [String] = []
        lines.removeAll { line in
            guard let id = Self.keyID(line), !keeping.contains(id) else { return false }
            dropped.append(id)
            return true
        }
        return dropped
    }

    /// Writes the file back, mode 0600, replacing it atomically.
    func save() throws {
        try SecretFile.save(lines.joined(separator: "\n") + "\n", to: path)
    }

    private static func keyID(_ line: String) -> String? {
        let entry = line.trimmingCharacters(in: .whitespaces)
        guard !entry.isEmpty, !entry.hasPrefix("#"), let colon = entry.firstIndex(of: ":") else { return nil }
        return String(entry[..<colon])
    }
}
