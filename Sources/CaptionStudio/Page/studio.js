// CaptionKit Studio: the video plays in a <video>; the captions are drawn over it on a canvas from
// overlays the server renders with the native renderer (the one that burns) for the exact media time
// of each frame on screen. No build step, no dependencies: plain browser JavaScript.
'use strict';

const params = new URLSearchParams(location.search);
const token = params.get('token') || '';
const $ = (id) => document.getElementById(id);
const video = $('video'), canvas = $('overlay'), ctx = canvas.getContext('2d');

// ---- The server's API -------------------------------------------------------------------------
function url(path, query = {}) {
  const q = new URLSearchParams({ ...query, token });
  return `${path}?${q}`;
}
async function api(path, { method = 'GET', body, query } = {}) {
  const response = await fetch(url(path, query), {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = { error: text }; }
  if (!response.ok) {
    const error = new Error((data && (data.problems || [data.error]).join('\n')) || response.statusText);
    error.status = response.status;
    error.problems = (data && data.problems) || [];
    throw error;
  }
  return data;
}
function status(text) { $('status').textContent = text; }

// ---- State ------------------------------------------------------------------------------------
const state = {
  info: null, fields: [], styleFile: {}, resolved: {}, captions: null, version: 0,
  selected: -1, pxPerSecond: 120, dense: false,
  // What each frame time (ms) shows: its overlay's key ('' for no captions), from /overlay/plan.
  plan: new Map(), planEnd: -1, planning: null,
  // Decoded overlays by key: { bitmap, rect } once loaded, or a promise while loading.
  images: new Map(), queue: [], loading: 0,
  stats: { frames: 0, wrong: 0, fetchMs: [] },
  // The video's shot changes (GET /shots): each change's time, the time a dragged end snaps to
  // before it, and its frame; `snapped` is the change an edge being dragged sits on.
  shots: { state: 'off', times: [], endTimes: [], frames: [] }, snapped: -1,
  // The video's waveform (GET /waveform): the peak of each 10 ms, 0-255, as much as the server has.
  waveform: { state: 'computing', perSecond: 100, peaks: [] },
  // Where the sound has speech (GET /speech): [start, end] ms runs; `snappedSpeech` is the run an
  // edge being dragged sits on.
  speech: { state: 'detecting', regions: [] }, snappedSpeech: -1,
};

// A frame's caption time exactly as `captions burn` takes it: its timestamp in whole microseconds,
// floored to milliseconds.
function frameMs(mediaTime) { return Math.floor(Math.round(mediaTime * 1e6) / 1000); }

// ---- Overlays: plan, fetch, draw ----------------------------------------------------------------
// The page asks which overlay each coming frame shows (a key per frame, cheap to compute) 1.5 s
// ahead, and the server starts drawing the distinct ones then. The page fetches each distinct overlay
// once, cropped to the captions' bounds, when its frame is FETCH_AHEAD_MS away: by then it is usually
// drawn, and a word highlighted for ten frames is one request, not ten.
const PLAN_FRAMES = 45, PLAN_AHEAD_MS = 1500, FETCH_AHEAD_MS = 600, IN_FLIGHT = 4;

async function planFrom(ms, frames = PLAN_FRAMES) {
  const version = state.version;
  const plan = await api('/overlay/plan', { query: { from: ms, frames, prepare: 'rgba' } });
  if (version !== state.version || plan.version !== version) return;
  plan.times.forEach((t, i) => state.plan.set(t, plan.keys[i]));
  state.planEnd = Math.max(state.planEnd, plan.times[plan.times.length - 1]);
}

// Queues the overlay for `key` (first seen at time `t`); at most IN_FLIGHT load at once.
function request(key, t, urgent = false) {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  state.images.set(key, promise);
  const job = { key, t, resolve, version: state.version };
  if (urgent) state.queue.unshift(job); else state.queue.push(job);
  pump();
  return promise;
}

function pump() {
  while (state.loading < IN_FLIGHT && state.queue.length) {
    const job = state.queue.shift();
    if (job.version !== state.version) { job.resolve(null); continue; }
    state.loading++;
    const started = performance.now();
    // Raw RGBA rows of the captions' bounds: the same pixels as the PNG, without encoding or decoding.
    fetch(url('/overlay', { t: (job.t / 1000).toFixed(3), crop: 1, format: 'rgba' }))
      .then(async (r) => {
        if (!r.ok) throw new Error(`overlay at ${job.t} ms: HTTP ${r.status}`);
        const rect = (r.headers.get('X-Overlay-Rect') || 'none').split(',').map(Number);
        const bytes = new Uint8ClampedArray(await r.arrayBuffer());
        if (rect.length !== 4) return { bitmap: null, rect: null };
        const bitmap = await createImageBitmap(new ImageData(bytes, rect[2], rect[3]));
        return { bitmap, rect };
      })
      .then((entry) => {
        state.stats.fetchMs.push(performance.now() - started);
        if (job.version !== state.version) { if (entry.bitmap) entry.bitmap.close(); job.resolve(null); return; }
        state.images.set(job.key, entry);
        job.resolve(entry);
      })
      .catch((error) => { state.images.delete(job.key); status(error.message); job.resolve(null); })
      .finally(() => { state.loading--; pump(); });
  }
}

// The overlay for the frame at `ms` now, or null if it is not loaded yet (undefined: not planned).
function ready(ms) {
  const key = state.plan.get(ms);
  if (key === undefined) return undefined;
  if (key === '') return { bitmap: null, rect: null };
  const entry = state.images.get(key);
  return entry && !(entry instanceof Promise) ? entry : null;
}

// The overlay for `ms`, loading what is missing.
async function overlayAt(ms) {
  if (!state.plan.has(ms)) await planFrom(ms, 1);
  const key = state.plan.get(ms);
  if (key === undefined) return null;
  if (key === '') return { bitmap: null, rect: null };
  const entry = state.images.get(key) || request(key, ms, true);
  return entry instanceof Promise ? await entry : entry;
}

function draw(entry) {
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (entry && entry.bitmap && entry.rect) ctx.drawImage(entry.bitmap, entry.rect[0], entry.rect[1]);
}

// Keeps the plan PLAN_AHEAD_MS ahead of `ms`, fetches the overlays of the next FETCH_AHEAD_MS, and
// forgets what is well behind.
function prefetch(ms) {
  for (const [t, key] of state.plan) {
    if (t >= ms && t <= ms + FETCH_AHEAD_MS && key && !state.images.has(key)) request(key, t);
  }
  if (!state.planning && state.planEnd < ms + PLAN_AHEAD_MS) {
    state.planning = planFrom(Math.max(ms, state.planEnd + 1)).catch((e) => status(e.message)).finally(() => { state.planning = null; });
  }
  if (state.plan.size > 400) {
    const keep = new Set();
    for (const [t, key] of state.plan) { if (t < ms - 2000) state.plan.delete(t); else keep.add(key); }
    for (const [key, entry] of state.images) {
      if (!keep.has(key) && !(entry instanceof Promise)) { if (entry.bitmap) entry.bitmap.close(); state.images.delete(key); }
    }
  }
}

// Called for every frame the compositor presents: draw that frame's overlay, or load it now.
function onFrame(now, metadata) {
  const ms = frameMs(metadata.mediaTime);
  const entry = ready(ms);
  if (!video.paused) {
    state.stats.frames++;
    if (!entry) state.stats.wrong++;
  }
  if (entry) draw(entry);
  else overlayAt(ms).then((e) => { if (e && frameMs(video.currentTime) === ms) draw(e); });
  showClock(metadata.mediaTime);
  prefetch(ms);
  video.requestVideoFrameCallback(onFrame);
}

// A paused video (loaded, sought, or after an edit): its frame's overlay as soon as it arrives.
async function redrawPaused() {
  const ms = frameMs(video.currentTime);
  const entry = await overlayAt(ms);
  if (entry && frameMs(video.currentTime) === ms) {
    draw(entry);
    if (video.paused) document.body.dataset.drawnMs = String(ms);
  }
  showClock(video.currentTime);
}

// After any edit: every planned key and loaded overlay is stale.
function newVersion(version) {
  state.version = version;
  for (const entry of state.images.values()) if (!(entry instanceof Promise) && entry.bitmap) entry.bitmap.close();
  state.images.clear();
  state.plan.clear();
  state.queue = [];
  state.planEnd = -1;
  if (video.paused) redrawPaused(); else prefetch(frameMs(video.currentTime));
}

function showClock(t) {
  const m = Math.floor(t / 60), s = (t - m * 60).toFixed(3).padStart(6, '0');
  $('clock').textContent = `${m}:${s}`;
  if (state.info && state.info.duration_ms > 0) {
    $('scrub').value = String(Math.round(1000 * t * 1000 / state.info.duration_ms));
    placePlayhead(t);
  }
  const s2 = state.stats;
  $('frame-state').textContent = s2.frames ? `${s2.frames - s2.wrong}/${s2.frames} frames on time` : '';
}

// ---- Timeline -----------------------------------------------------------------------------------
// The timeline's scale: 120 px a second to start with; zoomed (editing.js) from the whole film in view
// to a frame a hundred pixels wide.
function px(ms) { return ms / 1000 * state.pxPerSecond; }
// Where the timeline is scrolled to and how wide its view is: read once by whatever changes the timeline
// and handed on to what draws it. Read after a change to the track (a zoom step moves every element on
// it, a scroll moves the playhead), either number makes the browser lay the track out there and then,
// and again for the frame: a zoom step's frame was two layouts of the whole track.
function timelineView() {
  const tl = $('timeline');
  return { left: tl.scrollLeft, width: tl.clientWidth };
}
// The playhead over the timeline, which scrolls to keep it in view as the video plays or seeks
// (`follow`), but not while the user scrolls the timeline away from it.
// `view` (timelineView()) follows the scroll it makes.
function placePlayhead(t, follow = true, view = timelineView()) {
  const x = t * state.pxPerSecond, tl = $('timeline');
  if (follow && (x < view.left || x > view.left + view.width - 40)) {
    tl.scrollLeft = Math.max(0, x - 40);
    view.left = tl.scrollLeft;
  }
  $('playhead').style.left = `${x - view.left}px`;
}

// A canvas over the timeline's visible part (a two-hour track is far wider than a canvas may be), in the
// overlay above the scroller so it never moves: sized to the view (`width`; `height`, its CSS height),
// cleared; its context. Sized only when the view's width changed: setting a canvas's width, even to the
// same value, makes it a new bitmap.
function viewCanvas(c, width, height) {
  if (c.width !== width || c.height !== height) {
    c.width = width; c.height = height;
    c.style.width = `${width}px`;
  }
  const g = c.getContext('2d');
  g.clearRect(0, 0, c.width, c.height);
  return g;
}

// The waveform of the visible part of the timeline: each pixel column the largest peak of the buckets
// under it, drawn up and down from the middle of its strip, full scale the strip's height. Drawn when the
// timeline scrolls or resizes and when peaks arrive, never per video frame (the playhead scrolls the
// timeline, which comes back here through its scroll event); only when the view or the peaks changed.
let drawnWaveform = '';
function drawWaveform(view = timelineView()) {
  if (spectrogram.on) { placeSpectrogram(view); return; }
  const c = $('waveform'), w = state.waveform;
  const key = `${view.left},${view.width},${w.peaks.length},${state.pxPerSecond}`;
  if (key === drawnWaveform) return;
  drawnWaveform = key;
  const g = viewCanvas(c, view.width, 40);
  // The bars as pixels, put once (a fillRect a column cost more than the rest of a zoom step), into one
  // buffer kept for the canvas's size (a new one each draw was 224 KB of garbage a frame).
  const image = waveformPixels(g, c.width, c.height), d = new Uint32Array(image.data.buffer);
  d.fill(0);
  const mid = c.height / 2, perPixel = w.perSecond / state.pxPerSecond, levels = peakLevels(), left = view.left;
  for (let x = 0; x < c.width; x++) {
    const X = left + x;
    const from = Math.floor(X * perPixel), to = Math.max(from + 1, Math.floor((X + 1) * perPixel));
    if (from >= w.peaks.length) break;
    const half = largestPeak(levels, from, Math.min(to, w.peaks.length)) / 255 * mid;
    if (half <= 0) continue;
    for (let y = Math.max(0, Math.floor(mid - half)); y < Math.min(c.height, Math.ceil(mid + half)); y++) d[y * c.width + x] = WAVE_RGBA;
  }
  g.putImageData(image, 0, 0);
}
// #3d6e5c, opaque, as one little-endian 32-bit pixel (R in the lowest byte).
const WAVE_RGBA = (255 << 24 | 0x5c << 16 | 0x6e << 8 | 0x3d) >>> 0;
let waveformImage = null;
function waveformPixels(g, width, height) {
  if (!waveformImage || waveformImage.width !== width || waveformImage.height !== height) waveformImage = g.createImageData(width, height);
  return waveformImage;
}

// The peaks in levels: level 0 the peaks, each level above the larger of each pair below it, so the
// largest peak of any run of buckets is found from a few of them (the whole of a two-hour film in view
// is 500 buckets a pixel column: 720,000 to read each draw, or about 20 a column this way). Made again
// only when peaks arrive.
function peakLevels() {
  const w = state.waveform;
  if (w.levels && w.levels.count === w.peaks.length) return w.levels.levels;
  const levels = [Uint8Array.from(w.peaks)];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1], above = new Uint8Array((below.length + 1) >> 1);
    for (let i = 0; i < above.length; i++) above[i] = Math.max(below[2 * i], 2 * i + 1 < below.length ? below[2 * i + 1] : 0);
    levels.push(above);
  }
  w.levels = { count: w.peaks.length, levels };
  return levels;
}
// The largest peak of buckets from..<to: at each level, the odd block at either end taken alone, the
// rest halved to the level above.
function largestPeak(levels, from, to) {
  let peak = 0;
  for (let k = 0; from < to; k++, from >>= 1, to >>= 1) {
    if (from & 1) peak = Math.max(peak, levels[k][from++]);
    if (to & 1) peak = Math.max(peak, levels[k][--to]);
  }
  return peak;
}

