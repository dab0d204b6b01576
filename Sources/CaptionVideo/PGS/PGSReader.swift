import CaptionRender

/// Reads a `.sup` back into display sets: a reader of the writer's own output for the tests and the
/// fuzz target, strict about the format (every error names the byte offset where it was found).
/// Keeps the epoch's palettes and objects across display sets, as a decoder does.
public struct PGSReader: Sendable {
    /// False: objects are checked for their size and length but not run-length decoded, and display
    /// sets carry no bitmaps (what the decoder-model replay needs, without holding every picture).
    public var decodesObjects: Bool

    public init(decodesObjects: Bool = true) { self.decodesObjects = decodesObjects }

    public func read(_ bytes: [UInt8]) throws(VideoError) -> [PGSDisplaySet] {
        var sets: [PGSDisplaySet] = []
        var current: PGSDisplaySet?
        var palettes: [UInt8: PGSPalette] = [:]
        var objects: [UInt16: PGSIndexedBitmap] = [:]
        var sizes: [UInt16: PGSDisplaySet.Size] = [:]
        // An object whose ODS sequence is not finished: id, size, declared length, data so far, offset of its first ODS.
        var pending: (id: UInt16, width: Int, height: Int, length: Int, data: [UInt8], offset: Int)?
        var offset = 0
        while offset < bytes.count {
            let start = offset
            func fail(_ reason: String) -> VideoError { VideoError(.malformed, "PGS byte \(start): \(reason)") }
            guard bytes.count - offset >= PGSSegment.headerSize else { throw fail("a segment header needs 13 bytes, \(bytes.count - offset) remain") }
            guard bytes[offset] == 0x50, bytes[offset + 1] == 0x47 else { throw fail("no \"PG\" magic") }
            let pts = Self.number(bytes, offset + 2, 4), dts = Self.number(bytes, offset + 6, 4)
            let type = bytes[offset + 10], size = Self.number(bytes, offset + 11, 2)
            offset += PGSSegment.headerSize
            guard bytes.count - offset >= size else { throw fail("the segment's \(size) bytes run past the end of the file") }
            let payload = Array(bytes[offset..<(offset + size)])
            offset += size
            guard let kind = PGSSegment.Kind(rawValue: type) else { throw fail("unknown segment type 0x\(String(type, radix: 16))") }
            let segment = PGSSegment(kind, pts: UInt32(pts), dts: UInt32(dts), payload: payload)
            if kind != .composition {
                guard current != nil else { throw fail("a \(kind) segment outside a display set (no PCS before it)") }
                guard pts == current!.pts else { throw fail("PTS \(pts) differs from its display set's PCS PTS \(current!.pts)") }
                current!.segments.append(segment)
            }
            switch kind {
            case .composition:
                guard current == nil else { throw fail("a PCS before the previous display set's END") }
                let composition = try Self.composition(payload, fail)
                if composition.state == .epochStart { palettes = [:]; objects = [:]; sizes = [:] }
                current = PGSDisplaySet(offset: start, pts: UInt32(pts), dts: UInt32(dts), composition: composition, windows: [],
                                        definedPalettes: [], definedObjects: [], palette: nil, objects: [:], segments: [segment])
            case .window:
                guard let count = payload.first, payload.count == 1 + Int(count) * 9 else { throw fail("a WDS of \(payload.count) bytes") }
                current!.windows = (0..<Int(count)).map { i in
                    let b = 1 + i * 9
                    return PGSWindow(id: payload[b], rect: PixelRect(x: Self.number(payload, b + 1, 2), y: Self.number(payload, b + 3, 2),
                                                                     width: Self.number(payload, b + 5, 2), height: Self.number(payload, b + 7, 2)))
                }
            case .palette:
                guard payload.count >= 2, (payload.count - 2) % 5 == 0 else { throw fail("a PDS of \(payload.count) bytes (2 + 5 per entry)") }
                let entries = stride(from: 2, to: payload.count, by: 5).map {
                    PGSPalette.Entry(index: payload[$0], y: payload[$0 + 1], cr: payload[$0 + 2], cb: payload[$0 + 3], alpha: payload[$0 + 4])
                }
                let palette = PGSPalette(id: payload[0], version: payload[1], entries: entries)
                // A palette update replaces the entries it names and keeps the others.
                var merged = palettes[palette.id] ?? PGSPalette(id: palette.id, version: palette.version, entries: [])
                merged.version = palette.version
                for e in entries {
                    if let k = merged.entries.firstIndex(where: { $0.index == e.index }) { merged.entries[k] = e } else { merged.entries.append(e) }
                }
                palettes[palette.id] = merged
                current!.definedPalettes.append(palette)
            case .object:
                guard payload.count >= 4 else { throw fail("an ODS of \(payload.count) bytes") }
                let id = UInt16(Self.number(payload, 0, 2)), flags = payload[3]
                var data = Array(payload[4...])
                if flags & PGSObject.firstInSequence != 0 {
                    guard pending == nil else { throw fail("object \(id) starts before object \(pending!.id) is complete") }
                    guard payload.count >= 11 else { throw fail("a first ODS of \(payload.count) bytes (11 at least)") }
                    let length = Self.number(payload, 4, 3)
                    guard length >= 4 else { throw fail("object \(id) declares \(length) bytes of data (4 at least)") }
                    pending = (id, Self.number(payload, 7, 2), Self.number(payload, 9, 2), length - 4, [], start)
                    data = Array(payload[11...])
                } else {
                    guard let p = pending, p.id == id else { throw fail("a continuing ODS of object \(id) without its first ODS") }
                }
                pending!.data += data
                guard pending!.data.count <= pending!.length else {
                    throw fail("object \(id) carries more than its declared \(pending!.length) bytes of data")
                }
                if flags & PGSObject.lastInSequence != 0 {
                    let p = pending!
                    guard p.data.count == p.length else { throw fail("object \(id) ends with \(p.data.count) of its \(p.length) bytes of data") }
                    if decodesObjects {
                        do {
                            objects[id] = try PGSRunLength.decode(p.data, width: p.width, height: p.height)
                        } catch {
                            throw VideoError(.malformed, "PGS object \(id) at byte \(p.offset): \(error)")
                        }
                    }
                    sizes[id] = PGSDisplaySet.Size(width: p.width, height: p.height)
                    current!.definedObjectSizes[id] = sizes[id]
                    pending = nil
                    current!.definedObjects.append(id)
                }
            case .end:
                guard pending == nil else { throw fail("END while object \(pending!.id) is incomplete") }
                var set = current!
                set.palette = palettes[set.composition.paletteID]
                // Objects defined here are decoded whether placed or not (the decoder model counts them).
                for id in set.definedObjects { set.objects[id] = objects[id] }
                for p in set.composition.placements {
                    guard sizes[p.objectID] != nil else { throw fail("the composition places object \(p.objectID), which is not defined") }
                    set.objects[p.objectID] = objects[p.objectID]
                }
                sets.append(set)
                current = nil
            }
        }
        guard current == nil else { throw VideoError(.malformed, "PGS byte \(bytes.count): the file ends inside the display set at byte \(current!.offset)") }
        return sets
    }

