import CaptionModel

/// A bitmap track's display sets, as they are decoded, made into the cues they show: each set with
/// pictures until the next set that starts later (or its own end, if sooner), the same pictures shown
/// again while still on screen (a palette change, a fade) joined into one cue. A cue is handed on
/// (`emit`) as soon as a set that cannot join it arrives, so only a few sets' pictures are held at a
/// time however long the track: what keeps reading a film's subtitles as text flat in memory.
///
/// Sets are taken in order of their start. Decoders give them in packet order, which is display order
/// in every file seen; one that arrives late is put back in its place among the last `window` sets
/// (beyond that it is taken where it arrived).
struct ShownCues {
    /// How many sets wait to be taken: a set is taken once more than this many are waiting and a later
    /// one among them says where it ends.
    static let window = 8

    /// The sets waiting, in order of start (then of arrival).
    private var waiting: [PictureCue] = []
    /// The last cue made, still open to a set showing the same pictures.
    private var open: BitmapTrackText.Shown?
    /// The most sets (waiting or open) held at once: what a test of flat memory reads.
    private(set) var mostHeld = 0

    /// Takes the next decoded set; `emit` gets each cue once it can no longer change.
    mutating func add(_ set: PictureCue, emit: (BitmapTrackText.Shown) -> Void) {
        var k = waiting.count
        while k > 0, waiting[k - 1].start > set.start { k -= 1 }
        waiting.insert(set, at: k)
        mostHeld = max(mostHeld, waiting.count + (open == nil ? 0 : 1))
        while waiting.count > Self.window, waiting.dropFirst().contains(where: { $0.start > waiting[0].start }) {
            take(fileEnd: nil, emit: emit)
        }
    }

    /// The sets still waiting, ended by the file's end where nothing else ends them, and the open cue.
    mutating func finish(fileEnd: Milliseconds?, emit: (BitmapTrackText.Shown) -> Void) {
        while !waiting.isEmpty { take(fileEnd: fileEnd, emit: emit) }
        if let open { emit(open) }
        open = nil
    }

    private mutating func take(fileEnd: Milliseconds?, emit: (BitmapTrackText.Shown) -> Void) {
        let set = waiting.removeFirst()
        guard !set.pictures.isEmpty else { return }
        let next = waiting.first { $0.start > set.start }?.start
        // ffmpeg writes "until cleared" as a duration of 2^32 - 1 ms (VobSub in Matroska), and the
        // file's duration follows it: an end a day or more away is no end.
        func plausible(_ end: Milliseconds?) -> Milliseconds? {
            end.flatMap { $0 > set.start && $0 - set.start < 86_400_000 ? $0 : nil }
        }
        let end = [plausible(set.end), next].compactMap { $0 }.min() ?? plausible(fileEnd) ?? set.start + 5000
        if let last = open, last.pictures == set.pictures, last.end >= set.start {
            open?.end = max(last.end, end)
        } else if end > set.start {
            if let open { emit(open) }
            open = BitmapTrackText.Shown(start: set.start, end: end, pictures: set.pictures)
        }
    }
}
