extension RGBAImage {
    /// The image scaled to cover `width`x`height` (keeping its aspect, centred, cropping the excess),
    /// sampled bilinearly: for background images of another size.
    public func resized(width newWidth: Int, height newHeight: Int) -> RGBAImage {
        guard width > 0, height > 0, newWidth > 0, newHeight > 0 else { return RGBAImage(width: max(newWidth, 0), height: max(newHeight, 0)) }
        if width == newWidth && height == newHeight { return self }
        let scale = max(Double(newWidth) / Double(width), Double(newHeight) / Double(height))
        let offsetX = (Double(width) * scale - Double(newWidth)) / 2
        let offsetY = (Double(height) * scale - Double(newHeight)) / 2
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        withUnsafePixels { src in
            for y in 0..<newHeight {
                let sy = min(max((Double(y) + 0.5 + offsetY) / scale - 0.5, 0), Double(height - 1))
                let y0 = Int(sy), y1 = min(y0 + 1, height - 1), fy = sy - Double(y0)
                for x in 0..<newWidth {
                    let sx = min(max((Double(x) + 0.5 + offsetX) / scale - 0.5, 0), Double(width - 1))
                    let x0 = Int(sx), x1 = min(x0 + 1, width - 1), fx = sx - Double(x0)
                    for c in 0..<4 {
                        let a = Double(src[(y0 * width + x0) * 4 + c]), b = Double(src[(y0 * width + x1) * 4 + c])
                        let d = Double(src[(y1 * width + x0) * 4 + c]), e = Double(src[(y1 * width + x1) * 4 + c])
                        let top = a + (b - a) * fx, bottom = d + (e - d) * fx
                        out[(y * newWidth + x) * 4 + c] = UInt8((top + (bottom - top) * fy).rounded())
                    }
                }
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out)
    }
}
