import CaptionModel

/// Shot-change files: the toolkit's JSON (`{"frame_rate": "25", "shot_changes": [{"frame": 125, "time": 5.000}]}`)
/// and the plain list of times subtitle editors exchange (Subtitle Edit's `.shotchanges`: one time in seconds
/// a line; EZTitles' lists of frames or `HH:MM:SS:FF` time codes); EZTitles' shot-change XML is read too.
/// See docs/shots.md.
public enum ShotChangesFile {
    /// Reads any of them, told apart by the content: JSON when the first non-blank character is `{`,
    /// EZTitles' XML when it is `<`, the plain list otherwise. `frameRate` turns the plain list's times into frames (a time maps to the frame
    /// on screen at it); a JSON file's own `frame_rate` wins over it.
    ///
    /// - Throws: `CaptionFormatError`: `.unreadable` (66) for a missing file, `.malformed` (65) naming the
    ///   file and the line (or JSON entry) that is not a shot change.
    public static func read(path: String, frameRate: FrameRate) throws -> ShotChanges {
        let bytes = try CaptionFileReader.readBytes(path)
        let text = bytes.withUnsafeBufferPointer { b -> String in
            // A byte-order mark, which Windows editors write, is not content.
            let start = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
            return String(decoding: UnsafeBufferPointer(rebasing: b[start...]), as: UTF8.self)
        }
        return try read(text: text, name: path, frameRate: frameRate)
    }

    /// The same, from text already read (`name` for messages): the fuzz target's entry.
    public static func read(text: String, name: String, frameRate: FrameRate) throws -> ShotChanges {
        let changes: ShotChanges
        switch text.utf8.first(where: { !ShotChangeLine.isSpace($0) }) {
        case UInt8(ascii: "{"): changes = try ShotChangesJSON.read(text, name: name, frameRate: frameRate)
        case UInt8(ascii: "<"): changes = try ShotChangesXML.read(text, name: name, frameRate: frameRate)
        default: changes = try ShotChangeList.read(text, name: name, frameRate: frameRate)
        }
        // Every form must write back as it read: the plain list's seconds have at most nine digits, so a
        // change after 999,999,999 s (31 years; a clock time's hours or a frame number can say more) is
        // refused rather than written as a line no reader takes, or overflowing the millisecond count.
        if let last = changes.frames.last {
            let rate = changes.frameRate
            let seconds = Double(last) * Double(rate.denominator) / Double(rate.numerator)
            guard seconds < 999_999_999 else {
                throw CaptionFormatError(.malformed, "\(name): a shot change at frame \(last) is \(Int(seconds)) s in: more than 999,999,999 s is out of range")
            }
        }
        return changes
    }

    /// `{"frame_rate": "25", "shot_changes": [{"frame": 125, "time": 5.000}, ...]}`, one change a line:
    /// the rate as `25` or `30000/1001`, times in seconds with three decimals (the frame's start).
    public static func json(_ changes: ShotChanges) -> String { ShotChangesJSON.text(changes) }

    /// One time a line in seconds with three decimals (`12.480`), the frame's start: what Subtitle Edit
    /// reads and writes.
    public static func plainTimes(_ changes: ShotChanges) -> String {
        changes.milliseconds.map { ShotChangeLine.seconds($0) + "\n" }.joined()
    }
}
