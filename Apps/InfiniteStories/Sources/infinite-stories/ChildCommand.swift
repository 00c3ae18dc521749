import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// `child add/list/remove`: the children stories are for (`story new --for NAME`), the web app's Children page.
struct ChildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "child", abstract: "Add, list and remove the children stories are written for.",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a child, or change one: their age band shapes each story's words and length.")

        @Argument(help: "The child's name.") var name: String
        @Option(help: "Their age band: 2-4, 4-6, 6-8 or 8-10.") var age = "4-6"
        @Option(name: .customLong("avoid"), help: "Something their stories must never mention (repeat for more).")
        var avoid: [String] = []
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !name.isEmpty, name.count <= 80 else { throw CLIError.invalidArgument("A child needs a name (at most 80 characters).") }
                guard let range = AgeRange.allCases.first(where: { $0.span == age.replacingOccurrences(of: "–", with: "-") }) else {
                    throw CLIError.invalidArgument("--age takes 2-4, 4-6, 6-8 or 8-10.")
                }
                let library = try options.openLibrary()
                let existing = try await library.child(named: name)
                let avoid = avoid.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                try await library.saveChild(ChildProfile(id: existing?.id ?? UUID(), name: name, ageRange: range, avoid: avoid))
                out(existing == nil ? "Added \(name)." : "Updated \(name).")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the children.")

        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let children = try await options.openLibrary().children()
                if json { return try printJSON(children) }
                if children.isEmpty { return out("No children yet. Add one with `infinite-stories child add NAME --age 4-6`.") }
                for child in children {
                    let avoid = child.avoid.isEmpty ? "" : " — never: \(child.avoid.joined(separator: ", "))"
                    out("\(child.name) (\(child.ageRange.rawValue))\(avoid)")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a child (their stories stay in the library).")

        @Argument(help: "The child's name.") var name: String
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let library = try options.openLibrary()
                guard let child = try await library.child(named: name) else {
                    throw CLIError.invalidArgument("No child named \"\(name)\".")
                }
                try await library.removeChild(id: child.id)
                out("Removed \(child.name).")
            }
        }
    }
}
