#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
#include <string.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/channel_layout.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/sha.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/* Function-like and composite macros that Swift cannot import. */
static inline int cffmpeg_averror(int posix_error) { return AVERROR(posix_error); }
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cffmpeg_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }
static inline AVRational cffmpeg_time_base_q(void) { return (AVRational){1, AV_TIME_BASE}; }
/* Writes the message for an error code into buf; returns buf. */
static inline const char *cffmpeg_err2str(int errnum, char *buf, size_t size) {
    av_strerror(errnum, buf, size);
    return buf;
}
/* AVFrame's data and linesize are C arrays (tuples in Swift): read them by index here. */
static inline uint8_t *cffmpeg_frame_plane(const AVFrame *frame, int plane) { return frame->data[plane]; }
static inline int cffmpeg_frame_linesize(const AVFrame *frame, int plane) { return frame->linesize[plane]; }
/* Fills the whole frame with black in its own format and range (padding for --fit pad). */
static inline int cffmpeg_frame_fill_black(AVFrame *frame) {
    ptrdiff_t linesizes[4] = { frame->linesize[0], frame->linesize[1], frame->linesize[2], frame->linesize[3] };
    return av_image_fill_black(frame->data, linesizes, (enum AVPixelFormat)frame->format, frame->color_range,
                               frame->width, frame->height);
}
/* Narrows `frame` to a rectangle by moving its data pointers (no copy): crops for --fit crop, odd sizes,
   and views into a padded frame. */
static inline int cffmpeg_frame_crop(AVFrame *frame, int x, int y, int width, int height) {
    frame->crop_left = (size_t)x;
    frame->crop_top = (size_t)y;
    frame->crop_right = (size_t)(frame->width - x - width);
    frame->crop_bottom = (size_t)(frame->height - y - height);
    return av_frame_apply_cropping(frame, AV_FRAME_CROP_UNALIGNED);
}
static inline int cffmpeg_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int cffmpeg_fmt_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int cffmpeg_avio_flag_write(void) { return AVIO_FLAG_WRITE; }
static inline int cffmpeg_seek_flag_backward(void) { return AVSEEK_FLAG_BACKWARD; }
/* The display matrix (rotation) of a stream, or NULL: `av_stream_get_side_data` with the size checked. */
static inline const int32_t *cffmpeg_stream_display_matrix(const AVStream *stream) {
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return data && size >= 9 * sizeof(int32_t) ? (const int32_t *)data : NULL;
}
/* Copies a display matrix onto an output stream, so players rotate the burned video as they did the input. */
static inline int cffmpeg_stream_set_display_matrix(AVStream *stream, const int32_t *matrix) {
    uint8_t *data = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 9 * sizeof(int32_t));
    if (!data) return AVERROR(ENOMEM);
    memcpy(data, matrix, 9 * sizeof(int32_t));
    return 0;
}
/* A stream's side data of one type when it holds at least `size` bytes, else NULL. */
static inline const uint8_t *cffmpeg_stream_side_data(const AVStream *stream, enum AVPacketSideDataType type, size_t size) {
    size_t found = 0;
    const uint8_t *data = av_stream_get_side_data(stream, type, &found);
    return data && found >= size ? data : NULL;
}
/* Adds side data (a copy of `size` bytes) to an output stream, for the muxer to write into the container. */
static inline int cffmpeg_stream_add_side_data(AVStream *stream, enum AVPacketSideDataType type, const void *bytes, size_t size) {
    uint8_t *data = av_stream_new_side_data(stream, type, size);
    if (!data) return AVERROR(ENOMEM);
    memcpy(data, bytes, size);
    return 0;
}
/* A frame's side data of one type when it holds at least `size` bytes, else NULL. */
static inline const uint8_t *cffmpeg_frame_side_data(const AVFrame *frame, enum AVFrameSideDataType type, size_t size) {
    const AVFrameSideData *side = av_frame_get_side_data(frame, type);
    return side && side->size >= size ? side->data : NULL;
}
/* Encodes one ASS event ("ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text") with a text
   subtitle encoder (subrip, webvtt, ass, mov_text) into buf; returns the bytes written or a negative error.
   The AVSubtitle lives on the stack: the encoder only reads it. */
