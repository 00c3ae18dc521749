import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Clocks and memory readings for the benchmark.
enum Measure {
    #if canImport(Glibc)
    static let rusageSelf = RUSAGE_SELF.rawValue
    #else
    static let rusageSelf = RUSAGE_SELF
    #endif

    static func wallSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// CPU time of the whole process (user + system), in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Peak resident set size of the process so far, in kilobytes.
    static func peakRSSKilobytes() -> Int {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        #if canImport(Darwin)
        return Int(usage.ru_maxrss) / 1024
        #else
        return Int(usage.ru_maxrss)
        #endif
    }

    /// Resident set size now, in kilobytes (Linux: /proc/self/statm; elsewhere the peak).
    static func currentRSSKilobytes() -> Int {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let resident = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return peakRSSKilobytes() }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
        #else
        return peakRSSKilobytes()
        #endif
    }

    /// Percentile `p` (0…100) of `values`.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
