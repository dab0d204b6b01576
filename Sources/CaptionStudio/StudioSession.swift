import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionPipeline
import CaptionRender
import CaptionStyles
import CaptionVideo
import Foundation

/// What one studio edits: a video, its captions and a style. The captions and the style change as the
/// page edits them; every change makes a new `Snapshot` (pages, style, renderer), so an overlay being
/// drawn keeps the state it started with and the next one sees the change.
public final class StudioSession: @unchecked Sendable {
    // Unchecked: `current` and the edit state are only read and written under `lock`.

    /// The files named on the command line: the only files the studio serves or protects.
    public struct Inputs: Sendable {
        public var video: String
        public var captions: String
        public var format: String?
        public var preset: String?
        public var styleFile: String?
        public var stylesDirectory: String?
        /// Which subtitle track to read when `captions` is a video file.
        public var track: TrackSelection
        /// The timeline's shot changes.
        public var shots: StudioShotChanges.Source
        /// Gives captions read without word timings their words (`--align-audio`: from the video's
        /// speech); applied once, when the session starts.
        public var addWords: (@Sendable (CaptionDocument) throws -> CaptionDocument)?
        public init(video: String, captions: String, format: String? = nil, preset: String? = nil,
                    styleFile: String? = nil, stylesDirectory: String? = nil, track: TrackSelection = TrackSelection(),
                    shots: StudioShotChanges.Source = .none,
                    addWords: (@Sendable (CaptionDocument) throws -> CaptionDocument)? = nil) {
            self.video = video; self.captions = captions; self.format = format; self.track = track
            self.preset = preset; self.styleFile = styleFile; self.stylesDirectory = stylesDirectory
            self.shots = shots
            self.addWords = addWords
        }
    }

    /// One state of the session, immutable once made.
    public struct Snapshot: Sendable {
        public let version: Int
        /// The style as the user set it (what the style panel shows and saves).
        public let style: CaptionStyle
        /// The pages and the style as drawn (`StyledPages.prepare`: markup read, speaker palette
        /// assigned); `renderer.style` is the latter.
        public let pages: [CaptionEvent]
        public let renderer: CaptionFrameRenderer
        /// An ASS or SSA input in its own look, drawn by libass instead of `renderer` (`pages` are then
        /// its events as read); nil once the page restyles or edits it, and for any other input.
        public let script: StudioScript?
    }

    public let inputs: Inputs
    public let library: StyleLibrary
    /// The video as displayed (rotation applied), its frame rate and length.
    public let geometry: VideoGeometry
    /// Warnings from reading the captions, for the page.
    public let readWarnings: [String]
    /// The video's shot changes, for the timeline (found in the background when asked to).
    public let shotChanges: StudioShotChanges
    /// The video's waveform, for the timeline (computed in the background).
    public let waveform: StudioWaveform
    /// Where the video's sound has speech, for the timeline and snapping (detected in the background).
    public let speech: StudioSpeech

    private let lock = NSLock()
    private let source: CaptionDocument
    private let wordTimed: Bool
    /// The captions as the page last sent them; until then the source paged by the style.
    private var edited: CaptionDocument?
    /// The states `edited` had before, to undo to, and those undone, to redo.
    private var history = CaptionHistory()
    /// `edited` kept beside the captions after every change; `autosaveProblem` when that failed.
    let autosave: StudioAutosave
    private var autosaveProblem: String?
    private var autosaveOffer: (data: Data, modified: Date, events: Int)?
    /// A preset or style was asked for (on the command line, or by the page since): an ASS input then
    /// loses its own look, as in every command.
    private var restyled: Bool
    /// The style file the page last sent (or `--style`'s), as JSON, and the preset under it.
    private var styleObject: [String: Any]
    private var preset: String
    private var current: Snapshot
    /// Shared by every snapshot's renderer: fonts and glyphs stay loaded across style changes.
    private let engine = LayoutEngine()

