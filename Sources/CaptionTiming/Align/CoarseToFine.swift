/// A script without times warped onto a whole recording: a full warping of both averaged down until
/// they are short (at most `coarsest` frames), then at each finer level only a corridor `radius`
/// frames either side of the coarser path (as FastDTW does), so the cost grows with the length, not
/// its square. The price: a coarse level that goes wrong (long music or speech not in the script)
/// cannot be put right by the finer ones.
enum CoarseToFine {
    static let coarsest = 1_200
    static let radius = 16

    static func starts(of words: [String], samples: [Float], sampleRate: Int, options: AudioWordAligner.Options) throws(SpeechSynthesisError) -> ([Int?], Int?) {
        let speech = try SpeechSynthesizer.speak(words, voice: options.voice, rate: options.rate).padded(by: 300)
        guard speech.samples.count > 0, samples.count > 1 else { return ([Int?](repeating: nil, count: words.count), nil) }
        // As for captions (`AudioWordAligner.Options.warps`): each formant scale tried, the closest kept.
        let heard = MelEnergies(samples: samples[...], sampleRate: sampleRate)
        let path = options.warps.map { scale in
            let (reference, recording) = MelCepstrum.pair(reference: speech, recording: heard, warp: scale)
            return warp(reference, onto: recording)
        }.min { $0.cost < $1.cost }!
        return WordPlacement.starts(of: speech, along: path, offset: 0)
    }

    static func warp(_ reference: MelCepstrum, onto recording: MelCepstrum) -> WarpingPath {
        var factor = 1
        while max(reference.count, recording.count) / factor > coarsest { factor *= 2 }
        var path: WarpingPath?
        while factor >= 1 {
            let (rows, columns) = factor == 1 ? (reference, recording) : (reference.averaged(by: factor), recording.averaged(by: factor))
            let band: [Range<Int>]
            if let coarse = path {
                band = (0..<rows.count).map { i in
                    let c = min(i / 2, coarse.first.count - 1)
                    let lower = max(coarse.first[c] * 2 - radius, 0)
                    let upper = min(coarse.last[c] * 2 + 2 + radius, columns.count)
                    return lower..<max(upper, lower + 1)
                }
            } else {
                band = Array(repeating: 0..<columns.count, count: rows.count)
            }
            path = WarpingPath.find(reference: rows, recording: columns, band: band)
            factor /= 2
        }
        return path!
    }
}
