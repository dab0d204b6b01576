import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Shot-change files: the toolkit's JSON and the plain lists Subtitle Edit and EZTitles exchange, each
/// line form, the frame a time maps to, round trips at PAL and NTSC rates, and errors naming the line.
@Suite struct ShotChangesFileTests {
    static let pal = FrameRate(numerator: 25, denominator: 1)!
    static let ntsc = FrameRate(numerator: 30000, denominator: 1001)!

    static func read(_ text: String, rate: FrameRate = pal, name: String = "cuts.txt") throws -> ShotChanges {
        try ShotChangesFile.read(text: text, name: name, frameRate: rate)
    }

    @Test func jsonIsWrittenOneChangeALine() {
        let changes = ShotChanges(frameRate: Self.pal, frames: [250, 125])
        expectEqual(ShotChangesFile.json(changes), """
        {"frame_rate": "25", "shot_changes": [
          {"frame": 125, "time": 5.000},
          {"frame": 250, "time": 10.000}
        ]}

        """)
        expectEqual(ShotChangesFile.json(ShotChanges(frameRate: Self.ntsc, frames: [])), "{\"frame_rate\": \"30000/1001\", \"shot_changes\": []}\n")
    }

    @Test func jsonNamesTheNTSCRateExactlyAndTheFramesStart() throws {
        let changes = ShotChanges(frameRate: Self.ntsc, frames: [374, 1799])
        let json = ShotChangesFile.json(changes)
        expectTrue(json.contains("\"frame_rate\": \"30000/1001\""))
        expectTrue(json.contains("{\"frame\": 374, \"time\": 12.479}"))
        expectTrue(json.contains("{\"frame\": 1799, \"time\": 60.027}"))
        // The file's own rate wins over the one given.
        expectTrue(try Self.read(json, rate: Self.pal, name: "cuts.json") == changes)
    }

    @Test func jsonRoundTripsAtEveryRate() throws {
        for rate in [Self.pal, Self.ntsc, FrameRate.ntscFilm, FrameRate(numerator: 60000, denominator: 1001)!, FrameRate(numerator: 50, denominator: 1)!] {
            let changes = ShotChanges(frameRate: rate, frames: Array(stride(from: 1, through: 200_000, by: 997)))
            expectTrue(try Self.read(ShotChangesFile.json(changes), rate: Self.pal) == changes)
        }
    }

    @Test func plainTimesRoundTripToTheSameFrames() throws {
        for rate in [Self.pal, Self.ntsc, FrameRate.ntscFilm, FrameRate(numerator: 60000, denominator: 1001)!] {
            let changes = ShotChanges(frameRate: rate, frames: Array(1...3000) + [107_892, 215_784])
            let text = ShotChangesFile.plainTimes(changes)
            expectTrue(try Self.read(text, rate: rate) == changes, "at \(rate) fps")
        }
        expectEqual(ShotChangesFile.plainTimes(ShotChanges(frameRate: Self.pal, frames: [312, 1500])), "12.480\n60.000\n")
    }

