import CaptionModel
import CaptionRender
import CaptionStyles
@testable import CaptionVideo
import Foundation
import Testing

/// The ffmpeg command line as the tests' independent tool: it makes the input clips and reads the
/// outputs back (the toolkit itself never runs it).
enum FFmpegTool {
    @discardableResult
    static func run(_ arguments: [String], tool: String = "ffmpeg") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        // ffmpeg and ffprobe quietened; another tool (mkvmerge) as given.
        process.arguments = (tool == "ffmpeg" ? ["-v", "error", "-y"] : tool == "ffprobe" ? ["-v", "error"] : []) + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ToolFailure(command: ([tool] + arguments).joined(separator: " ")) }
        return String(decoding: data, as: UTF8.self)
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var command: String
        var description: String { "failed: \(command)" }
    }

    /// A generated test-pattern clip (moving, so every frame differs), with a sine tone unless `audio` is false.
    static func clip(_ path: String, size: String = "360x640", rate: Int = 30, seconds: Double = 1, audio: Bool = true,
                     extra: [String] = []) throws {
        var arguments = ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"] }
        arguments += ["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        if audio { arguments += ["-c:a", "aac"] }
        try run(arguments + extra + [path])
    }

    /// ffprobe's view of a file: per stream type, (frames counted by decoding, duration in seconds).
    static func probe(_ path: String) throws -> [String: (frames: Int, duration: Double)] {
        let text = try run(["-count_frames", "-show_entries", "stream=codec_type,nb_read_frames,duration",
                            "-of", "csv=p=0", path], tool: "ffprobe")
        var result: [String: (Int, Double)] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",").map(String.init)
            guard fields.count == 3 else { continue }
            result[fields[0]] = (Int(fields[2]) ?? -1, Double(fields[1]) ?? -1)
        }
        return result
    }

    /// Every frame of a video as 8-bit 4:2:0, decoded by ffmpeg (rotation applied, as players do).
    static func frames(_ path: String, width: Int, height: Int) throws -> [YUV420Frame] {
        let raw = NSTemporaryDirectory() + "frames-\(UUID().uuidString).yuv"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try run(["-i", path, "-f", "rawvideo", "-pix_fmt", "yuv420p", raw])
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        let size = width * height * 3 / 2
        return stride(from: 0, to: data.count - size + 1, by: size).map {
            YUV420Frame(width: width, height: height, bytes: [UInt8](data[$0..<($0 + size)]))
        }
    }
}

/// A 4:2:0 frame (Y plane, then U, then V), with the tests' own conversions to and from RGB.
struct YUV420Frame {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    func y(_ x: Int, _ yy: Int) -> UInt8 { bytes[yy * width + x] }
    func u(_ x: Int, _ yy: Int) -> UInt8 { bytes[width * height + (yy / 2) * (width / 2) + x / 2] }
    func v(_ x: Int, _ yy: Int) -> UInt8 { bytes[width * height * 5 / 4 + (yy / 2) * (width / 2) + x / 2] }

