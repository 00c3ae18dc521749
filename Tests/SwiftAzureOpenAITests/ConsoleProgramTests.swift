import AISandbox
import Foundation
import SAOAIConsole
import SwiftAITestSupport
import SwiftAzureOpenAI
import Testing

@Suite("Console programs")
struct ConsoleProgramTests {
    /// Runs a built executable to its end (see ``ProcessRunner``), without the Azure and OpenAI settings of the
    /// environment the tests run in.
    static func run(
        _ name: String, arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            name, arguments: arguments,
            removing: [
                "AZURE_OPENAI_ENDPOINT", "AZURE_OPENAI_API_KEY", "COPILOT_AGENT_AZURE_OPENAI_API_KEY",
                "AZURE_OPENAI_DEPLOYMENT", "OPENAI_API_KEY",
            ],
            environment: environment, input: input)
    }

    @Test("NonStreamingResponseConsoleChatbot: input file to output file, with text, PDF, image and missing files")
    func fileMode() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saoai-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("notes.txt")
        try "Swift is fast".write(to: notes, atomically: true, encoding: .utf8)
        let pdf = directory.appendingPathComponent("report.pdf")
        try Data("%PDF-1.4 twelve".utf8).write(to: pdf)
        let image = directory.appendingPathComponent("chart.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: image)
        let prompts = directory.appendingPathComponent("prompts.txt")
        try """
            # Comments start with # and are ignored
            What is machine learning?

            file:\(notes.path)
            file:\(pdf.path)
            file:\(image.path)
            file:\(directory.path)/missing.pdf
            Calculate the square root of 144
            """.write(to: prompts, atomically: true, encoding: .utf8)
        let responses = directory.appendingPathComponent("responses.txt")
        let result = try await Self.run(
            "NonStreamingResponseConsoleChatbot",
            arguments: [
                "--base-url", sandbox.baseURL.absoluteString + "/v1", "--model", "gpt-4o", "--input-file", prompts.path,
                "--output-file", responses.path,
            ])
        #expect(result.status == 0, "\(result.output)")
        let written = try String(contentsOf: responses, encoding: .utf8)
        let expected = """
            Prompt 1: What is machine learning?
            Response: [assistant]: Hello from AISandbox! You said: What is machine learning?

            Prompt 2: file:\(notes.path)
            Response: [assistant]: Hello from AISandbox! You said: Analyze this TXT file: notes.txt

            File content (notes.txt):
            Swift is fast

            Prompt 3: file:\(pdf.path)
            Response: [assistant]: Hello from AISandbox! You said: Analyze this PDF file: report.pdf [received file report.pdf (15 bytes)]

            Prompt 4: file:\(image.path)
            Response: [assistant]: Hello from AISandbox! You said: Analyze this PNG file: chart.png [received image (4 bytes)]

            Prompt 5: file:\(directory.path)/missing.pdf
            Error: [error] Referenced file does not exist: \(directory.path)/missing.pdf

            Prompt 6: Calculate the square root of 144
            Response: [assistant]: Hello from AISandbox! You said: Calculate the square root of 144

            """
        #expect(written == expected)
        #expect(result.output.contains("Done: 5 answered, 1 failed."))
        // Five requests reached the server; the missing file never left the machine.
        #expect(sandbox.requests.filter { $0.path == "/v1/responses" }.count == 5)
    }

    @Test("NonStreamingResponseConsoleChatbot --message with reasoning; an unreachable server fails with a typed message")
    func messageMode() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let ok = try await Self.run(
            "NonStreamingResponseConsoleChatbot",
            arguments: ["--message", "Analyze the quarterly report", "--reasoning", "high", "--reasoning-summary", "concise"],
            environment: ["AZURE_OPENAI_ENDPOINT": sandbox.baseURL.absoluteString, "AZURE_OPENAI_API_KEY": "k", "AZURE_OPENAI_DEPLOYMENT": "o4-mini"])
        #expect(ok.status == 0, "\(ok.output)")
        #expect(ok.output.contains("[reasoning] **Planning the answer** The sandbox considered the request (high effort)."))
        #expect(ok.output.contains("[assistant]: Hello from AISandbox! You said: Analyze the quarterly report"))
        let request = try #require(sandbox.lastRequest)
        #expect(request.path == "/openai/v1/responses" && request.header("api-key") == "k")
        #expect((request.json?["reasoning"] as? [String: String]) == ["effort": "high", "summary": "concise"])

        let bad = try await Self.run("NonStreamingResponseConsoleChatbot", arguments: ["--message", "x", "--reasoning", "extreme"], environment: ["OPENAI_API_KEY": "k"])
        #expect(bad.status != 0 && bad.output.contains("--reasoning must be one of"))
        let none = try await Self.run("NonStreamingResponseConsoleChatbot", arguments: ["--message", "x"])
        #expect(none.status != 0 && none.output.contains("Set AZURE_OPENAI_ENDPOINT"))
    }

    @Test("ResponsesConsoleChatbot streams, runs sum_calculator and sends its result back")
    func responsesChatbot() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let result = try await Self.run(
            "ResponsesConsoleChatbot", arguments: ["--base-url", sandbox.baseURL.absoluteString + "/v1", "--message", "What is 2 + 2?"])
        #expect(result.status == 0, "\(result.output)")
        let callID = try #require(sandbox.requests.last?.json?["input"] as? [[String: Any]]).first?["call_id"] as? String
        #expect(result.output.contains(#"[tool] sum_calculator arguments: {"a":1.5,"b":1.5}"#))
        #expect(result.output.contains(#"[tool] sum_calculator result: {"result": 3}"#))
        #expect(result.output.contains(#"[assistant]: The tool call \#(callID ?? "?") returned: {"result": 3}"#))
        #expect(sandbox.requests.count == 2)
        #expect(sandbox.requests.last?.json?["previous_response_id"] as? String != nil)
    }

    @Test("ConsoleChatbot keeps the conversation and toggles streaming")
    func consoleChatbot() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let result = try await Self.run(
            "ConsoleChatbot", arguments: ["--base-url", sandbox.baseURL.absoluteString + "/v1"],
            input: "Hello there\nstream\nAnd again\nhistory\nquit\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("[assistant]: Hello from AISandbox! You said: Hello there"))
        #expect(result.output.contains("Streaming on."))
        #expect(result.output.contains("[assistant]: Hello from AISandbox! You said: And again (continuing resp_sandbox_"))
        #expect(result.output.contains("1. Hello there\n2. And again"))
        #expect(sandbox.requests.count == 2)
        #expect(sandbox.requests.last?.json?["stream"] as? Bool == true)
        #expect(sandbox.requests.first?.json?["instructions"] as? String == "You are a helpful assistant.")
    }

    @Test("swiftai realtime --sandbox: lines in, replies streamed out, function calls shown, the audio saved as WAV")
    func realtimeCommand() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftai-realtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wav = directory.appendingPathComponent("reply.wav")
        let text = try await Self.run(
            "swiftai", arguments: ["realtime", "--sandbox"], input: "Hello moon\n[sandbox-tools: get_time] What time is it?\n\nignored\n")
        #expect(text.status == 0, "\(text.output)")
        #expect(text.output.contains("Hello from the sandbox. You said: Hello moon"))
        #expect(text.output.contains("the model called get_time({})"))
        #expect(!text.output.contains("ignored"))

        let audio = try await Self.run("swiftai", arguments: ["realtime", "--sandbox", "--voice", "coral", "--audio-out", wav.path], input: "Sing\n")
        #expect(audio.status == 0, "\(audio.output)")
        #expect(audio.output.contains("Hello from the sandbox. You said: Sing"))
        #expect(audio.output.contains("Saved"))
        let bytes = try Data(contentsOf: wav)
        #expect(String(decoding: bytes.prefix(4), as: UTF8.self) == "RIFF")
        #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE")
        #expect(bytes.count > 44 + 9_600)

        let refused = try await Self.run("swiftai", arguments: ["realtime"], input: "Hi\n")
        #expect(refused.status != 0)
        #expect(refused.output.contains("OPENAI_API_KEY"))
    }

    @Test("swiftai speak, transcribe, image, embed, files and batch write their files against the sandbox")
    func swiftaiEndpoints() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftai-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = ["--base-url", sandbox.baseURL.absoluteString]
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        let speak = try await Self.run("swiftai", arguments: ["speak"] + base + ["-o", path("hi.wav"), "--format", "wav", "Hello"])
        #expect(speak.status == 0, "\(speak.output)")
        let audio = try Data(contentsOf: URL(fileURLWithPath: path("hi.wav")))
        #expect(audio.prefix(4) == Data("RIFF".utf8) && audio.count == 4 + 5 * 64)

        try Data("SANDBOX-AUDIO:Once upon a time".utf8).write(to: URL(fileURLWithPath: path("tale.m4a")))
        let transcript = try await Self.run("swiftai", arguments: ["transcribe"] + base + [path("tale.m4a")])
        #expect(transcript.output == "Once upon a time\n")

        let image = try await Self.run("swiftai", arguments: ["image"] + base + ["-c", "2", "-o", path("fox.png"), "A fox"])
        #expect(image.status == 0 && FileManager.default.fileExists(atPath: path("fox-2.png")), "\(image.output)")

        let embed = try await Self.run("swiftai", arguments: ["embed"] + base + ["-o", path("v.json"), "a", "b"])
        #expect(embed.output.contains("0: 8 dimensions"))
        #expect((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("v.json"))))) as? [[Double]] != nil)

        try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: path("big.bin")))
        let upload = try await Self.run("swiftai", arguments: ["files", "upload"] + base + ["--purpose", "user_data", "--parts", path("big.bin")])
        #expect(upload.output.contains("uploaded 100000/100000 bytes (100%)") && upload.output.contains("100000 bytes\tbig.bin"))

        try "What is 2+2?\n\nTell a joke\n".write(toFile: path("prompts.txt"), atomically: true, encoding: .utf8)
        let batch = try await Self.run("swiftai", arguments: ["batch"] + base + ["--poll-interval", "0.01", "-o", path("out.jsonl"), path("prompts.txt")])
        #expect(batch.status == 0, "\(batch.output)")
        #expect(batch.output.contains("completed 2/2"))
        let results = try String(contentsOfFile: path("out.jsonl"), encoding: .utf8)
        #expect(results == #"""
            {"content":"Hello from AISandbox! You said: What is 2+2?","custom_id":"line-1","error":null}
            {"content":"Hello from AISandbox! You said: Tell a joke","custom_id":"line-2","error":null}

            """#)
        let list = try await Self.run("swiftai", arguments: ["files", "list"] + base + ["--purpose", "user_data"])
        #expect(list.output.contains("user_data\t100000\tbig.bin"))
    }

    @Test("prompt files skip comments and blank lines")
    func promptParsing() {
        #expect(PromptInput.prompts(inFile: "# c\n\n  a  \r\nb\n#d\n") == ["a", "b"])
    }
}
