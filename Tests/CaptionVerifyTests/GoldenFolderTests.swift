import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionVerify

/// Golden folders: what is recorded checks clean against the same renderer, a renderer shifted by
/// 2 px fails on every frame with ink, the report names the failing frames, and manifests say what
/// is wrong with them by field.
@Suite struct GoldenFolderTests {
    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "captionverify-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func manifest(_ f: VerifyFixture, times: [Milliseconds]) -> GoldenManifest {
        let snapshot = StyleSnapshot.json(of: f.style)
        return GoldenManifest(input: .init(path: VerifyFixture.input, sha256: SHA256.hex("input")), inputFormat: nil, paging: [],
                              style: .init(name: f.style.name, preset: f.style.name, file: nil, stylesDirectory: nil, sha256: SHA256.hex(snapshot)),
                              size: .init(width: VerifyFixture.width, height: VerifyFixture.height), times: times)
    }

    @Test func unchangedPassesAndShiftedBy2PxFailsWithAReport() throws {
        let f = try VerifyFixture(), dir = try Self.scratch()
        let m = manifest(f, times: f.times + [0])
        let folder = GoldenFolder(directory: dir)
        try folder.record(m, styleJSON: StyleSnapshot.json(of: f.style), frames: f.native, force: false)
        expectTrue(try GoldenManifest.read(directory: dir) == m)

        let same = try folder.check(m, frames: f.native, report: nil)
        expectTrue(same.count == m.times.count && same.allSatisfy { $0.grade == .same })

        let report = FrameReport(directory: dir + "/report", title: "shifted", actualLabel: "actual", expectedLabel: "golden")
        let shifted = try folder.check(m, frames: Breakage.shifting(f.native), report: report)
        for r in shifted { expectTrue(r.grade > .good, "at \(r.time) ms: \(r.grade) (score \(r.score))") }
        let index = try String(contentsOfFile: try report.writeIndex(), encoding: .utf8)
        for t in m.times {
            expectTrue(index.contains("\(t)-actual.png") && index.contains("\(t)-diff.png"), "index.html does not show \(t) ms")
            expectTrue(FileManager.default.fileExists(atPath: "\(dir)/report/\(t)-golden.png"))
        }
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test func recordingRefusesToReplaceAManifestUnlessForced() throws {
        let f = try VerifyFixture(), dir = try Self.scratch()
        let folder = GoldenFolder(directory: dir)
        try folder.record(manifest(f, times: [350, 1610]), styleJSON: "{}", frames: f.native, force: false)
        #expect(throws: GoldenError.self) { try folder.record(manifest(f, times: [350]), styleJSON: "{}", frames: f.native, force: false) }
        try folder.record(manifest(f, times: [350]), styleJSON: "{}", frames: f.native, force: true)
        // The forced recording holds exactly its own frames.
        expectTrue(!FileManager.default.fileExists(atPath: dir + "/1610.png") && FileManager.default.fileExists(atPath: dir + "/350.png"))
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test func manifestProblemsNameTheFileAndField() throws {
        let f = try VerifyFixture(), dir = try Self.scratch()
        func problem(_ json: String) -> GoldenError? {
            try? json.write(toFile: dir + "/manifest.json", atomically: true, encoding: .utf8)
            do { _ = try GoldenManifest.read(directory: dir); return nil } catch { return error }
        }
        #expect(throws: GoldenError(.missing, "\(dir)/manifest.json: no golden manifest (record one with `captions golden record ... --dir \(dir)`)")) {
            try GoldenManifest.read(directory: dir)
        }
        try manifest(f, times: [350]).write(directory: dir)
        let good = try String(contentsOfFile: dir + "/manifest.json", encoding: .utf8)
        expectEqual(problem("{")?.kind, .malformed)
        let noWidth = problem(good.replacingOccurrences(of: "\"width\" : 360", with: "\"wide\" : 360"))
        expectTrue(noWidth?.kind == .malformed && noWidth?.message == "\(dir)/manifest.json: size.width: missing")
        let badHash = problem(good.replacingOccurrences(of: SHA256.hex("input"), with: "abc"))
        expectEqual(badHash?.message, "\(dir)/manifest.json: input.sha256: 'abc' is not a SHA-256 in hex")
        let noTimes = problem(good.replacingOccurrences(of: "350", with: ""))
        expectEqual(noTimes?.message.contains("times"), true, "\(String(describing: noTimes))")
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test func styleSnapshotsAreStableAndSayWhichFieldsChanged() throws {
        let style = try StyleLibrary.locate().style(preset: "highlight-by-word", styleFile: nil)
        var edited = style
        edited.highlightColor = RGBAColor(red: 0, green: 255, blue: 0)
        edited.karaoke.mode = .scale
        let a = StyleSnapshot.json(of: style), b = StyleSnapshot.json(of: edited)
        expectTrue(a == StyleSnapshot.json(of: style) && SHA256.hex(a) != SHA256.hex(b))
        expectTrue(a.contains("\"karaoke.mode\": \"highlight\"") && a.contains("\"fontSize\": "))
        expectEqual(StyleSnapshot.changedKeys(a, b), ["highlightColor.green", "highlightColor.red", "karaoke.mode"])
        expectTrue(try JSONSerialization.jsonObject(with: Data(a.utf8)) is [String: Any])
    }

    @Test func pathsAreStoredRelativeToTheManifest() {
        expectEqual(RelativePath.from("/a/b/goldens", to: "/a/b/clip.json"), "../clip.json")
        expectEqual(RelativePath.from("/a/b", to: "/a/b/c/d.json"), "c/d.json")
        expectEqual(RelativePath.resolve("../clip.json", in: "/a/b/goldens"), "/a/b/clip.json")
        expectEqual(RelativePath.resolve("/x/y.json", in: "/a"), "/x/y.json")
    }
}