    /// RGB, each pixel from its own luma and its block's chroma (`y`, `u` and `v` above, read straight
    /// from the planes: a debug build spends most of a frame in per-pixel accessors otherwise).
    func rgba(_ matrix: ColorMatrix) -> RGBAImage {
        let (w, h) = (width, height)
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        bytes.withUnsafeBufferPointer { planes in
            pixels.withUnsafeMutableBufferPointer { out in
                let luma = planes.baseAddress!, u = luma + w * h, v = luma + w * h * 5 / 4
                var rgba = out.baseAddress!
                for yy in 0..<h {
                    let chromaRow = (yy / 2) * (w / 2)
                    for x in 0..<w {
                        let c = matrix.rgb(luma[yy * w + x], u[chromaRow + x / 2], v[chromaRow + x / 2])
                        rgba[0] = c.r; rgba[1] = c.g; rgba[2] = c.b
                        rgba += 4
                    }
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    /// An opaque RGB image converted to 4:2:0: luma per pixel, chroma the mean of each 2×2 block.
    init(_ image: RGBAImage, _ matrix: ColorMatrix) {
        width = image.width; height = image.height
        var bytes = [UInt8](repeating: 0, count: width * height * 3 / 2)
        var us = [Double](repeating: 0, count: width * height / 4), vs = us
        let (w, h) = (width, height)
        image.withUnsafePixels { pixels in
            var p = pixels.baseAddress!
            for yy in 0..<h {
                for x in 0..<w {
                    let c = matrix.yuv(p[0], p[1], p[2])
                    bytes[yy * w + x] = UInt8(max(0, min(255, c.y.rounded())))
                    let block: Int = (yy / 2) * (w / 2) + x / 2
                    us[block] += c.u / 4
                    vs[block] += c.v / 4
                    p += 4
                }
            }
        }
        for i in 0..<us.count {
            bytes[width * height + i] = UInt8(max(0, min(255, us[i].rounded())))
            bytes[width * height * 5 / 4 + i] = UInt8(max(0, min(255, vs[i].rounded())))
        }
        self.bytes = bytes
    }

    init(width: Int, height: Int, bytes: [UInt8]) { self.width = width; self.height = height; self.bytes = bytes }
}

/// A value several tests start from (a generated clip and its decoded frames), made once per test process
/// on first use: a `static let` is initialised once, also when tests run in parallel. An error in making
/// it fails every test that asks for it.
struct Shared<Value: Sendable>: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let made: Result<Value, Failure>

    init(_ make: () throws -> Value) {
        do { made = .success(try make()) } catch { made = .failure(Failure(description: "making a shared test input failed: \(error)")) }
    }

    var value: Value { get throws { try made.get() } }
}

enum TestCaptions {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// A preset with its font pinned to a file, so the frames do not depend on the machine's fonts.
    static func style(_ preset: String) throws -> CaptionStyle {
        var style = try StyleLibrary.locate().style(preset: preset, styleFile: nil)
        style.fontFile = font
        return style
    }

    /// Two word-timed pages over the first 2 seconds.
    static let pages: [CaptionEvent] = [
        page([("Burned", 0, 300), ("right", 300, 550), ("in", 550, 1000)]),
        page([("exactly", 1000, 1400), ("as", 1400, 1600), ("previewed", 1600, 2000)]),
    ]

    static func page(_ words: [(String, Int, Int)]) -> CaptionEvent {
        CaptionEvent(start: words.first!.1, end: words.last!.2, text: CaptionText(plain: words.map(\.0).joined(separator: " ")),
                     words: words.map { Word(text: $0.0, start: $0.1, end: $0.2) })
    }

    /// What a burned frame should look like: `source` with the captions of `preset` at `t` drawn over
    /// it, passed through the same 4:2:0 conversion the output has; and the caption area (where the
    /// captions alone draw anything; nil when nothing shows at `t`).
    /// (`sourceRGBA`: `source.rgba(matrix)`, when the caller has it already.)
    static func expectedFrame(over source: YUV420Frame, sourceRGBA: RGBAImage? = nil, preset: String = "highlight-by-word", at t: Int,
                              matrix: ColorMatrix) throws -> (frame: RGBAImage, captionArea: PixelRect?) {
        let renderer = CaptionFrameRenderer(style: try style(preset), width: source.width, height: source.height)
        var captionOnly = RGBAImage(width: source.width, height: source.height)
        try renderer.render(pages, at: t, onto: &captionOnly)
        var expected = sourceRGBA ?? source.rgba(matrix)
        try renderer.render(pages, at: t, onto: &expected)
        return (YUV420Frame(expected, matrix).rgba(matrix), captionOnly.opaqueBounds)
    }

    /// PSNR over the caption area between frame `index` of the burned 360x640 `output` and the render
    /// at `t` over frame `sourceIndex` of `input`, both through 4:2:0 with BT.601 limited range.
    static func burnedFramePSNR(_ output: String, frame index: Int, input: String, sourceFrame sourceIndex: Int, at t: Int) throws -> Double {
        let matrix = ColorMatrix(standard: .bt601, fullRange: false)
        let out = try FFmpegTool.frames(output, width: 360, height: 640)[index].rgba(matrix)
        let source = try FFmpegTool.frames(input, width: 360, height: 640)[sourceIndex]
        let expected = try expectedFrame(over: source, at: t, matrix: matrix)
        let area = try #require(expected.captionArea)
        return try ImageComparison.psnr(actual: out, expected: expected.frame, in: area)
    }

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "captionvideo-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Burns `pages` in `preset` natively into `output`.
    @discardableResult
    static func burn(_ input: String, to output: String, preset: String = "highlight-by-word",
                     configure: (inout BurnOptions) -> Void = { _ in }) throws -> (VideoBurner, BurnStatistics) {
        var options = BurnOptions(output: output)
        configure(&options)
        let burner = try VideoBurner(input: input, options: options)
        let renderer = CaptionFrameRenderer(style: try style(preset), width: burner.width, height: burner.height)
        let stats = try burner.run(captions: NativeCaptionLayers(renderer: renderer, pages: pages))
        return (burner, stats)
    }
}
