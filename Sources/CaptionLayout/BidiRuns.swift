import CFriBidi

/// The Unicode bidirectional algorithm for one paragraph (text between explicit line breaks), by
/// FriBidi: the paragraph's direction comes from its first strong character (left-to-right when it
/// has none), and every character gets an embedding level (odd: right-to-left).
///
/// Reordering happens per line, on runs rather than characters (`visualOrder`): each shaped run has
/// one level and HarfBuzz already returns its glyphs left to right, so rule L2 only has to order the
/// runs. Rule L1 (trailing whitespace takes the paragraph level) has nothing to do: a line never ends
/// with the space that separated it from the next, and tabs are collapsed to spaces.
struct BidiParagraph {
    /// One level per character (`Character`), the level of its first scalar.
    let levels: [UInt8]
    let direction: TextDirection
    /// FriBidi's bidi type and embedding level of each scalar, as the simple shaper's FriBidi shaping
    /// needs them (`Shaper.fribidiShaped`); nil for an empty paragraph or when FriBidi failed.
    let perScalar: (types: [FriBidiCharType], levels: [FriBidiLevel])?

    /// `scalars` are the paragraph's scalars; `characterStarts[i]` is the index of character i's first
    /// scalar. The direction comes from the first strong character.
    init(scalars: [UInt32], characterStarts: [Int]) {
        let count = scalars.count, n = FriBidiStrIndex(count)
        guard count > 0 else {
            (levels, direction, self.perScalar) = ([], .leftToRight, nil)
            return
        }
        var text = scalars.map { FriBidiChar($0) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var scalarLevels = [FriBidiLevel](repeating: 0, count: count)
        var base = cfribidi_par_on()
        fribidi_get_bidi_types(&text, n, &types)
        fribidi_get_bracket_types(&text, n, &types, &brackets)
        // FriBidi only fails on allocation; lay the paragraph out left to right then.
        guard fribidi_get_par_embedding_levels_ex(&types, &brackets, n, &base, &scalarLevels) != 0 else {
            (levels, direction, self.perScalar) = (characterStarts.map { _ in 0 }, .leftToRight, nil)
            return
        }
        levels = characterStarts.map { UInt8(bitPattern: scalarLevels[$0]) }
        direction = base == cfribidi_par_rtl() ? .rightToLeft : .leftToRight
        self.perScalar = (types, scalarLevels)
    }

    static func isRightToLeft(_ level: UInt8) -> Bool { level & 1 == 1 }

    /// Rule L2 on runs: the visual order (left to right) of runs given in logical order with their
    /// levels. From the highest level down to the lowest odd level, every maximal sequence of runs at
    /// that level or higher is reversed.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max() else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest + 1
        var level = highest
        while level >= lowestOdd, level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
