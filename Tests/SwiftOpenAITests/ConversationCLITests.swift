import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// `swiftai conversations …` and `swiftai respond --conversation` as child processes against a sandbox.
@Suite("swiftai conversations")
struct ConversationCLITests {
    private static func swiftai(_ arguments: [String], _ sandbox: Sandbox) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            "swiftai", arguments: arguments + ["--base-url", sandbox.baseURL.absoluteString],
            removing: ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID"], environment: ["OPENAI_API_KEY": "sk-cli"])
    }

    @Test("create, add, respond --conversation, items, show, delete an item, delete; errors exit non-zero")
    func commands() async throws {
        try await withSandbox { sandbox in
            let created = try await Self.swiftai(
                ["conversations", "create", "--metadata", "topic=cli", "--message", "My name is Ada."], sandbox)
            #expect(created.status == 0, "\(created.output)")
            let id = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(id.hasPrefix("conv"), "\(created.output)")

            let added = try await Self.swiftai(["conversations", "add", "--role", "user", id, "I like Swift.", "And tea."], sandbox)
            let addedIDs = added.output.split(separator: "\n").map(String.init)
            #expect(added.status == 0 && addedIDs.count == 2 && addedIDs.allSatisfy { $0.hasPrefix("msg") }, "\(added.output)")

            let respond = try await Self.swiftai(["respond", "--conversation", id, "What is my name?"], sandbox)
            #expect(respond.status == 0 && respond.output.contains("(continuing \(id))"), "\(respond.output)")
            let sent = try #require(sandbox.requests.last { $0.path == "/v1/responses" })
            #expect(try JSONDecoder().decode(JSONValue.self, from: sent.body)["conversation"] == .string(id))

            let items = try await Self.swiftai(["conversations", "items", id], sandbox)
            let rows = items.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            #expect(items.status == 0 && rows.count == 5, "\(items.output)")
            #expect(rows.map { $0.count > 3 ? $0[3] : "" }.prefix(4) == ["My name is Ada.", "I like Swift.", "And tea.", "What is my name?"])
            #expect(rows.last?[2] == "assistant")

            let show = try await Self.swiftai(["conversations", "show", id], sandbox)
            #expect(show.status == 0 && show.output.contains(id) && show.output.contains("topic=cli"), "\(show.output)")

            let deleteItem = try await Self.swiftai(["conversations", "delete", id, "--item", addedIDs[0]], sandbox)
            #expect(deleteItem.status == 0 && deleteItem.output.contains("\(addedIDs[0]) deleted from \(id)"), "\(deleteItem.output)")
            let remaining = try await Self.swiftai(["conversations", "items", "--order", "desc", id], sandbox)
            #expect(remaining.output.split(separator: "\n").count == 4 && !remaining.output.contains("I like Swift."))

            let delete = try await Self.swiftai(["conversations", "delete", id], sandbox)
            #expect(delete.status == 0 && delete.output.contains("\(id) deleted: true"), "\(delete.output)")
            let missing = try await Self.swiftai(["conversations", "show", id], sandbox)
            #expect(missing.status != 0 && missing.output.contains("404"), "\(missing.output)")
            let badMetadata = try await Self.swiftai(["conversations", "create", "--metadata", "novalue"], sandbox)
            #expect(badMetadata.status != 0 && badMetadata.output.contains("key=value"), "\(badMetadata.output)")
        }
    }
}
