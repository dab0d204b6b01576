import CaptionModel

/// Everything that decides how captions look and move. Styles are data: `Styles/*.json` holds the
/// presets, and a style file may set any subset of these fields on top of a preset.
///
/// Lengths (font size, stroke, shadow offsets and blur, padding, corner radius, margins, spacing) are
/// pixels of a reference frame whose shorter side is 1080 (a 1080x1920 portrait video); renderers scale
/// them by the output's shorter side / 1080, so a 720x1280 render looks like a smaller 1080x1920 one.
public struct CaptionStyle: Sendable, Hashable {
    /// The preset's name (`StyleLibrary.preset(named:)` sets it); "custom" for a style built in code.
    public var name = "custom"
    /// One line for `captions presets`.
    public var summary = ""

    // MARK: Font
    /// A fontconfig family name.
    public var fontFamily = "DejaVu Sans"
    /// An explicit font file, used instead of asking fontconfig (reproducible renders and tests).
    public var fontFile: String?
    /// Families or font files tried, in order, for characters the main font lacks (CJK, emoji, Arabic).
    public var fallbackFonts: [String] = ["Droid Sans Fallback", "Symbola"]
    /// A colour emoji font (family or file) the native renderer draws emoji from, in colour, where the
    /// layout placed them with a fallback font; nil, or a font that cannot be found, keeps the
    /// monochrome fallback (which is what libass draws from the ASS).
    public var emojiFont: String? = "Noto Color Emoji"
    /// CSS weight, 100 to 900 (400 regular, 700 bold).
    public var fontWeight = 700
    /// ASS convention: the font's ascender plus descender span this many pixels.
    public var fontSize = 80.0
    public var uppercase = false

    // MARK: Colours (sRGB, straight alpha)
    public var textColor = RGBAColor.white
    /// The spoken word (or spoken part) in karaoke modes.
    public var highlightColor = RGBAColor(red: 255, green: 221, blue: 0)
    /// Words not yet spoken, in modes that dim them (three-state).
    public var upcomingColor = RGBAColor(red: 255, green: 255, blue: 255, alpha: 110)
    public var strokeColor = RGBAColor.black
    public var strokeWidth = 6.0

    // MARK: Shadow
    public var shadow = Shadow()

    public struct Shadow: Sendable, Hashable {
        public var color = RGBAColor.black
        /// Multiplies the colour's alpha (0 = no shadow).
        public var opacity = 0.0
        /// Gaussian blur radius (about 2 sigma).
        public var blur = 0.0
        public var offsetX = 0.0
        public var offsetY = 0.0
        public init() {}

        /// The colour with the opacity folded into its alpha, as the compiled ASS's style row carries
        /// it and the native painter blends it.
        public var drawnColor: RGBAColor {
            var c = color
            c.alpha = RGBAColor.alpha(c.alpha, times: opacity)
            return c
        }
    }

    // MARK: Boxes
    /// A box behind each line or the whole page; nil for none.
    public var box: Box?
    /// A box behind the spoken word only (background-by-word); nil for none.
    public var wordBox: Box?

    public struct Box: Sendable, Hashable {
        public enum Scope: String, Sendable, Hashable { case line, page }
        public var color = RGBAColor(red: 0, green: 0, blue: 0, alpha: 160)
        public var paddingX = 16.0
        public var paddingY = 8.0
        public var cornerRadius = 12.0
        public var scope = Scope.line
        public init() {}
    }

    // MARK: Placement
    /// Numeric-keypad anchor: 1-3 bottom, 4-6 middle, 7-9 top (left, centre, right).
    public var anchor = 2
    /// The safe area: text stays inside these margins.
    public var marginLeft = 60.0
    public var marginRight = 60.0
    public var marginTop = 120.0
    public var marginBottom = 320.0
    /// Line height as a multiple of the font size.
    public var lineSpacing = 1.2
    /// Extra pixels between words.
    public var wordSpacing = 0.0

    // MARK: Motion
    public var fadeIn: Milliseconds = 0
    public var fadeOut: Milliseconds = 0
    /// Pixels the page rises from as it appears (0 = no slide), over `slideDuration`.
    public var slideDistance = 0.0
    public var slideDuration: Milliseconds = 0

    // MARK: Karaoke
    public var karaoke = Karaoke()

