import CaptionRender

/// One still caption for `PGSWriter`: shown from `start` to `end` (milliseconds), drawn as `image`
/// (straight-alpha RGBA) whose top-left corner is at `x`, `y` in the video: a frame-sized image at 0, 0,
/// or the cropped caption area where it sits.
public struct PGSCaption: Sendable {
    public var start: Int
    public var end: Int
    public var image: RGBAImage
    public var x: Int
    public var y: Int

    public init(start: Int, end: Int, image: RGBAImage, x: Int = 0, y: Int = 0) {
        self.start = start; self.end = end; self.image = image; self.x = x; self.y = y
    }
}
