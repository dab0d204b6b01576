import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// Every preset in `Styles/` loads and does what its name promises.
@Suite struct StylePresetTests {
    static let required = ["plain", "broadcast", "highlight-by-word", "background-by-word", "word-and-scale", "karaoke-fill",
                           "cumulative", "three-state", "pop-in", "one-word", "typewriter"]
    /// Presets whose words change as they are spoken: short pages.
    static let wordByWord = required.filter { !["plain", "broadcast"].contains($0) }

    static func preset(_ name: String) throws -> CaptionStyle { try StyleFixtures.library.preset(named: name) }

    @Test func theRequiredPresetsExistAndLoad() throws {
        let summaries = try StyleFixtures.library.summaries()
        expectTrue(Set(Self.required).isSubset(of: summaries.map(\.name)))
        for entry in summaries {
            expectTrue(!entry.summary.isEmpty && !entry.summary.contains("\n"), "\(entry.name) needs a one-line summary")
            expectTrue(try Self.preset(entry.name).name == entry.name)
        }
    }

    @Test(arguments: required)
    func presetFilesSayTheImportantThingsThemselves(name: String) throws {
        // A preset should read on its own, not lean on defaults hidden in code.
        let keys = try StyleFile.read(path: StyleFixtures.stylesDirectory.appendingPathComponent(name + ".json").path).keys
        for key in ["summary", "font_family", "font_size", "text_color", "highlight_color", "stroke_width", "anchor",
                    "karaoke.mode", "paging.max_chars", "paging.max_lines"] {
            expectTrue(keys.contains(key), "\(name).json should set \(key)")
        }
    }

    @Test(arguments: [
        ("plain", CaptionStyle.Karaoke.Mode.none), ("broadcast", .none), ("highlight-by-word", .highlight),
        ("background-by-word", .background), ("word-and-scale", .scale), ("karaoke-fill", .fill),
        ("cumulative", .cumulative), ("three-state", .threeState), ("pop-in", .popIn), ("one-word", .none),
        ("typewriter", .typewriter),
    ])
    func karaokeModes(name: String, mode: CaptionStyle.Karaoke.Mode) throws {
        expectTrue(try Self.preset(name).karaoke.mode == mode)
    }

    @Test func plainIsWhiteOnABlackOutlineAtTheBottom() throws {
        let plain = try Self.preset("plain")
        expectTrue(plain.textColor == .white && plain.strokeColor == .black && plain.strokeWidth > 0)
        expectTrue([1, 2, 3].contains(plain.anchor) && plain.box == nil && plain.wordBox == nil)
    }

    @Test func broadcastIsTwoLinesOf42OnATranslucentBoxPerLine() throws {
        let broadcast = try Self.preset("broadcast")
        expectTrue(broadcast.paging.maxCharsPerLine == 42 && broadcast.paging.maxLines == 2)
        let box = try #require(broadcast.box)
        expectTrue(box.scope == .line && box.color.alpha > 0 && box.color.alpha < 255)
        // Per-line boxes must not overlap, or the translucent colour doubles where they meet.
        expectTrue(broadcast.fontSize + 2 * box.paddingY <= broadcast.fontSize * broadcast.lineSpacing)
    }

    @Test func colourModesHaveAHighlightThatDiffersFromTheText() throws {
        for name in ["highlight-by-word", "word-and-scale", "karaoke-fill", "cumulative", "three-state"] {
            let style = try Self.preset(name)
            expectTrue(style.highlightColor != style.textColor, "\(name)")
        }
        let threeState = try Self.preset("three-state")
        expectTrue(threeState.upcomingColor.alpha < threeState.textColor.alpha, "upcoming words are dimmed")
    }

    @Test func backgroundByWordHasARoundedWordBoxAndKeepsTheStroke() throws {
        let style = try Self.preset("background-by-word")
        let wordBox = try #require(style.wordBox)
        expectTrue(wordBox.cornerRadius > 0 && wordBox.color.alpha > 0 && style.box == nil)
        expectTrue(style.strokeWidth > 0 && style.highlightColor == style.textColor, "the text itself does not change")
    }

    @Test func wordAndScaleGrowsTo1Point2In150Milliseconds() throws {
        let style = try Self.preset("word-and-scale")
        expectTrue(style.karaoke.scale == 1.2 && style.karaoke.transition == 150)
    }

    @Test func popInStartsAt0Point8WithASmallOvershoot() throws {
        let style = try Self.preset("pop-in")
        expectTrue(style.karaoke.popFrom == 0.8 && style.karaoke.popOvershoot > 1 && style.karaoke.popOvershoot <= 1.15)
        expectTrue(style.karaoke.transition > 0)
    }

    @Test func oneWordIsLargeUppercaseWithAThickStrokeAndTwoWordsAtMost() throws {
        let oneWord = try Self.preset("one-word")
        expectTrue(oneWord.uppercase && (oneWord.paging.maxWordsPerPage ?? .max) <= 2)
        for name in Self.required where name != "one-word" {
            let other = try Self.preset(name)
            expectTrue(oneWord.fontSize > other.fontSize && oneWord.strokeWidth > other.strokeWidth, "\(name)")
        }
    }

    @Test(arguments: wordByWord)
    func tikTokValues(name: String) throws {
        let style = try Self.preset(name)
        expectTrue(style.fontFamily == "DejaVu Sans" && style.fontWeight == 700)
        if name != "one-word" {
            expectTrue((80...110).contains(style.fontSize) && (5...8).contains(style.strokeWidth))
        }
        // Centre-lower: bottom-centre anchor, clear of the app's buttons and caption bar.
        expectTrue(style.anchor == 2 && style.marginBottom >= 300 && style.marginLeft >= 60 && style.marginRight >= 60)
        expectTrue((1...2).contains(style.paging.maxLines) && (10...24).contains(style.paging.maxCharsPerLine))
        expectTrue((2...8).contains(style.paging.maxWordsPerPage ?? .max) && style.paging.maxDuration <= 4000)
    }

    /// The pager counts characters; the layout measures pixels. A preset's line length should fit its
    /// safe area at DejaVu Sans Bold's average advance (measured on English text: 0.59 em a character,
    /// 0.68 em in capitals), with an em of size / 1.164 (libass sizes ascender + descender).
    @Test(arguments: required)
    func aFullLineFitsTheSafeArea(name: String) throws {
        let style = try Self.preset(name)
        let em = style.fontSize / 1.164
        let perCharacter = (style.uppercase ? 0.68 : 0.59) * em + style.wordSpacing / 6
        let padding = 2 * (style.box?.paddingX ?? 0)
        let width = Double(style.paging.maxCharsPerLine) * perCharacter + padding + 2 * style.strokeWidth
        expectTrue(width <= 1080 - style.marginLeft - style.marginRight, "\(name): \(Int(width)) px")
    }
}
