/// What can go wrong setting libass up or feeding it a script; each message says what and where.
public enum LibassError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `ass_library_init` or `ass_renderer_init` returned nothing (out of memory, broken libass).
    case initializationFailed(String)
    /// A font file given to the renderer could not be read.
    case unreadableFont(path: String)
    /// No font files were given: libass with no font provider would silently draw nothing.
    case noFonts
    /// The frame size is not positive.
    case invalidSize(width: Int, height: Int)
    /// `ass_read_memory` rejected the script (empty, not ASS, or not UTF-8).
    case unreadableScript

    public var description: String {
        switch self {
        case .initializationFailed(let call): "libass: \(call) failed"
        case .unreadableFont(let path): "libass: cannot read font file \(path)"
        case .noFonts: "libass: no font files given (libass would draw nothing)"
        case .invalidSize(let w, let h): "libass: invalid frame size \(w)x\(h)"
        case .unreadableScript: "libass: the ASS script could not be read"
        }
    }
}