    public struct Karaoke: Sendable, Hashable {
        public enum Mode: String, Sendable, Hashable, CaseIterable {
            /// No word-level effect.
            case none
            /// Only the spoken word takes the highlight colour.
            case highlight
            /// A box (`wordBox`) sits behind the spoken word.
            case background
            /// The spoken word grows to `scale`, in place.
            case scale
            /// The highlight sweeps left to right through each word as it is spoken.
            case fill
            /// Spoken words stay highlighted.
            case cumulative
            /// Upcoming words dimmed, the spoken word highlighted, past words normal.
            case threeState = "three-state"
            /// Each word appears when spoken, scaling from `popFrom` to 1 with an overshoot.
            case popIn = "pop-in"
            /// Characters appear across each word's duration.
            case typewriter
            /// Within the spoken word each character takes the highlight colour in turn.
            case letter
            /// Each word fades in as it is spoken.
            case fadeIn = "fade-in"
            /// Each word rises into place (and fades in) as it is spoken.
            case slideUp = "slide-up"
            /// The spoken word is highlighted and bounces.
            case bounce
        }
        public var mode = Mode.none
        /// The spoken word's scale (scale mode).
        public var scale = 1.2
        /// Ease-in-out transition time into and out of the spoken state.
        public var transition: Milliseconds = 150
        /// Pop-in's starting scale and peak overshoot.
        public var popFrom = 0.8
        public var popOvershoot = 1.08
        /// How far a word moves (reference px): bounce's height, slide-up's starting depth.
        public var rise = 24.0
        public init() {}
    }

    // MARK: Frame shape
    /// What changes on a landscape frame (wider than tall): `plain`'s puts subtitles where players do.
    /// nil draws every frame alike. Applied where the style meets a frame (`forFrame`).
    public var landscape: StylePatch?

    /// This style for a frame of `width` x `height`: with `landscape` applied on a landscape frame (and
    /// then no `landscape` of its own), unchanged otherwise.
    public func forFrame(width: Int, height: Int) -> CaptionStyle {
        guard width > height, let landscape else { return self }
        var style = landscape.applied(to: self)
        style.landscape = nil
        return style
    }

    // MARK: Speakers and emphasis
    /// Styles per speaker label (from diarization or WebVTT `<v>`); nil draws everyone alike.
    public var speakers: Speakers?

    public enum Speakers: Sendable, Hashable {
        /// A palette assigned in order of first appearance (`SpeakerPalette`); `StyledPages.prepare`
        /// turns it into `.styles` for the captions at hand.
        case auto
        /// A partial style per label.
        case styles([String: StylePatch])
    }

    /// Words drawn differently from the rest (`Emphasis`).
    public var emphasis = Emphasis()

    public struct Emphasis: Sendable, Hashable {
        public enum Rule: String, Sendable, Hashable, CaseIterable {
            case none
            /// Words with a digit in them: "3", "$40", "10%", "2024".
            case numbers
            /// The page's longest word (letters and digits counted; the first of equals).
            case longestWordPerPage = "longest-word-per-page"
        }
        /// Words emphasised wherever they occur (case and surrounding punctuation ignored).
        public var words: [String] = []
        /// Regular expressions; a word (without surrounding punctuation) that one matches is emphasised.
        public var patterns: [String] = []
        /// `*word*` in caption text and `<b>` spans mark emphasis (the asterisks are removed).
        public var markup = false
        public var rule = Rule.none
        /// The emphasised word's text colour; nil keeps the style's.
        public var color: RGBAColor?
        /// Its colour while spoken; nil keeps the style's highlight colour.
        public var highlightColor: RGBAColor?
        /// A box behind every emphasised word (the spoken word's box, in modes that have one, wins).
        public var box: Box?
        /// The emphasised words' size, as a multiple of `font_size`: they are laid out larger and their
        /// neighbours make room.
        public var scale = 1.0
        /// Their font weight (the family's nearest face); nil keeps the style's.
        public var fontWeight: Int?
        public init() {}

        /// Whether anything can be emphasised at all.
        public var isActive: Bool { !words.isEmpty || !patterns.isEmpty || markup || rule != .none }
    }

    // MARK: Bilingual captions
    /// How a second caption file (`--secondary`, typically a translation) is shown with these captions.
    public var secondary = Secondary()

    public struct Secondary: Sendable, Hashable {
        public enum Position: String, Sendable, Hashable, CaseIterable { case below, above }
        public var position = Position.below
        public var fontSize = 56.0
        public var textColor = RGBAColor(red: 255, green: 255, blue: 255, alpha: 230)
        public var strokeWidth = 4.0
        /// Pixels between the two blocks' reserved areas.
        public var gap = 16.0
        /// Lines kept for the secondary block, so that neither block moves when the other changes.
        public var lines = 2
        public init() {}
    }

    /// Set by `StyledPages.prepare` when secondary captions are shown: the main captions then keep
    /// room for them (not a style-file field).
    public var showsSecondary = false

    // MARK: Paging defaults for word-timed input
    /// How this style groups word timings into pages (a preset's `paging` fields on top of
    /// `PagingOptions()`); pass it to `CaptionPager.page`.
    public var paging = PagingOptions()

    public init() {}
}