// Zoomed out over more captions than DENSE_LIMIT, the timeline draws them (and the speech band) on a
// canvas the view's width instead of building an element for each (the whole of a two-hour film is
// 1,800 captions and thousands of runs of speech: 400 ms a zoom step as elements); zoom in to drag
// or click them. The window is the view and a view's width either side, so 75 is about 25 captions in
// view, each wide enough to grab an edge; at 150 (50 in view, each a sliver) the zoom steps that built
// or moved them took 18-26 ms on the two-hour benchmark (docs/performance.md).
const DENSE_LIMIT = 75;
function drawDense(view = timelineView()) {
  const c = $('dense');
  c.hidden = !state.dense;
  if (!state.dense) return;
  const g = viewCanvas(c, view.width, 104), from = view.left, to = from + c.width;
  g.fillStyle = '#5fcf8f';
  for (const [a, b] of state.speech.regions) {
    const x = px(a), x2 = px(b);
    if (x2 >= from && x <= to) g.fillRect(x - from, 100, Math.max(1, x2 - x), 4);
  }
  state.captions.events.forEach((e, index) => {
    const x = px(e.start), x2 = px(e.end);
    if (x2 < from || x > to) return;
    g.fillStyle = index === state.selected ? '#ffd23f' : '#5677c2';
    g.fillRect(x - from, 6, Math.max(1, x2 - x - 1), 50);
  });
}

