import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a secret as a file only its owner can read, atomically.
///
/// The temporary file is created with mode 0600 by `open(2)` itself (`O_CREAT | O_EXCL`), so the secret is
/// never readable by others, not even between creation and a later `chmod`; it is then renamed over the old
/// file, which replaces it atomically on the same file system.
enum SecretFile {
    /// The file of `key` in `directory`: the key with anything but letters, digits, `.`, `-`, `_` replaced.
    static func url(for key: String, in directory: URL) -> URL {
        let name = String(key.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") ? $0 : "_" })
        return directory.appendingPathComponent(name.isEmpty || name.hasPrefix(".") ? "_\(name)" : name)
    }

    static func store(_ data: Data, at file: URL) -> Bool {
        let directory = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return false
        }
        guard chmod(directory.path, 0o700) == 0 else { return false }
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return false }
        var written = 0
        let bytes = [UInt8](data)
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }
}
