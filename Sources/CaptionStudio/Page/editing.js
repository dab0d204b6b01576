// CaptionKit Studio's timing editor, over studio.js: keys for timing and editing captions, undo and
// redo (kept by the server, which also autosaves every change next to the captions), zoom, seeking
// from the timeline, and the offer of an earlier session's autosaved edits.
'use strict';

// ---- Times --------------------------------------------------------------------------------------
function frameDuration() {
  const f = state.info.fps;
  return f && f.numerator > 0 ? 1000 * f.denominator / f.numerator : 40;
}
function playheadMs() { return frameMs(video.currentTime); }
function seekTo(ms) { video.currentTime = Math.max(0, ms) / 1000 + 0.0005; }

// ---- Text and its spans -------------------------------------------------------------------------
// Spans are UTF-8 byte ranges over the plain text (the toolkit's JSON).
const utf8 = new TextEncoder();
function byteLength(text) { return utf8.encode(text).length; }

// A caption's new text. Spans are kept where the text up to their end is unchanged (a word fixed after
// an italic one keeps the italics), and the text as read (`source_text`) no longer applies.
function setText(event, text) {
  if (event.text === text) return;
  const old = utf8.encode(event.text), now = utf8.encode(text);
  let same = 0;
  while (same < old.length && same < now.length && old[same] === now[same]) same++;
  event.spans = (event.spans || []).filter((s) => s.end <= same);
  if (!event.spans.length) delete event.spans;
  event.text = text;
  delete event.source_text;
}

// The spans over bytes [from, to) of a text, moved to start at `at`.
function spansWithin(spans, from, to, at = 0) {
  return (spans || [])
    .map((s) => ({ ...s, start: Math.max(s.start, from), end: Math.min(s.end, to) }))
    .filter((s) => s.end > s.start)
    .map((s) => ({ ...s, start: s.start - from + at, end: s.end - from + at }));
}

// A caption made from parts of others: its text is new (no `source_text`), and empty spans and
// words are left out, as the server writes them.
function madeCaption(event) {
  delete event.source_text;
  if (!event.spans || !event.spans.length) delete event.spans;
  if (!event.words || !event.words.length) delete event.words;
  return event;
}

// ---- Edits --------------------------------------------------------------------------------------
// Each edit changes the page's copy of the captions and sends the whole of it (PUT /captions): the
// server keeps the previous state to undo to, and autosaves.
function events() { return state.captions.events; }
function selectedEvent() { return state.selected >= 0 ? events()[state.selected] : null; }
function need(condition, message) { if (!condition) { status(message); } return Boolean(condition); }

// The caption the playhead is in: the selected one if it is, else the first that holds it.
function captionAtPlayhead() {
  const t = playheadMs(), chosen = selectedEvent();
  if (chosen && chosen.start <= t && t < chosen.end) return state.selected;
  return events().findIndex((e) => e.start <= t && t < e.end);
}

// How far an edge may go: not over the neighbouring captions, and a caption lasts at least a frame.
function edgeLimits(index, side) {
  const list = events(), event = list[index], frame = Math.round(frameDuration());
  return side === 'start'
    ? [index > 0 ? list[index - 1].end : 0, event.end - frame]
    : [event.start + frame, index + 1 < list.length ? list[index + 1].start : Infinity];
}

function moveEdge(side, to, what) {
  const index = state.selected, event = selectedEvent();
  if (!need(event, 'select a caption first (click it, or ↓ / ↑)')) return;
  const [lower, upper] = edgeLimits(index, side);
  const t = Math.round(to);
  if (!need(t >= lower && t <= upper, `caption ${index + 1}: its ${side} cannot go to ${(t / 1000).toFixed(3)} s (${lower === 0 && side === 'start' ? 'the start of the video' : 'its neighbour or its other edge'} is in the way)`)) return;
  if (event[side] === t) return;
  event[side] = t;
  putCaptions(`caption ${index + 1}: ${what}`);
}

function edgeAtPlayhead(side) { moveEdge(side, playheadMs(), `${side} at the playhead`); }
function nudge(side, by) {
  const event = selectedEvent();
  if (!need(event, 'select a caption first (click it, or ↓ / ↑)')) return;
  moveEdge(side, event[side] + by, `${side} ${by > 0 ? 'later' : 'earlier'} by ${Math.abs(by).toFixed(0)} ms`);
}

