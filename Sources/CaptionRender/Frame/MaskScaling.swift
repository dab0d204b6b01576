extension AlphaMask {
    /// The mask scaled by `s` about the frame point (cx, cy), sampled bilinearly: for the shadow of a
    /// word that grows in place, which is smooth (blurred), so resampling it loses nothing visible and
    /// costs a fraction of blurring it again.
    func scaled(by s: Double, aboutX cx: Double, y cy: Double) -> AlphaMask {
        guard s > 0, s.isFinite, !isEmpty else { return self }
        if s == 1 { return self }
        let minX = cx + (Double(x) - cx) * s, maxX = cx + (Double(x + width) - cx) * s
        let minY = cy + (Double(y) - cy) * s, maxY = cy + (Double(y + height) - cy) * s
        let left = Int(minX.rounded(.down)), top = Int(minY.rounded(.down))
        let w = Int(maxX.rounded(.up)) - left, h = Int(maxY.rounded(.up)) - top
        // The source with a one-pixel border of zeros, so sampling needs no bounds checks.
        let pw = width + 2, ph = height + 2
        var padded = [UInt16](repeating: 0, count: pw * ph)
        for row in 0..<height { for col in 0..<width { padded[(row + 1) * pw + col + 1] = UInt16(coverage[row * width + col]) } }
        // Per column: the left source sample (in padded coordinates) and its weight in 1/256.
        var columns = [(Int, Int)](repeating: (0, 0), count: w)
        for col in 0..<w {
            let fx = (Double(left + col) + 0.5 - cx) / s + cx - 0.5 - Double(x) + 1
            let x0 = min(max(Int(fx.rounded(.down)), 0), pw - 2)
            columns[col] = (x0, min(max(Int(((fx - Double(x0)) * 256).rounded()), 0), 256))
        }
        return padded.withUnsafeBufferPointer { src in
            AlphaMask(x: left, y: top, width: w, height: h) { out in
                let p = src.baseAddress!
                for row in 0..<h {
                    let fy = (Double(top + row) + 0.5 - cy) / s + cy - 0.5 - Double(y) + 1
                    let y0 = min(max(Int(fy.rounded(.down)), 0), ph - 2)
                    let ty = min(max(Int(((fy - Double(y0)) * 256).rounded()), 0), 256)
                    let r0 = p + y0 * pw, r1 = r0 + pw
                    let line = out.baseAddress! + row * w
                    for col in 0..<w {
                        let (x0, tx) = columns[col]
                        let a = Int(r0[x0]) * (256 - tx) + Int(r0[x0 + 1]) * tx
                        let b = Int(r1[x0]) * (256 - tx) + Int(r1[x0 + 1]) * tx
                        line[col] = UInt8(min(255, (a * (256 - ty) + b * ty + 32768) >> 16))
                    }
                }
            }
        }
    }
}
