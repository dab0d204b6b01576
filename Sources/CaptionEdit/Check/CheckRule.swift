/// The quality rules `captions check` applies, by the names its reports use.
public enum CheckRule: String, Sendable, CaseIterable, Codable {
    case readingSpeed = "reading-speed"
    case lineLength = "line-length"
    case lineCount = "line-count"
    case minDuration = "min-duration"
    case maxDuration = "max-duration"
    case minGap = "min-gap"
    case overlap
    case empty
    case beyondVideo = "beyond-video"
    /// With shot changes (`--video`, `--shots`): a start just after a shot change (or in the last frames
    /// of a shot it does not cross into) belongs on the change.
    case shotChangeStart = "shot-change-start"
    /// An end just before a shot change belongs the profile's end gap before it.
    case shotChangeEnd = "shot-change-end"
    /// A caption shown across a shot change with too little of it on one side.
    case shotChangeCrossing = "shot-change-crossing"
}
