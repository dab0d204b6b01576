import CaptionRender
import Foundation

/// The `index.html` of a `FrameReport`: a summary, a table of every frame (group, time, grade, score,
/// PSNR, worst pixel), then each failing frame's images side by side at the same scale over a
/// checkerboard (the frames are transparent), with the worst pixel ringed on the heat map.
/// Self-contained: no scripts, no external files but the PNGs beside it.
struct HTMLReport {
    let title: String
    let actualLabel: String
    let expectedLabel: String
    let threshold: GoldenThreshold
    let entries: [FrameReport.Entry]
    let notes: [String]
    let attachments: [String]

    var html: String {
        let failing = entries.filter { $0.images != nil }
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
        table { border-collapse: collapse; } td, th { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: left; }
        .SAME, .GOOD { color: #176b2c; } .BAD { color: #a36a00; font-weight: bold; } .FAIL { color: #b3121d; font-weight: bold; }
        .frames { display: flex; gap: 12px; align-items: flex-start; }
        figure { margin: 0; width: 32%; } figcaption { font-weight: bold; }
        .frame { position: relative; background: repeating-conic-gradient(#bbb 0 25%, #eee 0 50%) 0 0 / 16px 16px; }
        .frame img { display: block; width: 100%; image-rendering: pixelated; }
        .worst { position: absolute; width: 18px; height: 18px; margin: -10px 0 0 -10px; border: 2px solid #0af; border-radius: 50%; }
        </style></head><body>
        <h1>\(escape(title))</h1>

        """
        let counts = ComparisonGrade.allCases.compactMap { g -> String? in
            let n = entries.filter { $0.result.grade == g }.count
            return n == 0 ? nil : "\(n) \(g.rawValue)"
        }
        out += "<p>\(entries.count) frames: \(counts.joined(separator: ", ")); \(failing.count) failing (threshold: \(escape(threshold.description))).</p>\n"
        for note in notes { out += "<p class=\"FAIL\">\(escape(note))</p>\n" }
        if !attachments.isEmpty {
            out += "<p>Files: " + attachments.map { "<a href=\"\(escape($0))\">\(escape($0))</a>" }.joined(separator: ", ") + "</p>\n"
        }
        out += "<table><tr><th>preset</th><th>time</th><th>grade</th><th>score</th><th>PSNR</th><th>worst pixel</th></tr>\n"
        for entry in entries {
            let r = entry.result
            let time = entry.images != nil ? "<a href=\"#\(anchor(entry))\">\(seconds(r.time))</a>" : seconds(r.time)
            out += "<tr><td>\(escape(entry.group ?? "-"))</td><td>\(time)</td><td class=\"\(r.grade.rawValue)\">\(r.grade.rawValue)</td>"
                + "<td>\(String(format: "%.2f", r.score))</td><td>\(psnr(r.psnr))</td><td>\(r.worstPixel.map { "\($0)" } ?? "-")</td></tr>\n"
        }
        out += "</table>\n"
        for entry in failing {
            let r = entry.result, images = entry.images ?? []
            out += "<h2 id=\"\(anchor(entry))\">\(escape(entry.group.map { "\($0), " } ?? ""))\(seconds(r.time)): "
                + "<span class=\"\(r.grade.rawValue)\">\(r.grade.rawValue)</span>, score \(String(format: "%.2f", r.score)), "
                + "PSNR \(psnr(r.psnr)), worst pixel \(r.worstPixel.map { "\($0)" } ?? "-")"
                + (r.actualDrew == r.expectedDrew ? "" : r.actualDrew ? ", only \(escape(actualLabel)) drew" : ", only \(escape(expectedLabel)) drew")
                + "</h2>\n<div class=\"frames\">\n"
            for (label, name) in zip([actualLabel, expectedLabel, "difference"], images) {
                var marker = ""
                if label == "difference", let p = r.worstPixel, entry.width > 0, entry.height > 0 {
                    let x = (Double(p.x) + 0.5) / Double(entry.width) * 100, y = (Double(p.y) + 0.5) / Double(entry.height) * 100
                    marker = "<div class=\"worst\" style=\"left: \(String(format: "%.3f", x))%; top: \(String(format: "%.3f", y))%\"></div>"
                }
                out += "<figure><figcaption>\(escape(label))</figcaption><div class=\"frame\"><a href=\"\(escape(name))\">"
                    + "<img src=\"\(escape(name))\" alt=\"\(escape(label)) at \(seconds(r.time))\"></a>\(marker)</div></figure>\n"
            }
            out += "</div>\n"
        }
        out += "<p>Grades are libass's compare scale: each pixel's difference divided by the local gradient of the "
            + "\(escape(expectedLabel)) frame; SAME 0, GOOD under 2, BAD under 4, FAIL otherwise. The heat map shows the "
            + "\(escape(expectedLabel)) frame dimmed, GOOD-level differences green, BAD yellow, FAIL red.</p>\n</body></html>\n"
        return out
    }

    func anchor(_ entry: FrameReport.Entry) -> String { escape((entry.group.map { "\($0)-" } ?? "") + "\(entry.result.time)") }
    func seconds(_ ms: Int) -> String { String(format: "%.3f s", Double(ms) / 1000) }
    func psnr(_ db: Double) -> String { db.isFinite ? String(format: "%.2f dB", db) : "∞" }

    func escape(_ s: String) -> String { Markup.escape(s) }
}
