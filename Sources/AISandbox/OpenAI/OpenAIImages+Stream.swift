import AIServerKit
import Foundation

/// Streamed image generation and edits (`stream: true`): for each image, `partial_images` partial PNGs (the
/// final picture revealed from the top, row band by row band, the rest grey), then the final PNG.
extension OpenAIImages {
    /// What a streamed request asked for.
    struct Stream {
        /// `image_generation` or `image_edit`: the event names' prefix.
        var prefix: String
        var partialImages: Int
    }

    /// The events for the images of `object` (a finished non-streamed answer).
    static func streamed(_ object: JSON, prompt: String?, stream: Stream) -> ResponsePlan {
        var events: [(String, JSON)] = []
        let common: JSON = [
            "created_at": object["created"] ?? 1_700_000_000, "size": object["size"] ?? "1024x1024",
            "quality": object["quality"] ?? "medium", "background": object["background"] ?? "opaque",
            "output_format": object["output_format"] ?? "png",
        ]
        for (index, _) in (object["data"]?.array ?? []).enumerated() {
            let id = imageID(prompt: prompt, index: index)
            for partial in 0..<stream.partialImages {
                var event = common
                event["type"] = .string("\(stream.prefix).partial_image")
                event["b64_json"] = .string(partialPNG(of: png(id: id), step: partial, count: stream.partialImages).base64EncodedString())
                event["partial_image_index"] = .int(partial)
                events.append(("\(stream.prefix).partial_image", event))
            }
            var event = common
            event["type"] = .string("\(stream.prefix).completed")
            event["b64_json"] = .string(png(id: id).base64EncodedString())
            event["usage"] = object["usage"] ?? .null
            events.append(("\(stream.prefix).completed", event))
        }
        return .namedEvents(events)
    }

    /// The `step`-th of `count` partial versions of `final` (a PNG as ``PNGWriter`` writes them): a valid PNG of
    /// the same size whose top `(step + 1) / (count + 1)` is the final picture and whose rest is grey.
    static func partialPNG(of final: some Collection<UInt8>, step: Int, count: Int) -> Data {
        let full = Array(final)
        var kept: [UInt8] = Array(full.prefix(8))
        var idat: [UInt8] = []
        var offset = 8
        while offset + 12 <= full.count {
            let length = full[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: full[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            if type == "IDAT" {
                idat += full[offset + 8..<offset + 8 + length]
            } else if type != "IEND" {
                kept += full[offset..<end]
            }
            offset = end
        }
        var raw = storedBlocks(idat)
        let rowBytes = 1 + PNGWriter.size * 3
        let revealed = PNGWriter.size * (step + 1) / (count + 1)
        for row in min(revealed, PNGWriter.size)..<PNGWriter.size {
            for byte in (row * rowBytes + 1)..<((row + 1) * rowBytes) where byte < raw.count { raw[byte] = 128 }
        }
        return Data(kept + PNGWriter.chunk("IDAT", PNGWriter.zlibStored(raw)) + PNGWriter.chunk("IEND", []))
    }

    /// The data of a zlib stream made of stored (uncompressed) deflate blocks, as ``PNGWriter`` writes them.
    private static func storedBlocks(_ zlib: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var index = 2  // the zlib header
        while index + 5 <= zlib.count {
            let final = zlib[index] & 1 == 1
            let length = Int(zlib[index + 1]) | Int(zlib[index + 2]) << 8
            index += 5
            data += zlib[index..<min(index + length, zlib.count)]
            index += length
            if final { break }
        }
        return data
    }
}
