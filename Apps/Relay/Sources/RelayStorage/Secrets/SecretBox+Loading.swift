import Crypto
import Foundation

extension SecretBox {
    /// The environment variable holding the key ring when no key file is given.
    public static let environmentVariable = "RELAY_MASTER_KEYS"

    /// Loads the key ring from a file (one `id:base64key` a line; blank lines and `#` comments ignored) or, without
    /// a file, from `RELAY_MASTER_KEYS` (`id:base64key,id2:base64key`). The last key listed is the current one, so
    /// rotating is: append a new line, restart, reseal, then delete the old line.
    /// - Throws: `RelayStoreError.secret` naming the bad line (never its key material).
    public static func load(file: String?, environment: [String: String]) throws -> SecretBox {
        let entries: [String]
        let source: String
        if let file {
            do {
                entries = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: .newlines)
            } catch {
                throw RelayStoreError.secret("can't read the master key file \(file)")
            }
            source = "line"
        } else if let value = environment[environmentVariable] {
            entries = value.components(separatedBy: ",")
            source = "entry"
        } else {
            throw RelayStoreError.secret("no master keys: give a key file or set \(environmentVariable)")
        }
        var keys: [String: SymmetricKey] = [:]
        var current: String?
        for (index, raw) in entries.enumerated() {
            let entry = raw.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            let (id, key) = try parse(entry, position: "\(source) \(index + 1)")
            guard keys[id] == nil else {
                throw RelayStoreError.secret("\(source) \(index + 1): the master key id \"\(id)\" is listed twice")
            }
            keys[id] = key
            current = id
        }
        guard let current else {
            throw RelayStoreError.secret("the master key list is empty")
        }
        return try SecretBox(keys: keys, currentKeyID: current)
    }

    /// A new key line, `id:base64(32 random bytes)`, for `relay init` and key rotation.
    public static func generateKeyLine(id: String) -> String {
        let key = SymmetricKey(size: .bits256)
        let encoded = key.withUnsafeBytes { Data($0).base64EncodedString() }
        return "\(id):\(encoded)"
    }

    private static func parse(_ entry: String, position: String) throws -> (String, SymmetricKey) {
        guard let colon = entry.firstIndex(of: ":") else {
            throw RelayStoreError.secret("\(position): expected id:base64key")
        }
        let id = String(entry[..<colon])
        guard isValidKeyID(id) else {
            throw RelayStoreError.secret("\(position): a master key id must be letters, digits, '-', '_' or '.'")
        }
        guard let bytes = Data(base64Encoded: String(entry[entry.index(after: colon)...])) else {
            throw RelayStoreError.secret("\(position): the key of \"\(id)\" is not base64")
        }
        guard bytes.count == 32 else {
            throw RelayStoreError.secret("\(position): the key of \"\(id)\" is \(bytes.count) bytes, not 32")
        }
        return (id, SymmetricKey(data: bytes))
    }
}
