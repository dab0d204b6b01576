import CaptionModel
import CaptionRender
import Foundation

/// A report folder for `verify` and `golden check`: for each frame worse than GOOD, the frame under
/// test, its reference and a difference heat map as PNGs (`<group>-<ms>-<label>.png`), extra files
/// such as the ASS script, and an `index.html` (`HTMLReport`) listing every frame with the failing ones
/// side by side. Images are written as frames arrive, so a long run never holds them in memory.
public final class FrameReport {
    public let directory: String
    public let title: String
    /// What the two sides are called in file names and the page: ("native", "libass") or ("actual", "golden").
    public let actualLabel: String
    public let expectedLabel: String
    public private(set) var entries: [Entry] = []
    public private(set) var notes: [String] = []
    public private(set) var attachments: [String] = []
    /// What a frame must meet to pass (GOOD unless a golden folder or the command line says otherwise).
    public var threshold = GoldenThreshold.standard

    public struct Entry: Sendable {
        /// The preset, or nil when the report has one group only.
        public var group: String?
        public var result: FrameResult
        public var width: Int
        public var height: Int
        /// The three images' file names (actual, expected, difference) when the frame failed.
        public var images: [String]?
        /// Whether the frame met the report's threshold.
        public var passed: Bool
    }

    /// The folder (and its parents) is created when the first file is written, so a run where every
    /// frame passes and no index is asked for leaves nothing behind.
    public init(directory: String, title: String, actualLabel: String, expectedLabel: String) {
        self.directory = directory
        self.title = title
        self.actualLabel = actualLabel
        self.expectedLabel = expectedLabel
    }

    private func prepare() throws(GoldenError) {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw GoldenError(.cannotWrite, "\(directory): cannot create the report folder: \(error.localizedDescription)")
        }
    }

    /// Whether any recorded frame failed.
    public var hasFailures: Bool { entries.contains { !$0.passed } }

    /// The file name of one image of a frame: `<group>-<ms>-<label>.png`, or `<ms>-<label>.png`.
    public static func imageName(group: String?, time: Milliseconds, label: String) -> String {
        (group.map { "\($0)-" } ?? "") + "\(time)-\(label).png"
    }

    /// Records a frame; a failing one gets its three PNGs. Returns the entry.
    @discardableResult
    public func add(_ result: FrameResult, group: String? = nil, actual: RGBAImage, expected: RGBAImage,
                    heatMap: RGBAImage? = nil) throws(GoldenError) -> Entry {
        var entry = Entry(group: group, result: result, width: actual.width, height: actual.height, passed: threshold.passes(result))
        if !entry.passed {
            try prepare()
            let names = [actualLabel, expectedLabel, "diff"].map { Self.imageName(group: group, time: result.time, label: $0) }
            do {
                let heat = try heatMap ?? ImageComparison.heatMap(actual: actual, expected: expected)
                for (image, name) in zip([actual, expected, heat], names) { try PNGFile.write(image, to: path(name)) }
            } catch { throw GoldenError(.cannotWrite, "\(error)") }
            entry.images = names
        }
        entries.append(entry)
        return entry
    }

    /// The path of a file in the report.
    public func file(_ name: String) -> String { path(name) }

    /// A line shown above the frames (a preset that could not be verified, an input that changed).
    public func note(_ text: String) { notes.append(text) }

    /// Writes a text file into the report and links it from the page.
    public func attach(_ name: String, text: String) throws(GoldenError) {
        try prepare()
        do { try text.write(toFile: path(name), atomically: true, encoding: .utf8) } catch {
            throw GoldenError(.cannotWrite, "\(path(name)): cannot write: \(error.localizedDescription)")
        }
        if !attachments.contains(name) { attachments.append(name) }
    }

    /// Writes `index.html` and returns its path.
    @discardableResult
    public func writeIndex() throws(GoldenError) -> String {
        let html = HTMLReport(title: title, actualLabel: actualLabel, expectedLabel: expectedLabel, threshold: threshold,
                              entries: entries, notes: notes, attachments: attachments).html
        try prepare()
        do { try html.write(toFile: path("index.html"), atomically: true, encoding: .utf8) } catch {
            throw GoldenError(.cannotWrite, "\(path("index.html")): cannot write: \(error.localizedDescription)")
        }
        return path("index.html")
    }

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
}
