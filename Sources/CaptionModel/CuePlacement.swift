/// Where a cue goes on screen, as the input said it: WebVTT cue settings, an SRT/ASS `{\anN}` or
/// `{\pos(x,y)}` override, or SRT `X1: X2: Y1: Y2:` coordinates. Defaults mean "the style decides".
public struct CuePlacement: Sendable, Hashable {
    public enum Vertical: String, Sendable, Hashable { case horizontal = "", rl, lr }
    public enum Line: Sendable, Hashable {
        case auto
        /// A line number (WebVTT `line:-1`): snap-to-lines is on.
        case number(Double)
        /// A percentage of the video height (WebVTT `line:10%`): snap-to-lines is off.
        case percent(Double)
    }
    public enum LineAlign: String, Sendable, Hashable { case start, center, end }
    public enum PositionAlign: String, Sendable, Hashable { case auto, lineLeft = "line-left", center, lineRight = "line-right" }
    public enum TextAlign: String, Sendable, Hashable {
        case start, center, end, left, right
        /// The numeric-keypad column it aligns to: 0 left, 1 centre, 2 right (start and end as in
        /// left-to-right text).
        public var column: Int {
            switch self { case .start, .left: 0; case .center: 1; case .end, .right: 2 }
        }
    }
    public struct Point: Sendable, Hashable {
        public var x: Double, y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }
    /// A box in percent of the video's width and height, from its top-left corner.
    public struct Area: Sendable, Hashable {
        public var x: Double, y: Double, width: Double, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }
    public struct Rect: Sendable, Hashable {
        public var x1: Int, x2: Int, y1: Int, y2: Int
        public init(x1: Int, x2: Int, y1: Int, y2: Int) { self.x1 = x1; self.x2 = x2; self.y1 = y1; self.y2 = y2 }
    }

    public var vertical: Vertical = .horizontal
    public var line: Line = .auto
    public var lineAlign: LineAlign = .start
    /// Percent of the video width; nil is WebVTT's `auto`.
    public var position: Double?
    public var positionAlign: PositionAlign = .auto
    /// Percent of the video width.
    public var size: Double = 100
    public var align: TextAlign = .center
    public var region: String?
    /// Numeric-keypad anchor from `{\anN}` (1 bottom-left ... 9 top-right).
    public var anchor: Int?
    /// `{\pos(x,y)}` in script pixels.
    public var point: Point?
    /// SRT coordinates after the timing.
    public var rect: Rect?
    /// The box the cue is set in, where the file gives one: a TTML region's `tts:origin` and
    /// `tts:extent`, a WebVTT region's box (its width, its lines, its anchors). The text is aligned
    /// inside it by `anchor` when set (TTML's `tts:displayAlign` and `tts:textAlign`), else at its
    /// bottom by `align` (a WebVTT region stacks its cues from the bottom).
    public var area: Area?

    public init() {}

    public var snapToLines: Bool {
        if case .percent = line { return false }
        return true
    }
}