// The spectrogram of the visible window (GET /spectrogram: 0 Hz at the bottom, 8 kHz at the top), in
// the waveform's strip while the Spectrogram button is on. The last picture is placed again as the view
// scrolls; a new one is asked for once the view has been still for 150 ms (a scroll or a zoom asks for
// one picture, not one a frame), at most 10 minutes of sound at a time.
const spectrogram = { on: false, timer: 0, image: null, asked: '' };
function placeSpectrogram(view) {
  const c = $('waveform'), s = spectrogram.image;
  const key = `s${view.left},${view.width},${state.pxPerSecond},${s ? s.from + '-' + s.to + '@' + s.pxPerSecond : ''}`;
  if (key === drawnWaveform) return;
  drawnWaveform = key;
  const g = viewCanvas(c, view.width, 40);
  if (s && s.pxPerSecond === state.pxPerSecond) g.drawImage(s.bitmap, px(s.from) - view.left, 0, px(s.to) - px(s.from), c.height);
  clearTimeout(spectrogram.timer);
  spectrogram.timer = setTimeout(() => loadSpectrogram().catch((e) => status(`spectrogram: ${e.message}`)), 150);
}
async function loadSpectrogram() {
  const tl = $('timeline');
  const from = Math.max(0, Math.floor(tl.scrollLeft / state.pxPerSecond * 1000));
  const end = Math.min(state.info.duration_ms, Math.ceil((tl.scrollLeft + tl.clientWidth) / state.pxPerSecond * 1000));
  const to = Math.min(end, from + 600000);
  const width = Math.min(4096, Math.max(1, Math.round(px(to) - px(from)))), height = $('waveform').height || 40;
  const asked = `${from},${to},${width},${height}`;
  if (to <= from || !spectrogram.on || asked === spectrogram.asked) return;
  spectrogram.asked = asked;
  const response = await fetch(url('/spectrogram', { from, to, width, height }));
  if (!response.ok) { spectrogram.asked = ''; throw new Error(await response.text()); }
  const bitmap = await createImageBitmap(await response.blob());
  spectrogram.image = { bitmap, from, to, pxPerSecond: state.pxPerSecond };
  drawnWaveform = '';
  drawWaveform();
  document.body.dataset.spectrogram = `${from}-${to}:${width}x${height}`;
}
function toggleSpectrogram() {
  spectrogram.on = !spectrogram.on;
  $('spectrogram-toggle').setAttribute('aria-pressed', String(spectrogram.on));
  drawnWaveform = '';
  drawWaveform();
}