    public init(_ inputs: Inputs) throws {
        self.inputs = inputs
        restyled = inputs.preset != nil || inputs.styleFile != nil
        library = try StyleLibrary.locate(explicit: inputs.stylesDirectory)
        do { geometry = try MediaProbe.geometry(of: inputs.video) } catch {
            throw StudioError(error.exitCode == 66 ? 404 : 415, error.message)
        }
        let read = try CaptionSource.read(path: inputs.captions, format: inputs.format, track: inputs.track)
        readWarnings = read.diagnostics.map { "\(inputs.captions):\($0)" }
        wordTimed = read.wordTimedSource != nil
        if !wordTimed, let addWords = inputs.addWords { source = try addWords(read.document) } else { source = read.document }
        var file: StyleFile?
        styleObject = [:]
        if let path = inputs.styleFile {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw StyleError(.missing, "\(path): cannot read the style file")
            }
            file = try StyleFile(json: data, source: path)
            styleObject = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            styleObject.removeValue(forKey: "extends")
        }
        // The command line's preset outranks the file's `extends`, as in every other command.
        preset = inputs.preset ?? file?.extends ?? StyleLibrary.defaultPreset
        let style = try library.style(preset: preset, file: file)
        autosave = StudioAutosave(captions: inputs.captions)
        autosaveOffer = autosave.found()
        // Last: a detection starts only once every input has been read.
        shotChanges = StudioShotChanges(inputs.shots)
        waveform = StudioWaveform(video: inputs.video)
        speech = StudioSpeech(video: inputs.video)
        current = Self.snapshot(version: 1, style: style, pages: Self.pages(source: source, wordTimed: wordTimed, edited: nil, style: style),
                                stylesheets: source.stylesheets, geometry: geometry, engine: engine,
                                script: Self.ownScript(source: source, wordTimed: wordTimed, edited: nil, restyled: restyled))
    }

    public var snapshot: Snapshot { lock.withLock { current } }

    // MARK: Style

    /// The style file as the page edits it: the keys it sets, and `extends` naming the preset beneath.
    public func styleFileJSON() -> Data {
        lock.withLock {
            var object = styleObject
            object["extends"] = preset
            return Self.data(object)
        }
    }

    /// Every field of the current style, as a complete style file (what the style panel shows).
    public func resolvedStyleJSON() -> Data {
        Self.data(StyleField.styleJSON(of: snapshot.style))
    }

    /// A new style file from the page: checked by the loader (422 with its messages, each naming its
    /// field), then applied to its `extends` preset (else the command line's), replacing the last one.
    public func replaceStyle(json data: Data) throws(StudioError) {
        let file: StyleFile
        let style: CaptionStyle
        let base: String
        do {
            file = try StyleFile(json: data, source: "style")
            base = file.extends ?? lock.withLock { preset }
            style = try library.style(preset: base, file: file)
        } catch let error as StyleError {
            throw .unprocessable(error.problems)
        } catch {
            throw .unprocessable(["style: \(error)"])
        }
        var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        object.removeValue(forKey: "extends")
        lock.withLock {
            styleObject = object
            preset = base
            restyled = true
            current = next(style: style)
        }
    }

    // MARK: Captions

    /// The captions as shown (pages), in the toolkit's JSON.
    public func captionsJSON() -> Data {
        Data(CaptionJSONFormat.write(document(), options: WriteOptions()).text.utf8)
    }

    /// New captions from the page, in the toolkit's JSON. A caption whose text no longer matches its
    /// words gets the words re-timed onto the new text (`CaptionEditing.reconcile`); words are kept
    /// inside their caption. From then on the pages are these: paging fields no longer regroup words.
    public func replaceCaptions(json data: Data) throws(StudioError) {
        let result: ParseResult
        do {
            result = try CaptionJSONFormat.read(DecodedText(utf8: InputBytes([UInt8](data)), sourceName: "captions"))
        } catch {
            throw .unprocessable(["\(error)"])
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw .unprocessable(errors.map { "captions:\($0)" }) }
        var document = result.document
        document.events = document.events.map(CaptionEditing.reconcile)
        lock.withLock {
            history.record(edited)
            setEdited(document)
        }
    }

    /// Undoes the last change of the captions (`false`: there was none).
    public func undoCaptions() -> Bool {
        lock.withLock {
            guard let previous = history.undo(from: edited) else { return false }
            setEdited(previous)
            return true
        }
    }

    /// Redoes the last change undone (`false`: there was none).
    public func redoCaptions() -> Bool {
        lock.withLock {
            guard let next = history.redo(from: edited) else { return false }
            setEdited(next)
            return true
        }
    }

    /// How many changes can be undone and redone, and whether the last autosave failed (and why).
    public var editState: (undo: Int, redo: Int, autosaveProblem: String?) {
        lock.withLock { (history.counts.undo, history.counts.redo, autosaveProblem) }
    }

    /// The captions become `document` (nil: as read), kept in the autosave; called under the lock.
    private func setEdited(_ document: CaptionDocument?) {
        edited = document
        current = next(style: current.style)
        // The page's JSON is the whole document (metadata, regions and stylesheets with the captions).
        autosaveProblem = autosave.keep(document)
        // Written over by this session's edits: whatever an earlier one left is gone.
        autosaveOffer = nil
    }

    // MARK: Autosave

    /// What an earlier session on these captions left in the autosave, until the page restores or
    /// discards it, or this session's first change writes over it.
    public var pendingAutosave: (events: Int, modified: Date)? {
        lock.withLock { autosaveOffer.map { ($0.events, $0.modified) } }
    }

    /// The earlier session's captions become the captions, as one change (undoable).
    public func restoreAutosave() throws(StudioError) {
        guard let offer = lock.withLock({ autosaveOffer }) else { throw StudioError(409, "no autosaved captions to restore") }
        try replaceCaptions(json: offer.data)
    }

    /// The earlier session's captions are not wanted: the side file goes (unless this session has
    /// written its own since).
    public func discardAutosave() {
        lock.withLock {
            guard autosaveOffer != nil else { return }
            autosaveOffer = nil
            if edited == nil { autosave.remove() }
        }
    }

    /// The captions were saved to a file: the edits are safe there, and the side file goes.
    public func captionsSaved() {
        lock.withLock {
            guard autosaveOffer == nil else { return }
            autosave.remove()
        }
    }

    /// The document being edited: the source's metadata and styles with the captions as shown.
    public func document() -> CaptionDocument {
        let pages = snapshot.pages
        var document = source
        document.events = pages
        return document
    }

    // MARK: -

    /// The state after an edit; called under the lock.
    private func next(style: CaptionStyle) -> Snapshot {
        Self.snapshot(version: current.version + 1, style: style,
                      pages: Self.pages(source: source, wordTimed: wordTimed, edited: edited, style: style),
                      stylesheets: source.stylesheets, geometry: geometry, engine: engine,
                      script: Self.ownScript(source: source, wordTimed: wordTimed, edited: edited, restyled: restyled))
    }

    /// The source when it keeps its own look: an ASS or SSA script that neither the command line nor
    /// the page has restyled, and whose captions the page has not edited (the page's captions are the
    /// toolkit's JSON, which holds no override tags).
    private static func ownScript(source: CaptionDocument, wordTimed: Bool, edited: CaptionDocument?, restyled: Bool) -> CaptionDocument? {
        guard edited == nil,
              CaptionInput(document: source, wordTimed: wordTimed).keepsOwnLook(restyled: restyled, overrides: PagingOverrides(), secondary: false)
        else { return nil }
        return source
    }

    /// The captions shown: the page's edits once there are any, else the source paged by the style when
    /// it is a speech-to-text tool's words (as `captions render` pages them), else the source's cues.
    private static func pages(source: CaptionDocument, wordTimed: Bool, edited: CaptionDocument?, style: CaptionStyle) -> [CaptionEvent] {
        if let edited { return edited.events }
        return CaptionInput(document: source, wordTimed: wordTimed).document(paging: style.paging).events
    }

    private static func snapshot(version: Int, style: CaptionStyle, pages: [CaptionEvent], stylesheets: [String], geometry: VideoGeometry,
                                 engine: LayoutEngine, script: CaptionDocument?) -> Snapshot {
        // A script in its own look is drawn by libass; its events are the pages the timeline shows
        // (and what the frame states are worked out from), as `captions render` stacks them.
        if let script, let own = try? StudioScript(document: script, width: geometry.width, height: geometry.height) {
            let renderer = CaptionFrameRenderer(style: style, width: geometry.width, height: geometry.height, engine: engine)
            try? renderer.stack(script.events)
            return Snapshot(version: version, style: style, pages: script.events, renderer: renderer, script: own)
        }
        // The source's WebVTT STYLE blocks are drawn (edits keep the classes and voices they select).
        let drawn = DrawnCaptions.prepare(pages, style: style, stylesheets: stylesheets)
        let renderer = CaptionFrameRenderer(style: drawn.style, width: geometry.width, height: geometry.height, engine: engine)
        // Pages on screen together stacked; a font error comes back from the first frame drawn.
        try? renderer.stack(drawn.pages)
        return Snapshot(version: version, style: style, pages: drawn.pages, renderer: renderer, script: nil)
    }

    static func data(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
