import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The folder of `PGSMuxTests.inputs`, removed when the test process exits (an `atexit` block cannot
/// capture it); set once, by the one initialisation of the inputs.
nonisolated(unsafe) private var sharedFolder: String?

/// A PGS track muxed beside a copied video into Matroska and M2TS, checked with tools that are not the
/// toolkit: ffprobe (streams, labels, packets and their times), mkvmerge (identification), ffmpeg
/// (extracting the track back to a `.sup`, and drawing it over the video).
@Suite struct PGSMuxTests {
    /// A 1280x720 25 fps clip (H.264 and AAC, 4 s), three rendered captions as PGS segments, and the
    /// same segments as a `.sup` file.
    struct Inputs: Sendable {
        var dir: String
        var video: String
        var sup: String
        var segments: [PGSSegment]
    }

    /// (start, end, the time the pages are drawn at): the first two back to back (no clearing display
    /// set between them), the third after a gap.
    static let stills = [(200, 1000, 400), (1000, 1600, 1200), (2000, 3000, 1800)]
    /// Every time is moved 30 ticks (a third of a millisecond) later, so that a time rounded to the
    /// millisecond anywhere shows in the M2TS times, which must be exact.
    static let shift: UInt32 = 30
    static let (width, height) = (1280, 720)

    static let inputs = Shared<Inputs> {
        let dir = try TestCaptions.scratch()
        sharedFolder = dir
        atexit { if let dir = sharedFolder { try? FileManager.default.removeItem(atPath: dir) } }
        let video = dir + "/clip.mp4"
        try FFmpegTool.clip(video, size: "\(width)x\(height)", rate: 25, seconds: 4)
        let renderer = CaptionFrameRenderer(style: try TestCaptions.style("highlight-by-word"), width: width, height: height)
        let captions = try stills.map { start, end, t in
            var image = RGBAImage(width: width, height: height)
            try renderer.render(TestCaptions.pages, at: t, onto: &image)
            return PGSCaption(start: start, end: end, image: image)
        }
        var segments = try PGSWriter(width: width, height: height).segments(captions).segments
        for i in segments.indices { segments[i].pts += shift; segments[i].dts += shift }
        let sup = dir + "/captions.sup"
        try Data(PGSSegment.file(segments)).write(to: URL(fileURLWithPath: sup))
        return Inputs(dir: dir, video: video, sup: sup, segments: segments)
    }

    static func track(_ inputs: Inputs) -> PGSTrack {
        PGSTrack(segments: inputs.segments, language: "jpn", title: "Karaoke", isDefault: true, isForced: true)
    }

    /// The segments grouped into display sets (each from its PCS to its END), as the writer made them.
    static func displaySets(_ segments: [PGSSegment]) -> [[PGSSegment]] {
        var sets: [[PGSSegment]] = []
        for segment in segments {
            if segment.kind == .composition { sets.append([]) }
            sets[sets.count - 1].append(segment)
        }
        return sets
    }

    /// Muxes the track into `dir`/`name`.
    static func mux(_ inputs: Inputs, into dir: String, _ name: String) throws -> (path: String, result: SoftTrackMuxer.Result) {
        let output = dir + "/" + name
        let result = try SoftTrackMuxer.mux(video: inputs.video, tracks: [], bitmapTracks: [track(inputs)], output: output, replace: false)
        return (output, result)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// ffprobe's streams, with packets counted.
    static func streams(_ path: String) throws -> [[String: Any]] {
        let text = try FFmpegTool.run(["-count_packets", "-show_streams", "-of", "json", path], tool: "ffprobe")
        return try #require(try json(text)["streams"] as? [[String: Any]])
    }

    /// ffprobe's packets of the subtitle stream: (pts, dts, size) in the stream's time base, and that time base.
    static func subtitlePackets(_ path: String) throws -> (packets: [(pts: Int, dts: Int, size: Int)], timeBase: String) {
        let text = try FFmpegTool.run(["-select_streams", "s", "-show_entries", "packet=pts,dts,size:stream=time_base", "-of", "json", path], tool: "ffprobe")
        let object = try json(text)
        let packets = try #require(object["packets"] as? [[String: Any]]).map {
            ($0["pts"] as? Int ?? -1, $0["dts"] as? Int ?? -1, Int($0["size"] as? String ?? "") ?? -1)
        }
        let timeBase = try #require((object["streams"] as? [[String: Any]])?.first?["time_base"] as? String)
        return (packets, timeBase)
    }

    // MARK: - Streams

    /// The video and audio are copied (same codec, same number of packets) and the new stream is
    /// hdmv_pgs_subtitle; Matroska keeps its language, title and flags, M2TS has no place for them
    /// and the result says so.
    @Test(arguments: ["out.mkv", "out.m2ts"])
    func theVideoIsCopiedAndThePGSStreamIsLabelled(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (output, result) = try Self.mux(inputs, into: dir, name)
        let before = try Self.streams(inputs.video), after = try Self.streams(output)
        expectEqual(after.count, before.count + 1, "\(after.map { $0["codec_name"] ?? "?" })")
        for stream in before {
            let type = try #require(stream["codec_type"] as? String)
            let copied = try #require(after.first { $0["codec_type"] as? String == type }, "no \(type) stream in \(name)")
            expectTrue(copied["codec_name"] as? String == stream["codec_name"] as? String)
            expectTrue(copied["nb_read_packets"] as? String == stream["nb_read_packets"] as? String, "\(name) \(type)")
            if type == "video" { expectTrue(copied["width"] as? Int == Self.width && copied["height"] as? Int == Self.height) }
        }
        let pgs = try #require(after.first { $0["codec_type"] as? String == "subtitle" })
        expectTrue(pgs["codec_name"] as? String == "hdmv_pgs_subtitle")
        let tags = pgs["tags"] as? [String: Any] ?? [:], disposition = pgs["disposition"] as? [String: Any] ?? [:]
        if name.hasSuffix(".mkv") {
            expectTrue(tags["language"] as? String == "jpn" && tags["title"] as? String == "Karaoke", "\(tags)")
            expectTrue(disposition["default"] as? Int == 1 && disposition["forced"] as? Int == 1, "\(disposition)")
            expectTrue(result.droppedLabels.isEmpty)
        } else {
            expectTrue(pgs["codec_tag_string"] as? String == "[144][0][0][0]", "stream type 0x90: \(pgs["codec_tag_string"] ?? "none")")
            expectEqual(result.droppedLabels, ["PGS track 1: language jpn, title \"Karaoke\", default, forced"], "\(result.droppedLabels)")
            // BDAV: 192-byte packets, each a 4-byte arrival time then the 188-byte TS packet (sync byte 0x47).
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
            expectEqual(bytes.count % 192, 0)
            expectTrue(stride(from: 4, to: bytes.count, by: 192).allSatisfy { bytes[$0] == 0x47 })
        }
    }

    /// Two PGS tracks are two streams in the order given, each with its own labels (MKV) and all its
    /// packets; only one of them is default.
    @Test(arguments: ["two.mkv", "two.m2ts"])
    func twoTracksAreTwoStreams(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let second = PGSTrack(segments: Array(inputs.segments.prefix(Self.displaySets(inputs.segments)[0].count)), language: "eng", title: "Lyrics")
        let output = dir + "/" + name
        let result = try SoftTrackMuxer.mux(video: inputs.video, tracks: [], bitmapTracks: [Self.track(inputs), second], output: output, replace: false)
        let streams = try Self.streams(output).filter { $0["codec_type"] as? String == "subtitle" }
        try #require(streams.count == 2)
        expectTrue(streams.allSatisfy { $0["codec_name"] as? String == "hdmv_pgs_subtitle" })
        let isMatroska = name.hasSuffix(".mkv")
        let expected = isMatroska ? [Self.displaySets(inputs.segments).count, 1] : [inputs.segments.count, second.segments.count]
        expectEqual(streams.map { Int($0["nb_read_packets"] as? String ?? "") }, expected)
        if isMatroska {
            expectEqual(streams.map { ($0["tags"] as? [String: Any])?["language"] as? String }, ["jpn", "eng"])
            expectEqual(streams.map { ($0["disposition"] as? [String: Any])?["default"] as? Int }, [1, 0])
        } else {
            expectTrue(result.droppedLabels.count == 2 && result.droppedLabels[1] == "PGS track 2: language eng, title \"Lyrics\"", "\(result.droppedLabels)")
        }
    }

    /// mkvmerge reads both outputs without a warning and finds an HDMV PGS track in each (in the MKV
    /// with the codec ID players look for, `S_HDMV/PGS`), and remuxes each without a warning.
    @Test(arguments: ["out.mkv", "out.m2ts"])
    func mkvmergeIdentifiesTheTrack(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (output, _) = try Self.mux(inputs, into: dir, name)
        let identified = try Self.json(try FFmpegTool.run(["-J", output], tool: "mkvmerge"))
        expectTrue((identified["warnings"] as? [Any])?.isEmpty == true && (identified["errors"] as? [Any])?.isEmpty == true, "\(identified)")
        let tracks = try #require(identified["tracks"] as? [[String: Any]])
        let pgs = tracks.filter { $0["type"] as? String == "subtitles" }
        expectTrue(pgs.count == 1 && pgs.first?["codec"] as? String == "HDMV PGS", "\(tracks)")
        if name.hasSuffix(".mkv") {
            let properties = pgs.first?["properties"] as? [String: Any] ?? [:]
            expectTrue(properties["codec_id"] as? String == "S_HDMV/PGS" && properties["language"] as? String == "jpn"
                    && properties["track_name"] as? String == "Karaoke", "\(properties)")
        }
        // And it muxes the file again without a warning (mkvmerge exits 1 on one).
        try FFmpegTool.run(["-q", "-o", dir + "/remuxed.mkv", output], tool: "mkvmerge")
    }

    /// Our Matroska track is the one mkvmerge writes from the same `.sup`: the same blocks (bytes as
    /// ffmpeg reads them, after mkvmerge's default zlib compression is undone, and without it) at the
    /// same times, each counted from where its file puts the `.sup`'s 0: mkvmerge at the file's 0,
    /// ours at the video's first frame (this clip's AAC priming puts that at 21 ms in both files).
    @Test func theMatroskaTrackIsTheOneMkvmergeWrites() throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (output, _) = try Self.mux(inputs, into: dir, "out.mkv")
        /// The track's blocks back to back, and each block's (PTS less `zero`, size).
        func blocks(_ path: String, zero: Int) throws -> (bytes: Data, packets: [[Int]]) {
            let raw = path + ".blocks"
            try FFmpegTool.run(["-i", path, "-map", "0:s", "-c", "copy", "-f", "data", raw])
            let packets = try Self.subtitlePackets(path).packets.map { [$0.pts - zero, $0.size] }
            return (try Data(contentsOf: URL(fileURLWithPath: raw)), packets)
        }
        let videoStart = try #require(try Self.streams(output).first { $0["codec_type"] as? String == "video" }?["start_pts"] as? Int)
        let ours = try blocks(output, zero: videoStart)
        expectTrue(ours.packets.count == Self.displaySets(inputs.segments).count && !ours.bytes.isEmpty)
        for compression in [["--compression", "0:none"], []] {
            let reference = dir + "/mkvmerge\(compression.count).mkv"
            // mkvmerge exits 1 on a warning, which fails the test.
            try FFmpegTool.run(["-q", "-o", reference, inputs.video] + compression + [inputs.sup], tool: "mkvmerge")
            let theirs = try blocks(reference, zero: 0)
            expectEqual(theirs.packets, ours.packets, "\(compression): mkvmerge \(theirs.packets), ours \(ours.packets)")
            expectEqual(theirs.bytes, ours.bytes, "\(compression): the blocks differ (\(theirs.bytes.count) and \(ours.bytes.count) bytes)")
        }
    }

    // MARK: - Packets and times

    /// How each container stores the track: Matroska one block per display set (its segments without
    /// the 13-byte `.sup` header), at the PCS's PTS to the millisecond; M2TS one PES packet per segment,
    /// its PTS and DTS exact on the 90 kHz clock (counted from the video's first frame in both).
    @Test(arguments: ["out.mkv", "out.m2ts"])
    func packetsCarryTheSegmentsAndTheirTimes(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (output, _) = try Self.mux(inputs, into: dir, name)
        let (packets, timeBase) = try Self.subtitlePackets(output)
        let video = try #require(try Self.streams(output).first { $0["codec_type"] as? String == "video" })
        let videoStart = try #require(video["start_pts"] as? Int)
        let sets = Self.displaySets(inputs.segments)
        if name.hasSuffix(".mkv") {
            expectEqual(timeBase, "1/1000")
            try #require(packets.count == sets.count, "\(packets.count) blocks for \(sets.count) display sets")
            for (packet, set) in zip(packets, sets) {
                expectEqual(packet.size, set.reduce(0) { $0 + 3 + $1.payload.count })
                // Rounded to the nearest millisecond, the way the copied video's times are.
                let ms = (Int(set[0].pts) + 45) / 90
                expectTrue(packet.pts - videoStart == ms && packet.dts == packet.pts, "\(packet) for PTS \(set[0].pts)")
            }
        } else {
            expectEqual(timeBase, "1/90000")
            try #require(packets.count == inputs.segments.count, "\(packets.count) PES packets for \(inputs.segments.count) segments")
            for (packet, segment) in zip(packets, inputs.segments) {
                expectEqual(packet.size, 3 + segment.payload.count)
                expectTrue(packet.pts - videoStart == Int(segment.pts) && packet.dts - videoStart == Int(segment.dts),
                        "\(packet) for \(segment.kind) PTS \(segment.pts) DTS \(segment.dts)")
            }
            // The test would not notice a lost DTS if the writer's DTS were its PTS.
            expectTrue(inputs.segments.contains { $0.dts < $0.pts })
        }
    }

    /// ffmpeg's extraction of the muxed track (`-map 0:s -c copy x.sup`) reads back, with `PGSReader`,
    /// as the display sets written: compositions, windows, palettes and objects equal, times as written
    /// (to the millisecond in Matroska, with the DTS in M2TS).
    @Test(arguments: ["out.mkv", "out.m2ts"])
    func theDisplaySetsSurviveExtraction(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (output, _) = try Self.mux(inputs, into: dir, name)
        let extracted = dir + "/extracted.sup"
        // -copyts: the times as the file has them, not moved to start at 0.
        try FFmpegTool.run(["-copyts", "-i", output, "-map", "0:s", "-c", "copy", extracted])
        let back = try PGSReader().read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: extracted))))
        let written = try PGSReader().read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: inputs.sup))))
        try #require(back.count == written.count && written.count == Self.displaySets(inputs.segments).count)
        // ffmpeg moves the extracted track to start at 0 (even with -copyts; the times in the file are
        // checked above with ffprobe): times are compared from the first display set's.
        let isMatroska = name.hasSuffix(".mkv")
        func time(_ ticks: UInt32) -> Int { isMatroska ? (Int(ticks) + 45) / 90 * 90 : Int(ticks) }
        let shift = Int(back[0].pts) - time(written[0].pts)
        for (n, (b, w)) in zip(back, written).enumerated() {
            expectEqual(Int(b.pts), time(w.pts) + shift, "PTS \(b.pts) for \(w.pts)")
            // M2TS keeps the DTS (ffmpeg's .sup of the first display set has DTS 0, read as its PTS).
            if !isMatroska && n > 0 { expectEqual(Int(b.dts), Int(w.dts) + shift, "DTS \(b.dts) for \(w.dts)") }
            expectTrue(b.composition == w.composition && b.windows == w.windows)
            expectTrue(b.definedPalettes == w.definedPalettes && b.palette == w.palette)
            expectTrue(b.definedObjects == w.definedObjects && b.objects == w.objects)
        }
        expectTrue(written.contains { !$0.objects.isEmpty })
    }

    /// A PGS track the input already has goes into M2TS as the new ones do, one PES packet per
    /// segment: from Matroska, where a block is a display set, each block is cut into its segments
    /// (at the block's time: Matroska kept no DTS), and they read back as the display sets written.
    @Test func anInputsOwnPGSTrackIsCutIntoSegmentsInM2TS() throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (mkv, _) = try Self.mux(inputs, into: dir, "first.mkv")
        let output = dir + "/again.m2ts"
        let result = try SoftTrackMuxer.mux(video: mkv, tracks: [], output: output, replace: false)
        expectTrue(result.droppedStreams.isEmpty, "\(result.droppedStreams)")
        let packets = try Self.subtitlePackets(output).packets
        try #require(packets.count == inputs.segments.count, "\(packets.count) PES packets for \(inputs.segments.count) segments")
        expectTrue(zip(packets, inputs.segments).allSatisfy { $0.size == 3 + $1.payload.count })
        let blocks = try Self.subtitlePackets(mkv).packets
        var n = 0
        for (block, set) in zip(blocks, Self.displaySets(inputs.segments)) {
            let cut = packets[n..<(n + set.count)]
            expectTrue(cut.allSatisfy { $0.pts == cut.first!.pts && $0.dts == $0.pts }, "\(Array(cut))")
            // Each display set keeps its distance from the first, to the millisecond Matroska kept.
            expectEqual((cut.first!.pts - packets[0].pts), (block.pts - blocks[0].pts) * 90)
            n += set.count
        }
        let extracted = dir + "/extracted.sup"
        try FFmpegTool.run(["-i", output, "-map", "0:s", "-c", "copy", extracted])
        let back = try PGSReader().read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: extracted))))
        let written = try PGSReader().read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: inputs.sup))))
        expectTrue(back.map(\.composition) == written.map(\.composition) && back.map(\.objects) == written.map(\.objects))
    }

    /// A file whose timeline starts near 10 s (`-output_ts_offset 10`; its AAC priming packet at
    /// 9.979 s): the track's 0 is where the file starts, where players start their clock and `burn`
    /// counts caption times from, so every display set keeps its time on the players' clock.
    @Test(arguments: ["late.mkv", "late.m2ts"])
    func aFileThatStartsLateKeepsTheTrackOnItsClock(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let late = dir + "/input.mkv"
        try FFmpegTool.run(["-i", inputs.video, "-c", "copy", "-output_ts_offset", "10", late])
        let output = dir + "/" + name
        _ = try SoftTrackMuxer.mux(video: late, tracks: [], bitmapTracks: [Self.track(inputs)], output: output, replace: false)
        let format = try Self.json(try FFmpegTool.run(["-show_entries", "format=start_time", "-of", "json", output], tool: "ffprobe"))
        let start = try #require(Double((format["format"] as? [String: Any])?["start_time"] as? String ?? ""))
        expectTrue(start > 9.9, "the file starts at \(start) s")
        let (packets, timeBase) = try Self.subtitlePackets(output)
        let isMatroska = timeBase == "1/1000"
        let zero = Int((start * (isMatroska ? 1000 : 90_000)).rounded())
        try #require(packets.count == (isMatroska ? 5 : inputs.segments.count))
        let pcs = isMatroska ? Self.displaySets(inputs.segments).map { $0[0] } : inputs.segments
        for (packet, segment) in zip(packets, pcs) {
            expectEqual(packet.pts - zero, (isMatroska ? (Int(segment.pts) + 45) / 90 : Int(segment.pts)), "\(packet) for PTS \(segment.pts)")
        }
    }

    /// A DTS that goes back from the display set before (the writer's first approximation of decode
    /// times does this when a caption starts just after a clearing display set) is raised to that one
    /// in M2TS, whose muxer refuses it otherwise, and counted; Matroska keeps no DTS and counts none.
    @Test(arguments: ["out.mkv", "out.m2ts"])
    func aDTSThatGoesBackIsRaisedInM2TS(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sets = Self.displaySets(inputs.segments)
        try #require(sets.count == 5 && sets[2].count == 3)
        // The third display set clears the screen at 1600 ms; the fourth, at 2000 ms, is decoded before it.
        let cleared = sets[2][0].dts, early = sets[2][0].dts - 900
        for i in sets[3].indices { sets[3][i].dts = early }
        var track = Self.track(inputs)
        track.segments = sets.flatMap { $0 }
        let output = dir + "/" + name
        let result = try SoftTrackMuxer.mux(video: inputs.video, tracks: [], bitmapTracks: [track], output: output, replace: false)
        let packets = try Self.subtitlePackets(output).packets
        if name.hasSuffix(".m2ts") {
            expectEqual(result.raisedDecodeTimes, 1)
            let fourth = packets[sets[0...2].reduce(0) { $0 + $1.count }...].prefix(sets[3].count)
            expectTrue(fourth.allSatisfy { $0.dts - packets[0].dts == Int(cleared) - Int(sets[0][0].dts) }, "\(Array(fourth))")
            expectTrue(zip(packets, packets.dropFirst()).allSatisfy { $0.dts <= $1.dts })
        } else {
            expectTrue(result.raisedDecodeTimes == 0 && packets.count == 5)
        }
    }

    // MARK: - Pictures

    /// ffmpeg's overlay of the muxed track on the video equals its overlay of the `.sup` on the same
    /// video, at each caption's middle frame; and that frame is not the plain video (the caption shows).
    @Test(arguments: ["out.mkv", "out.m2ts"])
    func ffmpegDrawsTheMuxedTrackAsTheSup(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (output, _) = try Self.mux(inputs, into: dir, name)
        let frames = Self.stills.map { start, end, _ in (start + end) / 2 / 40 }
        let select = "select='" + frames.map { "eq(n\\,\($0))" }.joined(separator: "+") + "'"
        func picked(_ arguments: [String], _ file: String) throws -> [YUV420Frame] {
            // Straight to raw 4:2:0, only the selected frames (-vsync 0: none repeated to fill the gaps).
            let path = dir + "/\(file).yuv"
            try FFmpegTool.run(arguments + ["-vsync", "0", "-f", "rawvideo", "-pix_fmt", "yuv420p", path])
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let size = Self.width * Self.height * 3 / 2
            return stride(from: 0, to: data.count - size + 1, by: size).map {
                YUV420Frame(width: Self.width, height: Self.height, bytes: [UInt8](data[$0..<($0 + size)]))
            }
        }
        let muxed = try picked(["-i", output, "-filter_complex", "[0:v][0:s]overlay,\(select)"], "muxed")
        // -copyts: without it ffmpeg moves the .sup to start at 0.
        let sup = try picked(["-copyts", "-i", inputs.video, "-i", inputs.sup, "-filter_complex", "[0:v][1:s]overlay,\(select)"], "sup")
        let plain = try picked(["-i", inputs.video, "-vf", select], "plain")
        try #require(muxed.count == frames.count && sup.count == frames.count && plain.count == frames.count)
        let matrix = ColorMatrix(standard: .bt709, fullRange: false)
        for (n, frame) in frames.enumerated() {
            let psnr = muxed[n].bytes == sup[n].bytes ? .infinity
                : try ImageComparison.psnr(actual: muxed[n].rgba(matrix), expected: sup[n].rgba(matrix))
            expectTrue(psnr >= 50, "\(name) frame \(frame): \(psnr) dB from the .sup's overlay")
            let shown = try ImageComparison.psnr(actual: muxed[n].rgba(matrix), expected: plain[n].rgba(matrix))
            expectTrue(shown < 40, "\(name) frame \(frame): the caption does not show (\(shown) dB from the plain video)")
        }
    }

    // MARK: - Refusals

    /// MP4, MOV, WebM and plain MPEG-TS cannot hold a PGS track: refused before anything is written
    /// (exit 64), with a sentence that says where PGS goes.
    @Test(arguments: ["out.mp4", "out.mov", "out.webm", "out.ts"])
    func containersWithoutPGSAreRefused(name: String) throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = dir + "/" + name
        do {
            _ = try SoftTrackMuxer.mux(video: inputs.video, tracks: [], bitmapTracks: [Self.track(inputs)], output: output, replace: false)
            Issue.record("\(name) was written")
        } catch {
            expectTrue(error.exitCode == 64 && error.message.contains("Matroska") && error.message.contains("M2TS"), "\(error)")
        }
        expectTrue(!FileManager.default.fileExists(atPath: output))
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "a temporary file was left")
    }

    /// The output is never the video being read (73, the video unchanged, no temporary file left).
    @Test func theInputIsNeverTheOutput() throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = dir + "/video.mkv"
        try FFmpegTool.run(["-i", inputs.video, "-c", "copy", video])
        let before = try Data(contentsOf: URL(fileURLWithPath: video))
        for output in [video, dir + "/./video.mkv"] {
            do {
                _ = try SoftTrackMuxer.mux(video: video, tracks: [], bitmapTracks: [Self.track(inputs)], output: output, replace: false)
                Issue.record("\(output) was written over the video")
            } catch {
                expectTrue(error.exitCode == 73 && error.message.contains("video being read"), "\(error)")
            }
        }
        expectTrue(try Data(contentsOf: URL(fileURLWithPath: video)) == before)
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir) == ["video.mkv"])
    }

    /// A track that is not whole display sets, with a DTS after its PTS, or whose PTS go back, is
    /// malformed input (65) naming the segment, and nothing is written.
    @Test func malformedTracksAreRefused() throws {
        let inputs = try Self.inputs.value
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let segments = inputs.segments
        var late = segments
        let last = late.count - 1
        late[last].dts = late[last].pts + 1
        let cases: [(String, [PGSSegment], String)] = [
            ("no END", Array(segments.dropLast()), "no END"),
            ("no PCS", Array(segments.dropFirst()), "no PCS"),
            ("DTS after PTS", late, "segment \(segments.count)"),
            ("PTS back", Self.displaySets(segments).reversed().flatMap { $0 }, "before the previous"),
        ]
        for (what, track, says) in cases {
            for name in ["bad.mkv", "bad.m2ts"] {
                let output = dir + "/" + name
                do {
                    _ = try SoftTrackMuxer.mux(video: inputs.video, tracks: [], bitmapTracks: [PGSTrack(segments: track)], output: output, replace: false)
                    Issue.record("\(what): \(name) was written")
                } catch {
                    expectTrue(error.exitCode == 65 && error.message.contains("PGS track 1") && error.message.contains(says), "\(what): \(error)")
                }
                expectTrue(!FileManager.default.fileExists(atPath: output), "\(what)")
            }
        }
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "a temporary file was left")
    }
}
