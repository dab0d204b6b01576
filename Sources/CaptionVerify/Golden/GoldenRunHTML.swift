import Foundation

/// The HTML report of a golden run: a table of the folders, then one row per failing frame with its
/// golden, actual and difference images side by side, and a blink comparison (the golden and the
/// actual frame alternating in one place, which shows a moved caption better than any side-by-side).
/// Self-contained: CSS only, no script, no external files but the PNGs, linked relative to the page.
public struct GoldenRunHTML {
    public let run: GoldenRun
    public let directory: String
    public let title: String

    public init(run: GoldenRun, directory: String, title: String = "captions golden check") {
        self.run = run; self.directory = directory; self.title = title
    }

    public var html: String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(e(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
        table { border-collapse: collapse; } td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
        .SAME, .GOOD, .pass { color: #176b2c; } .BAD { color: #a36a00; font-weight: bold; } .FAIL, .fail, .error { color: #b3121d; font-weight: bold; }
        .frames { display: flex; gap: 10px; align-items: flex-start; }
        figure { margin: 0; width: 22vw; min-width: 160px; } figcaption { font-weight: bold; }
        .frame { position: relative; background: repeating-conic-gradient(#bbb 0 25%, #eee 0 50%) 0 0 / 16px 16px; }
        .frame img { display: block; width: 100%; image-rendering: pixelated; }
        .blink img + img { position: absolute; left: 0; top: 0; animation: blink 1s steps(1) infinite; }
        .blink:hover img + img { animation-play-state: paused; }
        @keyframes blink { 0% { opacity: 0; } 50% { opacity: 1; } }
        </style></head><body>
        <h1>\(e(title))</h1>

        """
        let failedFolders = run.folders.filter { !$0.passed }.count
        out += "<p>\(run.folders.count) folders (\(failedFolders) failing), \(run.frameCount) frames (\(run.failedFrames) failing), "
            + "worst grade \(run.worstGrade?.rawValue ?? "-"), \(String(format: "%.2f", run.seconds)) s with \(run.workers) workers.</p>\n"
        out += "<table><tr><th>folder</th><th>result</th><th>frames</th><th>threshold</th><th>recording</th></tr>\n"
        for folder in run.folders {
            let result = folder.error.map { "<span class=\"error\">error (exit \($0.code)): \(e($0.message))</span>" }
                ?? (folder.passed ? "<span class=\"pass\">pass</span>" : "<span class=\"fail\">\(folder.failures.count) failing</span>")
            out += "<tr><td>\(e(folder.path))</td><td>\(result)</td><td>\(folder.frames.count)</td>"
                + "<td>\(e(folder.threshold.description))</td><td>\(e(folder.description))"
            for note in folder.notes { out += "<br><span class=\"BAD\">\(e(note))</span>" }
            out += "</td></tr>\n"
        }
        out += "</table>\n"
        let failing = run.folders.flatMap { folder in folder.failures.map { (folder, $0) } }
        guard !failing.isEmpty else { return out + "<p class=\"pass\">No failing frame.</p>\n</body></html>\n" }
        out += "<h2>Failing frames</h2>\n<table><tr><th>frame</th><th>golden</th><th>actual</th><th>difference</th><th>blink (hover to pause)</th></tr>\n"
        for (folder, frame) in failing {
            out += "<tr><td>\(e(folder.path))<br><b>\(e(frame.name))</b>"
            if let r = frame.result {
                out += "<br><span class=\"\(r.grade.rawValue)\">\(r.grade.rawValue)</span> score \(String(format: "%.2f", r.score))"
                    + "<br>PSNR \(r.psnrDescription)<br>\(r.differingPixels) pixels differ"
                    + "<br>worst \(r.worstPixel.map { "\($0)" } ?? "-")"
            }
            out += "</td>"
            if let images = frame.images {
                let golden = link(images.golden), actual = link(images.actual), diff = link(images.diff)
                for (label, src) in [("golden", golden), ("actual", actual), ("difference", diff)] {
                    out += "<td><figure><div class=\"frame\"><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(label)\"></a></div></figure></td>"
                }
                out += "<td><figure><div class=\"frame blink\"><img src=\"\(golden)\" alt=\"golden\"><img src=\"\(actual)\" alt=\"actual\"></div></figure></td>"
            } else {
                out += "<td colspan=\"4\">no images</td>"
            }
            out += "</tr>\n"
        }
        return out + "</table>\n</body></html>\n"
    }

    private func link(_ path: String) -> String { e(RelativePath.from(directory, to: path)) }
    private func e(_ s: String) -> String { Markup.escape(s) }
}
