import Foundation

/// The sandbox's SDP answer (RFC 3264) to a WebRTC offer: one media section per offered one, in the same order,
/// with the same media, protocol, formats and `mid`, the direction mirrored (`sendonly` ↔ `recvonly`), and the
/// answerer's own ICE credentials, fingerprint and `setup:active`.
enum SDPAnswer {
    /// The answer, or nil when `offer` is not an SDP offer (no `v=0` line or no `m=` section).
    static func answer(to offer: String, callID: String) -> String? {
        let lines = offer.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).map(String.init)
        guard lines.first == "v=0" else { return nil }
        var sections: [[String]] = []
        for line in lines {
            if line.hasPrefix("m=") {
                sections.append([line])
            } else if !sections.isEmpty {
                sections[sections.count - 1].append(line)
            }
        }
        guard !sections.isEmpty else { return nil }
        let seed = SandboxText.hash(callID)
        let ufrag = String(format: "%08x", UInt32(truncatingIfNeeded: seed))
        let password = String(format: "%016llx%08x", seed, UInt32(truncatingIfNeeded: seed >> 7))
        let fingerprint = (0..<32).map { String(format: "%02X", UInt8(truncatingIfNeeded: seed >> UInt64($0 % 56) &+ UInt64($0))) }
            .joined(separator: ":")
        var mids: [String] = []
        var body: [String] = []
        for (index, section) in sections.enumerated() {
            let fields = section[0].dropFirst(2).split(separator: " ").map(String.init)
            guard fields.count >= 3 else { return nil }
            let mid = section.first { $0.hasPrefix("a=mid:") }.map { String($0.dropFirst(6)) } ?? String(index)
            mids.append(mid)
            body.append("m=\(fields[0]) 9 \(fields[2...].joined(separator: " "))")
            body.append("c=IN IP4 0.0.0.0")
            body.append("a=mid:\(mid)")
            body.append("a=ice-ufrag:\(ufrag)")
            body.append("a=ice-pwd:\(password)")
            body.append("a=fingerprint:sha-256 \(fingerprint)")
            body.append("a=setup:active")
            if let direction = section.first(where: { ["a=sendrecv", "a=sendonly", "a=recvonly", "a=inactive"].contains($0) }) {
                body.append(direction == "a=sendonly" ? "a=recvonly" : direction == "a=recvonly" ? "a=sendonly" : direction)
            }
            for line in section where line.hasPrefix("a=rtpmap:") || line.hasPrefix("a=fmtp:") || line.hasPrefix("a=sctp-port:")
                || line == "a=rtcp-mux" || line.hasPrefix("a=max-message-size:") {
                body.append(line)
            }
            if fields[0] == "audio" { body.append("a=msid:sandbox sandbox-audio") }
        }
        let header = [
            "v=0", "o=- \(seed % 1_000_000_000_000) 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
            "a=group:BUNDLE \(mids.joined(separator: " "))", "a=msid-semantic: WMS sandbox",
        ]
        return (header + body).joined(separator: "\r\n") + "\r\n"
    }
}
