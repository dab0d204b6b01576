import CaptionModel
import CaptionRender
import CaptionStyles
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// Burning onto 10-bit HDR phone-style video: the output stays 10-bit with the input's tags, white
/// captions sit at HDR reference white (BT.2408: 75 % HLG, 58 % PQ), not at the peak, and a yellow keeps
/// its hue in linear light.
@Suite struct HDRBurnTests {
    enum Curve: String, CaseIterable { case hlg = "arib-std-b67", pq = "smpte2084" }

    /// 10-bit limited-range luma of reference white for each transfer.
    static func referenceWhite(_ curve: Curve) -> Double {
        64 + 876 * (curve == .hlg ? 0.75 : ColorMatrix.pqInverseEOTF(203.0 / 10000))
    }

    /// Decoded 10-bit 4:2:0 planes of the first frame at `seconds`.
    static func planes(_ path: String, at seconds: Double) throws -> (y: [UInt16], u: [UInt16], v: [UInt16]) {
        let raw = NSTemporaryDirectory() + "hdr-\(UUID().uuidString).yuv"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try FFmpegTool.run(["-ss", String(seconds), "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p10le", raw])
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
        let n = 360 * 640
        return (Array(samples[0..<n]), Array(samples[n..<(n + n / 4)]), Array(samples[(n + n / 4)..<(n + n / 2)]))
    }

