/// What a load run cost the servers it loaded: CPU time over the measured run only (not connecting or warming up),
/// and their memory when it ended.
struct ServerCost: Codable {
    let cpuSeconds: Double
    /// Answered requests per second of server CPU: throughput per core, whatever the machine's core count.
    let requestsPerCPUSecond: Double?
    /// Server CPU time per server-sent event received (streams only).
    let cpuMicrosPerEvent: Double?
    let rssKiB: Int
    let peakRSSKiB: Int

    init(before: ProcessStats, after: ProcessStats, report: LoadReport) {
        cpuSeconds = max(0, after.cpuSeconds - before.cpuSeconds)
        requestsPerCPUSecond = cpuSeconds > 0 ? Double(report.completed) / cpuSeconds : nil
        if let events = report.events, events > 0 {
            cpuMicrosPerEvent = cpuSeconds * 1e6 / Double(events)
        } else {
            cpuMicrosPerEvent = nil
        }
        rssKiB = after.rssKiB
        peakRSSKiB = after.peakRSSKiB
    }
}
