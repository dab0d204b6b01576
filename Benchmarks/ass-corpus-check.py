#!/usr/bin/env python3
"""How faithfully CaptionKit carries real ASS/SSA files: every *.ass and *.ssa under DIR (recursive) goes
through `captions convert IN -o OUT.ass` and `captions retime IN --shift 1.5 -o SHIFTED.ass`; libass (ffmpeg's
`ass` filter) draws the input and both outputs at sample times, and the frames are compared byte for byte
and as PSNR; pysubs2's reading of the input and of the converted file is compared field by field.

    python3 Benchmarks/ass-corpus-check.py DIR [--json FILE] [--dump DIR] [--self-check] [--jobs N] ...

Sample times: every Dialogue event's start and middle (pysubs2's reading of the input; Comment events
skipped), at most --max-samples (40) a file, chosen evenly over the sorted times. Each is drawn at t + 0.5 ms
(the `ass` filter truncates the frame time to whole ms, so an exact integer could become t - 1 ms); the
shifted output is drawn at t + 1500 ms + 0.5 ms. Frame size: the input's PlayResX x PlayResY (a missing one
derived as libass derives it, 384x288 when both are missing), scaled up by a whole factor until at least
640 wide, then capped to 1920x1080 keeping the aspect; the same size for the input and its outputs.
Background: solid 0x406080 in rgb24, so chroma subsampling plays no part. Fonts: the input's own folder when
it holds font files (libass-tests' layout), else the nearest `fonts` or `.fonts` folder from the input's
folder up to DIR, else only fontconfig's fonts (the `ass` filter always adds those) plus embedded [Fonts].

One ffmpeg process per file and side renders all of its samples: a 1 fps colour source, `setpts` moving
frame N to sample N's time, then `format=rgb24,ass=...`; raw rgb24 frames are read from its stdout.
`--self-check` replaces convert with a byte copy and retime with a shift of the Dialogue/Comment times in
the text itself (nothing else touched), which a sound pipeline must report as 100 % identical.

pysubs2's readings: events (type, start, end, style, layer, name, margins, effect, text), every style field,
the [Script Info] dict, embedded [Fonts]/[Graphics]. Where pysubs2 and libass read a script differently, the
comparison follows libass and lists the change under "expected" (JSON) instead of counting it: SSA colours
as libass draws them (outline = BackColour, AlphaLevel as the text alpha, back alpha 0x80), a leading '*' on
style names, ScriptType v4.00 -> v4.00+ for SSA written as ASS; a section whose Format line is not in
pysubs2's fixed order is not compared (pysubs2 ignores Format lines); bytes that are not UTF-8 read as
Latin-1, as libass does.

The exit status is 0 whatever the results (this is a report); 2 on usage errors (no DIR, no ffmpeg with
libass, no captions binary).
"""
import argparse
import codecs
import collections
import concurrent.futures
import dataclasses
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import warnings
import zlib

try:
    import pysubs2
    warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"pysubs2\b.*")  # "Failed to parse ..."
except ImportError:  # the comparison of readings is skipped; rendering still works
    pysubs2 = None

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CAPTIONS = os.path.join(REPO, ".build", "debug", "captions")
BACKGROUND = "0x406080"
FONT_EXTENSIONS = (".ttf", ".otf", ".ttc", ".otc", ".pfb", ".pfa", ".woff", ".woff2")
EVENT_FIELDS = ("type", "start", "end", "style", "layer", "name", "marginl", "marginr", "marginv", "effect", "text")
DIFFS_SHOWN = 5  # per file, in the printed listing (the JSON has them all)


# ---------------------------------------------------------------- ffmpeg filtergraph escaping and rendering

def escape_option_value(value):
    """A filter option's value as the option parser wants it (first level: backslash, quote, colon)."""
    return re.sub(r"([\\':])", r"\\\1", value)


def escape_graph(text):
    """Filter arguments as the filtergraph parser wants them (second level: also , ; [ ])."""
    return re.sub(r"([\\'\[\],;])", r"\\\1", text)


