import CaptionVideo
import Foundation

/// Burn progress on stderr: a bar redrawn in place on a terminal (frames, fps, ETA), at most ten
/// times a second; plain lines every 10% (or every 5 s when the length is unknown) otherwise.
final class ProgressPrinter {
    private let terminal = isatty(STDERR_FILENO) == 1
    private var lastDraw = 0.0
    private var lastStep = -1
    private var last: BurnProgress?

    func update(_ p: BurnProgress) {
        last = p
        if terminal {
            guard p.elapsedSeconds - lastDraw >= 0.1 else { return }
            lastDraw = p.elapsedSeconds
            write("\r" + line(p, bar: true) + "\u{1B}[K")
        } else {
            let step = p.fraction.map { Int($0 * 10) } ?? Int(p.elapsedSeconds / 5)
            guard step > lastStep else { return }
            lastStep = step
            write("captions: burn: " + line(p, bar: false) + "\n")
        }
    }

    func finish() {
        guard let last else { return }
        if terminal { write("\r" + line(last, bar: true) + "\u{1B}[K\n") }
        else if last.fraction.map({ Int($0 * 10) }) != lastStep { write("captions: burn: " + line(last, bar: false) + "\n") }
    }

    private func line(_ p: BurnProgress, bar: Bool) -> String {
        var parts: [String] = []
        if let fraction = p.fraction {
            if bar {
                let filled = Int(fraction * 30)
                parts.append("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "]")
            }
            parts.append(String(format: "%3d%%", Int(fraction * 100)))
        }
        parts.append(p.expectedFrames.map { "\(p.frames)/\($0) frames" } ?? "\(p.frames) frames")
        parts.append(String(format: "%.1f fps", p.framesPerSecond))
        if let eta = p.remainingSeconds { parts.append("ETA " + Self.clock(eta)) }
        return parts.joined(separator: "  ")
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
