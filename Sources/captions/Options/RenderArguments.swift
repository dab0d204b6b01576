import ArgumentParser
import CaptionEdit
import CaptionLayout
import CaptionModel

/// A time on the command line: seconds (`3.25`) or a timestamp (`00:00:03.250`, `1:02.5`).
struct TimeArgument: ExpressibleByArgument, Hashable {
    var milliseconds: Milliseconds

    /// Never negative: a time in the media.
    init?(argument: String) {
        guard let ms = Timecode.parse(argument), ms >= 0 else { return nil }
        milliseconds = ms
    }
}

/// `--at T` or `--at A..B` (a range, with `--fps`).
struct TimeSpanArgument: ExpressibleByArgument {
    var start: TimeArgument
    var end: TimeArgument?

    init?(argument: String) {
        if let range = argument.range(of: "..") {
            guard let a = TimeArgument(argument: String(argument[..<range.lowerBound])),
                  let b = TimeArgument(argument: String(argument[range.upperBound...])), a.milliseconds <= b.milliseconds else { return nil }
            start = a; end = b
        } else {
            guard let a = TimeArgument(argument: argument) else { return nil }
            start = a; end = nil
        }
    }
}

/// `WIDTHxHEIGHT`, each 16...8192.
struct SizeArgument: ExpressibleByArgument, Hashable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) { self.width = width; self.height = height }

    var defaultValueDescription: String { "\(width)x\(height)" }

    init?(argument: String) {
        guard let size = FrameSize(parsing: argument) else { return nil }
        width = size.width; height = size.height
    }
}

/// `none` (transparent), a colour (`#RRGGBB`, `#RRGGBBAA`, or a name), or a PNG file.
enum BackgroundArgument: ExpressibleByArgument {
    var defaultValueDescription: String {
        switch self {
        case .none: "none"
        case .color(let c): c.hexString
        case .image(let path): path
        }
    }

    case none
    case color(RGBAColor)
    case image(String)

    init?(argument: String) {
        if argument == "none" { self = .none; return }
        if let color = RGBAColor(parsing: argument) { self = .color(color); return }
        guard argument.lowercased().hasSuffix(".png") else { return nil }
        self = .image(argument)
    }
}

/// `--shaping complex|simple` (render, burn, overlay): which of libass's shapers to draw as.
extension TextShaping: ExpressibleByArgument {}

extension ArgumentHelp {
    /// `--shaping`'s help, the same in every drawing command.
    static let shaping: ArgumentHelp = "complex (as players and the compiled ASS draw; default) or simple (as ffmpeg's -vf subtitles= burns: libass's simple shaper)."
}
