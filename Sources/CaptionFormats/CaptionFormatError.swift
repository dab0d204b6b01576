import CaptionModel

/// Why reading or writing a caption file failed: the toolkit's plain failure (`CaptionKitFailure`),
/// whose kind (`usage` 64, `malformed` 65, `unreadable` 66, `cannotWrite` 73) gives the exit code.
public typealias CaptionFormatError = CaptionKitFailure
