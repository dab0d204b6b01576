import CaptionModel

/// Every key a style file may hold. Lengths are pixels of the 1080-short-side reference frame;
/// times are seconds. The bounds reject values that are surely mistakes (a negative padding, a
/// 50-weight font) and values large enough to make a renderer allocate absurd buffers.
extension StyleField {
    public static let all: [StyleField] = [
        // Not style settings: an editor's link to the schema, and the preset this file builds on.
        text("$schema", allowsEmpty: true) { _, _ in },
        text("extends") { _, _ in },
        text("summary", allowsEmpty: true) { $0.summary = $1 },

        text("font_family") { $0.fontFamily = $1 },
        optionalText("font_file") { $0.fontFile = $1 },
        textList("fallback_fonts") { $0.fallbackFonts = $1 },
        integer("font_weight", 100...900) { $0.fontWeight = $1 },
        number("font_size", .above(0, upTo: 1000)) { $0.fontSize = $1 },
        flag("uppercase") { $0.uppercase = $1 },

        color("text_color") { $0.textColor = $1 },
        color("highlight_color") { $0.highlightColor = $1 },
        color("upcoming_color") { $0.upcomingColor = $1 },
        color("stroke_color") { $0.strokeColor = $1 },
        number("stroke_width", NumberRange(0...100)) { $0.strokeWidth = $1 },

        object("shadow", [
            color("color") { $0.shadow.color = $1 },
            number("opacity", NumberRange(0...1)) { $0.shadow.opacity = $1 },
            number("blur", NumberRange(0...200)) { $0.shadow.blur = $1 },
            number("offset_x", NumberRange(-1000...1000)) { $0.shadow.offsetX = $1 },
            number("offset_y", NumberRange(-1000...1000)) { $0.shadow.offsetY = $1 },
        ]),
        box("box") { style, body in body(&style.box) },
        box("word_box") { style, body in body(&style.wordBox) },

        integer("anchor", 1...9) { $0.anchor = $1 },
        number("margin_left", NumberRange(0...10_000)) { $0.marginLeft = $1 },
        number("margin_right", NumberRange(0...10_000)) { $0.marginRight = $1 },
        number("margin_top", NumberRange(0...10_000)) { $0.marginTop = $1 },
        number("margin_bottom", NumberRange(0...10_000)) { $0.marginBottom = $1 },
        number("line_spacing", .above(0, upTo: 10)) { $0.lineSpacing = $1 },
        number("word_spacing", NumberRange(-100...1000)) { $0.wordSpacing = $1 },

        seconds("fade_in", NumberRange(0...60)) { $0.fadeIn = $1 },
        seconds("fade_out", NumberRange(0...60)) { $0.fadeOut = $1 },
        number("slide_distance", NumberRange(0...2000)) { $0.slideDistance = $1 },
        seconds("slide_duration", NumberRange(0...60)) { $0.slideDuration = $1 },

        object("karaoke", [
            choice("mode", noun: "karaoke mode", CaptionStyle.Karaoke.Mode.allCases) { $0.karaoke.mode = $1 },
            number("scale", .above(0, upTo: 5)) { $0.karaoke.scale = $1 },
            seconds("transition", NumberRange(0...10)) { $0.karaoke.transition = $1 },
            number("pop_from", NumberRange(0...1)) { $0.karaoke.popFrom = $1 },
            number("pop_overshoot", NumberRange(1...2)) { $0.karaoke.popOvershoot = $1 },
        ]),

        // The same limits as the paging flags of `convert` (which override these).
        object("paging", [
            integer("max_chars", 1...1000) { $0.paging.maxCharsPerLine = $1 },
            integer("max_lines", 1...100) { $0.paging.maxLines = $1 },
            optionalInteger("max_words", 1...500) { $0.paging.maxWordsPerPage = $1 },
            seconds("max_duration", NumberRange(0...86_400)) { $0.paging.maxDuration = $1 },
            seconds("min_duration", NumberRange(0...86_400)) { $0.paging.minDuration = $1 },
            seconds("max_gap", NumberRange(0...86_400)) { $0.paging.maxGap = $1 },
            optionalSeconds("hold_gap", NumberRange(0...86_400)) { $0.paging.holdGap = $1 },
            flag("break_after_sentence") { $0.paging.breakAfterSentence = $1 },
            flag("balance_lines") { $0.paging.balanceLines = $1 },
            flag("break_on_speaker_change") { $0.paging.breakOnSpeakerChange = $1 },
        ]),
    ]

    /// `box` and `word_box` take the same fields; `slot` hands the setters the box to change. A box
    /// object switches the box on (with the defaults for fields it leaves out), `null` switches it off.
    private static func box(_ key: String,
                            _ slot: @escaping @Sendable (inout CaptionStyle, (inout CaptionStyle.Box?) -> Void) -> Void) -> StyleField {
        func inBox<T>(_ set: @escaping @Sendable (inout CaptionStyle.Box, T) -> Void) -> Setter<T> {
            { style, value in slot(&style) { box in if box != nil { set(&box!, value) } } }
        }
        return object(key, nullable: true, [
            color("color", inBox { $0.color = $1 }),
            number("padding_x", NumberRange(0...1000), inBox { $0.paddingX = $1 }),
            number("padding_y", NumberRange(0...1000), inBox { $0.paddingY = $1 }),
            number("corner_radius", NumberRange(0...1000), inBox { $0.cornerRadius = $1 }),
            choice("scope", noun: "box scope", [CaptionStyle.Box.Scope.line, .page], inBox { $0.scope = $1 }),
        ], prepare: { style, on in slot(&style) { box in box = on ? (box ?? CaptionStyle.Box()) : nil } })
    }
}
