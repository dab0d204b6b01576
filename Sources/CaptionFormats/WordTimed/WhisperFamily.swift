/// Whisper-based tools and the other word-list JSON shapes (OpenAI, openai-whisper, faster-whisper,
/// whisper-timestamped, WhisperX, stable-ts, whisper.cpp, Remotion, ElevenLabs), in detection order.
extension WordTimedFormats {
    static let whisperFamily: [any WordTimedFormat.Type] = []
}
