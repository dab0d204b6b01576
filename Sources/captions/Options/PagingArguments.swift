/// The paging flags back as arguments, for a golden manifest: `golden check` parses them again with
/// `PagingFlags.parse`, so the recording's paging is reproduced by the same code.
extension PagingFlags {
    var arguments: [String] {
        var out: [String] = []
        let integers = [("--max-chars", maxChars), ("--max-lines", maxLines), ("--max-words", maxWords)]
        for (name, value) in integers { if let value { out += [name, "\(value)"] } }
        let seconds = [("--max-duration", maxDuration), ("--min-duration", minDuration), ("--max-gap", maxGap), ("--hold-gap", holdGap)]
        for (name, value) in seconds { if let value { out += [name, "\(value)"] } }
        if noSentenceBreak { out.append("--no-sentence-break") }
        if noBalance { out.append("--no-balance") }
        return out
    }
}
