import CaptionModel

/// Every key a style file may hold. Lengths are pixels of the 1080-short-side reference frame;
/// times are seconds. The bounds reject values that are surely mistakes (a negative padding, a
/// 50-weight font) and values large enough to make a renderer allocate absurd buffers.
extension StyleField {
    public static let all: [StyleField] = [
        // Not style settings: an editor's link to the schema, and the preset this file builds on.
        ignored("$schema"),
        ignored("extends"),
        text("summary", allowsEmpty: true, .at(\.summary)),

    ] + fontFields + colorFields + [shadowField] + boxFields + placementFields + [
        seconds("fade_in", NumberRange(0...60), .at(\.fadeIn)),
        seconds("fade_out", NumberRange(0...60), .at(\.fadeOut)),
        number("slide_distance", NumberRange(0...2000), .at(\.slideDistance)),
        seconds("slide_duration", NumberRange(0...60), .at(\.slideDuration)),

        object("karaoke", [
            choice("mode", noun: "karaoke mode", CaptionStyle.Karaoke.Mode.allCases, .at(\.karaoke.mode)),
            number("scale", .above(0, upTo: 5), .at(\.karaoke.scale)),
            seconds("transition", NumberRange(0...10), .at(\.karaoke.transition)),
            number("pop_from", NumberRange(0...1), .at(\.karaoke.popFrom)),
            number("pop_overshoot", NumberRange(1...2), .at(\.karaoke.popOvershoot)),
            number("rise", NumberRange(0...1000), .at(\.karaoke.rise)),
        ]),

        speakers("speakers", speakerFields, .at(\.speakers)),
        patch("landscape", speakerFields, .at(\.landscape)),
        object("secondary", [
            choice("position", noun: "secondary position", CaptionStyle.Secondary.Position.allCases, .at(\.secondary.position)),
            number("font_size", .above(0, upTo: 1000), .at(\.secondary.fontSize)),
            color("text_color", .at(\.secondary.textColor)),
            number("stroke_width", NumberRange(0...100), .at(\.secondary.strokeWidth)),
            number("gap", NumberRange(0...2000), .at(\.secondary.gap)),
            integer("lines", 1...10, .at(\.secondary.lines)),
        ]),
        object("emphasis", [
            textList("words", .at(\.emphasis.words)),
            patterns("patterns", .at(\.emphasis.patterns)),
            flag("markup", .at(\.emphasis.markup)),
            choice("rule", noun: "emphasis rule", CaptionStyle.Emphasis.Rule.allCases, .at(\.emphasis.rule)),
            optionalColor("color", .at(\.emphasis.color)),
            optionalColor("highlight_color", .at(\.emphasis.highlightColor)),
            box("box", \.emphasis.box),
            number("scale", NumberRange(0.25...4), .at(\.emphasis.scale)),
            optionalInteger("font_weight", 100...900, .at(\.emphasis.fontWeight)),
        ]),

        // The same limits as the paging flags of `convert` (which override these).
        object("paging", [
            integer("max_chars", 1...1000, .at(\.paging.maxCharsPerLine)),
            integer("max_lines", 1...100, .at(\.paging.maxLines)),
            optionalInteger("max_words", 1...500, .at(\.paging.maxWordsPerPage)),
            seconds("max_duration", NumberRange(0...86_400), .at(\.paging.maxDuration)),
            seconds("min_duration", NumberRange(0...86_400), .at(\.paging.minDuration)),
            seconds("max_gap", NumberRange(0...86_400), .at(\.paging.maxGap)),
            optionalSeconds("hold_gap", NumberRange(0...86_400), .at(\.paging.holdGap)),
            flag("break_after_sentence", .at(\.paging.breakAfterSentence)),
            flag("balance_lines", .at(\.paging.balanceLines)),
            flag("break_on_speaker_change", .at(\.paging.breakOnSpeakerChange)),
        ]),
    ]

    // The groups a speaker's partial style may also set (`speakers.LABEL.*`).
    static let fontFields: [StyleField] = [
        text("font_family", .at(\.fontFamily)),
        optionalText("font_file", .at(\.fontFile)),
        textList("fallback_fonts", .at(\.fallbackFonts)),
        optionalText("emoji_font", .at(\.emojiFont)),
        integer("font_weight", 100...900, .at(\.fontWeight)),
        number("font_size", .above(0, upTo: 1000), .at(\.fontSize)),
        flag("uppercase", .at(\.uppercase)),
    ]

    static let colorFields: [StyleField] = [
        color("text_color", .at(\.textColor)),
        color("highlight_color", .at(\.highlightColor)),
        color("upcoming_color", .at(\.upcomingColor)),
        color("stroke_color", .at(\.strokeColor)),
        number("stroke_width", NumberRange(0...100), .at(\.strokeWidth)),
    ]

    static let shadowField = object("shadow", [
        color("color", .at(\.shadow.color)),
        number("opacity", NumberRange(0...1), .at(\.shadow.opacity)),
        number("blur", NumberRange(0...200), .at(\.shadow.blur)),
        number("offset_x", NumberRange(-1000...1000), .at(\.shadow.offsetX)),
        number("offset_y", NumberRange(-1000...1000), .at(\.shadow.offsetY)),
    ])

    static let boxFields: [StyleField] = [box("box", \.box), box("word_box", \.wordBox)]

    static let placementFields: [StyleField] = [
        integer("anchor", 1...9, .at(\.anchor)),
        number("margin_left", NumberRange(0...10_000), .at(\.marginLeft)),
        number("margin_right", NumberRange(0...10_000), .at(\.marginRight)),
        number("margin_top", NumberRange(0...10_000), .at(\.marginTop)),
        number("margin_bottom", NumberRange(0...10_000), .at(\.marginBottom)),
        number("line_spacing", .above(0, upTo: 10), .at(\.lineSpacing)),
        number("word_spacing", NumberRange(-100...1000), .at(\.wordSpacing)),
    ]

    /// What a speaker's style (and `landscape`) may change: fonts, colours, shadow, boxes and
    /// placement (not the karaoke mode, motion or paging, which the captions share).
    static let speakerFields: [StyleField] = fontFields + colorFields + [shadowField] + boxFields + placementFields

    /// `box` and `word_box` take the same fields. A box object switches the box on (with the defaults
    /// for fields it leaves out), `null` switches it off.
    static func box(_ key: String, _ box: WritableKeyPath<CaptionStyle, CaptionStyle.Box?> & Sendable) -> StyleField {
        object(key, nullable: true, [
            color("color", .inBox(box, \.color)),
            number("padding_x", NumberRange(0...1000), .inBox(box, \.paddingX)),
            number("padding_y", NumberRange(0...1000), .inBox(box, \.paddingY)),
            number("corner_radius", NumberRange(0...1000), .inBox(box, \.cornerRadius)),
            choice("scope", noun: "box scope", [CaptionStyle.Box.Scope.line, .page], .inBox(box, \.scope)),
        ], prepare: { style, on in style[keyPath: box] = on ? (style[keyPath: box] ?? CaptionStyle.Box()) : nil },
           isPresent: { $0[keyPath: box] != nil })
    }
}
