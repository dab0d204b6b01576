import CaptionModel
import CaptionRender
import Foundation

/// A folder of golden frames: `manifest.json`, `style.json` and one `<ms>.png` per time. Recording
/// writes the frames first and the manifest last, so an interrupted recording never looks complete;
/// checking compares freshly rendered frames with the stored ones by the same metric as `verify`.
public struct GoldenFolder {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    public var manifestPath: String { GoldenManifest.path(in: directory) }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// Renders every time of `manifest` from `frames` and stores them with the manifest and the style
    /// snapshot. An existing manifest is replaced only with `force` (frames it listed that the new one
    /// does not are removed, so the folder holds exactly the new recording).
    public func record(_ manifest: GoldenManifest, styleJSON: String?, frames: any FrameSource, force: Bool) throws {
        if FileManager.default.fileExists(atPath: manifestPath) {
            guard force else {
                throw GoldenError(.exists, "\(manifestPath): golden frames are already recorded here; use --force to replace them")
            }
            if let old = try? GoldenManifest.read(directory: directory) {
                for t in old.times where !manifest.times.contains(t) { try? FileManager.default.removeItem(atPath: path(GoldenManifest.frameName(at: t))) }
            }
        }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw GoldenError(.cannotWrite, "\(directory): cannot create the folder: \(error.localizedDescription)")
        }
        for t in manifest.times { try store(try frames.frame(at: t), at: t, size: manifest.size) }
        try refresh(manifest, styleJSON: styleJSON)
    }

    /// Adds the times of `manifest` that `existing` lacks, drawn from `frames`, and writes the merged
    /// manifest (existing frames are kept as they are). Returns the times added.
    public func add(_ manifest: GoldenManifest, to existing: GoldenManifest, styleJSON: String?, frames: any FrameSource) throws -> [Milliseconds] {
        let added = manifest.times.filter { !existing.times.contains($0) }
        for t in added { try store(try frames.frame(at: t), at: t, size: manifest.size) }
        var merged = manifest
        merged.times = Array(Set(existing.times + manifest.times)).sorted()
        try refresh(merged, styleJSON: styleJSON)
        return added
    }

    /// Writes one frame as the golden at `time` (a temporary file renamed, so a golden is never half written).
    public func store(_ image: RGBAImage, at time: Milliseconds, size: GoldenManifest.Size? = nil) throws {
        if let size, image.width != size.width || image.height != size.height {
            throw GoldenError(.cannotWrite, "frame at \(time) ms is \(image.width)x\(image.height), the manifest says \(size.width)x\(size.height)")
        }
        let file = path(GoldenManifest.frameName(at: time))
        let temporary = path(".\(GoldenManifest.frameName(at: time)).tmp")
        do {
            try PNGFile.write(image, to: temporary)
            guard rename(temporary, file) == 0 else { throw GoldenError(.cannotWrite, "\(file): cannot replace (\(String(cString: strerror(errno))))") }
        } catch let error as GoldenError { unlink(temporary); throw error } catch {
            unlink(temporary)
            throw GoldenError(.cannotWrite, "\(error)")
        }
    }

    /// Writes the manifest (and the style snapshot) after frames were re-recorded.
    public func refresh(_ manifest: GoldenManifest, styleJSON: String?) throws {
        if let styleJSON {
            do { try styleJSON.write(toFile: path(GoldenManifest.styleFileName), atomically: true, encoding: .utf8) } catch {
                throw GoldenError(.cannotWrite, "\(path(GoldenManifest.styleFileName)): cannot write: \(error.localizedDescription)")
            }
        }
        try manifest.write(directory: directory)
    }

    /// The stored frame at `time`, checked against the manifest's size.
    public func golden(at time: Milliseconds, size: GoldenManifest.Size) throws(GoldenError) -> RGBAImage {
        let file = path(GoldenManifest.frameName(at: time))
        guard FileManager.default.fileExists(atPath: file) else { throw GoldenError(.missing, "\(file): golden frame missing (listed in the manifest)") }
        let image: RGBAImage
        do { image = try PNGFile.read(file) } catch { throw GoldenError(.malformed, "\(error)") }
        guard image.width == size.width, image.height == size.height else {
            throw GoldenError(.malformed, "\(file): is \(image.width)x\(image.height), the manifest's size is \(size.width)x\(size.height)")
        }
        return image
    }

    /// The style snapshot stored at recording, if any.
    public var recordedStyleJSON: String? { try? String(contentsOfFile: path(GoldenManifest.styleFileName), encoding: .utf8) }

    /// Re-renders every frame of `manifest` from `frames` and compares it with the stored one (the
    /// golden is the expected side); each result goes to `report` and `each` as it is made.
    @discardableResult
    public func check(_ manifest: GoldenManifest, frames: any FrameSource, report: FrameReport?,
                      each: (FrameResult) -> Void = { _ in }) throws -> [FrameResult] {
        var results: [FrameResult] = []
        for t in manifest.times {
            let expected = try golden(at: t, size: manifest.size)
            let actual = try frames.frame(at: t)
            let result = try grade(actual, against: expected, at: t, video: manifest.isVideo)
            try report?.add(result, actual: actual, expected: expected, heatMap: Self.heatMap(actual, expected, video: manifest.isVideo))
            each(result)
            results.append(result)
        }
        return results
    }

    /// One frame against its golden: libass's metric for rendered captions, `VideoFrameComparison` for
    /// frames of a video.
    public func grade(_ actual: RGBAImage, against expected: RGBAImage, at t: Milliseconds, video: Bool) throws(GoldenError) -> FrameResult {
        do {
            return video ? try VideoFrameComparison.result(time: t, actual: actual, expected: expected)
                : try FrameResult(time: t, actual: actual, expected: expected)
        } catch {
            throw GoldenError(.malformed, "\(directory): frame at \(t) ms: \(error)")
        }
    }

    /// The difference image a report shows for a failing frame: by size for a video (nil: the report's
    /// own, graded by libass's metric).
    public static func heatMap(_ actual: RGBAImage, _ expected: RGBAImage, video: Bool) -> RGBAImage? {
        video ? VideoFrameComparison.heatMap(actual: actual, expected: expected) : nil
    }
}