// The waveform as the server computes it: the peaks so far, then the rest each second until it is done.
async function loadWaveform() {
  const reply = await api('/waveform', { query: { from: state.waveform.peaks.length, encoding: 'base64' } });
  state.waveform.state = reply.state;
  state.waveform.perSecond = reply.buckets_per_second;
  const bytes = atob(reply.peaks_base64);
  for (let k = 0; k < bytes.length; k++) state.waveform.peaks.push(bytes.charCodeAt(k));
  document.body.dataset.waveform = `${reply.state}:${state.waveform.peaks.length}`;
  drawWaveform();
  // For the timeline benchmark: when the first minute was drawn, from the page's navigation.
  if (state.waveform.peaks.length >= 60 * reply.buckets_per_second && !document.body.dataset.firstMinuteMs) {
    document.body.dataset.firstMinuteMs = performance.now().toFixed(0);
  }
  if (reply.state === 'computing') setTimeout(() => loadWaveform().catch((e) => status(`waveform: ${e.message}`)), 1000);
  else if (reply.state === 'failed') status(`no waveform: ${reply.message}`);
}

// The timeline holds only what is near the view: the captions, shot changes and speech within one
// view's width either side of it (a two-hour film is thousands of each; building them all took 400 ms
// a zoom step). When a scroll brings the view near the edge of the window last matched, or a zoom
// changes the scale, the elements are matched to the window around the view (`syncTimeline`): those
// that left it go, those that entered it are made, and the others stay (at a new scale, moved), where
// the whole window used to be built anew.
function builtWindow(view = timelineView()) {
  const margin = view.width || 1000;
  const from = Math.max(0, (view.left - margin) / state.pxPerSecond * 1000);
  const to = (view.left + view.width + margin) / state.pxPerSecond * 1000;
  return { from, to };
}

// The track's width: the video, or the last caption if it ends later, and a margin.
function trackWidth() {
  let end = state.info.duration_ms;
  for (const e of state.captions.events) end = Math.max(end, e.end);
  return px(end) + 40;
}

// The elements on the track by key (`c` a caption's index, `s` a shot change's, `r` a run of speech's),
// each with the function that places it at the current scale; and the window they were last matched to.
const onTrack = new Map();
let built = { from: 0, to: -1 };

// Everything anew: after the captions, the selection, a snap or the shot changes changed.
function buildTimeline() {
  const track = $('track');
  track.replaceChildren();
  track.style.width = `${trackWidth()}px`;
  onTrack.clear();
  syncTimeline();
}

// As the timeline scrolls: the elements matched again only once the view nears the edge of the window
// they were matched to (half a view's width from it), so a scrolled frame reads no caption; the
// zoomed-out canvas, which shows the view itself, is drawn every frame.
function keepTimelineBuilt(view = timelineView()) {
  const half = view.width / 2 / state.pxPerSecond * 1000;
  const left = view.left / state.pxPerSecond * 1000, right = left + view.width / state.pxPerSecond * 1000;
  if ((left - half < built.from && built.from > 0) || right + half > built.to) syncTimeline(false, view);
  else drawDense(view);
}

