"""Read or write one broadcast caption file once with a Python peer and print one JSON line: the tool,
the step, cue count, seconds (the step alone: for a write, reading the SRT source is not counted).
Usage: python3 broadcast-peers.py ttconv|pycaption read FILE.scc|FILE.stl
       python3 broadcast-peers.py ttconv|pycaption write-scc FILE.srt OUT.scc"""
import io, json, logging, sys, time

logging.disable(logging.WARNING)
tool, step, path = sys.argv[1], sys.argv[2], sys.argv[3]
out = sys.argv[4] if len(sys.argv) > 4 else None

def timed(f):
    t = time.perf_counter(); n = f(); return n, time.perf_counter() - t

if tool == "ttconv":
    import ttconv.scc.reader as scc_reader, ttconv.scc.writer as scc_writer
    import ttconv.stl.reader as stl_reader, ttconv.srt.reader as srt_reader
    def count(doc):
        body = doc.get_body()
        return sum(len(list(div)) for div in body) if body is not None else 0
    if step == "read" and path.endswith(".stl"):
        data = open(path, "rb").read()
        cues, seconds = timed(lambda: count(stl_reader.to_model(io.BytesIO(data))))
    elif step == "read":
        text = open(path, encoding="utf-8").read()
        cues, seconds = timed(lambda: count(scc_reader.to_model(text)))
    elif step == "write-scc":
        doc = srt_reader.to_model(open(path, encoding="utf-8"))
        def write():
            scc = scc_writer.from_model(doc)
            open(out, "w", encoding="utf-8").write(scc)
            return count(doc)
        cues, seconds = timed(write)
    else:
        sys.exit("unknown step " + step)
elif tool == "pycaption":
    from pycaption import SCCReader, SCCWriter, SRTReader
    if step == "read":
        text = open(path, encoding="utf-8").read()
        cues, seconds = timed(lambda: len(SCCReader().read(text).get_captions("en-US")))
    elif step == "write-scc":
        captions = SRTReader().read(open(path, encoding="utf-8").read(), lang="en-US")
        def write():
            open(out, "w", encoding="utf-8").write(SCCWriter().write(captions))
            return len(captions.get_captions("en-US"))
        cues, seconds = timed(write)
    else:
        sys.exit("unknown step " + step)
else:
    sys.exit("unknown tool " + tool)
print(json.dumps({"tool": tool, "step": step, "cues": cues, "seconds": seconds}))
