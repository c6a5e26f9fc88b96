// Shared by the dashboard's pages: fetching the JSON API, formatting its numbers, and the
// polling that keeps a page live without a reload.
'use strict';

const gc9 = {
  // int64 fields arrive as strings in protobuf's JSON mapping.
  num(value) { return value === undefined || value === null ? 0 : Number(value); },

  fixed(value, digits) { return gc9.num(value).toFixed(digits); },

  escape(text) {
    return String(text).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;',
      '"': '&quot;', "'": '&#39;'}[c]));
  },

  // The API's JSON, or its error as an exception with the server's message.
  async request(url, options) {
    const response = await fetch(url, Object.assign({credentials: 'same-origin'}, options));
    const text = await response.text();
    let body;
    try { body = JSON.parse(text); } catch (e) { body = {error: text}; }
    if (!response.ok) throw new Error(body.error || ('HTTP ' + response.status));
    return body;
  },

  get(url) { return gc9.request(url, {cache: 'no-store'}); },

  // An action (cancel, block): the token goes in the cookie that opening /?token=TOKEN set.
  post(url) { return gc9.request(url, {method: 'POST'}); },

  // Runs `action` once the user confirms it, then `after` (the page's update, so the change
  // shows at once). A refusal (no token, a finished run) is shown in #action-error, which the
  // polling leaves alone.
  async act(question, action, after) {
    if (!window.confirm(question)) return;
    const shown = document.getElementById('action-error');
    try {
      await action();
      shown.textContent = '';
      await after();
    } catch (e) {
      shown.textContent = e.message;
    }
  },

  stateName(state) { return String(state || '').replace(/^RUN_/, '').toLowerCase(); },

  decisionName(decision) {
    return ({DECISION_ACCEPT_H0: 'H0 accepted', DECISION_ACCEPT_H1: 'H1 accepted',
      DECISION_MAX_PAIRS: 'undecided at max pairs', DECISION_COMPLETE: 'complete'})[decision] || '';
  },

  // "finished (H1 accepted)", as `gc9 status` says it.
  stateText(run) {
    const decision = gc9.decisionName(run.decision);
    return gc9.stateName(run.state) + (decision ? ' (' + decision + ')' : '');
  },

  live(run) { return run.state === 'RUN_PENDING' || run.state === 'RUN_RUNNING'; },

  pairs(run) { return (run.pentanomial || []).reduce((sum, n) => sum + gc9.num(n), 0); },

  duration(seconds) {
    seconds = Math.round(gc9.num(seconds));
    if (seconds <= 0) return '';
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    return h > 0 ? h + 'h ' + m + 'm' : m > 0 ? m + 'm ' + s + 's' : s + 's';
  },

  // The LLR between its bounds: red below zero, green above, the bar's ends the bounds.
  llrBar(figures) {
    const lower = gc9.num(figures.llr_lower), upper = gc9.num(figures.llr_upper);
    if (!(upper > lower)) return '';
    const llr = Math.max(lower, Math.min(upper, gc9.num(figures.llr)));
    const zero = 100 * -lower / (upper - lower), at = 100 * (llr - lower) / (upper - lower);
    const part = llr < 0 ? `<span class="neg" style="left:${at}%;width:${zero - at}%"></span>`
                         : `<span class="pos" style="left:${zero}%;width:${at - zero}%"></span>`;
    return `<span class="llr" title="${gc9.fixed(lower, 2)} .. ${gc9.fixed(upper, 2)}">` + part +
        '</span>';
  },

  llrText(figures) {
    return gc9.num(figures.llr_upper) > gc9.num(figures.llr_lower)
        ? gc9.fixed(figures.llr, 2) + ' (' + gc9.fixed(figures.llr_lower, 2) + ', ' +
          gc9.fixed(figures.llr_upper, 2) + ')'
        : '';
  },

  eloText(figures, prefix) {
    if (gc9.num(figures.pairs) === 0) return '';
    const key = prefix || 'elo';
    const value = gc9.num(figures[key]), half = (gc9.num(figures[key + '_high']) -
        gc9.num(figures[key + '_low'])) / 2;
    return value.toFixed(1) + ' ± ' + half.toFixed(1);
  },

  // Calls `update` now and again every `ms` while it returns true (the page is live), then
  // every 10 s, so a page left open still sees a run that is restarted or a new one.
  poll(update, ms) {
    const again = async () => {
      let live = true;
      try {
        live = await update();
        document.getElementById('error').textContent = '';
      } catch (e) {
        document.getElementById('error').textContent = e.message;
      }
      setTimeout(again, live ? ms : 10000);
    };
    again();
  },

  // A line chart made once and updated in place (Chart.js from libjs-chart.js).
  chart(canvasId, datasets, yTitle) {
    if (typeof Chart === 'undefined') return null;
    const existing = Chart.getChart(canvasId);
    if (existing) {
      existing.data.datasets.forEach((set, i) => { set.data = datasets[i].data; });
      existing.update('none');
      return existing;
    }
    return new Chart(document.getElementById(canvasId), {
      type: 'line',
      data: {datasets},
      options: {animation: false, maintainAspectRatio: false, parsing: false,
        elements: {point: {radius: 0}},
        scales: {x: {type: 'linear', title: {display: true, text: 'pairs'}},
                 y: {title: {display: true, text: yTitle}}}},
    });
  },
};