// The track's elements made to match the window around the view; `rescaled`: the scale changed, so the
// elements kept are placed again. (The track's width is set by whoever changes it: a build, a zoom.)
function syncTimeline(rescaled = false, view = timelineView()) {
  const track = $('track');
  built = builtWindow(view);
  const near = (from, to) => to >= built.from && from <= built.to;
  let inWindow = 0;
  for (const e of state.captions.events) if (near(e.start, e.end)) inWindow++;
  state.dense = inWindow > DENSE_LIMIT;
  document.body.dataset.dense = String(state.dense);
  drawDense(view);
  const wanted = new Set();
  const keep = (key, make) => {
    wanted.add(key);
    const item = onTrack.get(key);
    if (!item) {
      const made = make();
      made.place();
      track.append(made.el);
      onTrack.set(key, made);
    } else if (rescaled) item.place();
  };
  // Shot changes: thin lines under the captions, the one a dragged edge snapped to highlighted.
  state.shots.times.forEach((t, i) => { if (near(t, t)) keep(`s${i}`, () => shotElement(t, i)); });
  // Speech: a band along the bottom, under the waveform.
  if (!state.dense) {
    state.speech.regions.forEach(([from, to], i) => { if (near(from, to)) keep(`r${i}`, () => speechElement(from, to, i)); });
    state.captions.events.forEach((event, index) => {
      if (near(event.start, event.end) || index === state.selected) keep(`c${index}`, () => cueElement(event, index));
    });
  }
  for (const [key, item] of onTrack) {
    if (!wanted.has(key)) { item.el.remove(); onTrack.delete(key); }
  }
}

function shotElement(t, i) {
  const el = document.createElement('div');
  el.className = 'shot' + (i === state.snapped ? ' snapped' : '');
  el.title = `shot change at ${(t / 1000).toFixed(3)} s (frame ${state.shots.frames[i]})`;
  el.dataset.ms = String(t);
  return { el, place: () => { el.style.left = `${px(t)}px`; } };
}

function speechElement(from, to, i) {
  const el = document.createElement('div');
  el.className = 'speech' + (i === state.snappedSpeech ? ' snapped' : '');
  return { el, place: () => { el.style.left = `${px(from)}px`; el.style.width = `${Math.max(1, px(to - from))}px`; } };
}

// A caption narrower than this shows no text: it would show two or three letters and an ellipsis, and
// laying the text out is most of what making and placing a narrow caption's element costs.
const LABEL_WIDTH = 48;
function cueElement(event, index) {
  const cue = document.createElement('div');
  cue.className = 'cue' + (index === state.selected ? ' selected' : '');
  cue.dataset.index = String(index);
  // Problems from the cue list's last check: outlined, their messages in the tooltip.
  const problems = problemsOf(index);
  cue.classList.toggle('problem', problems.length > 0);
  cue.title = problems.length ? `${event.text}\n\n${problems.join('\n')}` : event.text;
  const label = document.createElement('div');
  label.className = 'label';
  label.textContent = event.text.replace(/\n/g, ' ');
  cue.append(label);
  const words = (event.words || []).map((word) => {
    const w = document.createElement('div');
    w.className = 'word';
    w.textContent = word.text;
    cue.append(w);
    return [w, word];
  });
  for (const side of ['start', 'end']) {
    const edge = document.createElement('div');
    edge.className = `edge ${side}`;
    edge.addEventListener('pointerdown', (e) => dragEdge(e, index, side));
    cue.append(edge);
  }
  cue.addEventListener('click', (e) => { if (!e.target.classList.contains('edge')) select(index); });
  const place = () => {
    const width = Math.max(4, px(event.end - event.start));
    cue.style.left = `${px(event.start)}px`;
    cue.style.width = `${width}px`;
    label.hidden = width < LABEL_WIDTH;
    for (const [w, word] of words) {
      w.style.left = `${px(word.start - event.start)}px`;
      w.style.width = `${Math.max(2, px(word.end - word.start))}px`;
    }
  };
  return { el: cue, place };
}

function select(index) {
  if (index < 0 || index >= state.captions.events.length) return;
  state.selected = index;
  document.body.dataset.selected = String(index);
  const event = state.captions.events[index];
  $('editor').hidden = false;
  $('editor-text').value = event.text;
  $('editor-times').textContent = `${(event.start / 1000).toFixed(3)} – ${(event.end / 1000).toFixed(3)} s`;
  video.currentTime = event.start / 1000 + 0.0005;
  buildTimeline();
  cueSelected(index);
}

// An edge dragged within SNAP_PX of a shot change lands on it: a start on the change, an end the
// studio's end gap before it (2 frames, where captions check's default profile wants it). So does one
// near speech: a start on a run of speech's start (its onset), an end on a run's end. The nearest wins;
// Alt drags freely. Null when nothing is near.
const SNAP_PX = 8;
function snapTarget(ms, side) {
  const candidates = [
    ...(side === 'start' ? state.shots.times : state.shots.endTimes).map((t, i) => ({ kind: 'shot', index: i, t })),
    ...state.speech.regions.map((r, i) => ({ kind: 'speech', index: i, t: side === 'start' ? r[0] : r[1] })),
  ];
  let best = null;
  for (const c of candidates) {
    if (Math.abs(px(c.t) - px(ms)) <= SNAP_PX && (!best || Math.abs(c.t - ms) < Math.abs(best.t - ms))) best = c;
  }
  return best;
}

