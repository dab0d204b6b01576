#!/usr/bin/env python3
"""Writes Sources/CLazyLibraries/<group>.c: one stand-in per C function CaptionKit calls in libav*,
Tesseract, espeak-ng and pocketsphinx, loading the library on the first call.

Why: those libraries and what they depend on are 150 of the 186 shared objects a `captions` start maps,
and two thirds of its time (a program linked against them starts in 65 ms, one against the rest in
3 ms), while most commands (convert, check, retime, render of a caption file) never call them. The
stand-ins have the functions' own names and prototypes (clang reads them from the shim headers the
Swift modules import, and the generated file includes those headers, so a prototype that drifts is a
compile error), and call the real function through a pointer looked up once with dlsym.

When a Swift change calls a function of these libraries that is not listed below, the link fails
with "undefined reference to `name'": add the name to its library's list and run

    python3 Tools/lazy-stubs.py
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "CLazyLibraries")

# group file -> (shim header, [(library variable, soname expression in C, [functions])])
GROUPS = {
    "ffmpeg": ("CFFmpeg/shim.h", [
        ("avformat", '"libavformat.so." CK_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR)', """
            av_find_best_stream av_interleaved_write_frame av_read_frame av_seek_frame av_stream_get_side_data
            av_stream_new_side_data av_write_trailer avformat_alloc_output_context2 avformat_close_input
            avformat_find_stream_info avformat_free_context avformat_new_stream avformat_open_input
            avformat_query_codec avformat_version avformat_write_header avio_closep avio_open"""),
        ("avcodec", '"libavcodec.so." CK_STRINGIFY(LIBAVCODEC_VERSION_MAJOR)', """
            av_codec_is_encoder av_new_packet av_packet_alloc av_packet_free av_packet_move_ref av_packet_ref
            av_packet_rescale_ts av_packet_unref avcodec_alloc_context3 avcodec_decode_subtitle2
            avcodec_descriptor_get avcodec_descriptor_get_by_name avcodec_encode_subtitle avcodec_find_decoder
            avcodec_find_decoder_by_name avcodec_find_encoder avcodec_find_encoder_by_name avcodec_free_context
            avcodec_get_class avcodec_get_name avcodec_open2 avcodec_parameters_alloc avcodec_parameters_copy
            avcodec_parameters_free avcodec_parameters_from_context avcodec_parameters_to_context
            avcodec_receive_frame avcodec_receive_packet avcodec_send_frame avcodec_send_packet avcodec_version
            avsubtitle_free"""),
        ("avutil", '"libavutil.so." CK_STRINGIFY(LIBAVUTIL_VERSION_MAJOR)', """
            av_audio_fifo_alloc av_audio_fifo_free av_audio_fifo_read av_audio_fifo_size av_audio_fifo_write
            av_calloc av_channel_layout_copy av_channel_layout_default av_channel_layout_uninit av_dict_copy
            av_dict_free av_dict_get av_dict_set av_display_rotation_get av_frame_alloc av_frame_apply_cropping
            av_frame_copy av_frame_copy_props av_frame_free av_frame_get_buffer av_frame_get_side_data
            av_frame_is_writable av_frame_new_side_data av_frame_ref av_frame_remove_side_data av_free av_freep
            av_get_media_type_string av_get_pix_fmt av_get_pix_fmt_name av_image_fill_black
            av_log_default_callback av_log_get_level av_log_set_callback av_log_set_level av_mallocz av_opt_set
            av_pix_fmt_desc_get av_rescale_q av_rescale_q_rnd av_sha_alloc av_sha_final av_sha_init av_sha_update
            av_strerror"""),
        ("swscale", '"libswscale.so." CK_STRINGIFY(LIBSWSCALE_VERSION_MAJOR)', """
            sws_freeContext sws_getColorspaceDetails sws_getContext sws_scale_frame sws_setColorspaceDetails
            swscale_version"""),
        ("swresample", '"libswresample.so." CK_STRINGIFY(LIBSWRESAMPLE_VERSION_MAJOR)', """
            swr_alloc_set_opts2 swr_convert_frame swr_free swr_init swresample_version"""),
    ]),
    "tesseract": ("CTesseract/shim.h", [
        ("tesseract", '"libtesseract.so." CK_STRINGIFY(TESSERACT_MAJOR_VERSION)', """
            TessBaseAPICreate TessBaseAPIDelete TessBaseAPIEnd TessBaseAPIGetIterator TessBaseAPIGetUTF8Text
            TessBaseAPIInit3 TessBaseAPISetImage TessBaseAPISetPageSegMode TessBaseAPISetSourceResolution
            TessDeleteText TessPageIteratorBoundingBox TessResultIteratorDelete
            TessResultIteratorGetPageIteratorConst TessResultIteratorGetUTF8Text TessResultIteratorNext
            TessVersion"""),
    ]),
    # espeak-ng's headers carry no version macro; its soname has been .so.1 since 1.49 (2016).
    "espeak": ("CEspeakNG/shim.h", [
        ("espeak_ng", '"libespeak-ng.so.1"', """
            espeak_Initialize espeak_SetParameter espeak_SetSynthCallback espeak_SetVoiceByName
            espeak_Synchronize espeak_Synth"""),
    ]),
    # pocketsphinx 5prealpha (Debian 12's) and the sphinxbase it is built on; both sonames .so.3.
    "pocketsphinx": ("CPocketSphinx/shim.h", [
        ("pocketsphinx", '"libpocketsphinx.so.3"', """
            ps_args ps_end_utt ps_free ps_init ps_lookup_word ps_process_raw ps_seg_frames ps_seg_free
            ps_seg_iter ps_seg_next ps_seg_word ps_set_jsgf_string ps_set_search ps_start_utt"""),
        ("sphinxbase", '"libsphinxbase.so.3"', """
            cmd_ln_free_r cmd_ln_parse_r err_set_logfp genrand_seed"""),
    ]),
}

EXTRA_INCLUDES = {
    "tesseract": ["tesseract/version.h"],
}


def declarations(shim):
    """Every function declaration the shim header brings in, by name: (return type, [parameter types], variadic)."""
    source = f'#include "{os.path.join(ROOT, "Sources", shim)}"\n'
    ast = subprocess.run(
        ["clang", "-x", "c", "-std=gnu11", "-fsyntax-only", "-Xclang", "-ast-dump=json", "-"],
        input=source, capture_output=True, text=True, check=True).stdout
    found = {}
    for node in json.loads(ast).get("inner", []):
        if node.get("kind") != "FunctionDecl" or "name" not in node:
            continue
        # va_list as clang spells it on x86-64: written back as va_list, the same type on every target.
        params = [p["type"]["qualType"].replace("struct __va_list_tag *", "va_list") for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        full = node["type"]["qualType"]
        returns = full[:top_level_paren(full)].strip()
        found[node["name"]] = (returns, params, node.get("variadic", False) or full.endswith("...)"))
    return found


def top_level_paren(function_type):
    """Where a function type's parameter list starts: the '(' matching its last ')'."""
    depth = 0
    for i in range(len(function_type) - 1, -1, -1):
        if function_type[i] == ")":
            depth += 1
        elif function_type[i] == "(":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(function_type)


