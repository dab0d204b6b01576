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
}
