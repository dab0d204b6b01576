/// Timing from the sound and the picture (see ARCHITECTURE.md): speech found in samples, captions synced
/// to it, shot changes found in frames, and word timings warped from synthesized speech. The samples and
/// frames come from `CaptionVideo`; nothing here opens a media file.
public enum CaptionTiming {}
