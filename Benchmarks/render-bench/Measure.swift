import Foundation

/// Wall-clock and memory measurements.
enum Measure {
    /// Monotonic time in seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A field of /proc/self/status in KiB (`VmRSS`, `VmHWM`); 0 when unreadable.
    static func statusKiB(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    /// Resets the peak resident set size (VmHWM) to the current one (Linux 4.0+), so each engine's
    /// peak can be read on its own within one process, after handing freed heap back to the kernel
    /// (what the previous engine left). Returns false when the kernel refuses.
    @discardableResult
    static func resetPeakRSS() -> Bool {
        // glibc's malloc_trim, which Swift's Glibc module does not declare.
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    static var peakRSSMiB: Double { Double(statusKiB("VmHWM")) / 1024 }
}
