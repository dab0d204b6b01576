import CaptionFormats
import CaptionVerify

/// CaptionVerify's errors as the command line's errors (and so exit codes), in one place.
enum VerifyErrors {
    static func mapped<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as GoldenError {
            switch error.kind {
            case .missing: throw CaptionFormatError(.unreadable, error.message)
            case .malformed: throw CaptionFormatError(.malformed, error.message)
            case .exists, .cannotWrite: throw CaptionFormatError(.cannotWrite, error.message)
            }
        } catch let error as VerifyError {
            switch error {
            case .noCaptions: throw CaptionFormatError(.malformed, error.description)
            case .unsupported, .fonts, .libass, .render: throw CaptionFormatError(.unreadable, error.description)
            }
        }
    }
}
