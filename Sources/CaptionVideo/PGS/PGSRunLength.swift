/// The PGS run-length code of an 8-bit indexed bitmap, line by line:
/// - `C` (non-zero): one pixel of colour C;
/// - `00 0L` (L 1...63) and `00 4L LL` (L 64...16383): L pixels of colour 0;
/// - `00 8L C` (L 3...63) and `00 CL LL C` (L 64...16383): L pixels of colour C;
/// - `00 00`: end of line.
/// One or two pixels of a non-zero colour are cheaper written literally than as a run.
public enum PGSRunLength {
    public static let maximumRun = 16383

    public static func encode(_ bitmap: PGSIndexedBitmap) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bitmap.width * bitmap.height / 4 + bitmap.height * 2)
        bitmap.indices.withUnsafeBufferPointer { pixels in
            for row in 0..<bitmap.height {
                let line = row * bitmap.width
                var x = 0
                while x < bitmap.width {
                    let colour = pixels[line + x]
                    var run = 1
                    while x + run < bitmap.width && run < maximumRun && pixels[line + x + run] == colour { run += 1 }
                    appendRun(colour, run, to: &out)
                    x += run
                }
                out += [0, 0]
            }
        }
        return out
    }

    static func appendRun(_ colour: UInt8, _ run: Int, to out: inout [UInt8]) {
        if colour == 0 {
            if run < 64 { out += [0, UInt8(run)] } else { out += [0, 0x40 | UInt8(run >> 8), UInt8(run & 0xFF)] }
        } else if run < 3 {
            out += [UInt8](repeating: colour, count: run)
        } else if run < 64 {
            out += [0, 0x80 | UInt8(run), colour]
        } else {
            out += [0, 0xC0 | UInt8(run >> 8), UInt8(run & 0xFF), colour]
        }
    }

    public struct DecodeError: Error, Sendable, CustomStringConvertible {
        /// The offset in the run-length data where decoding failed.
        public var offset: Int
        public var reason: String
        public var description: String { "run-length data byte \(offset): \(reason)" }
    }

    /// The bitmap `data` codes, which must fill exactly `width` × `height` pixels.
    /// The most pixels an object may have: an 8K frame's (a Blu-ray decoder holds 4 MiB of objects).
    public static let maximumPixels = 7680 * 4320

    public static func decode(_ data: [UInt8], width: Int, height: Int) throws(DecodeError) -> PGSIndexedBitmap {
        // Checked before the bitmap is allocated: a size the data cannot fill is refused, not reserved.
        // Every line takes an end of line (2 bytes) and at least a byte per 16383 pixels.
        guard width * height <= maximumPixels else {
            throw DecodeError(offset: 0, reason: "an object of \(width)x\(height) pixels (at most \(maximumPixels), an 8K frame)")
        }
        guard data.count >= height * (2 + (width + 16382) / 16383) else {
            throw DecodeError(offset: 0, reason: "\(data.count) bytes cannot code \(height) lines of \(width) pixels")
        }
        var indices = [UInt8](repeating: 0, count: width * height)
        var i = 0, x = 0, y = 0
        func need(_ n: Int) throws(DecodeError) {
            guard i + n <= data.count else { throw DecodeError(offset: i, reason: "the data ends inside a run") }
        }
        while i < data.count {
            let start = i
            guard y < height else { throw DecodeError(offset: i, reason: "more lines than the object's height \(height)") }
            var colour: UInt8 = 0, run = 1
            let first = data[i]; i += 1
            if first != 0 {
                colour = first
            } else {
                try need(1)
                let flags = data[i]; i += 1
                if flags == 0 {
                    guard x == width else { throw DecodeError(offset: start, reason: "line \(y) ends after \(x) of \(width) pixels") }
                    x = 0; y += 1
                    continue
                }
                run = Int(flags & 0x3F)
                if flags & 0x40 != 0 { try need(1); run = run << 8 | Int(data[i]); i += 1 }
                if flags & 0x80 != 0 { try need(1); colour = data[i]; i += 1 }
                guard run > 0 else { throw DecodeError(offset: start, reason: "a run of length 0") }
            }
            guard x + run <= width else { throw DecodeError(offset: start, reason: "line \(y) runs past the object's width \(width)") }
            if colour != 0 { for k in 0..<run { indices[y * width + x + k] = colour } }
            x += run
        }
        guard y == height, x == 0 else {
            throw DecodeError(offset: data.count, reason: "the data ends after \(y) of \(height) lines")
        }
        return PGSIndexedBitmap(width: width, height: height, indices: indices)
    }
}
