/// Whisper-based tools and the other word-list JSON shapes (OpenAI, openai-whisper, faster-whisper,
/// whisper-timestamped, WhisperX, stable-ts, whisper.cpp, Remotion, ElevenLabs), in detection order.
/// The signatures exclude each other, but the order still puts the most specific first: WhisperX's
/// `word_segments` and stable-ts's `ori_dict` before the plain `segments[].words` they extend.
extension WordTimedFormats {
    static let whisperFamily: [any WordTimedFormat.Type] = [
        WhisperXJSON.self,
        StableTSJSON.self,
        WhisperTimestampedJSON.self,
        OpenAIVerboseJSON.self,
        OpenAIWhisperJSON.self,
        FasterWhisperJSON.self,
        WhisperCppJSON.self,
        ElevenLabsScribeJSON.self,
        RemotionCaptionsJSON.self,
    ]
}
