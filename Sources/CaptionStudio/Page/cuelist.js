// CaptionKit Studio's cue list: every caption with its times, duration, reading speed and text (edited
// in place), and the problems `captions check` finds in the captions as they stand, flagged in the list
// and on the timeline, refreshed after every change.
'use strict';

// `problems`: each caption's (0-based) problem messages from the last report, made once per report.
const cueList = { profile: 'netflix', report: null, checking: null, problems: new Map() };

function seconds(ms) { return (ms / 1000).toFixed(3); }
function plural(n, noun) { return `${n} ${noun}${n === 1 ? '' : 's'}`; }

function problemsOf(index) { return cueList.problems.get(index) || []; }

// Asks the server to check the captions as they now stand; the newest request wins.
async function refreshCheck() {
  const asked = api('/check', { query: { profile: cueList.profile } }), version = state.version;
  cueList.checking = asked;
  try {
    const report = await asked;
    if (cueList.checking !== asked) return;
    cueList.report = report;
    cueList.problems = new Map();
    for (const p of report.problems) cueList.problems.set(p.caption - 1, [...problemsOf(p.caption - 1), p.message]);
    buildCueList();
    buildTimeline();
    // Which captions the list shows the check of (the server's version when it was asked).
    document.body.dataset.checkedVersion = String(version);
  } catch (error) { status(`check: ${error.message}`); }
}

// The list holds only the rows near its view, between two spacers as tall as the rows left out (all
// of a two-hour film's 1,800 rows took 1.1 s to build and lay out, after every edit); scrolling builds
// again near the new view. Rows are one line high; a caption's lines are joined by " / ".
const ROW_HEIGHT = 22, ROWS_AROUND = 30;
let builtRows = { first: 0, last: -1 };

function buildCueList() {
  const body = $('cue-rows'), report = cueList.report, events = state.captions.events;
  const table = $('cue-table'), visible = Math.ceil((table.clientHeight || 240) / ROW_HEIGHT);
  const top = Math.floor(table.scrollTop / ROW_HEIGHT);
  const first = Math.max(0, top - ROWS_AROUND), last = Math.min(events.length - 1, top + visible + ROWS_AROUND);
  builtRows = { first, last };
  $('cue-speed-unit').textContent = report ? report.unit.toUpperCase() : 'CPS';
  body.replaceChildren();
  const spacer = (rows) => {
    const row = document.createElement('tr');
    row.className = 'spacer';
    row.style.height = `${rows * ROW_HEIGHT}px`;
    body.append(row);
  };
  if (first > 0) spacer(first);
  for (let index = first; index <= last; index++) {
    const event = events[index];
    const row = document.createElement('tr');
    row.dataset.index = String(index);
    const found = problemsOf(index);
    if (found.length) row.classList.add('problem');
    if (index === state.selected) row.classList.add('selected');
    const speed = report && report.reading_speed[index];
    for (const value of [index + 1, seconds(event.start), seconds(event.end), seconds(event.end - event.start), speed == null ? '–' : speed.toFixed(1)]) {
      const cell = document.createElement('td');
      cell.textContent = String(value);
      row.append(cell);
    }
    // The text as text; a click puts a field there to edit it.
    const textCell = document.createElement('td');
    textCell.className = 'text';
    textCell.textContent = event.text.replace(/\n/g, ' / ');
    textCell.title = event.text;
    textCell.addEventListener('click', () => editInPlace(textCell, index));
    const problemCell = document.createElement('td');
    problemCell.className = 'problems';
    problemCell.textContent = found.map((m) => m.split(':')[0]).join(', ');
    problemCell.title = found.join('\n');
    row.append(textCell, problemCell);
    row.addEventListener('click', (e) => { if (!e.target.closest('textarea')) select(index); });
    body.append(row);
  }
  if (last < events.length - 1) spacer(events.length - 1 - last);
  const count = report ? report.problems.length : 0;
  $('cue-summary').textContent = report
    ? `${plural(events.length, 'caption')} · ${plural(count, 'problem')} against ${report.profile}${report.shot_changes ? ' (shot changes included)' : ''}`
    : '';
  document.body.dataset.problems = String(count);
}

// As the list scrolls: built again when its view nears the edge of the rows built.
function keepCueListBuilt() {
  if (!cueList.report || document.activeElement.closest('#cue-rows')) return;
  const table = $('cue-table'), top = Math.floor(table.scrollTop / ROW_HEIGHT);
  const bottom = top + Math.ceil(table.clientHeight / ROW_HEIGHT);
  const events = state.captions.events.length;
  if ((top - ROWS_AROUND / 2 < builtRows.first && builtRows.first > 0) || (bottom + ROWS_AROUND / 2 > builtRows.last && builtRows.last < events - 1)) buildCueList();
}

// A field over a row's text: a change (the field losing focus after typing) is one edit.
function editInPlace(cell, index) {
  if (cell.querySelector('textarea')) return;
  const event = state.captions.events[index], text = document.createElement('textarea');
  text.rows = Math.max(1, event.text.split('\n').length);
  text.value = event.text;
  text.setAttribute('aria-label', `caption ${index + 1} text`);
  text.addEventListener('change', () => {
    setText(state.captions.events[index], text.value);
    putCaptions(`edited caption ${index + 1}`);
  });
  text.addEventListener('blur', () => { if (text.isConnected && text.value === event.text) cell.textContent = event.text; });
  cell.replaceChildren(text);
  text.focus();
}

// The selected caption's row highlighted and scrolled into view.
function cueSelected(index) {
  const table = $('cue-table'), y = index * ROW_HEIGHT + ROW_HEIGHT;
  if (y - ROW_HEIGHT < table.scrollTop || y > table.scrollTop + table.clientHeight - ROW_HEIGHT) {
    table.scrollTop = Math.max(0, y - table.clientHeight / 2);
    if (cueList.report) buildCueList();
  }
  document.querySelectorAll('#cue-rows tr[data-index]').forEach((row) => row.classList.toggle('selected', Number(row.dataset.index) === index));
}

function startCueList() {
  $('cue-table').addEventListener('scroll', keepCueListBuilt);
  $('cue-profile').addEventListener('change', () => { cueList.profile = $('cue-profile').value; refreshCheck(); });
  refreshCheck();
}