// Dragging an edge retimes the caption (not past its neighbours); the server keeps its words inside.
function dragEdge(down, index, side) {
  down.preventDefault();
  down.stopPropagation();
  const events = state.captions.events, event = events[index];
  const origin = down.clientX, initial = event[side];
  const lower = side === 'start' ? (index > 0 ? events[index - 1].end : 0) : event.start + 40;
  const upper = side === 'start' ? event.end - 40 : (index + 1 < events.length ? events[index + 1].start : Infinity);
  let snap = null;
  const move = (e) => {
    let t = initial + (e.clientX - origin) / state.pxPerSecond * 1000;
    const target = e.altKey ? null : snapTarget(t, side);
    if (target) t = target.t;
    event[side] = Math.round(Math.min(upper, Math.max(lower, t)));
    // Snapped only if the neighbours let the edge reach the target.
    snap = target && event[side] === Math.round(t) ? target : null;
    state.snapped = snap && snap.kind === 'shot' ? snap.index : -1;
    state.snappedSpeech = snap && snap.kind === 'speech' ? snap.index : -1;
    buildTimeline();
  };
  const up = async () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    state.snapped = -1;
    state.snappedSpeech = -1;
    if (event[side] === initial) { buildTimeline(); return; }
    const at = snap && (snap.kind === 'shot' ? state.shots.times[snap.index] : snap.t) / 1000;
    const where = !snap ? ''
      : snap.kind === 'speech' ? ` (${side} on the ${side === 'start' ? 'start' : 'end'} of speech at ${at.toFixed(3)} s)`
      : side === 'start' ? ` (start on the shot change at ${at.toFixed(3)} s)`
      : ` (end ${state.shots.endGap} frames before the shot change at ${at.toFixed(3)} s)`;
    await putCaptions(`retimed caption ${index + 1}${where}`);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}

async function putCaptions(what) {
  try {
    await captionsChanged(await api('/captions', { method: 'PUT', body: state.captions }), what);
  } catch (error) {
    status(`captions refused: ${error.message}`);
    state.captions = await api('/captions');
    buildTimeline();
  }
}

// After the server changed the captions (an edit, an undo, a redo): its captions, the timeline and the
// overlays anew, and what can be undone.
async function captionsChanged(reply, what) {
  state.captions = await api('/captions');
  if (state.selected >= state.captions.events.length) state.selected = state.captions.events.length - 1;
  document.body.dataset.history = `${reply.undo}:${reply.redo}`;
  buildTimeline();
  newVersion(reply.version);
  status(reply.autosave_problem ? `${what} · ${reply.autosave_problem}` : what);
  refreshCheck();
}

// The shot changes, once the server has them: given on the command line they are there at once;
// found in the video they take a while, so the page asks again until they are.
async function loadShots() {
  const shots = await api('/shots');
  if (shots.state === 'detecting') { setTimeout(() => loadShots().catch((e) => status(e.message)), 1000); return; }
  if (shots.state === 'failed') { status(`no shot changes: ${shots.message}`); return; }
  state.shots = { state: shots.state, times: shots.times || [], endTimes: shots.end_times || [], frames: shots.frames || [], endGap: shots.end_gap_frames };
  document.body.dataset.shots = String(state.shots.times.length);
  if (state.captions) buildTimeline();
  // The shot-change rules apply from now on.
  if (state.captions) refreshCheck();
}

// Where the sound has speech, once the server has found it (it decodes the whole sound first).
async function loadSpeech() {
  const speech = await api('/speech');
  if (speech.state === 'detecting') { setTimeout(() => loadSpeech().catch((e) => status(e.message)), 1000); return; }
  if (speech.state === 'failed') { status(`no speech regions: ${speech.message}`); return; }
  state.speech = { state: speech.state, regions: speech.regions };
  document.body.dataset.speech = `${speech.state}:${speech.regions.length}`;
  if (state.captions) buildTimeline();
}

// ---- Style panel, built from the server's field table -------------------------------------------
function valueAt(object, path) { return path.reduce((o, k) => (o == null ? undefined : o[k]), object); }
function setAt(object, path, value) {
  let o = object;
  for (const k of path.slice(0, -1)) { if (o[k] == null || typeof o[k] !== 'object') o[k] = {}; o = o[k]; }
  o[path[path.length - 1]] = value;
}
function label(text) { const s = document.createElement('span'); s.textContent = text.replace(/_/g, ' '); return s; }

function hexColor(value) { return (value || '#000000').slice(0, 7); }
function alphaOf(value) { return value && value.length === 9 ? parseInt(value.slice(7), 16) : 255; }

