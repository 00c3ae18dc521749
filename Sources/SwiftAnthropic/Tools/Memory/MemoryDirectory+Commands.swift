import Foundation

/// The memory tool's commands with the result and error texts of Anthropic's memory tool documentation.
extension MemoryDirectory {
    /// The most lines a file shown with `view` may have.
    static let maxLines = 999_999
    /// Lines of context around an edit in `str_replace`'s snippet.
    static let snippetContext = 4

    /// Runs `command` alone on the directory; its text, or a ``MemoryError`` with the error text.
    func run(_ command: AnthropicMemoryCommand) throws -> String {
        try exclusively {
            switch command {
            case .view(let path, let range): try view(try locate(path), range: range)
            case .create(let path, let text): try create(try locate(path), text: text)
            case .strReplace(let path, let old, let new): try replace(old, with: new, in: try locate(path))
            case .insert(let path, let line, let text): try insert(text, after: line, in: try locate(path))
            case .delete(let path): try delete(try locate(path))
            case .rename(let old, let new): try rename(try locate(old), to: try locate(new))
            }
        }
    }

    private func view(_ location: Location, range: [Int]?) throws -> String {
        switch kind(of: location.url) {
        case .directory: return listing(location)
        case .file: break
        case .missing, .other: throw MemoryError("The path \(location.path) does not exist. Please provide a valid path.")
        }
        let lines = Self.lines(of: try readText(location))
        guard lines.count <= Self.maxLines else {
            throw MemoryError("File \(location.path) exceeds maximum line limit of 999,999 lines.")
        }
        var first = 1
        var last = lines.count
        if let range {
            guard range.count == 2, range[0] >= 1, range[0] <= max(lines.count, 1), range[1] == -1 || range[1] >= range[0] else {
                throw MemoryError(
                    "Error: Invalid `view_range` parameter: [\(range.map(String.init).joined(separator: ", "))]. "
                        + "It should be [first, last] within the lines of the file: [1, \(lines.count)], with -1 for the end.")
            }
            first = range[0]
            last = range[1] == -1 ? lines.count : min(range[1], lines.count)
        }
        let shown = first <= last ? Array(lines[(first - 1)..<last]) : []
        return "Here's the content of \(location.path) with line numbers:\n" + Self.numbered(shown, from: first)
    }

