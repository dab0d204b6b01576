/// What a PCS asks of the decoder: start a new epoch (clear the plane and forget every object and
/// palette), an acquisition point (a full refresh a player joining here can start from), or a normal
/// update of the current epoch.
public enum PGSCompositionState: UInt8, Sendable {
    case normal = 0x00
    case acquisitionPoint = 0x40
    case epochStart = 0x80
}
