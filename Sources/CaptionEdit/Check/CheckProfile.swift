import CaptionModel

/// The limits a broadcaster or platform sets, as numbers. A nil limit turns its rule off.
///
/// Sources of the built-in profiles (read 2026-11):
/// - `netflix`: Netflix Timed Text Style Guide, General Requirements and English (USA): 42 characters
///   a line, 2 lines, 20 characters a second for adult programmes (17 for children's), events from
///   5/6 s to 7 s, at least 2 frames between events. Characters count as Netflix counts them: every
///   character including spaces and punctuation; line breaks are not characters.
/// - `bbc`: BBC Subtitle Guidelines: 2 lines; 160-180 words a minute (the limit is 180); line length
///   68 % of a 16:9 picture's width, which is the 37 characters of the Teletext-era guideline used
///   here for a character count. The guidelines set no hard minimum or maximum duration or gap in
///   frames: the 1 s minimum, 7 s maximum and 1-frame gap at 25 fps are CaptionKit's defaults.
/// - `youtube`: YouTube publishes no caption limits; CaptionKit's defaults for web video: 42
///   characters a line, 2 lines, 20 characters a second, 1 s to 7 s, no gap required (YouTube's own
///   automatic captions touch).
///
/// Shot changes (read 2026-11), counted in frames at the shot changes' rate:
/// - `netflix`: Timed Text Style Guide, Subtitle Timing Guidelines (written for 24 fps, "half a
///   second is 12 frames"): an in-time fewer than 12 frames after a shot change moves back to it; an
///   out-time fewer than 12 frames before one moves to 2 frames before it (never on it or 1 frame
///   before); a subtitle crossing a shot change keeps at least 12 frames on each side (an in-time 7
///   frames or fewer before the change moves to it, 8-11 frames to 12 before; out-times likewise).
/// - `bbc`: Subtitle Guidelines 6.1-6.3 ask for subtitle changes on shot changes ("start on the first
///   frame of the shot and end on the last frame"), an overhang that is not removed too soon after the
///   cut, and no straddling, but give no frame counts: the 12 frames (half a second at 25 fps) are
///   CaptionKit's, and ends go 1 frame before the change because the profile's gap is 1 frame.
/// - `youtube`: none (nothing published; web captions are timed to speech alone).
public struct CheckProfile: Sendable, Hashable {
    public enum SpeedUnit: String, Sendable, Hashable {
        /// Characters (spaces and punctuation included, line breaks not) a second.
        case charactersPerSecond = "cps"
        /// Whitespace-separated words a minute.
        case wordsPerMinute = "wpm"
    }

    public var name: String
    public var maxLineLength: Int?
    public var maxLines: Int?
    public var maxReadingSpeed: Double?
    public var readingSpeedUnit: SpeedUnit = .charactersPerSecond
    public var minDuration: Milliseconds?
    public var maxDuration: Milliseconds?
    /// Frames that must separate one caption's end from the next one's start (at `frameRate`).
    public var minGapFrames: Int?
    /// A caption start or end fewer than this many frames from a shot change belongs on it (an end
    /// `shotChangeEndGapFrames` before it); nil turns `shot-change-start` and `shot-change-end` off.
    public var shotChangeSnapFrames: Int?
    /// How many frames before a shot change a caption ends: Netflix's 2 (0 ends on the change).
    public var shotChangeEndGapFrames: Int = 0
    /// Frames a caption crossing a shot change shows on each side of it; nil turns `shot-change-crossing` off.
    public var shotChangeCrossingFrames: Int?
    /// The frame rate gaps are counted in when `--fps` is not given.
    public var frameRate: FrameRate

    public init(name: String, frameRate: FrameRate = FrameRate(numerator: 25, denominator: 1)!) {
        self.name = name
        self.frameRate = frameRate
    }

    public static let netflix: CheckProfile = {
        var p = CheckProfile(name: "netflix", frameRate: FrameRate.ntscFilm)
        p.maxLineLength = 42; p.maxLines = 2; p.maxReadingSpeed = 20
        p.minDuration = 833; p.maxDuration = 7000; p.minGapFrames = 2
        p.shotChangeSnapFrames = 12; p.shotChangeEndGapFrames = 2; p.shotChangeCrossingFrames = 12
        return p
    }()

    public static let bbc: CheckProfile = {
        var p = CheckProfile(name: "bbc")
        p.maxLineLength = 37; p.maxLines = 2; p.maxReadingSpeed = 180; p.readingSpeedUnit = .wordsPerMinute
        p.minDuration = 1000; p.maxDuration = 7000; p.minGapFrames = 1
        p.shotChangeSnapFrames = 12; p.shotChangeEndGapFrames = 1; p.shotChangeCrossingFrames = 12
        return p
    }()

    public static let youtube: CheckProfile = {
        var p = CheckProfile(name: "youtube", frameRate: FrameRate(numerator: 30, denominator: 1)!)
        p.maxLineLength = 42; p.maxLines = 2; p.maxReadingSpeed = 20
        p.minDuration = 1000; p.maxDuration = 7000; p.minGapFrames = nil
        return p
    }()

    public static let builtIn: [CheckProfile] = [.netflix, .bbc, .youtube]

    /// Whether any shot-change rule is on (worth finding the shot changes for).
    public var checksShotChanges: Bool { shotChangeSnapFrames != nil || shotChangeCrossingFrames != nil }

    public static func named(_ name: String) -> CheckProfile? { builtIn.first { $0.name == name.lowercased() } }

    /// The limit `rule` has in this profile, in the unit its reports use (seconds for durations).
    public func limit(_ rule: CheckRule) -> Double? {
        switch rule {
        case .readingSpeed: maxReadingSpeed
        case .lineLength: maxLineLength.map(Double.init)
        case .lineCount: maxLines.map(Double.init)
        case .minDuration: minDuration.map { Double($0) / 1000 }
        case .maxDuration: maxDuration.map { Double($0) / 1000 }
        case .minGap: minGapFrames.map(Double.init)
        case .overlap: 0
        case .empty: 1
        case .beyondVideo: nil
        case .shotChangeStart, .shotChangeEnd: shotChangeSnapFrames.map(Double.init)
        case .shotChangeCrossing: shotChangeCrossingFrames.map(Double.init)
        }
    }
}