def render_command(ffmpeg, fps_mode_flag, ass_path, times_ms, size, fontsdir):
    """ffmpeg drawing `ass_path` at each time (ms, ascending) over the solid background; rgb24 frames on stdout."""
    w, h = size
    # Time base 1/2000 s and pts = 2 t + 1: the filter sees t + 0.5 ms and truncates to t. After it, the
    # frames are renumbered 0, 1, 2... in seconds, as the 1 fps source's stream says, for the muxer.
    terms = "+".join(f"eq(N,{i})*{2 * t + 1}" for i, t in enumerate(times_ms))
    ass_args = f"filename={escape_option_value(ass_path)}:shaping=complex"
    if fontsdir:
        ass_args += f":fontsdir={escape_option_value(fontsdir)}"
    graph = (f"settb=1/2000,setpts={escape_graph(terms)},format=rgb24,ass={escape_graph(ass_args)},"
             "settb=1/1,setpts=N")
    return [ffmpeg, "-nostdin", "-hide_banner", "-v", "error",
            "-f", "lavfi", "-i", f"color=c={BACKGROUND}:s={w}x{h}:r=1",
            "-frames:v", str(len(times_ms)), "-vf", graph,
            fps_mode_flag, "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]


def read_exactly(stream, n):
    chunks, got = [], 0
    while got < n:
        chunk = stream.read(n - got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


# ---------------------------------------------------------------- frame comparison (standard library only)

def sse(a, b, row_bytes):
    """Sum of squared differences of two equal-length byte strings. Only blocks of rows that differ are
    looked at; their bytes are interleaved into 16-bit pairs (C-speed slice assignment) and counted, so the
    Python-level work is per distinct (a, b) pair, not per byte."""
    if a == b:
        return 0
    block = row_bytes * 8
    parts_a, parts_b = [], []
    for off in range(0, len(a), block):
        pa, pb = a[off:off + block], b[off:off + block]
        if pa != pb:
            parts_a.append(pa)
            parts_b.append(pb)
    da, db = b"".join(parts_a), b"".join(parts_b)
    pairs = bytearray(2 * len(da))
    pairs[0::2] = da
    pairs[1::2] = db
    counts = collections.Counter(memoryview(pairs).cast("H"))
    return sum(c * ((v & 255) - (v >> 8)) ** 2 for v, c in counts.items())


def psnr(total_sse, n_bytes):
    if total_sse == 0:
        return math.inf
    return 10 * math.log10(255 * 255 * n_bytes / total_sse)


def write_png(path, rgb, size):
    w, h = size
    raw = b"".join(b"\x00" + rgb[y * w * 3:(y + 1) * w * 3] for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------- reading the script

def read_text(path):
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeError:
        return data.decode("latin-1")


def script_info(text):
    info = {}
    section = None
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            section = s.lower()
        elif section == "[script info]" and ":" in s and not s.startswith(";"):
            k, v = s.split(":", 1)
            info.setdefault(k.strip().lower(), v.strip())
    return info


def leading_int(value):
    m = re.match(r"\s*([+-]?\d+)", value or "")
    return int(m.group(1)) if m else 0


def frame_size(text, override=None):
    """(size, reason): PlayRes as libass reads it, scaled up to >= 640 wide, capped to 1920x1080."""
    if override:
        return override, "--size"
    info = script_info(text)
    x, y = leading_int(info.get("playresx")), leading_int(info.get("playresy"))
    # libass (ass.c, ass_lazy_track_init): a missing one derived from the other.
    if x <= 0 and y <= 0:
        x, y, why = 384, 288, "no PlayRes: libass's 384x288"
    elif x <= 0:
        x, why = (1280 if y == 1024 else y + y // 3), f"PlayResY {y}, PlayResX derived"
    elif y <= 0:
        y, why = (1024 if x == 1280 else max(1, (x - 1) - (x - 1) // 4)), f"PlayResX {x}, PlayResY derived"
    else:
        why = f"PlayRes {x}x{y}"
    if not (1 <= x <= 16384 and 1 <= y <= 16384) or max(x / y, y / x) > 16:
        return (640, 360), f"{why} not sane: 640x360"
    k = max(1, -(-640 // x))
    w, h = x * k, y * k
    if w > 1920 or h > 1080:
        f = min(1920 / w, 1080 / h)
        w, h = max(2, round(w * f)), max(2, round(h * f))
    return (w, h), why


def fallback_times(text):
    """Dialogue (start, end) in ms read as libass reads them, for inputs pysubs2 cannot load."""
    out = []
    fmt = None
    section = None
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            section = s.lower()
            continue
        if section != "[events]":
            continue
        if s.lower().startswith("format:"):
            fmt = [f.strip().lower() for f in s[7:].split(",")]
        elif s.startswith("Dialogue:"):
            f = fmt or ["layer", "start", "end"]
            fields = s[9:].split(",", len(f) - 1)
            try:
                start = libass_time(fields[f.index("start")])
                end = libass_time(fields[f.index("end")])
            except (ValueError, IndexError):
                continue
            if start is not None and end is not None:
                out.append((start, end))
    return out


TIME_RE = re.compile(r"^(\s*)(-?\d+):(\d+):(\d+)\.(\d+)(\s*)$")


def libass_time(value):
    """libass's reading: sscanf("%d:%d:%d.%d"), the fraction always counted in centiseconds."""
    m = TIME_RE.match(value)
    if not m:
        return None
    h, mi, s, cs = (int(g) for g in m.group(2, 3, 4, 5))
    return ((h * 60 + mi) * 60 + s) * 1000 + cs * 10


def format_time(ms):
    cs = ms // 10
    return f"{cs // 360000}:{cs // 6000 % 60:02d}:{cs // 100 % 60:02d}.{cs % 100:02d}"


def reference_shift(src, dst, shift_ms):
    """The self-check's perfect retime: Start and End of every Dialogue/Comment line moved, nothing else."""
    with open(src, "rb") as f:
        text = f.read().decode("latin-1")  # a byte-for-byte round trip whatever the encoding
    out = []
    section, fmt = None, None
    for line in re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text):  # libass's line ends only
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            section = s.lower()
        elif section == "[events]" and s.lower().startswith("format:"):
            fmt = [f.strip().lower() for f in s[7:].split(",")]
        elif section == "[events]" and (s.startswith("Dialogue:") or s.startswith("Comment:")):
            f = fmt or ["layer", "start", "end"]
            head, rest = line.split(":", 1)
            fields = rest.split(",", len(f) - 1)
            for name in ("start", "end"):
                if name in f and f.index(name) < len(fields):
                    i = f.index(name)
                    m = TIME_RE.match(fields[i])
                    if m:
                        fields[i] = m.group(1) + format_time(libass_time(fields[i]) + shift_ms) + m.group(6)
            line = head + ":" + ",".join(fields)
        out.append(line)
    with open(dst, "wb") as f:
        f.write("".join(out).encode("latin-1"))


def pick_times(times, limit):
    times = sorted(set(t for t in times if t >= 0))
    if len(times) <= limit:
        return times
    if limit == 1:
        return [times[0]]
    return sorted(set(times[round(i * (len(times) - 1) / (limit - 1))] for i in range(limit)))


def _libass_bytes(err):
    """libass reads a byte that is not UTF-8 as the code point of that value (Latin-1); so do we."""
    return err.object[err.start:err.start + 1].decode("latin-1"), err.start + 1


codecs.register_error("ass-corpus-latin1", _libass_bytes)


def load_subs(path):
    return pysubs2.load(path, encoding="utf-8", errors="ass-corpus-latin1")


# ---------------------------------------------------------------- pysubs2's readings compared

def short(value, n=60):
    r = repr(value)
    return r if len(r) <= n else r[:n - 3] + "..."


def format_lines(text):
    """{"styles": [...], "events": [...]}: the field names of the script's Format lines, lower case."""
    out, section = {}, None
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            section = s.lower()
        elif s.lower().startswith("format:"):
            key = "events" if section == "[events]" else "styles" if section and "styles" in section else None
            if key:
                out[key] = [f.strip().lower() for f in s[7:].split(",")]
    return out


def unread_sections(subs, text):
    """pysubs2 reads Style and Dialogue lines in its fixed field order, whatever the Format line says: the
    sections whose Format line is in another order are read wrongly, and are not compared."""
    try:
        from pysubs2.formats.substation import STYLE_FORMAT_LINE, EVENT_FORMAT_LINE
    except ImportError:
        return []
    fmt = getattr(subs, "format", None) or "ass"
    fixed = {"styles": STYLE_FORMAT_LINE.get(fmt, ""), "events": EVENT_FORMAT_LINE.get(fmt, "")}
    bad = []
    for key, names in format_lines(text).items():
        if names != [f.strip().lower() for f in fixed[key][7:].split(",")]:
            bad.append(key)
    return bad


def libass_colours(style, ssa):
    """A style's colours as libass draws them. In SSA (ass.c, process_style) the outline takes BackColour
    (TertiaryColour is never read), the text colours take AlphaLevel as alpha and the back colour 0x80."""
    names = ("primarycolor", "secondarycolor", "outlinecolor", "backcolor")
    if not ssa:
        return {n: getattr(style, n) for n in names}
    a = max(0, min(255, style.alphalevel))
    return {"primarycolor": dataclasses.replace(style.primarycolor, a=a),
            "secondarycolor": dataclasses.replace(style.secondarycolor, a=a),
            "outlinecolor": dataclasses.replace(style.backcolor, a=a),
            "backcolor": dataclasses.replace(style.backcolor, a=0x80)}


def subs_differences(a, b, text_a, text_b):
    """(differences, expected): every field of pysubs2's two readings that differs. `expected`: changes that
    draw the same in libass (SSA fields written the ASS way, libass's '*' prefix on style names) and the
    sections not compared because pysubs2 misreads them."""
    diffs, expected = [], []
    ssa_a, ssa_b = getattr(a, "format", None) == "ssa", getattr(b, "format", None) == "ssa"
    skip = set(unread_sections(a, text_a)) | set(unread_sections(b, text_b))
    for key in sorted(skip):
        expected.append(f"{key} not compared: a Format line pysubs2 does not follow (it reads a fixed order)")
    star = lambda v: v.lstrip("*") if isinstance(v, str) else v  # libass drops leading '*' of style names
    if len(a.events) != len(b.events):
        diffs.append(f"event count {len(a.events)} -> {len(b.events)}")
    if "events" not in skip:
        for i, (ea, eb) in enumerate(zip(a.events, b.events), 1):
            for name in EVENT_FIELDS:
                va, vb = getattr(ea, name), getattr(eb, name)
                if va == vb:
                    continue
                line = f"event {i} {name}: {short(va)} -> {short(vb)}"
                (expected if name == "style" and star(va) == star(vb) else diffs).append(line)
    sa_by, sb_by = {star(k): v for k, v in a.styles.items()}, {star(k): v for k, v in b.styles.items()}
    if len(a.styles) != len(b.styles):
        diffs.append(f"style count {len(a.styles)} -> {len(b.styles)}")
    if "styles" not in skip:
        for name in sa_by:
            if name not in sb_by:
                diffs.append(f"style {name!r} missing")
        for name in sb_by:
            if name not in sa_by:
                diffs.append(f"style {name!r} added")
        for name, sa in sa_by.items():
            sb = sb_by.get(name)
            if sb is None:
                continue
            ca, cb = libass_colours(sa, ssa_a), libass_colours(sb, ssa_b)
            for f in dataclasses.fields(sa):
                if f.name in ca:
                    va, vb = ca[f.name], cb[f.name]
                elif f.name in ("tertiarycolor", "alphalevel") and (ssa_a or ssa_b):
                    continue  # folded into the colours above as libass reads them
                else:
                    va, vb = getattr(sa, f.name), getattr(sb, f.name)
                if va != vb:
                    diffs.append(f"style {name!r} {f.name}: {short(va)} -> {short(vb)}")
    for key in list(a.info) + [k for k in b.info if k not in a.info]:
        va, vb = a.info.get(key), b.info.get(key)
        if va == vb:
            continue
        line = f"info {key}: {short(va)} -> {short(vb)}"
        # An SSA input written as ASS must say so; the change is the format's, not a loss.
        if key == "ScriptType" and ssa_a and not ssa_b and (vb or "").strip().lower() == "v4.00+":
            expected.append(line)
        else:
            diffs.append(line)
    for section in ("fonts_opaque", "graphics_opaque"):
        da, db = getattr(a, section, None) or {}, getattr(b, section, None) or {}
        for key in sorted(set(da) | set(db)):
            if key not in db:
                diffs.append(f"{section[:-7]} {key!r} missing")
            elif key not in da:
                diffs.append(f"{section[:-7]} {key!r} added")
            elif da[key] != db[key]:
                diffs.append(f"{section[:-7]} {key!r} content differs")
    return diffs, expected


# ---------------------------------------------------------------- one file

def run_tool(cmd, deadline):
    """(exit code or None, stderr text, how it failed to run or None); the binary may be rebuilt under us:
    retry briefly if it is missing."""
    for attempt in range(4):
        try:
            p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               timeout=max(1.0, deadline - time.monotonic()))
            return p.returncode, p.stderr.decode("utf-8", "replace"), None
        except subprocess.TimeoutExpired as e:
            return None, (e.stderr or b"").decode("utf-8", "replace"), "timed out"
        except OSError as e:  # ENOENT / ETXTBSY while a build replaces the binary
            if attempt == 3 or time.monotonic() + 3 > deadline:
                return None, "", f"could not run: {e}"
            time.sleep(3)


def fonts_dir_for(path, root):
    here = os.path.dirname(path)
    if any(n.lower().endswith(FONT_EXTENSIONS) for n in os.listdir(here)):
        return here
    d, root = here, os.path.abspath(root)
    while True:
        for name in ("fonts", ".fonts"):
            if os.path.isdir(os.path.join(d, name)):
                return os.path.join(d, name)
        if os.path.abspath(d) == root or os.path.dirname(d) == d:
            return None
        d = os.path.dirname(d)


def check_file(path, args, env):
    t0 = time.monotonic()
    deadline = t0 + args.timeout
    rel = os.path.relpath(path, args.dir)
    r = {"file": rel, "path": path, "convert": {}, "retime": {}, "errors": []}
    tmp = tempfile.mkdtemp(prefix="ass-corpus-")
    try:
        _check_file(path, args, env, r, tmp, deadline)
    except Exception as e:  # one file's failure never stops the run
        r["errors"].append(f"internal error: {type(e).__name__}: {e}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    r["seconds"] = round(time.monotonic() - t0, 2)
    return r


def _check_file(path, args, env, r, tmp, deadline):
    text = read_text(path)
    size, why = frame_size(text, args.size)
    r["frame_size"], r["frame_size_from"] = f"{size[0]}x{size[1]}", why
    fontsdir = fonts_dir_for(path, args.dir)
    r["fontsdir"] = fontsdir
    # Safe names for the filter (no escaping surprises); the escaping is applied all the same.
    src = os.path.join(tmp, "in.ass")
    os.symlink(os.path.abspath(path), src)
    fonts_link = None
    if fontsdir:
        fonts_link = os.path.join(tmp, "fonts")
        os.symlink(os.path.abspath(fontsdir), fonts_link)
    out, shifted = os.path.join(tmp, "out.ass"), os.path.join(tmp, "shifted.ass")

    # 1, 5: convert and retime.
    if args.self_check:
        shutil.copyfile(path, out)
        r["convert"].update(exit=0, stderr="", warnings=0, tool="copy")
        reference_shift(path, shifted, args.shift_ms)
        r["retime"].update(exit=0, stderr="", warnings=0, tool="text shift")
    else:
        for key, cmd, dst in (("convert", [args.captions, "convert", path, "-o", out], out),
                              ("retime", [args.captions, "retime", path, "--shift", args.shift, "-o", shifted],
                               shifted)):
            rc, err, trouble = run_tool(cmd, deadline)
            lines = [l for l in err.splitlines() if l.strip()]
            r[key].update(exit=rc, stderr="\n".join(lines[:50]), warnings=len(lines))
            if trouble:
                r[key]["trouble"] = trouble
            if rc != 0 or not os.path.exists(dst):
                r[key]["failed"] = True

    # 2: sample times.
    a = None
    if pysubs2 is not None:
        try:
            a = load_subs(path)
        except Exception as e:
            r["errors"].append(f"pysubs2 cannot read the input: {type(e).__name__}: {e}")
    # pysubs2's times, unless libass reads them otherwise (pysubs2 ignores the Format line's order and
    # reads "0:00:03.766" as 3.766 s where libass counts centiseconds: 3 s + 7660 ms): then libass's.
    libass_spans = fallback_times(text)
    spans = [(e.start, e.end) for e in a.events if not e.is_comment] if a is not None else None
    if spans is None or spans != libass_spans:
        r["sample_times_from"] = "libass's reading of the Dialogue lines" + (
            f" (pysubs2 reads {sum(x != y for x, y in zip(spans, libass_spans)) + abs(len(spans) - len(libass_spans))}"
            " events' times differently)" if spans is not None else "")
        spans = libass_spans
    else:
        r["sample_times_from"] = "pysubs2"
    candidates = []
    for s, e in spans:
        candidates += [s, s + max(0, e - s) // 2]
    times = pick_times(candidates, args.max_samples)
    r["dialogue_events"], r["sample_times_ms"] = len(spans), times

    # 6: pysubs2's readings compared.
    if a is not None and not r["convert"].get("failed"):
        try:
            diffs, expected = subs_differences(a, load_subs(out), text, read_text(out))
            r["pysubs2"] = {"differences": diffs, "expected": expected}
        except Exception as e:
            r["pysubs2"] = {"error": f"{type(e).__name__}: {e}"}

    # 3, 4, 5: render and compare.
    sides = [("in", src, times)]
    if not r["convert"].get("failed"):
        sides.append(("convert", out, times))
    if not r["retime"].get("failed"):
        sides.append(("retime", shifted, [t + args.shift_ms for t in times]))
    if not times:
        return
    if len(sides) == 1:
        return
    fbytes = size[0] * size[1] * 3
    procs, errfiles = {}, {}
    for name, ass, ts in sides:
        errfiles[name] = open(os.path.join(tmp, f"{name}.err"), "w+b")
        procs[name] = subprocess.Popen(render_command(env["ffmpeg"], env["fps_mode"], ass, ts, size, fonts_link),
                                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errfiles[name])
    timed_out = threading.Event()

    def kill_all():
        timed_out.set()
        for p in procs.values():
            p.kill()

    timer = threading.Timer(max(1.0, deadline - time.monotonic()), kill_all)
    timer.start()
    results = {k: [] for k, _, _ in sides if k != "in"}
    blank = bytes(int(BACKGROUND[i:i + 2], 16) for i in (2, 4, 6)) * (size[0] * size[1])
    blank_times = []
    worst_frames = {}
    alive = {k: True for k in procs}
    try:
        for i, t in enumerate(times):
            frames = {}
            for name in procs:
                if alive[name]:
                    fr = read_exactly(procs[name].stdout, fbytes)
                    if len(fr) == fbytes:
                        frames[name] = fr
                    else:
                        alive[name] = False
            if "in" not in frames:
                break
            if frames["in"] == blank:
                blank_times.append(t)
            for name in results:
                if name not in frames:
                    continue
                e = sse(frames["in"], frames[name], size[0] * 3)
                db = psnr(e, fbytes)
                results[name].append({"t_ms": t, "identical": e == 0, "psnr": db})
                if e and (name not in worst_frames or db < worst_frames[name][0]):
                    worst_frames[name] = (db, t, frames["in"], frames[name])
    finally:
        timer.cancel()
        for p in procs.values():
            p.stdout.close()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    for name, p in procs.items():
        errfiles[name].seek(0)
        err = " | ".join(l.strip() for l in errfiles[name].read().decode("utf-8", "replace").splitlines()
                         if l.strip())
        errfiles[name].close()
        bucket = r if name == "in" else r[name]
        if p.returncode != 0 or err:
            bucket["render_error"] = ("killed at the time limit; " if timed_out.is_set() else "") + \
                f"ffmpeg exit {p.returncode}: {err[:500]}"
    if timed_out.is_set():
        r["errors"].append(f"timed out after {args.timeout:g} s")
    if "render_error" in r:
        r["errors"].append("the input does not render: " + r["render_error"][:300])
    rendered = len(next(iter(results.values()), []))
    r["input_frames_drawn"], r["input_blank_times_ms"] = rendered - len(blank_times), blank_times
    for name, samples in results.items():
        r[name]["samples"] = samples
        r[name]["compared"] = len(samples)
        r[name]["identical"] = sum(s["identical"] for s in samples)
        worst = min(samples, key=lambda s: s["psnr"], default=None)
        r[name]["worst"] = worst
        if args.dump and name in worst_frames:
            db, t, fa, fb = worst_frames[name]
            stem = os.path.join(args.dump, re.sub(r"[^A-Za-z0-9._-]+", "_", r["file"]))
            write_png(f"{stem}.{name}.{t}ms.in.png", fa, size)
            write_png(f"{stem}.{name}.{t}ms.out.png", fb, size)


# ---------------------------------------------------------------- report

def fmt_db(v):
    if v is None:
        return "-"
    return "inf" if v == math.inf else f"{v:.1f}"


def fmt_rc(part):
    if not part:
        return "-"
    if part.get("exit") is None:
        return "ERR"
    return str(part["exit"])


def ratio(part):
    return f"{part['identical']}/{part['compared']}" if part.get("compared") else "-"


def print_report(results, args, elapsed):
    # drawn: input frames with something drawn / samples; conv, retime: exit codes; warn: convert's stderr lines.
    head = ("file", "drawn", "conv", "warn", "identical", "worst dB", "retime", "rt ident", "rt worst dB",
            "pysubs2 diffs")
    rows = []
    for r in results:
        c, t = r["convert"], r["retime"]
        p = r.get("pysubs2") or {}
        diffs = "ERR" if "error" in p else (str(len(p["differences"])) if "differences" in p else "-")
        drawn = "ERR" if "render_error" in r else \
            f"{r['input_frames_drawn']}/{len(r['sample_times_ms'])}" if "input_frames_drawn" in r else "-"
        rows.append((r["file"], drawn, fmt_rc(c), str(c.get("warnings", "-")), ratio(c),
                     fmt_db((c.get("worst") or {}).get("psnr")), fmt_rc(t), ratio(t),
                     fmt_db((t.get("worst") or {}).get("psnr")), diffs))
    widths = [max(len(x[i]) for x in rows + [head]) for i in range(len(head))]
    line = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    print(line(head))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))

    notes = []
    for r in results:
        p = r.get("pysubs2") or {}
        items = list(r["errors"])
        for key in ("convert", "retime"):
            part = r[key]
            if part.get("failed"):
                how = part.get("trouble") or f"exit {part.get('exit')}"
                items.append(f"{key} failed ({how}): {part.get('stderr', '').replace(chr(10), ' | ')[:300]}")
            if part.get("render_error") and "render_error" not in r:
                items.append(f"{key} output: {part['render_error'][:300]}")
        if "error" in p:
            items.append(f"pysubs2 cannot read the output: {p['error']}")
        diffs = p.get("differences", [])
        items += diffs[:DIFFS_SHOWN]
        if len(diffs) > DIFFS_SHOWN:
            items.append(f"... {len(diffs) - DIFFS_SHOWN} more")
        if r.get("dialogue_events") == 0:
            items.append("no Dialogue events: nothing to sample")
        if items:
            notes.append((r["file"], items))
    if notes:
        print("\nDetails (first %d pysubs2 differences a file; --json has all):" % DIFFS_SHOWN)
        for f, items in notes:
            print(f"  {f}")
            for it in items:
                print(f"    {it}")

    def summary(key):
        sampled = [r for r in results if r[key].get("compared")]
        ident = sum(r[key]["identical"] == r[key]["compared"] for r in sampled)
        frames = sum(r[key]["compared"] for r in sampled)
        fident = sum(r[key]["identical"] for r in sampled)
        worst = None
        for r in sampled:
            w = r[key]["worst"]
            if w and (worst is None or w["psnr"] < worst[2]):
                worst = (r["file"], w["t_ms"], w["psnr"])
        return ident, len(sampled), fident, frames, worst

    n = len(results)
    no_samples = sum(1 for r in results if not r.get("sample_times_ms"))
    undrawable = sum(1 for r in results if "render_error" in r)
    drawn = sum(r.get("input_frames_drawn", 0) for r in results)
    rendered = sum(r.get("input_frames_drawn", 0) + len(r.get("input_blank_times_ms", [])) for r in results)
    print()
    for key, label in (("convert", "convert"), ("retime", f"retime --shift {args.shift}")):
        ident, sampled, fident, frames, worst = summary(key)
        failed = sum(1 for r in results if r[key].get("failed"))
        w = f"{worst[0]} at {worst[1] / 1000:.3f} s, {fmt_db(worst[2])} dB" if worst and worst[2] != math.inf \
            else "none (every frame identical)" if frames else "none (no frames compared)"
        print(f"{label}: files identical (all frames byte-identical) {ident} of {n}"
              f" ({sampled} compared; {failed} {key} failed, {no_samples} without samples,"
              f" {undrawable} inputs libass cannot draw); frames identical {fident} of {frames}; worst frame: {w}")
    with_p = [r for r in results if "differences" in (r.get("pysubs2") or {})]
    clean = sum(1 for r in with_p if not r["pysubs2"]["differences"])
    total = sum(len(r["pysubs2"]["differences"]) for r in with_p)
    print(f"pysubs2: {clean} of {len(with_p)} converted files read the same ({total} differences in all)")
    print(f"input frames with something drawn: {drawn} of {rendered} (a blank frame compares as identical trivially)")
    print(f"{n} files in {elapsed:.1f} s; " + ("--self-check: convert = copy, retime = text shift"
                                              if args.self_check else f"captions: {binary_stamp(args.captions)}"))


def binary_stamp(path):
    """The binary and when it was built: it may be rebuilt between (or during) runs."""
    try:
        return f"{path} (built {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(os.path.getmtime(path)))})"
    except OSError:
        return f"{path} (missing now)"


def json_safe(v):
    if isinstance(v, float) and math.isinf(v):
        return "inf"
    if isinstance(v, dict):
        return {k: json_safe(x) for k, x in v.items()}
    if isinstance(v, list):
        return [json_safe(x) for x in v]
    return v


# ---------------------------------------------------------------- main

def probe_ffmpeg(ffmpeg):
    """The fps-mode flag this ffmpeg knows, after checking it draws with libass at all (else None)."""
    tmp = tempfile.mkdtemp(prefix="ass-corpus-probe-")
    try:
        ass = os.path.join(tmp, "p.ass")
        with open(ass, "w") as f:
            f.write("[Script Info]\nScriptType: v4.00+\nPlayResX: 64\nPlayResY: 36\n\n[V4+ Styles]\n\n[Events]\n"
                    "Format: Layer, Start, End, Style, Text\nDialogue: 0,0:00:00.00,0:00:01.00,Default,"
                    "{\\p1}m 0 0 l 20 0 20 20 0 20{\\p0}\n")
        for flag in ("-fps_mode", "-vsync"):
            try:
                p = subprocess.run(render_command(ffmpeg, flag, ass, [500], (64, 36), None),
                                   stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
            except (OSError, subprocess.TimeoutExpired):
                return None
            if p.returncode == 0 and len(p.stdout) == 64 * 36 * 3:
                return flag
        return None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def parse_size(value):
    m = re.fullmatch(r"(\d+)x(\d+)", value)
    if not m or not all(0 < int(g) <= 8192 for g in m.groups()):
        raise argparse.ArgumentTypeError("WIDTHxHEIGHT, e.g. 1280x720")
    return int(m.group(1)), int(m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", metavar="DIR", help="folder searched recursively for *.ass and *.ssa")
    ap.add_argument("--captions", default=DEFAULT_CAPTIONS, help="the captions binary (default: %(default)s)")
    ap.add_argument("--ffmpeg", default="ffmpeg", help="ffmpeg with libass (default: %(default)s)")
    ap.add_argument("--json", metavar="FILE", help="write the full results (every sample, every difference)")
    ap.add_argument("--dump", metavar="DIR", help="write each file's worst differing frame pair as PNGs")
    ap.add_argument("--self-check", action="store_true",
                    help="convert = byte copy, retime = shift of the times in the text: must report all identical")
    ap.add_argument("--shift", default="1.5", help="retime shift in seconds (default: %(default)s)")
    ap.add_argument("--max-samples", type=int, default=40, help="sample times a file at most (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=180, help="seconds a file at most (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="files at a time (default: %(default)s)")
    ap.add_argument("--size", type=parse_size, help="frame size for every file instead of the PlayRes rule")
    args = ap.parse_args()
    if not os.path.isdir(args.dir):
        ap.error(f"{args.dir}: not a folder")
    try:
        shift = float(args.shift)
    except ValueError:
        ap.error("--shift takes seconds, e.g. 1.5")
    if not 0 <= shift <= 3600:
        ap.error("--shift: 0 to 3600 seconds (the input at t is compared with the output at t + shift)")
    args.shift_ms = round(shift * 1000)
    if args.max_samples < 1 or args.jobs < 1 or args.timeout <= 0:
        ap.error("--max-samples, --jobs and --timeout must be positive")
    if not args.self_check and not os.access(args.captions, os.X_OK):
        ap.error(f"{args.captions}: no captions binary (make build), or pass --captions")
    fps_mode = probe_ffmpeg(args.ffmpeg)
    if fps_mode is None:
        ap.error(f"{args.ffmpeg}: cannot draw ASS (needs ffmpeg with the libass `ass` filter)")
    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
    env = {"ffmpeg": args.ffmpeg, "fps_mode": fps_mode}

    files, seen = [], set()
    for d, dirs, names in os.walk(args.dir, followlinks=True):
        real = os.path.realpath(d)
        if real in seen:  # a symlink loop, or a folder reached twice
            dirs[:] = []
            continue
        seen.add(real)
        dirs.sort()
        files += [os.path.join(d, n) for n in sorted(names) if n.lower().endswith((".ass", ".ssa"))]
    if not files:
        print(f"No .ass or .ssa files under {args.dir}")
        return 0
    if pysubs2 is None:
        print("pysubs2 is not installed: readings are not compared, samples come from the Dialogue lines",
              file=sys.stderr)

    t0 = time.monotonic()
    results = [None] * len(files)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(check_file, f, args, env): i for i, f in enumerate(files)}
        for done, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            i = futures[fut]
            results[i] = fut.result()
            print(f"[{done}/{len(files)}] {results[i]['file']} ({results[i]['seconds']:.1f} s)", file=sys.stderr)
    elapsed = time.monotonic() - t0
    print_report(results, args, elapsed)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(json_safe({"dir": os.path.abspath(args.dir), "self_check": args.self_check,
                                 "captions": None if args.self_check else binary_stamp(args.captions),
                                 "shift_ms": args.shift_ms, "seconds": round(elapsed, 1), "files": results}),
                      f, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