// Split at the playhead. Timed words go to the side of the playhead they start on; without words the
// text splits where its words' share of the time falls (a two-line caption: between its lines).
function split() {
  const index = captionAtPlayhead(), t = playheadMs(), frame = Math.round(frameDuration());
  if (!need(index >= 0, 'the playhead is in no caption')) return;
  const event = events()[index];
  if (!need(t - event.start >= frame && event.end - t >= frame, 'the playhead is too close to an edge to split there')) return;
  const tokens = [...event.text.matchAll(/\S+/g)];
  if (!need(tokens.length >= 2, `caption ${index + 1} has one word: nothing to split`)) return;
  const words = event.words || [];
  const lines = event.text.split('\n');
  let first;
  if (words.length === tokens.length) first = words.filter((w) => w.start < t).length;
  else if (lines.length === 2) first = [...lines[0].matchAll(/\S+/g)].length;
  else first = Math.round(tokens.length * (t - event.start) / (event.end - event.start));
  first = Math.min(tokens.length - 1, Math.max(1, first));
  const cut = tokens[first - 1].index + tokens[first - 1][0].length, resume = tokens[first].index;
  const head = event.text.slice(0, cut), tail = event.text.slice(resume);
  const headBytes = byteLength(head), tailFrom = byteLength(event.text.slice(0, resume));
  const second = madeCaption({ ...event, start: t, text: tail, spans: spansWithin(event.spans, tailFrom, Infinity), words: words.slice(first) });
  const kept = madeCaption({ ...event, end: t, text: head, spans: spansWithin(event.spans, 0, headBytes), words: words.slice(0, first) });
  delete second.id;
  events().splice(index, 1, kept, second);
  state.selected = index;
  putCaptions(`split caption ${index + 1} at ${(t / 1000).toFixed(3)} s`);
}

// Merge the selected caption with the next: one caption from the first's start to the second's end,
// their texts on two lines (one line each), else joined by a space.
function mergeWithNext() {
  const index = state.selected, list = events();
  if (!need(index >= 0 && index + 1 < list.length, 'select a caption that has a next one to merge with')) return;
  const a = list[index], b = list[index + 1];
  const joiner = a.text.includes('\n') || b.text.includes('\n') ? ' ' : '\n';
  const at = byteLength(a.text + joiner);
  const merged = madeCaption({ ...a, end: b.end, text: a.text + joiner + b.text,
    spans: [...spansWithin(a.spans, 0, Infinity), ...spansWithin(b.spans, 0, Infinity, at)],
    words: [...(a.words || []), ...(b.words || [])] });
  list.splice(index, 2, merged);
  putCaptions(`merged captions ${index + 1} and ${index + 2}`);
}

// A new caption at the playhead: two seconds, or up to the next caption; its text is selected in the
// editor, to be typed over (Ctrl+Enter applies it).
const NEW_TEXT = 'New caption';
async function insertAtPlayhead() {
  const t = playheadMs(), list = events(), frame = Math.round(frameDuration());
  if (!need(!list.some((e) => e.start <= t && t < e.end), 'the playhead is in a caption: insert where there is none')) return;
  const next = list.findIndex((e) => e.start > t);
  const end = Math.min(t + 2000, next < 0 ? Infinity : list[next].start);
  if (!need(end - t >= frame, 'no room for a caption before the next one')) return;
  const index = next < 0 ? list.length : next;
  list.splice(index, 0, { start: t, end, text: NEW_TEXT });
  state.selected = index;
  await putCaptions(`inserted a caption at ${(t / 1000).toFixed(3)} s`);
  select(index);
  editText();
}

function deleteSelected() {
  const index = state.selected;
  if (!need(index >= 0, 'select a caption to delete')) return;
  events().splice(index, 1);
  state.selected = Math.min(index, events().length - 1);
  putCaptions(`deleted caption ${index + 1}`);
}

async function undoOrRedo(direction) {
  try {
    await captionsChanged(await api(`/captions/${direction}`, { method: 'POST' }), direction === 'undo' ? 'undone' : 'redone');
    if (state.selected >= 0) select(state.selected);
  } catch (error) { status(error.message); }
}

// ---- Moving around ------------------------------------------------------------------------------
// The next or previous caption from the selected one (from the playhead when none is), selected.
function step(direction) {
  const list = events(), t = playheadMs();
  let index = state.selected;
  if (index < 0) index = direction > 0 ? list.findIndex((e) => e.start >= t) : list.findLastIndex((e) => e.start < t);
  else index += direction;
  if (index >= 0 && index < list.length) select(index);
}

