import CaptionModel

/// Why a verification or a golden check could not run (as opposed to frames that do not match, which
/// are results). Each message names the preset, time, file or field concerned.
public enum VerifyError: CaptionKitError, Equatable {
    /// The ASS compiler does not reproduce these features of the style yet.
    case unsupported(style: String, features: [String])
    /// The font files for the layout or for libass could not be resolved.
    case fonts(String)
    /// libass refused its set-up or the compiled script.
    case libass(String)
    /// A frame could not be drawn.
    case render(time: Milliseconds, reason: String)
    /// There is nothing to verify.
    case noCaptions

    public var description: String {
        switch self {
        case .unsupported(let style, let features):
            "preset \(style): the ASS compiler does not support \(features.joined(separator: ", ")) yet"
        case .fonts(let reason): "fonts: \(reason)"
        case .libass(let reason): reason
        case .render(let time, let reason): "rendering at \(time) ms: \(reason)"
        case .noCaptions: "no captions to verify"
        }
    }

    /// Nothing to verify is malformed input (65); what verification needs and could not get (the
    /// compiler's support, fonts, libass, a frame) is unreadable (66).
    public var failure: FailureKind {
        switch self {
        case .noCaptions: .malformed
        case .unsupported, .fonts, .libass, .render: .unreadable
        }
    }
}
