import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// A style written back through the field table (what the studio's style panel shows and saves).
@Suite struct StyleFieldJSONTests {
    static let library = StyleLibrary(directory: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Styles"))

    /// Every preset written as a style file and read onto a different base gives the preset again:
    /// no field is lost, and boxes that are off stay off.
    @Test func everyPresetRoundTripsThroughAStyleFile() throws {
        let names = try Self.library.names()
        expectTrue(names.count >= 11)
        for name in names {
            let preset = try Self.library.preset(named: name)
            let data = try JSONSerialization.data(withJSONObject: StyleField.styleJSON(of: preset))
            var other = try Self.library.preset(named: name == "plain" ? "broadcast" : "plain")
            other.wordBox = CaptionStyle.Box()
            var back = try StyleFile(json: data, source: name).applied(to: other)
            back.name = preset.name  // the preset's file name, not a field
            expectEqual(back, preset, "\(name)")
        }
    }

    @Test func valuesAreSpeltAsAStyleFileSpellsThem() throws {
        var style = CaptionStyle()
        style.fadeIn = 250
        style.box = nil
        style.textColor = RGBAColor(red: 255, green: 0, blue: 0x80, alpha: 255)
        let json = StyleField.styleJSON(of: style)
        expectTrue(json["fade_in"] as? Double == 0.25)
        expectTrue(json["box"] is NSNull)
        expectEqual((json["text_color"] as? String)?.uppercased().hasPrefix("#FF0080"), true)
        expectTrue(json["$schema"] == nil && json["extends"] == nil)
        let karaoke = try #require(json["karaoke"] as? [String: Any])
        expectTrue(karaoke["mode"] as? String == style.karaoke.mode.rawValue)
    }

    /// The table as tools read it: kinds, bounds and choices, objects with their children.
    @Test func theTableDescribesEveryPath() throws {
        func paths(_ entries: [[String: Any]], _ prefix: String = "") -> [String] {
            entries.flatMap { e -> [String] in
                let path = prefix + (e["key"] as! String)
                // A speaker's fields are keyed by label, and a partial style's are the style's own:
                // not paths of their own.
                if !["speakers", "patch"].contains(e["kind"] as? String), let children = e["fields"] as? [[String: Any]] { return [path] + paths(children, path + ".") }
                return [path]
            }
        }
        let table = StyleField.tableJSON()
        expectEqual(paths(table), StyleField.paths())
        let size = try #require(table.first { $0["key"] as? String == "font_size" })
        expectTrue(size["kind"] as? String == "number" && size["exclusive_minimum"] as? Bool == true && size["maximum"] as? Double == 1000)
        let karaoke = try #require(table.first { $0["key"] as? String == "karaoke" }?["fields"] as? [[String: Any]])
        let mode = try #require(karaoke.first { $0["key"] as? String == "mode" })
        expectEqual((mode["options"] as? [String])?.contains("highlight"), true)
    }
}