    static func number(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        var v = 0
        for i in at..<(at + count) { v = v << 8 | Int(bytes[i]) }
        return v
    }

    static func composition(_ p: [UInt8], _ fail: (String) -> VideoError) throws(VideoError) -> PGSComposition {
        guard p.count >= 11 else { throw fail("a PCS of \(p.count) bytes (11 at least)") }
        guard let state = PGSCompositionState(rawValue: p[7]) else { throw fail("composition state 0x\(String(p[7], radix: 16))") }
        var composition = PGSComposition(width: number(p, 0, 2), height: number(p, 2, 2), number: UInt16(number(p, 5, 2)), state: state,
                                         paletteUpdateOnly: p[8] & 0x80 != 0, paletteID: p[9], placements: [])
        composition.frameRateCode = p[4]
        var at = 11
        for _ in 0..<Int(p[10]) {
            guard p.count >= at + 8 else { throw fail("a PCS cut inside its composition objects") }
            let cropped = p[at + 3] & 0x40 != 0
            var placement = PGSComposition.Placement(objectID: UInt16(number(p, at, 2)), windowID: p[at + 2], x: number(p, at + 4, 2), y: number(p, at + 6, 2))
            at += 8
            if cropped {
                guard p.count >= at + 8 else { throw fail("a PCS cut inside an object's crop") }
                placement.crop = PixelRect(x: number(p, at, 2), y: number(p, at + 2, 2), width: number(p, at + 4, 2), height: number(p, at + 6, 2))
                at += 8
            }
            composition.placements.append(placement)
        }
        guard at == p.count else { throw fail("a PCS of \(p.count) bytes, \(at) expected") }
        return composition
    }
}
