import Foundation
import SwiftOpenAI

/// The built-in tools of `swiftai agent`.
enum AgentTools {
    static let names = ["time", "calculator", "read_file"]

    static func make(_ names: [String], root: URL) throws -> [AITool] {
        try names.map { name in
            switch name {
            case "time": return time
            case "calculator": return calculator
            case "read_file": return readFile(root: root)
            default: throw AgentToolError("unknown tool \(name); the built-in tools are \(Self.names.joined(separator: ", "))")
            }
        }
    }

    struct AgentToolError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    struct TimeArguments: StructuredOutput {
        /// An IANA time zone such as Europe/Lisbon; nil for UTC.
        var timeZone: String?
        static var jsonSchema: JSONSchema {
            .object(["timeZone": .nullable(.string(description: "An IANA time zone such as Europe/Lisbon; null for UTC"))])
        }
    }

    static let time = AITool("time", description: "The current date and time in a time zone") { (arguments: TimeArguments) in
        let name = arguments.timeZone ?? "UTC"
        guard let zone = TimeZone(identifier: name) else { throw AgentToolError("unknown time zone \(name)") }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        return "\(formatter.string(from: Date())) (\(zone.identifier))"
    }

    struct Calculation: StructuredOutput {
        var left: Double
        var operation: String
        var right: Double
        static var jsonSchema: JSONSchema {
            .object([
                "left": .number(), "operation": .string(description: "The operator", enum: ["+", "-", "*", "/", "^"]),
                "right": .number(),
            ])
        }
    }

    static let calculator = AITool("calculator", description: "Computes left operation right exactly") { (calc: Calculation) in
        let result: Double
        switch calc.operation {
        case "+": result = calc.left + calc.right
        case "-": result = calc.left - calc.right
        case "*": result = calc.left * calc.right
        case "/":
            guard calc.right != 0 else { throw AgentToolError("division by zero") }
            result = calc.left / calc.right
        case "^": result = pow(calc.left, calc.right)
        default: throw AgentToolError("unknown operation \(calc.operation)")
        }
        guard result.isFinite else { throw AgentToolError("the result is not a finite number") }
        return result.rounded() == result && abs(result) < 1e15 ? String(Int(result)) : String(result)
    }

    struct FileArguments: StructuredOutput {
        var path: String
        static var jsonSchema: JSONSchema { .object(["path": .string(description: "A path relative to the current folder")]) }
    }

    /// Reads a UTF-8 file under `root` (at most 64 KiB); paths that leave the folder are refused.
    static func readFile(root: URL) -> AITool {
        AITool("read_file", description: "Reads a text file under the current folder") { (arguments: FileArguments) in
            let base = root.standardizedFileURL.resolvingSymlinksInPath()
            let target = base.appendingPathComponent(arguments.path).standardizedFileURL.resolvingSymlinksInPath()
            guard target.path == base.path || target.path.hasPrefix(base.path + "/") else {
                throw AgentToolError("\(arguments.path) is outside the current folder")
            }
            let handle: FileHandle
            do {
                handle = try FileHandle(forReadingFrom: target)
            } catch {
                throw AgentToolError("cannot open \(arguments.path)")
            }
            defer { try? handle.close() }
            let limit = 64 * 1024
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard let text = String(data: data.prefix(limit), encoding: .utf8) else {
                throw AgentToolError("\(arguments.path) is not UTF-8 text")
            }
            return data.count > limit ? text + "\n[… cut at 64 KiB]" : text
        }
    }
}
