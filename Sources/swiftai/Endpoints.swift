import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Speak: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn text into speech and write the audio file (streamed to disk as it arrives).")

        @Option(help: "tts-1, tts-1-hd or gpt-4o-mini-tts.")
        var model = "gpt-4o-mini-tts"
        @Option(help: "alloy, ash, ballad, coral, echo, fable, onyx, nova, sage, shimmer, verse, marin or cedar.")
        var voice = "coral"
        @Option(help: "How to speak (gpt-4o-mini-tts), e.g. \"Calm bedtime storyteller\".")
        var instructions: String?
        @Option(help: "mp3, opus, aac, flac, wav or pcm.")
        var format = "mp3"
        @Option(help: "0.25 to 4.0.")
        var speed: Double?
        @Option(name: .shortAndLong, help: "The audio file to write.")
        var output: String
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The text to speak.")
        var text: String

        func run() async throws {
            guard let responseFormat = AudioSpeechParameters.ResponseFormat(rawValue: format) else {
                throw ValidationError("--format must be mp3, opus, aac, flac, wav or pcm.")
            }
            let service = try connection.makeService()
            let parameters = AudioSpeechParameters(
                model: .init(rawValue: model), input: text, voice: .init(rawValue: voice), responseFormat: responseFormat,
                speed: speed, instructions: instructions)
            guard FileManager.default.createFile(atPath: output, contents: nil), let handle = FileHandle(forWritingAtPath: output) else {
                throw ValidationError("Cannot write \(output).")
            }
            defer { try? handle.close() }
            var written = 0
            do {
                for try await chunk in try await service.createSpeechStream(parameters: parameters) {
                    try handle.write(contentsOf: chunk)
                    written += chunk.count
                }
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
            printError("wrote \(written) bytes of \(format) to \(output)")
        }
    }

    struct Transcribe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Transcribe (or translate into English) an audio file.")

        @Option(help: "whisper-1, gpt-4o-transcribe or gpt-4o-mini-transcribe.")
        var model = "gpt-4o-mini-transcribe"
        @Option(help: "json, text, srt, vtt or verbose_json.")
        var format = "text"
        @Option(help: "The audio's language (ISO-639-1).")
        var language: String?
        @Flag(help: "Translate into English instead (whisper-1).")
        var translate = false
        @Flag(help: "Print the text as it is recognised (gpt-4o transcription models).")
        var stream = false
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The audio file.")
        var file: String

        func run() async throws {
            let service = try connection.makeService()
            let data = try readFile(file)
            let name = (file as NSString).lastPathComponent
            do {
                if translate {
                    let result = try await service.createTranslation(
                        parameters: .init(fileName: name, file: data, model: .init(rawValue: model), responseFormat: format))
                    out(result.text, terminator: result.text.hasSuffix("\n") ? "" : "\n")
                } else if stream {
                    for try await event in try await service.createTranscriptionStream(
                        parameters: .init(fileName: name, file: data, model: .init(rawValue: model), language: language))
                    {
                        if case .delta(let text) = event { out(text, terminator: "") }
                    }
                    out()
                } else {
                    let result = try await service.createTranscription(
                        parameters: .init(fileName: name, file: data, model: .init(rawValue: model), responseFormat: format, language: language))
                    out(result.text, terminator: result.text.hasSuffix("\n") ? "" : "\n")
                }
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
        }
    }

    struct Image: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Generate images and write them to disk.")

        @Option(help: "gpt-image-1, dall-e-3 or dall-e-2.")
        var model = "gpt-image-1"
        @Option(help: "e.g. 1024x1024, 1536x1024, 1792x1024.")
        var size: String?
        @Option(help: "gpt-image: low, medium, high, auto; dall-e-3: standard, hd.")
        var quality: String?
        @Option(name: .shortAndLong, help: "How many images.")
        var count = 1
        @Option(name: .shortAndLong, help: "The file to write; several images get -1, -2 … before the extension.")
        var output = "image.png"
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "What to draw.")
        var prompt: String

        func run() async throws {
            let service = try connection.makeService()
            do {
                let result = try await service.createImages(parameters: ImageCreateParameters(
                    prompt: prompt, model: ImageModel(rawValue: model), size: size, numberOfImages: count, quality: quality,
                    responseFormat: model.hasPrefix("gpt-image") ? nil : .b64Json))
                for (index, image) in result.data.enumerated() {
                    let data = try await service.imageData(for: image)
                    let path = result.data.count == 1 ? output : numbered(output, index + 1)
                    try data.write(to: URL(fileURLWithPath: path))
                    out("\(path) (\(data.count) bytes)" + (image.revisedPrompt.map { " — revised prompt: \($0)" } ?? ""))
                }
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
        }

        private func numbered(_ path: String, _ number: Int) -> String {
            let ext = (path as NSString).pathExtension
            let base = (path as NSString).deletingPathExtension
            return ext.isEmpty ? "\(base)-\(number)" : "\(base)-\(number).\(ext)"
        }
    }

    struct Embed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Embed texts and print their vectors' sizes, or write them as JSON.")

        @Option(help: "The embedding model.")
        var model = "text-embedding-3-small"
        @Option(help: "Fewer dimensions (text-embedding-3 models).")
        var dimensions: Int?
        @Option(name: .shortAndLong, help: "Write the vectors as JSON to this file.")
        var output: String?
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The texts.")
        var texts: [String]

        func run() async throws {
            let service = try connection.makeService()
            do {
                let result = try await service.createEmbeddings(parameters: EmbeddingParameter(
                    model: .custom(model), inputs: texts, encodingFormat: .base64, dimensions: dimensions))
                for item in result.data {
                    let head = item.embedding.prefix(3).map { String(format: "%.4f", $0) }.joined(separator: ", ")
                    out("\(item.index): \(item.embedding.count) dimensions [\(head), …]")
                }
                if let output {
                    let json = try JSONSerialization.data(withJSONObject: result.data.map { $0.embedding.map(Double.init) })
                    try json.write(to: URL(fileURLWithPath: output))
                    out("wrote \(output)")
                }
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
        }
    }
}

/// Reads a file for upload, with a clear error.
func readFile(_ path: String) throws -> Data {
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw ValidationError("Cannot read \(path): \(error.localizedDescription)")
    }
}
