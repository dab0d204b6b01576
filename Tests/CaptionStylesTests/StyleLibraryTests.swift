import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// Where test files live: the repository's `Styles/`, and scratch folders of made-up presets.
enum StyleFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let stylesDirectory = packageRoot.appendingPathComponent("Styles")
    static let library = StyleLibrary(directory: stylesDirectory)

    /// A fresh folder holding the given files (name → JSON text).
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("styles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }
}

/// Finding the presets folder, loading presets by name, and composing `--preset` with `--style`.
@Suite struct StyleLibraryTests {
    @Test func searchOrderExplicitThenEnvironmentThenAboveTheExecutable() throws {
        let checkout = try StyleFixtures.folder(["Styles/a.json": "{}", "elsewhere/b.json": "{}", "explicit/c.json": "{}"])
        let executable = checkout.appendingPathComponent(".build/debug/captions")
        let environment = [StyleLibrary.environmentVariable: checkout.appendingPathComponent("elsewhere").path]

        let found = try StyleLibrary.locate(environment: [:], executable: executable)
        expectEqual(found.directory.standardizedFileURL.path, checkout.appendingPathComponent("Styles").standardizedFileURL.path)
        expectTrue(try StyleLibrary.locate(environment: environment, executable: executable).names() == ["b"])
        let explicit = checkout.appendingPathComponent("explicit").path
        expectTrue(try StyleLibrary.locate(explicit: explicit, environment: environment, executable: executable).names() == ["c"])
    }

    @Test func theTestRunnerFindsTheRepositoryStylesByWalkingUp() throws {
        // The test bundle runs from .build/..., below the checkout, as `.build/debug/captions` does.
        let found = try StyleLibrary.locate(environment: [:])
        expectEqual(found.directory.standardizedFileURL.path, StyleFixtures.stylesDirectory.standardizedFileURL.path)
    }

    @Test func failingToFindThePresetsSaysHowToFixIt() throws {
        let empty = try StyleFixtures.folder(["bin/.keep": ""])
        let error = #expect(throws: StyleError.self) {
            try StyleLibrary.locate(environment: [:], executable: empty.appendingPathComponent("bin/captions"))
        }
        expectEqual(error?.exitCode, 66)
        expectTrue(error?.message.contains("CAPTIONKIT_STYLES") == true && error?.message.contains(empty.appendingPathComponent("bin").path) == true)