    @Test func jsonEntriesWithOnlyATimeTakeTheFrameContainingIt() throws {
        let json = #"{"shot_changes": [{"time": 12.479}, {"time": 5}, {"frame": 7, "time": 99}]}"#
        let changes = try Self.read(json, rate: Self.pal)
        expectEqual(changes.frameRate, Self.pal)
        expectEqual(changes.frames, [7, 125, 311])
        expectTrue(try Self.read(#"{"frame_rate": 29.97, "shot_changes": []}"#).frameRate == Self.ntsc)
    }

    @Test func subtitleEditSecondsWithWholeSecondsAmongThem() throws {
        // Subtitle Edit writes doubles as they are: 15 s is `15`, 12.48 s is `12.48`.
        let changes = try Self.read("12.48\n15\r\n\n  20.001  \n", rate: Self.pal)
        expectEqual(changes.frames, [312, 375, 500])
    }

    @Test func aTimeMapsToTheFrameOnScreenAtIt() throws {
        expectTrue(try Self.read("12.479\n12.480\n12.519\n").frames == [311, 312])
        // At 29.97 frame 374 starts at 12479.467 ms, written 12.479.
        expectTrue(try Self.read("12.479\n12.478\n", rate: Self.ntsc).frames == [373, 374])
    }

    @Test func bareNumbersAloneAreFrames() throws {
        expectTrue(try Self.read("312\n375\n# a comment\n500\n").frames == [312, 375, 500])
    }

    @Test func millisecondsSecondsWithUnitAndClockTimes() throws {
        expectTrue(try Self.read("12480ms\n15s\n0:00:20.000\n01:00.04\n1:00:00,000\n").frames == [312, 375, 500, 1501, 90000])
    }

    @Test func timeCodesCountFramesAtTheRate() throws {
        expectTrue(try Self.read("00:00:12:12\n01:00:00:00\n").frames == [312, 90000])
        // Non-drop at 29.97 counts 30 labels a second; drop-frame skips labels 0 and 1 of most minutes.
        expectTrue(try Self.read("00:00:12:14\n00:01:00:02\n", rate: Self.ntsc).frames == [374, 1802])
        expectTrue(try Self.read("00:01:00;02\n00:10:00;00\n", rate: Self.ntsc).frames == [1800, 17982])
    }

    @Test func badLinesAreNamedWithTheirFileAndLine() {
        func message(_ text: String, rate: FrameRate = ShotChangesFileTests.pal) -> String? {
            do { _ = try Self.read(text, rate: rate, name: "cuts.txt"); return nil } catch let error as CaptionFormatError {
                expectEqual(error.exitCode, 65)
                return error.message
            } catch { return "\(error)" }
        }
        expectEqual(message("12.480\n\nabc\n")?.hasPrefix("cuts.txt: line 3: 'abc' is not a shot change"), true)
        expectEqual(message("12.4.8\n")?.hasPrefix("cuts.txt: line 1:"), true)
        expectEqual(message("-5\n")?.hasPrefix("cuts.txt: line 1:"), true)
        expectEqual(message("00:00:01:25\n")?.contains("frames below 25"), true)
        expectEqual(message("00:01:00;02\n")?.contains("needs 29.97"), true)
        expectTrue(message("00:61:00.000\n") != nil)
    }

    @Test func badJSONIsNamed() {
        func message(_ text: String) -> String? {
            do { _ = try Self.read(text, name: "cuts.json"); return nil } catch let error as CaptionFormatError {
                expectEqual(error.exitCode, 65)
                return error.message
            } catch { return "\(error)" }
        }
        expectEqual(message("{\"shot_changes\": [")?.hasPrefix("cuts.json: line 1, column"), true)
        expectEqual(message("{\"frame_rate\": \"fast\", \"shot_changes\": []}")?.hasPrefix("cuts.json: frame_rate:"), true)
        expectEqual(message("{\"shot_changes\": [{\"frame\": 1.5}]}"), "cuts.json: shot_changes[0].frame: must be a whole number, 0 or more")
        expectEqual(message("{\"shot_changes\": [{}, {\"x\": 1}]}")?.hasPrefix("cuts.json: shot_changes[0]:"), true)
        expectEqual(message("{}"), "cuts.json: shot_changes: missing, or not an array")
        // A whole number too big for an Int is a bad rate, not a trap (the shots fuzz target's finding).
        for rate in ["1e300", "-1e300", "1e16", "9223372036854775808"] {
            expectEqual(message("{\"frame_rate\": \(rate), \"shot_changes\": []}")?.hasPrefix("cuts.json: frame_rate: must be a rate"), true, "\(rate)")
        }
        expectEqual((try? Self.read("{\"frame_rate\": 50, \"shot_changes\": []}"))?.frameRate, FrameRate(numerator: 50, denominator: 1)!)
    }

    /// EZTitles' XML, the shape Subtitle Edit's import reads (`/shotchanges/shotchanges_list/shotchange/@frame`).
    @Test func ezTitlesXML() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <shotchanges>
          <shotchanges_list>
            <shotchange frame="375"/>
            <shotchange frame="312" />
          </shotchanges_list>
        </shotchanges>
        """
        expectTrue(try Self.read(xml, rate: Self.ntsc, name: "cuts.xml") == ShotChanges(frameRate: Self.ntsc, frames: [312, 375]))
        func message(_ text: String) -> String? {
            do { _ = try Self.read(text, name: "cuts.xml"); return nil } catch let error as CaptionFormatError { return error.message } catch { return "\(error)" }
        }
        expectEqual(message("<shotchanges><shotchanges_list>\n<shotchange time=\"1\"/></shotchanges_list></shotchanges>"), "cuts.xml: line 2: <shotchange> needs a frame=\"N\" attribute, a whole number")
        expectEqual(message("<tt/>")?.hasPrefix("cuts.xml: line 1: the root element is <tt>"), true)
        expectEqual(message("<shotchanges>")?.hasPrefix("cuts.xml: line"), true)
    }

    @Test func filesAreReadFromDiskWithByteOrderMarks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plain = dir + "/cuts.shotchanges", json = dir + "/cuts.json"
        try Data([0xEF, 0xBB, 0xBF] + Array("12.48\r\n15\r\n".utf8)).write(to: URL(fileURLWithPath: plain))
        try Data(("\n  " + ShotChangesFile.json(ShotChanges(frameRate: Self.ntsc, frames: [10]))).utf8).write(to: URL(fileURLWithPath: json))
        expectTrue(try ShotChangesFile.read(path: plain, frameRate: Self.pal).frames == [312, 375])
        expectTrue(try ShotChangesFile.read(path: json, frameRate: Self.pal) == ShotChanges(frameRate: Self.ntsc, frames: [10]))
        #expect(throws: CaptionFormatError.self) { try ShotChangesFile.read(path: dir + "/missing.txt", frameRate: Self.pal) }
        do { _ = try ShotChangesFile.read(path: dir + "/missing.txt", frameRate: Self.pal) } catch let e as CaptionFormatError { expectEqual(e.exitCode, 66) }
    }

    /// Found by the `shots` fuzz target: a clock time of 520,000 hours read, but its seconds (ten digits)
    /// wrote a line no reader takes. Every form now stops at 999,999,999 s, and a huge frame number in
    /// EZTitles' XML is refused instead of overflowing the milliseconds. A JSON time of 9e12 s overflowed
    /// the frame arithmetic at 29.97 fps (found by CI's fuzz smoke in 10 s).
    @Test func changesBeyondNineDigitSecondsAreRefusedInEveryForm() throws {
        let far = ["520000:00:12\n", "8\n520110000:00:12\n", "<shotchanges><shotchanges_list><shotchange frame=\"9223372036854775807\"/></shotchanges_list></shotchanges>",
                   "{\"frame_rate\": \"25\", \"shot_changes\": [{\"frame\": 999999999999}]}",
                   "{\"shot_changes\": [{\"time\": 9e12}]}", "{\"shot_changes\": [{\"time\": 999999999}]}"]
        for text in far {
            for rate in [Self.pal, Self.ntsc] {
                do {
                    _ = try ShotChangesFile.read(text: text, name: "far.txt", frameRate: rate)
                    Issue.record("read \(text)")
                } catch let error as CaptionFormatError {
                    expectEqual(error.exitCode, 65)
                    expectTrue(error.message.contains("far.txt") && error.message.contains("out of range"), "\(error.message)")
                }
            }
        }
        // The largest time that is kept writes and reads back.
        let near = try ShotChangesFile.read(text: "999999998.000\n", name: "near.txt", frameRate: Self.pal)
        expectTrue(try ShotChangesFile.read(text: ShotChangesFile.plainTimes(near), name: "back", frameRate: Self.pal) == near)
    }
}
