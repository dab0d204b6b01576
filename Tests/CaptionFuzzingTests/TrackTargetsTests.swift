@testable import CaptionFuzzing
import CaptionVideo
import Foundation
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
            #expect(Self.trackSeeds.contains { $0.hasPrefix(target.name + "/") }, "\(target.name) has no seed")
        }
    }

    @Test(arguments: trackSeeds)
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
        #expect(!fromFile.document.events.isEmpty)
        #expect(fromPackets.document == fromFile.document)
        #expect(fromPackets.formatName == fromFile.formatName)
    }

    /// The input form: the time base and extradata first, then "PTS DURATION" and the bytes per packet.
    @Test func inputForm() {
        let input = TrackPackets(Array("1/90000\nHEADER\nFUZZ-TAG\n9000 4500\nHello\nworld\nFUZZ-TAG\n- x\n\nFUZZ-TAG\n".utf8))
        #expect(input.timeBase == (1, 90000))
        #expect(input.extradata == Array("HEADER".utf8))
        #expect(input.packets.map(\.pts) == [9000, nil, nil])
        #expect(input.packets.map(\.duration) == [4500, 0, 0])
        #expect(input.packets.map { String(decoding: $0.bytes, as: UTF8.self) } == ["Hello\nworld", "", ""])
        let bare = TrackPackets(Array("0/0".utf8))
        #expect(bare.timeBase == (1, 1000) && bare.extradata.isEmpty && bare.packets.isEmpty)
    }
}
