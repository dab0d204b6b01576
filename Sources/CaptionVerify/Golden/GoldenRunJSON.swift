import CaptionFormats
import Foundation

/// A golden run as JSON, the same facts as the JUnit report for scripts:
/// `{"summary": {...}, "folders": [{"path", "threshold", "error", "notes", "frames": [{"time", "grade", ...}]}]}`.
/// PSNR is null where the frames agree on every drawn pixel. Image paths are relative to the report's folder.
public struct GoldenRunJSON {
    public let run: GoldenRun
    public let directory: String

    public init(run: GoldenRun, directory: String) { self.run = run; self.directory = directory }

    public var text: String {
        var out = "{\n  \"summary\": {"
        out += "\"folders\": \(run.folders.count), \"failed_folders\": \(run.folders.filter { !$0.passed }.count), "
        out += "\"errors\": \(run.errors.count), \"frames\": \(run.frameCount), \"failed_frames\": \(run.failedFrames), "
        let worst = run.worstGrade.map { jsonStringLiteral($0.rawValue) } ?? "null"
        out += "\"worst_grade\": \(worst), "
        out += "\"seconds\": \(number(run.seconds)), \"workers\": \(run.workers), \"exit_code\": \(run.exitCode)},\n"
        out += "  \"folders\": ["
        for (n, folder) in run.folders.enumerated() {
            out += n == 0 ? "\n" : ",\n"
            out += "    {\"path\": \(jsonStringLiteral(folder.path)), \"recording\": \(jsonStringLiteral(folder.description)), "
            out += "\"threshold\": \(jsonStringLiteral(folder.threshold.description)), \"passed\": \(folder.passed), "
            out += "\"seconds\": \(number(folder.seconds)),\n"
            out += "     \"error\": " + (folder.error.map { "{\"exit_code\": \($0.code), \"message\": \(jsonStringLiteral($0.message))}" } ?? "null") + ",\n"
            out += "     \"notes\": [" + folder.notes.map(jsonStringLiteral).joined(separator: ", ") + "],\n"
            out += "     \"frames\": ["
            for (k, frame) in folder.frames.enumerated() {
                out += (k == 0 ? "\n" : ",\n") + "      " + self.frame(frame)
            }
            out += folder.frames.isEmpty ? "]}" : "\n     ]}"
        }
        out += run.folders.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    private func frame(_ f: GoldenFrameOutcome) -> String {
        var fields = ["\"time\": \(f.time)", "\"name\": \(jsonStringLiteral(f.name))", "\"passed\": \(f.passed)",
                      "\"seconds\": \(number(f.seconds))"]
        if let r = f.result {
            fields += ["\"grade\": \(jsonStringLiteral(r.grade.rawValue))", "\"score\": \(number(r.score))",
                       "\"psnr\": \(r.psnr.isFinite ? number(r.psnr) : "null")", "\"differing_pixels\": \(r.differingPixels)",
                       "\"worst_pixel\": \(r.worstPixel.map { "[\($0.x), \($0.y)]" } ?? "null")"]
        }
        if let s = f.stages {
            fields.append("\"stages\": {\"render\": \(number(s.render)), \"read\": \(number(s.read)), \"compare\": \(number(s.compare))}")
        }
        if let update = f.update { fields.append("\"update\": \(jsonStringLiteral(update))") }
        if let images = f.images {
            fields.append("\"images\": {\"actual\": \(jsonStringLiteral(RelativePath.from(directory, to: images.actual))), "
                + "\"golden\": \(jsonStringLiteral(RelativePath.from(directory, to: images.golden))), "
                + "\"diff\": \(jsonStringLiteral(RelativePath.from(directory, to: images.diff)))}")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private func number(_ v: Double) -> String { String(format: "%.4g", v) }
}