function seekBy(ms) { video.pause(); seekTo(playheadMs() + ms); }

// Plays the selected caption from its start and stops at its end.
function playSelected() {
  const event = selectedEvent();
  if (!need(event, 'select a caption to play')) return;
  const stopAt = event.end / 1000;
  seekTo(event.start);
  const watch = () => {
    if (video.paused) return;
    if (video.currentTime >= stopAt) { video.pause(); return; }
    video.requestVideoFrameCallback(watch);
  };
  video.play().then(() => video.requestVideoFrameCallback(watch));
}

function editText() {
  if (!need(selectedEvent(), 'select a caption to edit')) return;
  const box = $('editor-text');
  box.focus();
  box.select();
}

// ---- Zoom ---------------------------------------------------------------------------------------
// From the whole video in the timeline's width (or the starting 120 px a second, for a video shorter
// than that shows) to a frame a hundred pixels wide, keeping the time under `anchorX` (a point of the
// timeline's view: the playhead, or the mouse) where it is. Zoom 0: the whole video.
function wholeVideoScale() {
  return Math.max(0.01, ($('timeline').clientWidth - 40) / Math.max(0.001, state.info.duration_ms / 1000));
}
function zoom(factor, anchorX) {
  const tl = $('timeline'), whole = wholeVideoScale();
  const lower = Math.min(whole, 120), upper = 100 * 1000 / frameDuration();
  const x = anchorX ?? Math.max(0, Math.min(tl.clientWidth, px(playheadMs()) - tl.scrollLeft));
  const at = (tl.scrollLeft + x) / state.pxPerSecond;
  const next = factor === 0 ? whole : Math.min(upper, Math.max(lower, state.pxPerSecond * factor));
  if (next === state.pxPerSecond) return;
  state.pxPerSecond = next;
  document.body.dataset.zoom = next.toFixed(3);
  // The track's new width first, so the view can be scrolled to keep the anchor's time in place; then
  // the timeline's elements moved to the new scale and made to match the window around that view.
  $('track').style.width = `${trackWidth()}px`;
  tl.scrollLeft = Math.max(0, at * next - x);
  // The view read once, here, where the only change is the track's width (the scroll above has laid it
  // out already), and handed on: read after the elements below moved, it would lay them all out twice.
  // (The playhead first: out of view it moves the view to itself, and the elements are then made for
  // where the view ends up, not made once here and again by the scroll.)
  const view = timelineView();
  placePlayhead(video.currentTime, true, view);
  syncTimeline(true, view);
  drawWaveform(view);
}

// ---- Keys ---------------------------------------------------------------------------------------
// `keys`: KeyboardEvent.key values, lower case; `ctrl`: Control (or Command) held. Listed in the page
// (the Keys button) and in docs/studio.md.
const SHORTCUTS = [
  { keys: [' '], label: 'Space', what: 'play or pause', run: () => $('play').click() },
  { keys: ['p'], label: 'P', what: 'play the selected caption', run: playSelected },
  { keys: ['arrowdown'], label: '↓', what: 'select the next caption', run: () => step(1) },
  { keys: ['arrowup'], label: '↑', what: 'select the previous caption', run: () => step(-1) },
  { keys: ['arrowright'], label: '→ / Shift+→', what: 'one frame / one second later', run: (e) => seekBy(e.shiftKey ? 1000 : frameDuration()) },
  { keys: ['arrowleft'], label: '← / Shift+←', what: 'one frame / one second earlier', run: (e) => seekBy(e.shiftKey ? -1000 : -frameDuration()) },
  { keys: ['['], label: '[', what: 'start the selected caption at the playhead', run: () => edgeAtPlayhead('start') },
  { keys: [']'], label: ']', what: 'end the selected caption at the playhead', run: () => edgeAtPlayhead('end') },
  { keys: ['q'], label: 'Q / Shift+Q', what: 'start one frame / 100 ms earlier', run: (e) => nudge('start', e.shiftKey ? -100 : -Math.round(frameDuration())) },
  { keys: ['w'], label: 'W / Shift+W', what: 'start one frame / 100 ms later', run: (e) => nudge('start', e.shiftKey ? 100 : Math.round(frameDuration())) },
  { keys: ['e'], label: 'E / Shift+E', what: 'end one frame / 100 ms earlier', run: (e) => nudge('end', e.shiftKey ? -100 : -Math.round(frameDuration())) },
  { keys: ['r'], label: 'R / Shift+R', what: 'end one frame / 100 ms later', run: (e) => nudge('end', e.shiftKey ? 100 : Math.round(frameDuration())) },
  { keys: ['s'], label: 'S', what: 'split the caption at the playhead', run: split },
  { keys: ['m'], label: 'M', what: 'merge the selected caption with the next', run: mergeWithNext },
  { keys: ['i'], label: 'I', what: 'insert a caption at the playhead', run: insertAtPlayhead },
  { keys: ['delete', 'backspace'], label: 'Delete', what: 'delete the selected caption', run: deleteSelected },
  { keys: ['enter'], label: 'Enter', what: "edit the selected caption's text (in the text: Ctrl+Enter applies, Escape leaves)", run: editText },
  { keys: ['+', '='], label: '+', what: 'zoom in', run: () => zoom(1.5) },
  { keys: ['-'], label: '−', what: 'zoom out', run: () => zoom(1 / 1.5) },
  { keys: ['0'], label: '0', what: 'the whole video in view', run: () => zoom(0) },
  { keys: ['z'], ctrl: true, shift: true, label: 'Ctrl+Shift+Z, Ctrl+Y', what: 'redo', run: () => undoOrRedo('redo') },
  { keys: ['y'], ctrl: true, label: '', what: '', run: () => undoOrRedo('redo') },
  { keys: ['z'], ctrl: true, label: 'Ctrl+Z', what: 'undo', run: () => undoOrRedo('undo') },
];