def parameter(qual_type, name):
    """A parameter declaration from clang's spelling of its type."""
    if "(*)" in qual_type:
        return qual_type.replace("(*)", f"(*{name})", 1)
    if qual_type.endswith("]"):
        at = qual_type.index("[")
        return f"{qual_type[:at].rstrip()} {name}{qual_type[at:]}"
    return f"{qual_type}{'' if qual_type.endswith('*') else ' '}{name}"


def stub(name, library, declaration):
    returns, params, variadic = declaration
    if variadic:
        sys.exit(f"lazy-stubs.py: {name} is variadic: call its va_list form instead")
    names = [f"a{i}" for i in range(len(params))]
    signature = ", ".join(parameter(t, n) for t, n in zip(params, names)) or "void"
    call = f"ck_fn({', '.join(names)})"
    body = f"{call};" if returns == "void" else f"return {call};"
    space = "" if returns.endswith("*") else " "
    return (f"{returns}{space}{name}({signature}) {{\n"
            f"    CK_LAZY_FUNCTION({library}, {name});\n"
            f"    {body}\n"
            f"}}\n")


def main():
    for group, (shim, libraries) in GROUPS.items():
        found = declarations(shim)
        lines = [
            f"/* Generated by Tools/lazy-stubs.py from {shim}: do not edit; add names there and rerun it. */",
            f'#include "../{shim}"',
        ]
        lines += [f"#include <{h}>" for h in EXTRA_INCLUDES.get(group, [])]
        lines += ['#include "lazy.h"', ""]
        for variable, soname, names in libraries:
            lines.append(f"static CKLazyLibrary {variable} = {{ {soname}, 0 }};")
        lines.append("")
        for variable, _, names in libraries:
            for name in names.split():
                if name not in found:
                    sys.exit(f"lazy-stubs.py: {name} is not declared by {shim}")
                lines.append(stub(name, variable, found[name]))
        path = os.path.join(OUT, f"{group}.c")
        with open(path, "w") as f:
            f.write("\n".join(lines).rstrip() + "\n")
        print(f"wrote {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
