/// What ``InjectedUsageChunkFilter`` does with one complete event of a chat-completions stream.
enum SSEEventRewrite: Equatable {
    case keep
    case drop
    case replace([UInt8])

    /// Decides on one event's raw bytes (its lines and terminating blank line).
    static func rewrite(_ event: [UInt8]) -> SSEEventRewrite {
        guard let (payloadStart, payloadEnd) = singleDataPayload(event) else { return .keep }
        return event.withUnsafeBytes { all -> SSEEventRewrite in
            let payload = UnsafeRawBufferPointer(rebasing: all[payloadStart..<payloadEnd])
            guard payload.first == UInt8(ascii: "{"), let json = try? TopLevelJSON(payload),
                let usage = try? json.member("usage")
            else { return .keep }
            if let choices = try? json.member("choices"), TopLevelJSON.isEmptyArray(payload, choices),
                !TopLevelJSON.isNull(payload, usage)
            {
                return .drop
            }
            guard TopLevelJSON.isNull(payload, usage), let position = json.members.firstIndex(where: { $0.keyStart == usage.keyStart })
            else { return .keep }
            let removed: Range<Int>
            if position > 0 {
                removed = json.members[position - 1].valueEnd..<usage.valueEnd
            } else if json.members.count > 1 {
                removed = usage.keyStart..<json.members[1].keyStart
            } else {
                removed = usage.keyStart..<usage.valueEnd
            }
            var bytes = Array(all[0..<(payloadStart + removed.lowerBound)])
            bytes.append(contentsOf: all[(payloadStart + removed.upperBound)...])
            return .replace(bytes)
        }
    }

    /// The payload range of the event's only `data:` line (after `data:` and one optional space), or nil when the
    /// event has no data line or several.
    private static func singleDataPayload(_ event: [UInt8]) -> (Int, Int)? {
        var found: (Int, Int)?
        var lineStart = 0
        var index = 0
        while index <= event.count {
            guard index == event.count || event[index] == 0x0A || event[index] == 0x0D else {
                index += 1
                continue
            }
            let line = event[lineStart..<index]
            if line.starts(with: "data:".utf8) {
                guard found == nil else { return nil }
                var start = lineStart + 5
                if start < index, event[start] == 0x20 { start += 1 }
                found = (start, index)
            }
            index += 1
            lineStart = index
        }
        return found
    }
}