    /// Files and directories two levels deep, hidden items and `node_modules` left out, with their sizes.
    private func listing(_ location: Location) -> String {
        let shown = Self.virtualRoot + location.components.map { "/" + $0 }.joined()
        var lines = ["\(Self.size(of: location.url))\t\(shown)"]
        func walk(_ url: URL, _ relative: String, depth: Int) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && name != "node_modules" {
                let child = url.appendingPathComponent(name)
                guard !isSymbolicLink(child) else { continue }
                let path = relative + "/" + name
                switch kind(of: child) {
                case .directory:
                    lines.append("\(Self.size(of: child))\t\(shown)\(path)/")
                    if depth < 2 { walk(child, path, depth: depth + 1) }
                case .file:
                    lines.append("\(Self.size(of: child))\t\(shown)\(path)")
                case .missing, .other:
                    continue
                }
            }
        }
        walk(location.url, "", depth: 1)
        return "Here're the files and directories up to 2 levels deep in \(shown), excluding hidden items and node_modules:\n"
            + lines.joined(separator: "\n")
    }

    private func create(_ location: Location, text: String) throws -> String {
        guard !location.isRoot, kind(of: location.url) == .missing else {
            throw MemoryError("Error: File \(location.path) already exists")
        }
        try createParents(of: location)
        try writeText(text, to: location)
        return "File created successfully at: \(location.path)"
    }

    private func replace(_ old: String, with new: String, in location: Location) throws -> String {
        try requireFile(location, missing: "Error: The path \(location.path) does not exist. Please provide a valid path.")
        guard !old.isEmpty else { throw MemoryError("Error: `old_str` must not be empty.") }
        let text = try readText(location)
        let matches = text.ranges(of: old)
        guard let match = matches.first else {
            throw MemoryError("No replacement was performed, old_str `\(old)` did not appear verbatim in \(location.path).")
        }
        guard matches.count == 1 else {
            let lines = matches.map { Self.newlines(in: text[..<$0.lowerBound]) + 1 }
            throw MemoryError(
                "No replacement was performed. Multiple occurrences of old_str `\(old)` in lines: "
                    + "\(lines.map(String.init).joined(separator: ", ")). Please ensure it is unique")
        }
        let edited = text.replacingCharacters(in: match, with: new)
        try writeText(edited, to: location)
        let lines = Self.lines(of: edited)
        let changed = Self.newlines(in: text[..<match.lowerBound])
        let first = max(0, changed - Self.snippetContext)
        let last = min(lines.count, changed + Self.newlines(in: new[...]) + Self.snippetContext + 1)
        let snippet = first < last ? Array(lines[first..<last]) : []
        return "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
            + Self.numbered(snippet, from: first + 1)
    }

    private func insert(_ text: String, after line: Int, in location: Location) throws -> String {
        try requireFile(location, missing: "Error: The path \(location.path) does not exist")
        var lines = Self.lines(of: try readText(location))
        guard line >= 0, line <= lines.count else {
            throw MemoryError(
                "Error: Invalid `insert_line` parameter: \(line). It should be within the range of lines of the file: [0, \(lines.count)]")
        }
        let inserted = text.hasSuffix("\n") ? String(text.dropLast()) : text
        lines.insert(contentsOf: Self.split(inserted), at: line)
        try writeText(lines.joined(separator: "\n") + "\n", to: location)
        return "The file \(location.path) has been edited."
    }

    private func delete(_ location: Location) throws -> String {
        guard !location.isRoot else { throw MemoryError("Error: Cannot delete the /memories directory itself") }
        switch kind(of: location.url) {
        case .missing: throw MemoryError("Error: The path \(location.path) does not exist")
        case .file, .directory, .other: break
        }
        do {
            try FileManager.default.removeItem(at: location.url)
        } catch {
            throw MemoryError("Error: \(location.path) could not be deleted: \(error.localizedDescription)")
        }
        return "Successfully deleted \(location.path)"
    }

    private func rename(_ old: Location, to new: Location) throws -> String {
        guard !old.isRoot else { throw MemoryError("Error: Cannot rename the /memories directory itself") }
        guard kind(of: old.url) != .missing else { throw MemoryError("Error: The path \(old.path) does not exist") }
        guard new.isRoot == false, kind(of: new.url) == .missing else {
            throw MemoryError("Error: The destination \(new.path) already exists")
        }
        guard !new.components.starts(with: old.components) else {
            throw MemoryError("Error: Cannot move \(old.path) into itself")
        }
        try createParents(of: new)
        if let reason = move(old.url, to: new.url) {
            throw MemoryError("Error: \(old.path) could not be renamed to \(new.path): \(reason)")
        }
        return "Successfully renamed \(old.path) to \(new.path)"
    }

    private func requireFile(_ location: Location, missing: String) throws {
        switch kind(of: location.url) {
        case .file: return
        case .missing: throw MemoryError(missing)
        case .directory, .other: throw MemoryError("Error: The path \(location.path) is not a file.")
        }
    }

    /// A file's lines (split at `\n`; a final newline ends the last line rather than starting an empty one).
    static func lines(of text: String) -> [String] {
        var lines = split(text)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `text` split at every `\n` scalar (a `\r` before it stays on its line; Swift's `Character` would read
    /// `\r\n` as one).
    static func split(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }

    static func newlines(in text: Substring) -> Int {
        text.unicodeScalars.count(where: { $0 == "\n" })
    }

    /// Lines numbered from `first`, the number right-aligned in six columns and a tab, as `cat -n` shows them.
    static func numbered(_ lines: [String], from first: Int) -> String {
        lines.enumerated().map { offset, line in
            let number = String(first + offset)
            return String(repeating: " ", count: max(0, 6 - number.count)) + number + "\t" + line
        }.joined(separator: "\n")
    }

    /// A size as `du -h` writes it: `512B`, `4.0K`, `12K`, `1.5M`.
    static func size(of url: URL) -> String {
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
        guard bytes >= 1024 else { return "\(bytes)B" }
        var value = Double(bytes)
        var unit = 0
        let units = ["B", "K", "M", "G", "T"]
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return (value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))) + units[unit]
    }
}