function shortcutFor(e) {
  const key = e.key.toLowerCase(), ctrl = e.ctrlKey || e.metaKey;
  return SHORTCUTS.find((s) => s.keys.includes(key) && Boolean(s.ctrl) === ctrl && (!s.shift || e.shiftKey) && !(e.altKey && !s.alt));
}

function onKey(e) {
  const field = document.activeElement;
  if (field === $('editor-text')) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); $('editor-apply').click(); $('timeline').focus(); }
    else if (e.key === 'Escape') { e.preventDefault(); const event = selectedEvent(); if (event) field.value = event.text; $('timeline').focus(); }
    return;
  }
  if (/INPUT|TEXTAREA|SELECT/.test(field.tagName)) return;
  const shortcut = shortcutFor(e);
  if (!shortcut) return;
  e.preventDefault();
  shortcut.run(e);
}

function buildKeyList() {
  const list = $('keys');
  list.replaceChildren();
  for (const s of SHORTCUTS.filter((s) => s.label)) {
    const key = document.createElement('kbd'), what = document.createElement('span');
    key.textContent = s.label; what.textContent = s.what;
    list.append(key, what);
  }
}

// ---- The autosave of an earlier session ---------------------------------------------------------
async function offerAutosave() {
  const found = await api('/autosave');
  if (!found.found) return;
  const bar = $('autosave');
  $('autosave-text').textContent = `Edits of ${found.events} captions autosaved ${new Date(found.saved_at).toLocaleString()} (${found.name}) were not saved.`;
  bar.hidden = false;
  document.body.dataset.autosave = 'offered';
  $('autosave-restore').onclick = async () => {
    bar.hidden = true;
    try { await captionsChanged(await api('/autosave/restore', { method: 'POST' }), 'restored the autosaved edits'); }
    catch (error) { status(`not restored: ${error.message}`); }
    document.body.dataset.autosave = 'restored';
  };
  $('autosave-discard').onclick = async () => {
    bar.hidden = true;
    await api('/autosave', { method: 'DELETE' });
    status('discarded the autosaved edits');
    document.body.dataset.autosave = 'discarded';
  };
}

// ---- Start (called by studio.js once the captions are loaded) -----------------------------------
function startEditing() {
  document.addEventListener('keydown', onKey);
  buildKeyList();
  $('keys-toggle').addEventListener('click', () => { $('keys').hidden = !$('keys').hidden; });
  // A press on the timeline outside the captions seeks there (the waveform's strip included).
  $('timeline').addEventListener('pointerdown', (e) => {
    if (e.target.closest('.cue')) return;
    const tl = $('timeline'), x = e.clientX - tl.getBoundingClientRect().left + tl.scrollLeft;
    video.pause();
    seekTo(x / state.pxPerSecond * 1000);
  });
  $('timeline').addEventListener('wheel', (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    zoom(e.deltaY < 0 ? 1.25 : 1 / 1.25, e.clientX - $('timeline').getBoundingClientRect().left);
  }, { passive: false });
  offerAutosave().catch((error) => status(`autosave: ${error.message}`));
  document.body.dataset.editing = 'ready';
}
