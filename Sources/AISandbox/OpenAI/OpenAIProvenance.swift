import AIServerKit
import Foundation

/// `POST /v1/content_provenance_checks`: an image or audio file, checked for the sandbox's own provenance marks.
///
/// PNGs from the sandbox's image routes carry a C2PA-style `caBX` chunk (see ``PNGWriter``): the check reports
/// C2PA and SynthID `detected` for them (C2PA `trusted`; `invalid` when the chunk's bytes were altered), and
/// `not_detected` for any other image. MP3s from `/v1/audio/speech` (their ID3 encoder is `AISandbox`) are
/// SynthID `detected`; other audio is not. A file that is neither image nor audio answers 400.
enum OpenAIProvenance {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/content_provenance_checks") { route in check(route.request) }
    }

    private static func invalid(_ message: String, param: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    static func check(_ request: RecordedRequest) -> ResponsePlan {
        guard let parts = Multipart.parse(request.body, contentType: request.header("content-type")) else {
            return invalid("The request must be multipart/form-data with a 'file'.")
        }
        guard let file = parts.first(where: { $0.name == "file" }), !file.data.isEmpty else {
            return invalid("Missing required parameter: 'file'.", param: "file")
        }
        let bytes = [UInt8](file.data)
        var results: [JSON]
        switch Kind(bytes) {
        case .png:
            results = imageResults(c2pa: pngMark(bytes))
        case .otherImage:
            results = imageResults(c2pa: nil)
        case .audio:
            results = [synthID(detected: isSandboxSpeech(bytes))]
        case .unknown:
            return invalid("Unsupported file: a provenance check takes an image (PNG, JPEG, WebP, GIF) or audio (MP3, WAV, OGG, FLAC).", param: "file")
        }
        return .json([
            "object": "content_provenance_check", "created_at": .int(Int(Date().timeIntervalSince1970)), "results": .array(results),
        ] as JSON)
    }

    private enum Kind {
        case png, otherImage, audio, unknown

        init(_ bytes: [UInt8]) {
            func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
                bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
            }
            if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8)) || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)) {
                self = .otherImage
            } else if starts(Array("ID3".utf8)) || starts(Array("OggS".utf8)) || starts(Array("fLaC".utf8))
                || (starts(Array("RIFF".utf8)) && starts(Array("WAVE".utf8), at: 8)) || (bytes.count > 1 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0) {
                self = .audio
            } else {
                self = .unknown
            }
        }
    }

    /// The C2PA state of a PNG: nil without the sandbox's chunk, `trusted` with it intact, `invalid` when altered.
    private static func pngMark(_ bytes: [UInt8]) -> String? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length >= 0, offset + 12 + length <= bytes.count else { return nil }
            let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            if String(decoding: typed.prefix(4), as: UTF8.self) == PNGWriter.provenanceChunkType {
                let crc = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let intact = crc == PNGWriter.crc32(typed) && Array(typed.dropFirst(4)) == PNGWriter.provenanceMarker
                return intact ? "trusted" : "invalid"
            }
            offset += 12 + length
        }
        return nil
    }

    private static func isSandboxSpeech(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(256)
        let marker = Array("AISandbox".utf8)
        return head.starts(with: Array("ID3".utf8)) && head.indices.contains { index in
            index + marker.count <= head.endIndex && Array(head[index..<(index + marker.count)]) == marker
        }
    }

    private static func imageResults(c2pa state: String?) -> [JSON] {
        let c2pa: JSON = [
            "type": "c2pa", "outcome": state == nil ? "not_detected" : "detected", "validation_state": .string(state ?? "not_present"),
            "issuer": state == nil ? .null : "OpenAI", "model": .null, "generated_at": .null,
        ]
        return [c2pa, synthID(detected: state == "trusted")]
    }

    private static func synthID(detected: Bool) -> JSON {
        ["type": "synthid", "outcome": detected ? "detected" : "not_detected", "model": .null, "generated_at": .null]
    }
}
