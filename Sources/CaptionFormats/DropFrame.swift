/// SMPTE drop-frame counting at 29.97 fps, shared by SCC and EBU STL (`STL30.01`) time codes: labels
/// run at 30 a second, and labels 0 and 1 of every minute except each tenth are skipped, so the labels
/// keep to the clock. A label count is `((H*60+M)*60+S)*30+F`; a frame number counts real frames.
enum DropFrame {
    /// The frame that a label count names, given the label's total minutes (`H*60+M`).
    static func frame(label: Int, totalMinutes: Int) -> Int {
        label - 2 * (totalMinutes - totalMinutes / 10)
    }

    /// The label count of frame `frame` (0 or more): 17982 frames every ten minutes, 1798 in each minute
    /// after the first of the ten, the skipped labels put back.
    static func label(frame: Int) -> Int {
        let tens = frame / 17982, rest = frame % 17982
        return frame + 18 * tens + (rest < 2 ? 0 : 2 * ((rest - 2) / 1798))
    }
}