        let badEnvironment = #expect(throws: StyleError.self) {
            try StyleLibrary.locate(environment: [StyleLibrary.environmentVariable: "/no/such/folder"], executable: nil)
        }
        expectTrue(badEnvironment?.message == "CAPTIONKIT_STYLES '/no/such/folder' is not a folder" && badEnvironment?.exitCode == 66)
        let badExplicit = #expect(throws: StyleError.self) { try StyleLibrary.locate(explicit: "/no/such/folder") }
        expectEqual(badExplicit?.exitCode, 66)
    }

    @Test func theSchemaIsNotAPreset() throws {
        let names = try StyleFixtures.library.names()
        expectTrue(!names.contains { $0.contains("schema") })
        expectEqual(names, names.sorted())
    }

    @Test func anUnknownPresetIsAUsageErrorListingThePresets() throws {
        let names = try StyleFixtures.library.names()
        let error = #expect(throws: StyleError.self) { try StyleFixtures.library.preset(named: "plian") }
        expectEqual(error?.exitCode, 64)
        expectEqual(error?.message, "unknown preset 'plian' (did you mean 'plain'?) (presets: \(names.joined(separator: ", ")))")
        // Names are looked up in the listing, never joined onto a path.
        expectEqual((#expect(throws: StyleError.self) { try StyleFixtures.library.preset(named: "../Styles/plain") })?.exitCode, 64)
    }

    @Test func aStyleFileGoesOnTopOfThePreset() throws {
        let dir = try StyleFixtures.folder(["mine.json": #"{"font_size": 120, "karaoke": {"mode": "cumulative"}, "paging": {"max_chars": 16}}"#])
        let path = dir.appendingPathComponent("mine.json").path
        let preset = try StyleFixtures.library.preset(named: "broadcast")
        let style = try StyleFixtures.library.style(preset: "broadcast", styleFile: path)
        expectTrue(style.fontSize == 120 && style.karaoke.mode == .cumulative && style.paging.maxCharsPerLine == 16)
        expectTrue(style.box == preset.box && style.paging.maxLines == preset.paging.maxLines && style.textColor == preset.textColor)
        expectTrue(style.name == "broadcast" && style.summary == preset.summary)

        expectTrue(try StyleFixtures.library.style(preset: nil, styleFile: nil) == StyleFixtures.library.preset(named: "plain"))
        expectTrue(try StyleFixtures.library.style(preset: nil, styleFile: path).box == nil, "without --preset or extends the base is plain")
    }

    @Test func extendsChoosesTheBaseUnlessThePresetIsGiven() throws {
        let dir = try StyleFixtures.folder([
            "mine.json": ##"{"extends": "one-word", "text_color": "#00FF00"}"##,
            "lost.json": #"{"extends": "no-such-preset"}"#,
        ])
        let mine = dir.appendingPathComponent("mine.json").path
        let fromExtends = try StyleFixtures.library.style(preset: nil, styleFile: mine)
        expectTrue(fromExtends.uppercase && fromExtends.name == "one-word" && fromExtends.textColor == RGBAColor(red: 0, green: 255, blue: 0))
        let fromFlag = try StyleFixtures.library.style(preset: "plain", styleFile: mine)
        expectTrue(!fromFlag.uppercase && fromFlag.name == "plain" && fromFlag.textColor == RGBAColor(red: 0, green: 255, blue: 0))

        let lost = dir.appendingPathComponent("lost.json").path
        let error = #expect(throws: StyleError.self) { try StyleFixtures.library.style(preset: nil, styleFile: lost) }
        expectTrue(error?.exitCode == 65 && error?.message.hasPrefix("\(lost): extends: unknown preset 'no-such-preset' (presets: ") == true)
    }

    @Test func presetsMayExtendPresetsButNotInACircle() throws {
        let dir = try StyleFixtures.folder([
            "base.json": #"{"summary": "Base.", "font_size": 70}"#,
            "child.json": #"{"extends": "base", "uppercase": true}"#,
            "a.json": #"{"extends": "b"}"#,
            "b.json": #"{"extends": "a"}"#,
        ])
        let library = StyleLibrary(directory: dir)
        let child = try library.preset(named: "child")
        expectTrue(child.fontSize == 70 && child.uppercase && child.name == "child" && child.summary == "Base.")
        let error = #expect(throws: StyleError.self) { try library.preset(named: "a") }
        expectTrue(error?.exitCode == 65 && error?.message.contains("(a -> b -> a)") == true)
    }

    @Test func composingProblems() throws {
        let dir = try StyleFixtures.folder(["nobox.json": #"{"word_box": null}"#])
        let nobox = dir.appendingPathComponent("nobox.json").path
        let error = #expect(throws: StyleError.self) { try StyleFixtures.library.style(preset: "background-by-word", styleFile: nobox) }
        expectTrue(error?.exitCode == 65 && error?.message.hasPrefix("\(nobox): word_box: ") == true)
        let missing = #expect(throws: StyleError.self) { try StyleFixtures.library.style(preset: "plain", styleFile: dir.appendingPathComponent("gone.json").path) }
        expectEqual(missing?.exitCode, 66)
        let unknown = #expect(throws: StyleError.self) { try StyleFixtures.library.style(preset: "nope", styleFile: nobox) }
        expectEqual(unknown?.exitCode, 64)
    }

    @Test func aBrokenPresetFailsTheListingNamingItsFile() throws {
        let dir = try StyleFixtures.folder(["good.json": #"{"summary": "Good."}"#, "bad.json": #"{"summary": "Bad.", "anchor": 0}"#])
        let error = #expect(throws: StyleError.self) { try StyleLibrary(directory: dir).summaries() }
        expectEqual(error?.message, dir.appendingPathComponent("bad.json").path + ": anchor: must be between 1 and 9, found 0")
    }
}