// One control per field kind; a change sends the whole style file and shows on the next frame.
function control(field, path) {
  const current = valueAt(state.resolved, path);
  const row = document.createElement('label');
  row.className = 'field' + (valueAt(state.styleFile, path) !== undefined ? ' changed' : '');
  row.dataset.path = path.join('.');
  row.append(label(field.key));
  let input;
  const send = (value) => { setAt(state.styleFile, path, value); putStyle(); };
  switch (field.kind) {
    case 'color': {
      const pair = document.createElement('span'); pair.className = 'pair';
      const color = document.createElement('input'); color.type = 'color'; color.value = hexColor(current);
      const alpha = document.createElement('input'); alpha.type = 'range'; alpha.min = 0; alpha.max = 255; alpha.value = alphaOf(current);
      alpha.title = 'opacity';
      const change = () => send(color.value.toUpperCase() + Number(alpha.value).toString(16).padStart(2, '0').toUpperCase());
      color.addEventListener('input', change); alpha.addEventListener('change', change);
      pair.append(color, alpha); row.append(pair);
      return row;
    }
    case 'choice':
      input = document.createElement('select');
      for (const option of field.options) { const o = document.createElement('option'); o.value = o.textContent = option; input.append(o); }
      input.value = current;
      input.addEventListener('change', () => send(input.value));
      break;
    case 'flag':
      input = document.createElement('input'); input.type = 'checkbox'; input.checked = !!current;
      input.addEventListener('change', () => send(input.checked));
      break;
    case 'integer': case 'number': case 'seconds':
      input = document.createElement('input'); input.type = 'number';
      input.min = field.minimum; input.max = field.maximum;
      input.step = field.kind === 'integer' ? (field.maximum >= 900 && field.key.includes('weight') ? 100 : 1) : field.kind === 'seconds' ? 0.05 : 0.5;
      input.value = current == null ? '' : current;
      if (field.nullable) input.placeholder = 'none';
      input.addEventListener('change', () => {
        if (input.value === '' && field.nullable) return send(null);
        const n = Number(input.value);
        send(field.kind === 'integer' ? Math.round(n) : n);
      });
      break;
    case 'text_list': case 'patterns': {
      // Patterns may hold commas: one per line.
      const separator = field.kind === 'patterns' ? '\n' : ', ';
      input = document.createElement(field.kind === 'patterns' ? 'textarea' : 'input');
      input.value = (current || []).join(separator);
      input.addEventListener('change', () => send(input.value.split(separator.trim() || '\n').map((s) => s.trim()).filter(Boolean)));
      break;
    }
    case 'speakers':
      // "auto", empty for none, or a JSON object from speaker label to style fields.
      input = document.createElement('input'); input.type = 'text'; input.placeholder = 'none, auto or {"LABEL": {...}}';
      input.value = current == null ? '' : typeof current === 'string' ? current : JSON.stringify(current);
      input.addEventListener('change', () => {
        const text = input.value.trim();
        if (text === '' || text === 'auto') return send(text === '' ? null : 'auto');
        try { send(JSON.parse(text)); } catch (error) { $('style-errors').textContent = `speakers: not JSON: ${error.message}`; }
      });
      break;
    case 'patch':
      // Empty for none, or a JSON object of style fields.
      input = document.createElement('input'); input.type = 'text'; input.placeholder = 'none or {"font_size": 64, ...}';
      input.value = current == null ? '' : JSON.stringify(current);
      input.addEventListener('change', () => {
        const text = input.value.trim();
        if (text === '') return send(null);
        try { send(JSON.parse(text)); } catch (error) { $('style-errors').textContent = `${field.key}: not JSON: ${error.message}`; }
      });
      break;
    default:
      input = document.createElement('input'); input.type = 'text'; input.value = current == null ? '' : current;
      if (field.nullable) input.placeholder = 'none';
      input.addEventListener('change', () => send(input.value === '' && field.nullable ? null : input.value));
  }
  row.append(input);
  return row;
}

function buildPanel() {
  const container = $('fields');
  container.replaceChildren();
  const skip = new Set(['$schema', 'extends', 'summary']);
  const build = (fields, path, parent) => {
    for (const field of fields) {
      if (skip.has(field.key)) continue;
      const here = [...path, field.key];
      if (field.kind === 'object') {
        const set = document.createElement('fieldset');
        const legend = document.createElement('legend');
        legend.textContent = field.key.replace(/_/g, ' ');
        set.append(legend);
        if (field.nullable) {
          const on = document.createElement('input'); on.type = 'checkbox';
          on.checked = valueAt(state.resolved, here) != null;
          on.title = 'on or off';
          on.addEventListener('change', () => { setAt(state.styleFile, here, on.checked ? {} : null); putStyle(); });
          legend.prepend(on);
          if (!on.checked) { parent.append(set); continue; }
        }
        build(field.fields, here, set);
        parent.append(set);
      } else {
        parent.append(control(field, here));
      }
    }
  };
  build(state.fields, [], container);
}

async function putStyle() {
  try {
    const result = await api('/style', { method: 'PUT', body: { ...state.styleFile, extends: $('preset').value } });
    $('style-errors').textContent = '';
    await loadStyle();
    newVersion(result.version);
  } catch (error) {
    $('style-errors').textContent = error.message;
  }
}

async function loadStyle() {
  state.styleFile = await api('/style');
  $('preset').value = state.styleFile.extends;
  delete state.styleFile.extends;
  state.resolved = await api('/style/resolved');
  buildPanel();
}

// ---- Saving and burning -------------------------------------------------------------------------
// POSTs a write of `name`; when the file exists (409 "... exists"), asks, and sends it again with
// `replace` if the user agrees. Null when the user declined.
async function postAsking(path, name, body) {
  try {
    return await api(path, { method: 'POST', body });
  } catch (error) {
    if (!(error.status === 409 && /exists$/.test(error.message))) throw error;
    if (!confirm(`${name} exists. Replace it?`)) return null;
    return api(path, { method: 'POST', body: { ...body, replace: true } });
  }
}

async function save(what) {
  let name = $('save-name').value.trim();
  if (what === 'style' && !name.endsWith('.json')) name = 'style.json';
  if (!name) { status('give a file name (edited.srt, edited.vtt, edited.ass, edited.json)'); return; }
  try {
    const result = await postAsking('/save', name, { what, name });
    if (result) status(`saved ${result.saved}`);
  } catch (error) { status(`not saved: ${error.message}`); }
}