static inline int cffmpeg_encode_ass_event(AVCodecContext *encoder, const char *event, uint8_t *buf, int size,
                                           int64_t pts, uint32_t duration_ms) {
    AVSubtitleRect rect;
    memset(&rect, 0, sizeof rect);
    rect.type = SUBTITLE_ASS;
    rect.ass = (char *)event;
    AVSubtitleRect *rects[1] = { &rect };
    AVSubtitle subtitle;
    memset(&subtitle, 0, sizeof subtitle);
    subtitle.num_rects = 1;
    subtitle.rects = rects;
    subtitle.pts = pts;
    subtitle.end_display_time = duration_ms;
    return avcodec_encode_subtitle(encoder, buf, size, &subtitle);
}
/* Gives a codec context a copy of `size` bytes as its subtitle header (the ASS script header the text
   encoders read styles from); libavcodec frees it with the context. */
static inline int cffmpeg_set_subtitle_header(AVCodecContext *context, const char *header, int size) {
    context->subtitle_header = av_mallocz((size_t)size + 1);
    if (!context->subtitle_header) return AVERROR(ENOMEM);
    memcpy(context->subtitle_header, header, (size_t)size);
    context->subtitle_header_size = size;
    return 0;
}
/* Gives a stream's parameters a padded copy of `size` bytes as extradata (an attachment's file). */
static inline int cffmpeg_set_extradata(AVCodecParameters *parameters, const uint8_t *bytes, int size) {
    av_freep(&parameters->extradata);
    parameters->extradata = av_mallocz((size_t)size + AV_INPUT_BUFFER_PADDING_SIZE);
    if (!parameters->extradata) return AVERROR(ENOMEM);
    memcpy(parameters->extradata, bytes, (size_t)size);
    parameters->extradata_size = size;
    return 0;
}
/* Copies the input's chapters (times, titles, metadata) onto the output, which must have none yet. */
static inline int cffmpeg_copy_chapters(AVFormatContext *out, const AVFormatContext *in) {
    if (in->nb_chapters == 0) return 0;
    out->chapters = av_calloc(in->nb_chapters, sizeof *out->chapters);
    if (!out->chapters) return AVERROR(ENOMEM);
    for (unsigned i = 0; i < in->nb_chapters; i++) {
        const AVChapter *from = in->chapters[i];
        AVChapter *to = av_mallocz(sizeof *to);
        if (!to) return AVERROR(ENOMEM);
        to->id = from->id;
        to->time_base = from->time_base;
        to->start = from->start;
        to->end = from->end;
        av_dict_copy(&to->metadata, from->metadata, 0);
        out->chapters[i] = to;
        out->nb_chapters = i + 1;
    }
    return 0;
}
/* Whether the decoder had to guess part of this frame: it concealed damaged macroblocks
   (decode_error_flags: what ffmpeg counts as a "corrupt decoded frame"), or it marks the frame corrupt. */
static inline int cffmpeg_frame_is_damaged(const AVFrame *frame) {
    return frame->decode_error_flags != 0 || (frame->flags & AV_FRAME_FLAG_CORRUPT) != 0;
}
/* Video decoders (and the parser's codec context, "[NULL @ ...]") print a line per damaged macroblock
   or NAL unit at error level; the toolkit counts that damage itself and says so in one line, so these
   lines are dropped. Everything else (fatal errors, encoders, muxers) goes to libav's own printer. */
static inline void cffmpeg_log_without_video_decoders(void *object, int level, const char *format, va_list args) {
    if (object && level >= AV_LOG_ERROR && *(const AVClass *const *)object == avcodec_get_class()) {
        const AVCodecContext *context = object;
        if ((context->codec_type == AVMEDIA_TYPE_VIDEO || context->codec_type == AVMEDIA_TYPE_SUBTITLE)
            && !(context->codec && av_codec_is_encoder(context->codec))) return;
    }
    av_log_default_callback(object, level, format, args);
}
/* Installs libav's own printer (`shown`, for --verbose) or the one above. The choice lives in libavutil's
   one callback pointer, so there is no state here. */
static inline void cffmpeg_show_video_decoder_messages(int shown) {
    av_log_set_callback(shown ? av_log_default_callback : cffmpeg_log_without_video_decoders);
}
#endif
