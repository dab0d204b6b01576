import CaptionModel

/// A manifest run's own failures (the jobs' are the toolkit's errors): a manifest or plan that is
/// malformed, missing, or asks something wrong, as the toolkit's plain failure (`CaptionKitFailure`).
typealias ManifestError = CaptionKitFailure
