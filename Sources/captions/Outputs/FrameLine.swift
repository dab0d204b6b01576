import CaptionRender
import CaptionVerify
import Foundation

/// The lines `verify` and `golden check` print: one per frame and a summary per group of frames.
enum FrameLine {
    /// `    0.350 s  GOOD  score   1.44  PSNR  31.20 dB  worst (212, 840)`
    static func text(_ r: FrameResult) -> String {
        let psnr = r.psnr.isFinite ? String(format: "%6.2f dB", r.psnr) : "   inf dB"
        let grade = r.grade.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)
        var note = ""
        if !r.actualDrew && !r.expectedDrew { note = "  (nothing drawn)" }
        else if r.actualDrew != r.expectedDrew { note = r.actualDrew ? "  (reference drew nothing)" : "  (nothing drawn, reference has captions)" }
        return String(format: "%9.3f s  ", Double(r.time) / 1000) + grade + String(format: "  score %6.2f  PSNR ", r.score)
            + psnr + "  worst " + (r.worstPixel.map { "\($0)" } ?? "-") + note
    }

    /// `27 frames: 3 GOOD, 24 FAIL; PSNR mean 25.10 dB, lowest 20.30 dB; worst grade FAIL`
    static func summary(_ results: [FrameResult]) -> String {
        let counts = ComparisonGrade.allCases.compactMap { g -> String? in
            let n = results.filter { $0.grade == g }.count
            return n == 0 ? nil : "\(n) \(g.rawValue)"
        }
        let psnrs = results.map(\.psnr).filter(\.isFinite)
        let mean = psnrs.isEmpty ? "-" : String(format: "%.2f dB", psnrs.reduce(0, +) / Double(psnrs.count))
        let low = psnrs.min().map { String(format: "%.2f dB", $0) } ?? "-"
        let worst = results.map(\.grade).max()?.rawValue ?? "-"
        return "\(results.count) frames: \(counts.joined(separator: ", ")); PSNR mean \(mean), lowest \(low); worst grade \(worst)"
    }
}
