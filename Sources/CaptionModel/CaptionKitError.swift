/// An error that carries the exit code the `captions` command line exits with for it.
///
/// The errors of the read, style, render and ASS pipeline conform: `CaptionFormatError` (reading and
/// writing caption files), `StyleError` (presets and style files), `FontError` (no usable font for a
/// style) and `PNGFileError` (reading and writing PNGs), and `VideoError` (decoding, burning,
/// encoding). A program that uses the library can report any of them in one `catch`:
///
/// ```swift
/// } catch {
///     FileHandle.standardError.write(Data("my-tool: \(error)\n".utf8))
///     exit((error as? any CaptionKitError)?.exitCode ?? 1)
/// }
/// ```
///
/// The codes are sysexits.h's: 64 a wrong request (an unknown preset or format name), 65 malformed
/// input, 66 input missing or unreadable, 73 output cannot be written, and 130 an interrupted burn.
public protocol CaptionKitError: Error, Sendable, CustomStringConvertible {
    /// The exit code `captions` uses for this error (64, 65, 66, 73 or 130).
    var exitCode: Int32 { get }
}
