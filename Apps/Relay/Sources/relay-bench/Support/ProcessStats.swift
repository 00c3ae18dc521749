import Foundation

/// CPU time and memory of server processes, read from Linux's `/proc`, so a load phase can report what it cost the
/// servers it loaded (summed over a proxy's worker processes).
struct ProcessStats: Codable, Equatable {
    /// User plus system CPU time, in seconds.
    var cpuSeconds: Double = 0
    /// Resident memory now, in kibibytes.
    var rssKiB = 0
    /// Peak resident memory, in kibibytes.
    var peakRSSKiB = 0

    /// Sums the processes' figures; processes that are gone or unreadable (no `/proc`) count as zero.
    static func read(pids: [Int32]) -> ProcessStats {
        var total = ProcessStats()
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        for pid in pids {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")") {
                // Fields after the command's closing parenthesis start at field 3 (state); utime and stime are 14, 15.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]), ticksPerSecond > 0 {
                    total.cpuSeconds += (user + system) / ticksPerSecond
                }
            }
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
                for line in status.split(separator: "\n") {
                    if line.hasPrefix("VmRSS:") { total.rssKiB += kibibytes(line) }
                    if line.hasPrefix("VmHWM:") { total.peakRSSKiB += kibibytes(line) }
                }
            }
        }
        return total
    }

    private static func kibibytes(_ line: Substring) -> Int {
        line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }
}
