import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Files: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, upload, download and delete files.", subcommands: [List.self, Upload.self, Download.self, Delete.self])

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List every file (all pages).")
            @Option(help: "Only files of this purpose.")
            var purpose: String?
            @OptionGroup var connection: ConnectionOptions

            func run() async throws {
                let service = try connection.makeService()
                for try await file in service.allFiles(purpose: purpose) {
                    out("\(file.id)\t\(file.purpose)\t\(file.bytes)\t\(file.filename)")
                }
            }
        }

        struct Upload: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Upload a file; files over 32 MB (or with --parts) go through the Uploads API in 64 MB parts, with progress.")
            @Option(help: "assistants, batch, fine-tune, vision, user_data or evals.")
            var purpose: String
            @Flag(help: "Use the Uploads API whatever the size.")
            var parts = false
            @Option(help: "The MIME type (for part uploads).")
            var mimeType = "application/octet-stream"
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The file.")
            var path: String

            func run() async throws {
                let service = try connection.makeService()
                let url = URL(fileURLWithPath: path)
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                do {
                    let file: FileObject
                    if parts || size > 32 * 1024 * 1024 {
                        file = try await service.uploadLargeFile(at: url, purpose: purpose, mimeType: mimeType) { sent, total in
                            printError("uploaded \(sent)/\(total) bytes (\(total == 0 ? 100 : sent * 100 / total)%)")
                        }
                    } else {
                        file = try await service.uploadFile(parameters: FileParameters(fileName: url.lastPathComponent, file: try readFile(path), purpose: purpose))
                    }
                    out("\(file.id)\t\(file.bytes) bytes\t\(file.filename)")
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }

        struct Download: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Write a file's content to disk.")
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The file id.")
            var id: String
            @Option(name: .shortAndLong, help: "Where to write it.")
            var output: String

            func run() async throws {
                let data = try await connection.makeService().retrieveContentForFileWith(id: id)
                try data.write(to: URL(fileURLWithPath: output))
                out("wrote \(data.count) bytes to \(output)")
            }
        }

        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete a file.")
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The file id.")
            var id: String

            func run() async throws {
                let status = try await connection.makeService().deleteFileWith(id: id)
                out("\(status.id) deleted: \(status.deleted)")
            }
        }
    }

    struct Batch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run many chat prompts as a batch: one prompt per line in, one JSON result per line out.",
            discussion: "Uploads the prompts as a JSONL batch input, polls the batch (showing progress) and writes each result, matched to its line number, to the output file.")

        @Option(help: "The chat model.")
        var model = "gpt-4o-mini"
        @Option(help: "Seconds between polls.")
        var pollInterval: Double = 10
        @Option(name: .shortAndLong, help: "The JSONL file of results.")
        var output: String
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "A text file with one prompt per line.")
        var prompts: String

        func run() async throws {
            let service = try connection.makeService()
            let lines = String(decoding: try readFile(prompts), as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            guard !lines.isEmpty else { throw ValidationError("\(prompts) has no prompts.") }
            do {
                let requests = lines.enumerated().map { index, prompt in
                    (customID: "line-\(index + 1)", parameters: ChatCompletionParameters(
                        messages: [.init(role: .user, content: .text(prompt))], model: .custom(model)))
                }
                let batch = try await service.createChatBatch(requests: requests)
                printError("batch \(batch.id) created with \(lines.count) requests")
                let finished = try await service.waitForBatch(id: batch.id, pollInterval: pollInterval) { batch in
                    let counts = batch.requestCounts.map { " \($0.completed + $0.failed)/\($0.total)" } ?? ""
                    printError("batch \(batch.id): \(batch.status)\(counts)")
                }
                guard finished.status == "completed" else {
                    throw commandFailure("batch \(finished.id) ended \(finished.status): \(finished.errors?.data?.compactMap(\.message).joined(separator: "; ") ?? "")")
                }
                let results = try await service.batchResults(of: finished, as: ChatCompletionObject.self)
                    .sorted { (Int($0.customID.dropFirst(5)) ?? 0) < (Int($1.customID.dropFirst(5)) ?? 0) }
                var text = ""
                for result in results {
                    let answer: [String: Any] = [
                        "custom_id": result.customID,
                        "content": result.body?.choices.first?.message.content ?? NSNull(),
                        "error": result.failure ?? NSNull(),
                    ]
                    text += String(decoding: try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]), as: UTF8.self) + "\n"
                }
                try text.write(toFile: output, atomically: true, encoding: .utf8)
                out("wrote \(results.count) results to \(output) (\(results.filter { $0.failure != nil }.count) failed)")
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
        }
    }
}
