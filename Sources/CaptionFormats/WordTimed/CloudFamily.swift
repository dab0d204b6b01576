/// Cloud speech-to-text services and YouTube's JSON (Deepgram, AssemblyAI, AWS Transcribe, Google
/// Speech-to-Text v1 and v2, Rev.ai, YouTube json3), in detection order.
extension WordTimedFormats {
    static let cloudFamily: [any WordTimedFormat.Type] = []
}
