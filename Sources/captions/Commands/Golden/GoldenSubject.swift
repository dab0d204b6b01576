import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionRender
import CaptionStyles
import CaptionVerify
import CaptionVideo
import Foundation

/// What a golden folder's frames come from now: the recorded captions drawn in the recorded style by
/// the native renderer, or the frames of the recorded video; with what changed since recording (said
/// before any frame is judged), and the manifest a recording made now would write (for `--update`).
struct GoldenSubject {
    let frames: any FrameSource
    let notes: [String]
    /// "highlight-by-word, 360x640, 3 frames of ../clip.json"
    let description: String
    /// The manifest's hashes, fonts and versions as of now.
    let refreshed: GoldenManifest
    /// The resolved style's snapshot (`style.json`), nil for a video.
    let styleJSON: String?
    let warnings: () -> [String]

    /// `strict`: a recorded video damaged inside is refused (65) rather than checked with a warning.
    static func load(_ manifest: GoldenManifest, in dir: String, strict: Bool = false) throws -> GoldenSubject {
        let inputPath = RelativePath.resolve(manifest.input.path, in: dir)
        guard FileManager.default.isReadableFile(atPath: inputPath) else {
            throw CaptionFormatError(.unreadable, "\(inputPath): the recorded \(manifest.isVideo ? "video" : "input") is missing (manifest.json: input.path)")
        }
        var refreshed = manifest
        refreshed.input.sha256 = try Hashing.file(inputPath)
        refreshed.restamp()
        let changed = refreshed.input.sha256 != manifest.input.sha256
        let size = "\(manifest.size.width)x\(manifest.size.height)"
        if manifest.isVideo {
            let video = try VideoGoldenFrames(path: inputPath, times: manifest.times, size: manifest.size, strict: strict, refusal: "not checked")
            let damage = DamageReport.warning(video.damage, of: inputPath, "its frames are checked as decoded")
            return GoldenSubject(frames: video, notes: changed ? ["the video \(inputPath) changed since recording (SHA-256 differs); its frames decide"] : [],
                                 description: "video, \(size), \(manifest.times.count) frames of \(manifest.input.path)",
                                 refreshed: refreshed, styleJSON: nil, warnings: { damage.map { [$0] } ?? [] })
        }
        guard let recordedStyle = manifest.style else {
            throw CaptionFormatError(.malformed, "\(GoldenManifest.path(in: dir)): style: missing")
        }
        var notes: [String] = []
        if changed { notes.append("the input \(inputPath) changed since recording (SHA-256 differs)") }
        let stylesDir = recordedStyle.stylesDirectory.map { RelativePath.resolve($0, in: dir) }
        let styleFile = recordedStyle.file.map { RelativePath.resolve($0.path, in: dir) }
        if let styleFile {
            let hash = try Hashing.file(styleFile)
            if hash != recordedStyle.file?.sha256 { notes.append("the style file \(styleFile) changed since recording") }
            refreshed.style?.file?.sha256 = hash
        }
        let style = try StyleLibrary.locate(explicit: stylesDir).style(preset: recordedStyle.preset, styleFile: styleFile)
        let snapshot = StyleSnapshot.json(of: style)
        refreshed.style?.sha256 = SHA256.hex(snapshot)
        if refreshed.style?.sha256 != recordedStyle.sha256 {
            let keys = GoldenFolder(directory: dir).recordedStyleJSON.map { StyleSnapshot.changedKeys($0, snapshot) } ?? []
            notes.append("the resolved style changed since recording" + (keys.isEmpty ? "" : ": " + keys.joined(separator: ", ")))
        }
        let versions = [("toolkit", manifest.toolkit, ToolkitVersions.toolkit), ("libass", manifest.libass, ToolkitVersions.libass),
                        ("FreeType", manifest.freetype, ToolkitVersions.freetype), ("HarfBuzz", manifest.harfbuzz ?? ToolkitVersions.harfbuzz, ToolkitVersions.harfbuzz)]
        for (what, then, now) in versions where then != now { notes.append("recorded with \(what) \(then), now \(now)") }

        let paging: PagingFlags
        do { paging = try PagingFlags.parse(manifest.paging) } catch {
            throw CaptionFormatError(.malformed, "\(GoldenManifest.path(in: dir)): paging: \(PagingFlags.message(for: error))")
        }
        let prepared = try CaptionRead.input(inputPath, format: manifest.inputFormat,
                                             track: TrackSelection(index: manifest.inputTrack, language: manifest.inputLanguage,
                                                                   closedCaptions: manifest.inputClosedCaptions.flatMap(CEA608Channel.init(name:))))
            .drawn(in: style, overrides: paging.overrides)
        let (pages, drawn) = (prepared.pages, prepared.style)
        let fonts = FontInventory.fonts(for: drawn, pages: pages)
        if let recorded = manifest.fonts { notes += FontInventory.differences(recorded: recorded, now: fonts) }
        refreshed.fonts = fonts
        let native = NativeFrames(style: drawn, pages: pages, width: manifest.size.width, height: manifest.size.height)
        return GoldenSubject(frames: native, notes: notes,
                             description: "\(recordedStyle.name), \(size), \(manifest.times.count) frames of \(manifest.input.path)",
                             refreshed: refreshed, styleJSON: snapshot, warnings: { native.warnings })
    }
}

/// A video's frames at the recorded times, decoded once: what `golden record --video` stored and what
/// `golden check` compares with it.
struct VideoGoldenFrames: FrameSource {
    let images: [Milliseconds: RGBAImage]
    /// Damage inside the video, up to the last time read; under `strict` the video is refused instead,
    /// with `refusal` saying what was not done.
    let damage: DecodeDamage

    init(path: String, times: [Milliseconds], size: GoldenManifest.Size?, strict: Bool, refusal: String) throws {
        let decoded: VideoStillFrames
        do { decoded = try VideoStills.frames(path: path, at: times) } catch {
            throw CaptionFormatError(.unreadable, "\(path): \(error)")
        }
        try DamageReport.refuse(decoded.damage, of: path, strict: strict, refusal)
        damage = decoded.damage
        if let size, decoded.width != size.width || decoded.height != size.height {
            throw GoldenFolderError(code: 1, message: "\(path) is \(decoded.width)x\(decoded.height); the golden frames are \(size.width)x\(size.height)")
        }
        images = Dictionary(zip(times, decoded.images), uniquingKeysWith: { a, _ in a })
    }

    func frame(at time: Milliseconds) throws -> RGBAImage {
        guard let image = images[time] else { throw VerifyError.render(time: time, reason: "not decoded") }
        return image
    }
}
