import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

// The memory tool on a real temporary directory: every command with the documented texts, every way out of
// `/memories` refused without touching a file outside, concurrent calls, and a tool-runner loop against the
// sandbox in which the model writes a memory and reads it back.

@Suite("Anthropic memory tool")
struct MemoryToolTests {
    /// A fresh directory (removed afterwards) with the memory tool on its `memories` folder.
    static func withMemory<T>(_ body: (AnthropicMemoryTool, URL) async throws -> T) async throws -> T {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("memory-tool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return try await body(AnthropicMemoryTool(directory: base.appendingPathComponent("memories")), base)
    }

    static func run(_ tool: AnthropicMemoryTool, _ command: AnthropicMemoryCommand) -> AnthropicMemoryTool.Result {
        tool.execute(command)
    }

    @Test("create, view, str_replace, insert, rename and delete with the documented texts")
    func commands() async throws {
        try await Self.withMemory { memory, base in
            let root = base.appendingPathComponent("memories")
            var result = memory.handle(#"{"command": "create", "path": "/memories/notes/coffee.md", "file_text": "likes coffee\nno sugar\n"}"#)
            #expect(result == .init(text: "File created successfully at: /memories/notes/coffee.md", isError: false))
            #expect(try String(contentsOf: root.appendingPathComponent("notes/coffee.md"), encoding: .utf8) == "likes coffee\nno sugar\n")
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("notes/coffee.md").path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(Self.run(memory, .create(path: "/memories/notes/coffee.md", fileText: "x"))
                == .init(text: "Error: File /memories/notes/coffee.md already exists", isError: true))

            result = Self.run(memory, .view(path: "/memories/notes/coffee.md"))
            #expect(result.text == "Here's the content of /memories/notes/coffee.md with line numbers:\n     1\tlikes coffee\n     2\tno sugar")
            result = Self.run(memory, .view(path: "/memories/notes/coffee.md", viewRange: [2, -1]))
            #expect(result.text == "Here's the content of /memories/notes/coffee.md with line numbers:\n     2\tno sugar")
            #expect(Self.run(memory, .view(path: "/memories/notes/coffee.md", viewRange: [5, 6])).isError)
            #expect(Self.run(memory, .view(path: "/memories/nothing.md"))
                == .init(text: "The path /memories/nothing.md does not exist. Please provide a valid path.", isError: true))

            try Data("hidden".utf8).write(to: root.appendingPathComponent(".hidden"))
            result = Self.run(memory, .view(path: "/memories"))
            let lines = result.text.split(separator: "\n").map(String.init)
            #expect(lines.first == "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:")
            #expect(lines.count == 4)
            #expect(lines[1].hasSuffix("\t/memories") && lines[2].hasSuffix("\t/memories/notes/") && lines[3] == "22B\t/memories/notes/coffee.md")

            result = Self.run(memory, .strReplace(path: "/memories/notes/coffee.md", oldString: "no sugar", newString: "two sugars"))
            #expect(result.text == "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n     1\tlikes coffee\n     2\ttwo sugars")
            #expect(Self.run(memory, .strReplace(path: "/memories/notes/coffee.md", oldString: "tea", newString: "x")) == .init(
                text: "No replacement was performed, old_str `tea` did not appear verbatim in /memories/notes/coffee.md.", isError: true))
            #expect(Self.run(memory, .strReplace(path: "/memories/notes/coffee.md", oldString: "s", newString: "x")) == .init(
                text: "No replacement was performed. Multiple occurrences of old_str `s` in lines: 1, 2, 2. Please ensure it is unique",
                isError: true))
            #expect(Self.run(memory, .strReplace(path: "/memories/missing.md", oldString: "a", newString: "b")).text
                == "Error: The path /memories/missing.md does not exist. Please provide a valid path.")

            #expect(Self.run(memory, .insert(path: "/memories/notes/coffee.md", insertLine: 1, insertText: "oat milk\n"))
                == .init(text: "The file /memories/notes/coffee.md has been edited.", isError: false))
            #expect(try String(contentsOf: root.appendingPathComponent("notes/coffee.md"), encoding: .utf8) == "likes coffee\noat milk\ntwo sugars\n")
            #expect(Self.run(memory, .insert(path: "/memories/notes/coffee.md", insertLine: 9, insertText: "x")) == .init(
                text: "Error: Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 3]", isError: true))
            #expect(Self.run(memory, .insert(path: "/memories/none.md", insertLine: 0, insertText: "x")).text == "Error: The path /memories/none.md does not exist")

            #expect(Self.run(memory, .rename(oldPath: "/memories/notes", newPath: "/memories/archive/notes"))
                == .init(text: "Successfully renamed /memories/notes to /memories/archive/notes", isError: false))
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("archive/notes/coffee.md").path))
            _ = Self.run(memory, .create(path: "/memories/other.md", fileText: "x"))
            #expect(Self.run(memory, .rename(oldPath: "/memories/other.md", newPath: "/memories/archive/notes/coffee.md")).text
                == "Error: The destination /memories/archive/notes/coffee.md already exists")
            #expect(Self.run(memory, .rename(oldPath: "/memories/gone.md", newPath: "/memories/new.md")).text == "Error: The path /memories/gone.md does not exist")
            #expect(Self.run(memory, .rename(oldPath: "/memories/archive", newPath: "/memories/archive/inner")).isError)

            #expect(Self.run(memory, .delete(path: "/memories/archive")) == .init(text: "Successfully deleted /memories/archive", isError: false))
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("archive").path))
            #expect(Self.run(memory, .delete(path: "/memories/archive")).text == "Error: The path /memories/archive does not exist")
            #expect(Self.run(memory, .delete(path: "/memories")).text == "Error: Cannot delete the /memories directory itself")
            #expect(Self.run(memory, .rename(oldPath: "/memories", newPath: "/memories/x")).text == "Error: Cannot rename the /memories directory itself")
        }
    }

    @Test("paths that leave /memories are refused and nothing outside is touched")
    func traversal() async throws {
        try await Self.withMemory { memory, base in
            let root = base.appendingPathComponent("memories")
            let outside = base.appendingPathComponent("secret.txt")
            try Data("secret".utf8).write(to: outside)
            _ = Self.run(memory, .view(path: "/memories"))
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: base)
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("secret.md"), withDestinationURL: outside)
            let attempts: [(AnthropicMemoryCommand, String)] = [
                (.view(path: "/memories/../secret.txt"), "Error: Path /memories/../secret.txt would escape /memories directory"),
                (.create(path: "/memories/a/../../secret.txt", fileText: "x"), "Error: Path /memories/a/../../secret.txt would escape /memories directory"),
                (.view(path: "/etc/passwd"), "Error: Path must start with /memories, got: /etc/passwd"),
                (.view(path: "/memoriesX/a"), "Error: Path must start with /memories, got: /memoriesX/a"),
                (.view(path: "memories/a"), "Error: Path must start with /memories, got: memories/a"),
                (.view(path: "/memories/link/secret.txt"), "Error: Path /memories/link/secret.txt would escape /memories directory via symlink"),
                (.strReplace(path: "/memories/secret.md", oldString: "secret", newString: "leaked"),
                    "Error: Path /memories/secret.md would escape /memories directory via symlink"),
                (.delete(path: "/memories/secret.md"), "Error: Path /memories/secret.md would escape /memories directory via symlink"),
                (.rename(oldPath: "/memories/secret.md", newPath: "/memories/mine.md"), "Error: Path /memories/secret.md would escape /memories directory via symlink"),
                (.create(path: "/memories/a\u{0}b", fileText: "x"), "Error: The path contains a NUL character; use a path under /memories."),
            ]
            for (command, text) in attempts {
                #expect(Self.run(memory, command) == .init(text: text, isError: true), "\(command)")
            }
            let longName = "/memories/" + String(repeating: "n", count: 256)
            #expect(Self.run(memory, .create(path: longName, fileText: "x")).text.contains("is too long (at most 255 bytes)"))
            let longPath = "/memories/" + Array(repeating: "dir", count: 300).joined(separator: "/")
            #expect(Self.run(memory, .create(path: longPath, fileText: "x")).text.contains("is too long (at most 1024 bytes)"))
            #expect(try String(contentsOf: outside, encoding: .utf8) == "secret")
            #expect(try FileManager.default.contentsOfDirectory(atPath: base.path).sorted() == ["memories", "secret.txt"])
            // The listing leaves symlinks out.
            #expect(!Self.run(memory, .view(path: "/memories")).text.contains("link"))
        }
    }

    @Test("malformed commands are error results")
    func malformed() async throws {
        try await Self.withMemory { memory, _ in
            #expect(memory.handle("{").isError)
            #expect(memory.handle(#"{"command": "view"}"#) == .init(text: "Error: Invalid memory command: the field `path` is missing.", isError: true))
            #expect(memory.handle(#"{"command": "undo_edit", "path": "/memories"}"#).text.contains("Unknown command `undo_edit`"))
            #expect(memory.handle(#"{"command": "str_replace", "path": "/memories/x", "old_str": ""}"#).isError)
        }
    }

    @Test("concurrent calls on one directory are serialized")
    func concurrency() async throws {
        try await Self.withMemory { memory, base in
            _ = Self.run(memory, .create(path: "/memories/log.md", fileText: ""))
            let other = AnthropicMemoryTool(directory: base.appendingPathComponent("memories"))
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask { _ = (index.isMultiple(of: 2) ? memory : other).execute(.insert(path: "/memories/log.md", insertLine: 0, insertText: "line \(index)")) }
                }
            }
            let text = try String(contentsOf: base.appendingPathComponent("memories/log.md"), encoding: .utf8)
            #expect(Set(text.split(separator: "\n").map(String.init)) == Set((0..<40).map { "line \($0)" }))
            #expect(try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("memories").path) == ["log.md"])
        }
    }

    @Test("the runner sends memory_20250818 and runs the model's memory calls", arguments: TransportKind.allCases)
    func runnerLoop(kind: TransportKind) async throws {
        try await Self.withMemory { memory, base in
            try await withAnthropic(transport: kind) { sandbox, service in
                let parameter = MessageParameter(
                    model: .claudeSonnet45,
                    messages: [.init(role: .user, content: "I prefer green tea. [sandbox-tools: memory | memory | memory]")], maxTokens: 1024)
                let result = try await ToolRunner(tools: [memory.tool]).run(service, messages: parameter).result()
                #expect(result.toolResults.map(\.isError) == [false, false, false])
                #expect(result.toolResults[1].output == "File created successfully at: /memories/sandbox-notes.md")
                #expect(try String(contentsOf: base.appendingPathComponent("memories/sandbox-notes.md"), encoding: .utf8) == "I prefer green tea.\n")
                #expect(result.finalText.contains("     1\tI prefer green tea."))
                let first = try ToolsTodayTests.body(sandbox.requests.first { $0.path == "/v1/messages" })
                #expect(first["tools"] == [["type": "memory_20250818", "name": "memory"]])
                #expect(sandbox.requests.first?.header("anthropic-beta") == nil)
                let last = try ToolsTodayTests.body(sandbox.requests.last { $0.path == "/v1/messages" })
                let calls = (last["messages"]?.arrayValue ?? []).flatMap { $0["content"]?.arrayValue ?? [] }.filter { $0["type"] == "tool_use" }
                #expect(calls.map { $0["input"]?["command"] } == ["view", "create", "view"])
            }
        }
    }
}
