@testable import CaptionFuzzing
import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The `track-CODEC` targets fuzz the code a video file's track is read with: every track seed (a
/// container seed's text track as ffprobe reads its packets, `Fuzz/seeds/make-container-seeds.sh`)
/// reads into the same document through the packets' entry point as the container's track does.
@Suite struct TrackTargetsTests {
    static let seeds = FuzzRegressionTests.repository.appendingPathComponent("Fuzz/seeds")

    /// `track-subrip/mkv-srt-ass-webvtt-0`: every track seed, relative to Fuzz/seeds.
    static let trackSeeds: [String] = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []
        return folders.filter { $0.hasPrefix("track-") }.sorted().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: seeds.appendingPathComponent(folder).path)) ?? []).sorted().map { "\(folder)/\($0)" }
        }
    }()

    @Test func everyTrackTargetHasSeeds() {
        for target in FuzzTargets.all where target.name.hasPrefix("track-") {
            expectTrue(Self.trackSeeds.contains { $0.hasPrefix(target.name + "/") }, "\(target.name) has no seed")
        }
    }

    /// The bitmap codecs' targets: their seeds are PGS seeds and ffmpeg's transcodes of them
    /// (`Fuzz/seeds/make-bitmap-seeds.sh`), not a container's tracks.
    static let bitmapCodecs: Set<String> = ["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle"]

    static func codec(of seed: String) -> String { String(seed.split(separator: "/")[0].dropFirst("track-".count)) }

    @Test(arguments: trackSeeds.filter { !bitmapCodecs.contains(codec(of: $0)) })
    func packetsReadAsTheirContainerTrack(seed: String) throws {
        let parts = seed.split(separator: "/")
        let codec = String(parts[0].dropFirst("track-".count))
        let name = parts[1], dash = try #require(name.lastIndex(of: "-"))
        let index = try #require(Int(name[name.index(after: dash)...]))
        let containers = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.appendingPathComponent("container").path)
        let container = try #require(containers.first { ($0 as NSString).deletingPathExtension == String(name[..<dash]) })

        let fromFile = try SubtitleTrackReader.read(path: Self.seeds.appendingPathComponent("container/\(container)").path,
                                                    selection: TrackSelection(index: index))
        let bytes = try #require(FileManager.default.contents(atPath: Self.seeds.appendingPathComponent(seed).path))
        let input = TrackPackets(Array(bytes))
        let fromPackets = try SubtitleTrackReader.read(codec: codec, extradata: input.extradata, timeBase: input.timeBase, packets: input.packets)
        expectTrue(!fromFile.document.events.isEmpty)
        expectEqual(fromPackets.document, fromFile.document)
        expectEqual(fromPackets.formatName, fromFile.formatName)
    }

    static func preparedLines(_ seed: String) throws -> [(start: Int, end: Int, lines: [(width: Int, height: Int, italic: Bool)])] {
        let bytes = try #require(FileManager.default.contents(atPath: seeds.appendingPathComponent(seed).path))
        let input = TrackPackets(Array(bytes))
        return try SubtitleTrackReader.preparedLines(codec: codec(of: seed), extradata: input.extradata, timeBase: input.timeBase,
                                                     packets: input.packets)
    }

    /// Every bitmap seed decodes into cues in order, each with a line of text made ready for OCR.
    @Test(arguments: trackSeeds.filter { bitmapCodecs.contains(codec(of: $0)) })
    func bitmapPacketsMakeCuesWithLines(seed: String) throws {
        let cues = try Self.preparedLines(seed)
        expectTrue(!cues.isEmpty)
        expectTrue(cues.allSatisfy { $0.end > $0.start && !$0.lines.isEmpty }, "\(cues.map { ($0.start, $0.end, $0.lines.count) })")
        expectTrue(zip(cues, cues.dropFirst()).allSatisfy { $0.end <= $1.start }, "cues overlap")
    }

    /// ffmpeg's VobSub transcode keeps the PGS track's times: the same cues. (Not always the same lines:
    /// its four colours change the ink of these 96x64 pictures.)
    @Test(arguments: ["emoji", "highlight"])
    func vobSubSeedsShowThePGSCues(name: String) throws {
        let pgs = try Self.preparedLines("track-hdmv_pgs_subtitle/\(name)")
        let vobSub = try Self.preparedLines("track-dvd_subtitle/\(name)-dvdsub")
        expectEqual(vobSub.map(\.start), pgs.map(\.start))
    }

    /// The input form: the time base and extradata first, then "PTS DURATION" and the bytes per packet.
    @Test func inputForm() {
        let input = TrackPackets(Array("1/90000\nHEADER\nFUZZ-TAG\n9000 4500\nHello\nworld\nFUZZ-TAG\n- x\n\nFUZZ-TAG\n".utf8))
        expectTrue(input.timeBase == (1, 90000))
        expectEqual(input.extradata, Array("HEADER".utf8))
        expectEqual(input.packets.map(\.pts), [9000, nil, nil])
        expectEqual(input.packets.map(\.duration), [4500, 0, 0])
        expectEqual(input.packets.map { String(decoding: $0.bytes, as: UTF8.self) }, ["Hello\nworld", "", ""])
        let bare = TrackPackets(Array("0/0".utf8))
        expectTrue(bare.timeBase == (1, 1000) && bare.extradata.isEmpty && bare.packets.isEmpty)
    }
}
