import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// Reading style files: partial styles, applying them, and one clear message per bad field.
@Suite struct StyleFileTests {
    static func file(_ json: String, _ name: String = "my.json") throws -> StyleFile {
        try StyleFile(json: Data(json.utf8), source: name)
    }

    /// The problems a bad file reports (the test fails if it loads).
    static func problems(_ json: String, _ name: String = "my.json", kind: StyleError.Kind = .malformed) -> [String] {
        do {
            _ = try file(json, name)
            Issue.record("expected \(json) to be refused")
        } catch let error as StyleError {
            expectEqual(error.kind, kind)
            return error.problems
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return []
    }

    @Test func aPartialFileChangesOnlyWhatItSets() throws {
        var base = CaptionStyle()
        base.shadow.offsetY = 7
        base.box = nil
        let file = try Self.file(#"""
            {"font_size": 96, "text_color": "#FF000080", "fade_in": 0.2, "shadow": {"blur": 4.5},
             "box": {"corner_radius": 0}, "karaoke": {"mode": "three-state", "transition": 0.0005},
             "paging": {"max_words": null, "hold_gap": 0.25, "balance_lines": false}}
            """#)
        let style = file.applied(to: base)
        expectEqual(style.fontSize, 96)
        expectEqual(style.textColor, RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
        expectEqual(style.fadeIn, 200)
        expectTrue(style.shadow.blur == 4.5 && style.shadow.offsetY == 7, "a nested object keeps the fields it leaves out")
        expectTrue(style.box?.cornerRadius == 0 && style.box?.paddingX == CaptionStyle.Box().paddingX, "a box object switches the box on")
        expectTrue(style.karaoke.mode == .threeState && style.karaoke.transition == 1, "seconds round to the nearest ms, halves away from zero")
        expectTrue(style.paging.maxWordsPerPage == nil && style.paging.holdGap == 250 && !style.paging.balanceLines)
        expectTrue(style.fontFamily == base.fontFamily && style.strokeWidth == base.strokeWidth && style.paging.maxLines == base.paging.maxLines)
        expectEqual(file.keys, ["font_size", "text_color", "shadow", "shadow.blur", "box", "box.corner_radius", "fade_in",
                              "karaoke", "karaoke.mode", "karaoke.transition", "paging", "paging.max_words", "paging.hold_gap",
                              "paging.balance_lines"])
    }

    @Test func nullSwitchesOptionalSettingsOff() throws {
        var base = CaptionStyle()
        base.box = CaptionStyle.Box()
        base.wordBox = CaptionStyle.Box()
        base.fontFile = "/fonts/a.ttf"
        let style = try Self.file(#"{"box": null, "word_box": null, "font_file": null, "paging": {"hold_gap": null}}"#).applied(to: base)
        expectTrue(style.box == nil && style.wordBox == nil && style.fontFile == nil && style.paging.holdGap == nil)
    }

    @Test func anEmptyObjectChangesNothingAndEditorKeysAreAccepted() throws {
        let file = try Self.file(#"{"$schema": "caption-style.schema.json", "extends": "plain"}"#)
        expectEqual(file.applied(to: CaptionStyle()), CaptionStyle())
        expectEqual(file.extends, "plain")
        expectTrue(try Self.file("{}").keys.isEmpty)
    }

    @Test func negativeLengthsNameTheFileAndField() {
        expectEqual(Self.problems(#"{"box": {"corner_radius": -4}}"#, "broadcast.json"), ["broadcast.json: box.corner_radius: must be 0 or more, found -4"])
        expectEqual(Self.problems(#"{"font_size": -12}"#), ["my.json: font_size: must be more than 0, found -12"])
        expectEqual(Self.problems(#"{"font_size": 0}"#), ["my.json: font_size: must be more than 0, found 0"])
        expectEqual(Self.problems(#"{"stroke_width": -1.5}"#), ["my.json: stroke_width: must be 0 or more, found -1.5"])
        expectEqual(Self.problems(#"{"word_box": {"padding_x": -2}}"#), ["my.json: word_box.padding_x: must be 0 or more, found -2"])
        expectEqual(Self.problems(#"{"fade_in": -0.1}"#), ["my.json: fade_in: must be 0 or more, found -0.1"])
        expectEqual(Self.problems(#"{"margin_bottom": 1e9}"#), ["my.json: margin_bottom: must be at most 10000, found 1000000000"])
    }

    @Test func outOfRangeWholeNumbers() {
        expectEqual(Self.problems(#"{"font_weight": 50}"#), ["my.json: font_weight: must be between 100 and 900, found 50"])
        expectEqual(Self.problems(#"{"anchor": 10}"#), ["my.json: anchor: must be between 1 and 9, found 10"])
        expectEqual(Self.problems(#"{"anchor": 2.5}"#), ["my.json: anchor: must be a whole number, found 2.5"])
        expectEqual(Self.problems(#"{"paging": {"max_words": 0}}"#), ["my.json: paging.max_words: must be between 1 and 500, found 0 (or null for none)"])
        expectEqual(Self.problems(#"{"karaoke": {"pop_overshoot": 0.9}}"#), ["my.json: karaoke.pop_overshoot: must be 1 or more, found 0.9"])
    }

    @Test func coloursAreHexOnly() {
        expectEqual(Self.problems(##"{"text_color": "#GGHHII"}"##), ["my.json: text_color: '#GGHHII' is not a colour (use #RRGGBB or #RRGGBBAA)"])
        expectEqual(Self.problems(#"{"highlight_color": "red"}"#), ["my.json: highlight_color: 'red' is not a colour (use #RRGGBB or #RRGGBBAA; red is #ff0000)"])
        expectEqual(Self.problems(##"{"shadow": {"color": "#fff"}}"##), ["my.json: shadow.color: '#fff' is not a colour (use #RRGGBB or #RRGGBBAA; #fff is #ffffff)"])
        expectEqual(Self.problems(#"{"stroke_color": 0}"#), ["my.json: stroke_color: must be a colour string (#RRGGBB or #RRGGBBAA), found 0"])
        expectEqual(Self.problems(##"{"stroke_color": "#0000000"}"##).count, 1)
    }

    /// `landscape` is a partial style applied on frames wider than tall, and only there; a file's own
    /// replaces the preset's, and null turns it off.
    @Test func landscapeAppliesOnWideFramesOnly() throws {
        let style = try Self.file(#"{"font_size": 80, "landscape": {"font_size": 64, "margin_bottom": 54, "shadow": {"blur": 2}}}"#)
            .applied(to: CaptionStyle())
        let wide = style.forFrame(width: 1920, height: 1080)
        expectTrue(wide.fontSize == 64 && wide.marginBottom == 54 && wide.shadow.blur == 2 && wide.landscape == nil)
        expectEqual(wide.shadow.offsetY, style.shadow.offsetY, "a nested object keeps the fields it leaves out")
        expectEqual(style.forFrame(width: 1080, height: 1920), style, "portrait: unchanged")
        expectEqual(style.forFrame(width: 1080, height: 1080), style, "square: unchanged")
        let off = try Self.file(#"{"landscape": null}"#).applied(to: style)
        expectTrue(off.landscape == nil && off.forFrame(width: 1920, height: 1080) == off)
        // Written back through the field table and read again: the same style.
        let json = try JSONSerialization.data(withJSONObject: StyleField.styleJSON(of: style))
        expectTrue(try StyleFile(json: json, source: "back.json").applied(to: CaptionStyle()) == style)
    }

    @Test func landscapeProblemsNameTheField() {
        expectEqual(Self.problems(#"{"landscape": 3}"#), ["my.json: landscape: must be an object of style fields, or null, found 3"])
        expectEqual(Self.problems(#"{"landscape": {"fontsize": 3}}"#), ["my.json: unknown field 'landscape.fontsize' (did you mean 'landscape.font_size'?)"])
        expectEqual(Self.problems(#"{"landscape": {"font_size": -3}}"#).first?.hasPrefix("my.json: landscape.font_size: "), true)
        expectEqual(Self.problems(#"{"landscape": {"karaoke": {"mode": "fill"}}}"#).first?.hasPrefix("my.json: unknown field 'landscape.karaoke'"), true)
    }

    @Test func unknownFieldsSuggestTheKnownOnes() {
        expectEqual(Self.problems(#"{"fontsize": 80}"#), ["my.json: unknown field 'fontsize' (did you mean 'font_size'?)"])
        expectEqual(Self.problems(#"{"fontSize": 80}"#), ["my.json: unknown field 'fontSize' (did you mean 'font_size'?)"])
        expectEqual(Self.problems(##"{"text_colour": "#FFFFFF"}"##), ["my.json: unknown field 'text_colour' (did you mean 'text_color'?)"])
        expectEqual(Self.problems(#"{"box": {"paddingx": 3}}"#), ["my.json: unknown field 'box.paddingx' (did you mean 'box.padding_x'?)"])
        expectEqual(Self.problems(#"{"max_chars": 20}"#), ["my.json: unknown field 'max_chars' (did you mean 'paging.max_chars'?)"])
        expectEqual(Self.problems(#"{"sparkle": true}"#), ["my.json: unknown field 'sparkle'"])
    }

    @Test func wrongTypesSayWhatWasExpectedAndFound() {
        expectEqual(Self.problems(#"{"font_size": "80"}"#), [#"my.json: font_size: must be a number, found "80""#])
        expectEqual(Self.problems(#"{"font_size": true}"#), ["my.json: font_size: must be a number, found true"])
        expectEqual(Self.problems(#"{"font_weight": false}"#), ["my.json: font_weight: must be a whole number, found false"])
        expectEqual(Self.problems(#"{"uppercase": 1}"#), ["my.json: uppercase: must be true or false, found 1"])
        expectEqual(Self.problems(#"{"uppercase": "yes"}"#), [#"my.json: uppercase: must be true or false, found "yes""#])
        expectEqual(Self.problems(#"{"font_family": ""}"#), ["my.json: font_family: must not be empty"])
        expectEqual(Self.problems(#"{"fallback_fonts": "Symbola"}"#), [#"my.json: fallback_fonts: must be a list of strings, found "Symbola""#])
        expectEqual(Self.problems(#"{"fallback_fonts": ["Symbola", 3]}"#), ["my.json: fallback_fonts: item 2 must be a non-empty string, found 3"])
        expectEqual(Self.problems(#"{"box": 5}"#), ["my.json: box: must be an object or null, found 5"])
        expectEqual(Self.problems(#"{"shadow": null}"#), ["my.json: shadow: must be an object, found null"])
        expectEqual(Self.problems(#"{"font_size": null}"#), ["my.json: font_size: must be a number, found null"])
        expectEqual(Self.problems(#"{"paging": []}"#), ["my.json: paging: must be an object, found a list"])
        expectEqual(Self.problems(#"{"fade_out": "0.2s"}"#), [#"my.json: fade_out: must be a number of seconds, found "0.2s""#])
    }

    @Test func unknownKaraokeModesListTheKnownOnes() throws {
        let problem = try #require(Self.problems(#"{"karaoke": {"mode": "wobble"}}"#).first)
        let known = CaptionStyle.Karaoke.Mode.allCases.map(\.rawValue).joined(separator: ", ")
        expectEqual(problem, "my.json: karaoke.mode: unknown karaoke mode 'wobble' (known karaoke modes: \(known))")
        expectEqual(Self.problems(#"{"karaoke": {"mode": "hilight"}}"#).first?.contains("(did you mean 'highlight'?)"), true)
        expectEqual(Self.problems(#"{"box": {"scope": "word"}}"#), ["my.json: box.scope: unknown box scope 'word' (known box scopes: line, page)"])
    }

    @Test func everyProblemIsReportedAtOnceInTableOrder() {
        let problems = Self.problems(#"{"zzz": 1, "anchor": 0, "font_size": -1, "paging": {"max_lines": 0, "bogus": 1}}"#)
        expectEqual(problems, [
            "my.json: unknown field 'zzz'",
            "my.json: font_size: must be more than 0, found -1",
            "my.json: anchor: must be between 1 and 9, found 0",
            "my.json: unknown field 'paging.bogus'",
            "my.json: paging.max_lines: must be between 1 and 100, found 0",
        ])
    }

    @Test func notAStyleObjectAtAll() {
        expectEqual(Self.problems("[1, 2]"), ["my.json: must be a JSON object of style fields, found a list"])
        let broken = Self.problems(#"{"font_size": 80"#)
        expectTrue(broken.count == 1 && broken[0].hasPrefix("my.json: not valid JSON"))
        expectEqual(Self.problems("").first?.hasPrefix("my.json: not valid JSON"), true)
    }

    @Test func missingFilesAndFoldersAreInputErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("style-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let missing = dir.appendingPathComponent("nope.json").path
        let error = #expect(throws: StyleError.self) { try StyleFile.read(path: missing) }
        expectTrue(error?.exitCode == 66 && error?.message == "\(missing): no such style file")
        expectEqual((#expect(throws: StyleError.self) { try StyleFile.read(path: dir.path) })?.exitCode, 66)

        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"anchor": 10}"#.utf8).write(to: bad)
        let badError = #expect(throws: StyleError.self) { try StyleFile.read(path: bad.path) }
        expectTrue(badError?.exitCode == 65 && badError?.message == "\(bad.path): anchor: must be between 1 and 9, found 10")
    }
}
