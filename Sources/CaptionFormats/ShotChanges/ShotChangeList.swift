import CaptionModel

/// A plain shot-change list: one change a line; blank lines and `#` comments are skipped.
enum ShotChangeList {
    static func read(_ text: String, name: String, frameRate: FrameRate) throws -> ShotChanges {
        var entries: [(line: Int, value: ShotChangeLine)] = []
        for (number, line) in lines(Array(text.utf8)) {
            guard let first = line.firstIndex(where: { !ShotChangeLine.isSpace($0) }), line[first] != UInt8(ascii: "#") else { continue }
            let last = line.lastIndex(where: { !ShotChangeLine.isSpace($0) })!
            let field = line[first...last]
            let shown = String(decoding: field.prefix(40), as: UTF8.self)
            do {
                guard let value = try ShotChangeLine.parse(field, rate: frameRate) else {
                    throw CaptionFormatError(.malformed, "\(name): line \(number): '\(shown)' is not a shot change "
                        + "(seconds like 12.480, a frame number, 12480ms, or a time code HH:MM:SS:FF)")
                }
                entries.append((number, value))
            } catch let problem as ShotChangeLine.Problem {
                throw CaptionFormatError(.malformed, "\(name): line \(number): '\(shown)': \(problem.message)")
            }
        }
        // Subtitle Edit writes seconds with a decimal point but a whole second as `12`: in a list with any
        // decimal time a bare number is seconds too; in a list of bare numbers only, frames (EZTitles).
        // Subtitle Edit's own import decides the same way (a '.' anywhere means seconds).
        let inSeconds = entries.contains { if case .time = $0.value { true } else { false } }
        let frames = entries.map { entry -> Int in
            switch entry.value {
            case .frame(let n): n
            case .time(let ms): frameRate.frame(containing: ms)
            case .whole(let n): inSeconds ? frameRate.frame(containing: n * 1000) : n
            }
        }
        return ShotChanges(frameRate: frameRate, frames: frames)
    }

    /// The lines and their 1-based numbers; LF, CRLF and CR each end one line.
    static func lines(_ bytes: [UInt8]) -> [(Int, ArraySlice<UInt8>)] {
        var out: [(Int, ArraySlice<UInt8>)] = []
        var start = 0, i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                out.append((out.count + 1, bytes[start..<i]))
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { out.append((out.count + 1, bytes[start...])) }
        return out
    }
}
