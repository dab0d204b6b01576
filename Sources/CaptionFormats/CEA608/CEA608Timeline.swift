import CaptionModel

/// Turns the decoder's screen, as it changes, into caption events: one per screen state, from the
/// change that showed it to the next change (ttconv's "one cue per screen state"). Empty screens and
/// states shown for no time make no event.
///
/// Two kinds of change. A *structural* one (EOC's swap, EDM, a roll-up CR, a roll-up window that
/// moves or shrinks) always starts a new state, even when the screen looks the same and is empty: a
/// roll-up CR on an empty screen still dates the row that follows it. *Growth* (characters written
/// straight to the screen in roll-up and paint-on, and BS, DER and mid-row codes there) joins the
/// state just begun while it comes in one burst: less than `burstGap` after the previous change and
/// within `burstLimit` of the state's start. An encoder sends a roll-up row's characters in the
/// frames right after its CR (32 characters take 16 frames, about half a second); one event per
/// character would make a subtitle file of one-frame cues, so the row is dated from its CR, as
/// ttconv dates it. Characters that arrive later (a live captioner's pauses) start a state of their own.
struct CEA608Timeline {
    /// Ten frames at 29.97: more than the control codes (doubled RU, CR, PAC, tab offset) an encoder
    /// puts between a CR and the row's first character.
    static let burstGap: Milliseconds = 334
    /// A growing state is dated from its start for at most a second, so text never shows much earlier
    /// than it arrived.
    static let burstLimit: Milliseconds = 1000
    /// How long a caption still on screen when the stream ends without a time stays (ttconv gives 10 s,
    /// pycaption 4 s): long enough to read a full 4-row caption.
    static let defaultLastDuration: Milliseconds = 5000

    /// The state on screen: when it began and last grew. Its content is the decoder's screen, which
    /// is handed in whenever the state ends, so growth costs no copy of the screen.
    private struct State {
        var start: Milliseconds
        var lastChange: Milliseconds
        /// Begun by an EOC: a caption of its own even when it repeats the one before it.
        var isNewCaption = false
    }

    private var open: State?
    private(set) var events: [CaptionEvent] = []

    /// A structural change at `time` turned the screen `before` into `after`. `newCaption`: an EOC
    /// popped a caption on, a new event even when it shows what was already there (a caption sent
    /// again), as ttconv and pycaption count it.
    mutating func structural(at time: Milliseconds, before: CEA608Screen, after: CEA608Screen, newCaption: Bool = false) {
        if !newCaption, open != nil, before == after {
            // Nothing visible changed. An empty screen is re-dated, so text growing into it starts here.
            if after.isEmpty { open = State(start: time, lastChange: time) }
            return
        }
        begin(at: time, ending: before)
        open?.isNewCaption = newCaption
    }

    /// Growth is about to change the screen, which shows `before`: it joins the state on screen while
    /// the burst lasts, else a new state begins.
    mutating func growth(at time: Milliseconds, before: CEA608Screen) {
        if let state = open, time - state.lastChange <= Self.burstGap, time - state.start <= Self.burstLimit {
            open?.lastChange = time
            return
        }
        begin(at: time, ending: before)
    }

    /// Ends the state showing `screen` at `time` (nil: `defaultLastDuration` after it began) and
    /// returns every event.
    mutating func finish(at time: Milliseconds?, screen: CEA608Screen) -> [CaptionEvent] {
        if let state = open {
            close(state, screen: screen, at: time.map { max($0, state.start) } ?? state.start + Self.defaultLastDuration)
            open = nil
        }
        return events
    }

    private mutating func begin(at time: Milliseconds, ending screen: CEA608Screen) {
        if let state = open { close(state, screen: screen, at: time) }
        open = State(start: time, lastChange: time)
    }

    private mutating func close(_ state: State, screen: CEA608Screen, at end: Milliseconds) {
        guard end > state.start else { return }
        // The events that ended where this state began: a block of rows this state leaves as it was
        // (a roll-up window moved within its half of the screen, a mid-row code at a row's end, the
        // other speaker's rows while one speaker's change) continues its event rather than splitting it.
        var open = Array(events.indices.reversed().prefix { events[$0].end == state.start })
        for (text, placement) in screen.rendered() {
            if !state.isNewCaption,
               let i = open.firstIndex(where: { events[$0].text == text && events[$0].placement == placement }) {
                events[open[i]].end = end
                open.remove(at: i)
                continue
            }
            events.append(CaptionEvent(start: state.start, end: end, text: text, placement: placement))
        }
    }
}
