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

    /// `scalars` are the paragraph's scalars; `characterStarts[i]` is the index of character i's first
    /// scalar.
    init(scalars: [UInt32], characterStarts: [Int]) {
        let count = scalars.count
        guard count > 0 else {
            levels = []
            direction = .leftToRight
            return
        }
        // FriBidi only fails on allocation; lay the paragraph out left to right then.
        let analysis = Self.analyse(scalars.map { FriBidiChar($0) })
        let scalarLevels = analysis?.levels ?? [FriBidiLevel](repeating: 0, count: count)
        levels = characterStarts.map { UInt8(bitPattern: scalarLevels[$0]) }
        direction = analysis?.base == cfribidi_par_rtl() ? .rightToLeft : .leftToRight
    }

    /// FriBidi's bidi types and embedding levels of a paragraph's scalars, its direction taken from
    /// its first strong character, and the direction it resolved; nil when FriBidi fails.
    static func analyse(_ text: [FriBidiChar]) -> (types: [FriBidiCharType], levels: [FriBidiLevel], base: FriBidiParType)? {
        var text = text
        let count = text.count, n = FriBidiStrIndex(count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base = cfribidi_par_on()
        fribidi_get_bidi_types(&text, n, &types)
        fribidi_get_bracket_types(&text, n, &types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(&types, &brackets, n, &base, &levels) != 0 else { return nil }
        return (types, levels, base)
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