    /// Linear-light BT.709 RGB of a decoded HDR sample (BT.2020 Y'CbCr, 10-bit limited range).
    static func linear709(y: UInt16, u: UInt16, v: UInt16, curve: Curve) -> (Double, Double, Double) {
        let (kr, kb) = (0.2627, 0.0593)
        let yf = (Double(y) - 64) / 876, pb = (Double(u) - 512) / 896, pr = (Double(v) - 512) / 896
        let r = yf + 2 * (1 - kr) * pr, b = yf + 2 * (1 - kb) * pb, g = (yf - kr * r - kb * b) / (1 - kr - kb)
        func light(_ e: Double) -> Double {
            let e = max(0, e)
            switch curve {
            case .hlg:
                let a = 0.17883277, bb = 1 - 4 * a, c = 0.5 - a * log(4 * a)
                return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + bb) / 12
            case .pq:
                let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
                let p = pow(e, 1 / m2)
                return pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
            }
        }
        let (lr, lg, lb) = (light(r), light(g), light(b))
        // BT.2020 to BT.709 primaries (the inverse of BT.2087's matrix).
        return (1.6605 * lr - 0.5876 * lg - 0.0728 * lb, -0.1246 * lr + 1.1329 * lg - 0.0083 * lb, -0.0182 * lr - 0.1006 * lg + 1.1187 * lb)
    }

    static func hue(_ c: (Double, Double, Double)) -> Double {
        let (r, g, b) = c
        let maxC = max(r, g, b), minC = min(r, g, b), d = maxC - minC
        guard d > 0 else { return 0 }
        var h: Double
        if maxC == r { h = (g - b) / d } else if maxC == g { h = 2 + (b - r) / d } else { h = 4 + (r - g) / d }
        h *= 60
        return h < 0 ? h + 360 : h
    }

    /// Generates a 1 s black HDR clip (x265, 10-bit, BT.2020, the curve's transfer); `x265` adds encoder
    /// parameters (HDR10 metadata).
    static func clip(_ path: String, curve: Curve, x265: String = "") throws {
        try FFmpegTool.run(["-f", "lavfi", "-i", "color=black:size=360x640:rate=30", "-t", "1", "-c:v", "libx265", "-x265-params", "log-level=error" + x265,
                            "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", curve.rawValue, "-colorspace", "bt2020nc", path])
    }

    /// Burns white captions with a #FFDD00 spoken word onto `input`.
    static func burn(_ input: String, into output: String, pixelFormat: String? = nil) throws {
        var style = try TestCaptions.style("highlight-by-word")
        style.textColor = RGBAColor(red: 255, green: 255, blue: 255)
        style.highlightColor = RGBAColor(red: 0xFF, green: 0xDD, blue: 0x00)
        style.strokeWidth = 0
        style.fontSize = 140
        var options = BurnOptions(output: output)
        options.encoder = EncoderSettings(codec: "h265", crf: 0, preset: "ultrafast", pixelFormat: pixelFormat)
        let burner = try VideoBurner(input: input, options: options)
        _ = try burner.run(captions: NativeCaptionLayers(renderer: CaptionFrameRenderer(style: style, width: burner.width, height: burner.height),
                                                         pages: TestCaptions.pages))
    }

    /// The output's pixel format and colour tags, as ffprobe reads them.
    static func tags(_ path: String) throws -> String {
        try FFmpegTool.run(["-v", "error", "-select_streams", "v", "-show_entries",
                            "stream=pix_fmt,color_transfer,color_primaries,color_space", "-of", "csv=p=0", path], tool: "ffprobe")
    }

    /// Checks the burned captions' colours: white at the curve's reference white (within 2 %), the
    /// yellow's hue in linear light within 4° of #FFDD00's.
    static func expectCaptionColours(_ output: String, curve: Curve) throws {
        // 0.4 s: "right" is spoken (yellow); "Burned" and "in" are white.
        let (y, u, v) = try Self.planes(output, at: 0.4)
        var whites: [Double] = [], hues: [Double] = []
        for row in stride(from: 0, to: 640, by: 2) {
            for column in stride(from: 0, to: 360, by: 2) {
                let c = (row / 2) * 180 + column / 2
                // Inside a glyph: all four luma samples of the chroma block bright.
                let block = [y[row * 360 + column], y[row * 360 + column + 1], y[(row + 1) * 360 + column], y[(row + 1) * 360 + column + 1]]
                guard block.allSatisfy({ $0 > 400 }) else { continue }
                let neutral = abs(Int(u[c]) - 512) < 8 && abs(Int(v[c]) - 512) < 8
                if neutral { whites.append(block.map(Double.init).reduce(0, +) / 4) }
                else if Int(u[c]) < 450 { hues.append(Self.hue(Self.linear709(y: block[0], u: u[c], v: v[c], curve: curve))) }
            }
        }
        try #require(whites.count > 50 && hues.count > 20, "\(whites.count) white and \(hues.count) yellow samples")
        let white = whites.sorted()[whites.count / 2], target = Self.referenceWhite(curve)
        expectTrue(abs(white - target) / target < 0.02, "\(curve): white at Y' \(white), reference white \(target)")
        let yellow = Self.hue((1.0, pow((0xDD / 255.0 + 0.055) / 1.055, 2.4), 0.0))
        let measured = hues.sorted()[hues.count / 2]
        expectTrue(abs(measured - yellow) < 4, "\(curve): yellow's hue \(measured)°, #FFDD00's \(yellow)° in linear light")
    }

    @Test(arguments: Curve.allCases)
    func whiteAtReferenceWhiteAndYellowKeepsItsHue(curve: Curve) throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.mp4", output = dir + "/out.mp4"
        try Self.clip(input, curve: curve)
        try Self.burn(input, into: output)
        let probe = try Self.tags(output)
        expectTrue(probe.contains("yuv420p10le") && probe.contains(curve.rawValue) && probe.contains("bt2020"), "\(probe)")
        try Self.expectCaptionColours(output, curve: curve)
    }

    /// `--pix-fmt yuv420p` on HDR input: 8-bit output, still tagged PQ, still white at reference white.
    @Test func eightBitOutputOfHDRInputKeepsTheColours() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.mp4", output = dir + "/out.mp4"
        try Self.clip(input, curve: .pq)
        try Self.burn(input, into: output, pixelFormat: "yuv420p")
        let probe = try Self.tags(output)
        expectTrue(probe.hasPrefix("yuv420p,") && probe.contains(Curve.pq.rawValue) && probe.contains("bt2020"), "\(probe)")
        try Self.expectCaptionColours(output, curve: .pq)
    }

    /// HDR10 metadata (mastering display, content light level) in the input's HEVC SEI comes out both in
    /// the container (mp4 `mdcv`/`clli`, read back as stream side data) and in the output's SEI (frame
    /// side data), with the same values; an SDR input gets none.
    @Test func hdr10MetadataIsCarriedToTheOutput() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.mp4", output = dir + "/out.mp4"
        try Self.clip(input, curve: .pq, x265: ":master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400")
        try Self.burn(input, into: output)
        let expected = [("side_data_type", "Mastering display metadata"), ("red_x", "34000/50000"), ("green_y", "34500/50000"),
                        ("blue_x", "7500/50000"), ("white_point_y", "16450/50000"), ("min_luminance", "50/10000"),
                        ("max_luminance", "10000000/10000"), ("side_data_type", "Content light level metadata"),
                        ("max_content", "1000"), ("max_average", "400")]
        let stream = try FFmpegTool.run(["-select_streams", "v", "-show_entries", "stream_side_data_list", "-of", "flat", output], tool: "ffprobe")
        let frame = try FFmpegTool.run(["-select_streams", "v", "-read_intervals", "%+#1", "-show_entries", "frame_side_data_list",
                                        "-of", "flat", output], tool: "ffprobe")
        for (key, value) in expected {
            // ffprobe's flat lines: `streams.stream.0.side_data_list.side_data.0.red_x="34000/50000"`, numbers unquoted.
            let fact = ".\(key)=\(value.contains(where: { !$0.isNumber }) ? "\"\(value)\"" : value)"
            expectTrue(stream.split(separator: "\n").contains { $0.hasSuffix(fact) }, "container side data lacks \(fact): \(stream)")
            expectTrue(frame.split(separator: "\n").contains { $0.hasSuffix(fact) }, "first frame's SEI lacks \(fact): \(frame)")
        }

        let sdr = dir + "/sdr.mp4", sdrOut = dir + "/sdr-out.mp4"
        try FFmpegTool.run(["-f", "lavfi", "-i", "color=black:size=360x640:rate=30", "-t", "1", "-c:v", "libx265", "-x265-params", "log-level=error", sdr])
        try Self.burn(sdr, into: sdrOut)
        let none = try FFmpegTool.run(["-select_streams", "v", "-show_entries", "stream_side_data_list", "-of", "flat", sdrOut], tool: "ffprobe")
        expectTrue(!none.contains("Mastering") && !none.contains("light level"), "\(none)")
    }
}