async function burn() {
  const name = prompt('Burn into (a file next to the captions):', 'burned.mp4');
  if (!name) return;
  try {
    if (!(await postAsking('/burn', name, { name }))) return;
    const poll = async () => {
      const p = await api('/burn/progress');
      const percent = p.fraction != null ? ` ${(p.fraction * 100).toFixed(0)}%` : '';
      $('burn-status').textContent = `${p.state}${percent} ${p.frames} frames${p.message ? ': ' + p.message : ''}`;
      if (p.state === 'running') setTimeout(poll, 500); else if (p.state === 'done') status(`burned ${p.output}`);
    };
    poll();
  } catch (error) { status(`burn refused: ${error.message}`); }
}

// ---- Start --------------------------------------------------------------------------------------
async function start() {
  state.info = await api('/info');
  state.version = state.info.version;
  $('files').textContent = `${state.info.video} · ${state.info.captions} · ${state.info.width}×${state.info.height}`;
  canvas.width = state.info.width; canvas.height = state.info.height;
  // The stage takes the video's size as displayed (rotation applied), scaled down only to fit.
  const stage = $('stage');
  stage.style.aspectRatio = `${state.info.width} / ${state.info.height}`;
  stage.style.width = `${state.info.width}px`;
  const fit = () => {
    const column = $('stage-column');
    const room = Math.max(120, window.innerHeight - 260);
    const scale = Math.min(1, (column.clientWidth - 24) / state.info.width, room / state.info.height);
    stage.style.width = `${Math.floor(state.info.width * scale)}px`;
    const r = stage.getBoundingClientRect();
    document.body.dataset.stage = [r.left, r.top, r.width, r.height].map(Math.round).join(',');
  };
  window.addEventListener('resize', fit);
  fit();
  for (const name of state.info.presets) { const o = document.createElement('option'); o.value = o.textContent = name; $('preset').append(o); }
  state.fields = (await api('/fields')).fields;
  await loadStyle();
  state.captions = await api('/captions');
  buildTimeline();
  loadShots().catch((error) => status(`shot changes: ${error.message}`));
  loadWaveform().catch((error) => status(`waveform: ${error.message}`));
  loadSpeech().catch((error) => status(`speech: ${error.message}`));
  if (state.info.warnings.length) status(state.info.warnings.join(' · '));
  startEditing();
  startCueList();

  video.addEventListener('error', () => status(`this browser cannot play ${state.info.video}; the overlays still render (convert the video to H.264 or VP9 to preview it)`));
  video.addEventListener('seeked', () => { if (video.paused) redrawPaused(); });
  video.addEventListener('play', () => { $('play').textContent = '❚❚'; prefetch(frameMs(video.currentTime)); });
  video.addEventListener('pause', () => { $('play').textContent = '▶'; redrawPaused(); });
  video.requestVideoFrameCallback(onFrame);
  video.src = url('/video');

  const at = params.get('t');
  const initial = at != null && isFinite(Number(at)) ? Math.max(0, Number(at)) : 0;
  video.addEventListener('loadedmetadata', () => { video.currentTime = initial; }, { once: true });

  $('play').addEventListener('click', () => (video.paused ? video.play() : video.pause()));
  $('spectrogram-toggle').addEventListener('click', toggleSpectrogram);
  $('scrub').addEventListener('input', () => { video.currentTime = Number($('scrub').value) / 1000 * state.info.duration_ms / 1000; });
  $('timeline').addEventListener('scroll', () => {
    const view = timelineView();
    placePlayhead(video.currentTime, false, view);
    drawWaveform(view);
    keepTimelineBuilt(view);
  });
  window.addEventListener('resize', () => { const view = timelineView(); drawWaveform(view); drawDense(view); });
  $('preset').addEventListener('change', () => putStyle());
  $('reset-style').addEventListener('click', () => { state.styleFile = {}; putStyle(); });
  $('editor-apply').addEventListener('click', () => {
    if (state.selected < 0) return;
    setText(state.captions.events[state.selected], $('editor-text').value);
    putCaptions(`edited caption ${state.selected + 1}`);
  });
  $('save-captions').addEventListener('click', () => save('captions'));
  $('save-style').addEventListener('click', () => save('style'));
  $('burn').addEventListener('click', burn);
}

// For the benchmark: play `seconds` from the start and report what the page saw.
window.studioBenchmark = async function (seconds) {
  video.currentTime = 0;
  await new Promise((r) => video.addEventListener('seeked', r, { once: true }));
  // Let the plan and the first overlays load before playing, as a player buffers before it starts.
  await planFrom(0);
  prefetch(0);
  await Promise.all([...state.images.values()].filter((e) => e instanceof Promise));
  // Measure playback only, on both sides: the page's counters and the server's timings start here
  // (GET /stats hands over the server's timings so far and forgets them).
  state.stats = { frames: 0, wrong: 0, fetchMs: [] };
  await api('/stats');
  await video.play();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  video.pause();
  const sorted = [...state.stats.fetchMs].sort((a, b) => a - b);
  const q = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.round((sorted.length - 1) * p))] : 0);
  const report = { frames: state.stats.frames, wrong: state.stats.wrong, fetches: sorted.length, median_ms: q(0.5), p95_ms: q(0.95) };
  await api('/stats', { method: 'POST', body: report });
  return report;
};

// Started once every script of the page has run (editing.js adds the timing editor's keys and tools,
// cuelist.js the cue list: both are always loaded).
document.addEventListener('DOMContentLoaded', () => {
  start().catch((error) => { status(`could not start: ${error.message}`); console.error(error); });
});
