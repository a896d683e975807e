// The Agentloop web console: plain JavaScript against the server's /v1 API, served from the jar.
// Every text that comes from a model, a tool or the server goes into the page as a text node
// (textContent, append(string)), never as HTML. The bearer token, from the address the server printed
// (after #token=, which a browser never sends) or typed by the user, is kept in this tab's
// sessionStorage and sent only in the Authorization header.
'use strict';

(() => {
  const TOKEN_KEY = 'agentloop.token';
  const MODES = ['ask', 'edit', 'auto', 'yes'];
  const LIVE = new Set(['running', 'waiting']);
  const LIST_EVERY_MS = 3000;
  const SILENCE_MS = 60000; // four of the server's default heartbeats

  const $ = (id) => document.getElementById(id);

  /** An element with a class and text (text is a text node, whatever it holds). */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // ---- the token and calls to the API ----

  function token() {
    return sessionStorage.getItem(TOKEN_KEY) || '';
  }

  /** Keeps the token of an address such as http://127.0.0.1:8642/#token=..., and takes it out of the address bar. */
  function takeTokenFromAddress() {
    const match = /^#token=([A-Za-z0-9_-]+)$/.exec(location.hash);
    if (!match) return;
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
  }

  function headers(extra) {
    const all = Object.assign({ Accept: 'application/json' }, extra || {});
    const t = token();
    if (t) all.Authorization = 'Bearer ' + t;
    return all;
  }

  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  async function api(method, path, body) {
    const init = { method, headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      cache: 'no-store' };
    if (body !== undefined) init.body = JSON.stringify(body);
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new ApiError(0, 'the server did not answer (' + e.message + '): is it still running?');
    }
    let json = null;
    try {
      json = await response.json();
    } catch (e) {
      json = null;
    }
    if (!response.ok) {
      const message = json && json.error && json.error.message ? json.error.message
        : 'the server answered ' + response.status;
      throw new ApiError(response.status, message);
    }
    return json;
  }

  function runPath(id) {
    return '/v1/runs/' + encodeURIComponent(id);
  }

  // ---- notices ----

  function notify(error) {
    const notice = $('notice');
    let text = error instanceof Error ? error.message : String(error);
    if (error instanceof ApiError && error.status === 401) {
      // the page's own words, once: the server's are written for a program that sends a header
      text = token() ? 'This server does not take the token this page has: enter the one agentloop serve '
        + 'printed at its last start (its address ends in #token=...) or a configured one.'
        : 'This server needs a token: open the address agentloop serve printed (it ends in #token=...), '
        + 'or enter the token above.';
      tokenState(token() ? 'refused' : 'needed');
      $('token').focus();
    }
    notice.textContent = text;
    notice.hidden = false;
  }

  /**
   * What the token field says of the token: needed (the server refused a request without one),
   * refused (it refused the one given) or in use (it took it). Every route but /health needs one, so
   * the field never says none is needed.
   */
  function tokenState(state) {
    const words = { needed: 'needed', refused: 'not taken', 'in-use': 'in use' };
    const node = $('token-state');
    node.dataset.state = state;
    node.textContent = words[state];
    $('token').setAttribute('aria-invalid', String(state !== 'in-use'));
    $('token').placeholder = state === 'needed' ? 'needed: paste this server\u2019s token'
      : 'the one agentloop serve printed, or a configured one';
  }

  function clearNotice() {
    $('notice').hidden = true;
    $('notice').textContent = '';
  }

  function guarded(action) {
    return async (event) => {
      if (event) event.preventDefault();
      try {
        await action(event);
      } catch (e) {
        notify(e);
      }
    };
  }

  // ---- agents and modes ----

  async function loadAgents() {
    const answer = await api('GET', '/v1/agents');
    const agent = $('agent');
    agent.replaceChildren();
    answer.agents.forEach((name, i) => {
      const option = el('option', null, i === 0 ? name + ' (default)' : name);
      option.value = name;
      agent.append(option);
    });
    const mode = $('mode');
    mode.replaceChildren();
    const widest = MODES.indexOf(answer.mode);
    const server = el('option', null, answer.mode + ' (server\u2019s)');
    server.value = '';
    mode.append(server);
    // a run may narrow the server's mode, never widen it
    MODES.slice(0, widest < 0 ? 0 : widest).forEach((name) => {
      const option = el('option', null, name);
      option.value = name;
      mode.append(option);
    });
  }

  // ---- the list of runs ----

  const listed = new Map(); // run id -> its <li>

  function stateBadge(node, state) {
    node.className = 'state state-' + state;
    node.textContent = state;
    node.dataset.state = state;
  }

  async function refreshRuns() {
    const answer = await api('GET', '/v1/runs');
    const runs = answer.runs.slice().sort((a, b) => String(b.created).localeCompare(String(a.created)));
    const list = $('runs');
    const seen = new Set();
    for (const run of runs) {
      seen.add(run.id);
      let item = listed.get(run.id);
      if (!item) {
        item = el('li', 'run-item');
        item.dataset.runId = run.id;
        const button = el('button', 'run-pick');
        button.type = 'button';
        button.dataset.runId = run.id;
        button.append(el('span', 'run-task'), el('span', 'state'), el('span', 'run-meta muted'));
        button.addEventListener('click', () => {
          select(run.id);
          reveal();
        });
        item.append(button);
        listed.set(run.id, item);
      }
      item.dataset.state = run.state;
      item.classList.toggle('selected', run.id === current.id);
      item.querySelector('.run-task').textContent = run.task || '(continues a session)';
      stateBadge(item.querySelector('.state'), run.state);
      // whose run it is: a user's token lists its own, an administrator's every one
      item.querySelector('.run-meta').textContent = run.agent + ' \u00b7 ' + run.owner + ' \u00b7 ' + when(run.updated);
      list.append(item); // moves it into order; the node stays the same
      if (run.id === current.id) showRun(run);
    }
    for (const [id, item] of listed) {
      if (!seen.has(id)) {
        item.remove();
        listed.delete(id);
      }
    }
    $('runs-empty').hidden = runs.length > 0;
  }

  // every agent of the server's process (runs, sub-agents, plan steps, hub participants) and its state
  async function refreshAgentStates() {
    const answer = await api('GET', '/v1/agents/states');
    const list = $('agent-states');
    const items = answer.agents.map((agent) => {
      const item = el('li', 'run-item');
      item.dataset.runId = agent.run_id;
      item.dataset.state = agent.state.toLowerCase();
      const badge = el('span', 'state');
      stateBadge(badge, agent.state.toLowerCase());
      item.append(el('span', 'run-task', agent.name), badge,
        el('span', 'run-meta muted', words(agent.kind) + ' \u00b7 ' + when(agent.changed_at)));
      return item;
    });
    list.replaceChildren(...items);
    $('agent-states-empty').hidden = items.length > 0;
  }

  function when(instant) {
    const date = new Date(instant);
    return isNaN(date) ? '' : date.toLocaleTimeString();
  }

  // ---- one run, live ----

  // the run shown: its tool calls by id, the ones running, its model call going on, its text block
  const current = { id: '', abort: null, calls: new Map(), running: new Set(), model: null, text: null };

  function select(id) {
    if (current.abort) current.abort.abort();
    current.id = id;
    current.calls = new Map();
    current.running = new Set();
    current.model = null;
    current.text = null;
    current.abort = new AbortController();
    if (location.hash !== '#run=' + id) history.replaceState(null, '', '#run=' + encodeURIComponent(id));
    for (const [runId, item] of listed) item.classList.toggle('selected', runId === id);
    $('run-none').hidden = true;
    $('run-view').hidden = false;
    $('run-view').dataset.runId = id;
    $('run-id').textContent = id;
    $('timeline').replaceChildren();
    $('pending').replaceChildren();
    $('run-answer').textContent = '';
    $('answer-section').hidden = true;
    $('pending-section').hidden = true;
    $('executable-config').replaceChildren();
    $('executable-section').hidden = true;
    $('conversation').replaceChildren();
    $('conversation-section').hidden = true;
    delete $('run-view').dataset.session;
    refreshRun().then(refreshConversation).catch(notify);
    follow(id, current.abort.signal);
  }

  /** On a narrow screen the run is below the list: bring it into view once the user picked one. */
  function reveal() {
    if (window.matchMedia('(max-width: 859px)').matches) $('run-view').scrollIntoView({ block: 'start' });
  }

  async function refreshRun() {
    const id = current.id;
    if (!id) return;
    const run = await api('GET', runPath(id));
    if (id === current.id) showRun(run);
  }

  /** The run's record: state, facts, answer, and the calls waiting for a decision. */
  function showRun(run) {
    stateBadge($('run-state'), run.state);
    $('run-view').dataset.state = run.state;
    $('run-task').textContent = run.task || '(continues a session)';
    $('run-agent').textContent = run.agent;
    $('run-mode').textContent = run.mode;
    // why a run stopped, where that is news: an error, or a reason other than having answered
    const reason = run.error || (run.reason && run.reason !== 'ANSWERED' ? words(run.reason) : '');
    $('run-reason').textContent = reason;
    $('run-reason').hidden = !reason;
    $('run-reason-label').hidden = !reason;
    $('cancel').disabled = !LIVE.has(run.state);
    $('run-view').dataset.session = run.session;
    // the session is the run's until it ends: a message continues it after
    $('continue').disabled = LIVE.has(run.state);
    if (run.answer !== undefined && run.answer !== null && run.answer !== '') {
      $('run-answer').textContent = run.answer;
      $('answer-section').hidden = false;
    }
    showPending(run.pending || []);
    showExecutableConfig(run.executable_config || []);
  }

  /** Files other programs run later (a Makefile, package.json scripts...) that the run changed. */
  function showExecutableConfig(paths) {
    $('executable-config').replaceChildren(...paths.map((path) => el('li', null, path)));
    $('executable-section').hidden = paths.length === 0;
  }

  function showPending(calls) {
    const list = $('pending');
    const ids = new Set(calls.map((call) => call.id));
    for (const item of Array.from(list.children)) {
      if (!ids.has(item.dataset.callId)) item.remove();
    }
    for (const call of calls) {
      if (Array.from(list.children).some((item) => item.dataset.callId === call.id)) continue;
      const item = el('li', 'pending-call');
      item.dataset.callId = call.id;
      const head = el('div', 'call-head');
      head.append(el('span', 'tool-name mono', call.tool), el('span', 'muted mono', call.id));
      item.append(head, callBody(call));
      if (call.reasons && call.reasons.length) {
        const reasons = el('ul', 'reasons');
        call.reasons.forEach((reason) => reasons.append(el('li', null, reason)));
        item.append(reasons);
      }
      const buttons = el('div', 'actions');
      buttons.append(decisionButton(call, 'approve', 'Approve', 'primary'));
      if (call.remember_as && call.remember_as.length) {
        const always = decisionButton(call, 'always', 'Always allow', '');
        always.title = 'Approve, and allow from now on: ' + call.remember_as.join(', ');
        buttons.append(always);
      }
      buttons.append(decisionButton(call, 'deny', 'Deny', 'danger'));
      item.append(buttons);
      list.append(item);
    }
    $('pending-section').hidden = calls.length === 0;
  }

  /**
   * What a waiting call would do: for an edit, its old text against its new; for a write, the file
   * as it is now (the server sends it) against the new content, every line added for a new file;
   * for any other call, its arguments.
   */
  function callBody(call) {
    let args = null;
    try {
      args = JSON.parse(call.arguments);
    } catch (e) { /* not JSON: shown as it came */ }
    if (args && call.tool === 'edit' && typeof args.old_string === 'string' && typeof args.new_string === 'string') {
      return diffView(args.path, args.old_string, args.new_string,
        args.replace_all ? 'every occurrence of the old text' : 'the old text, where it occurs once');
    }
    if (args && call.tool === 'write' && typeof args.content === 'string') {
      const file = call.file;
      if (file && file.exists && file.shown) return diffView(args.path, file.content, args.content, 'replaces the file');
      if (file && !file.exists) return diffView(args.path, '', args.content, 'a new file');
      return diffView(args.path, '', args.content, 'replaces a file whose content is not shown'
        + (file && file.why ? ': ' + file.why : ''));
    }
    return el('pre', 'code', pretty(call.arguments));
  }

  /** A diff as lines marked +, - or blank; long unchanged stretches are cut to the lines around the changes. */
  function diffView(path, before, after, what) {
    const CONTEXT = 3;
    const view = el('div', 'diff-view');
    view.dataset.path = path || '';
    const lines = window.AgentloopDiff.lines(before, after);
    const added = lines.filter((line) => line.kind === 'add').length;
    const removed = lines.filter((line) => line.kind === 'del').length;
    const head = el('div', 'diff-head');
    head.append(el('span', 'mono', path || ''), el('span', 'diff-count diff-add', '+' + added),
      el('span', 'diff-count diff-del', '\u2212' + removed), el('span', 'muted', what));
    const body = el('pre', 'code diff');
    const near = lines.map((line, i) => line.kind !== 'same' || lines.slice(Math.max(0, i - CONTEXT),
      i + CONTEXT + 1).some((other) => other.kind !== 'same'));
    for (let i = 0; i < lines.length;) {
      if (!near[i]) {
        let end = i;
        while (end < lines.length && !near[end]) end++;
        body.append(el('span', 'diff-line diff-skip', '\u2026 ' + (end - i) + ' unchanged line'
          + (end - i === 1 ? '' : 's')));
        i = end;
        continue;
      }
      const line = lines[i++];
      const mark = line.kind === 'add' ? '+ ' : line.kind === 'del' ? '- ' : '  ';
      const node = el('span', 'diff-line diff-' + line.kind, mark + line.text);
      node.dataset.kind = line.kind;
      body.append(node);
    }
    view.append(head, body);
    return view;
  }

  function decisionButton(call, action, label, className) {
    const button = el('button', className, label);
    button.type = 'button';
    button.dataset.action = action;
    button.addEventListener('click', guarded(async () => {
      const runId = current.id;
      const buttons = button.parentElement.querySelectorAll('button');
      buttons.forEach((b) => { b.disabled = true; });
      const body = action === 'deny' ? { decision: 'deny', scope: 'once' }
        : { decision: 'approve', scope: action === 'always' ? 'always' : 'once' };
      try {
        const run = await api('POST', runPath(runId) + '/approvals/' + encodeURIComponent(call.id), body);
        clearNotice();
        if (runId === current.id) showRun(run);
      } finally {
        buttons.forEach((b) => { b.disabled = false; });
      }
      await refreshRuns();
    }));
    return button;
  }

  // ---- the session as a conversation ----

  /**
   * The run's session as a conversation: each message of the person's and each answer, in order,
   * from every run of the session; a turn that only called tools says which.
   */
  async function refreshConversation() {
    const id = current.id;
    const session = $('run-view').dataset.session;
    if (!session) return;
    let answer;
    try {
      answer = await api('GET', '/v1/sessions/' + encodeURIComponent(session));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return; // the session was deleted: nothing to read
      throw e;
    }
    if (id !== current.id) return;
    const turns = [];
    for (const message of answer.history || []) {
      if (message.role === 'user') {
        turns.push(turn('user', 'you', message.text));
      } else if (message.role === 'assistant' && message.text) {
        turns.push(turn('assistant', 'agent', message.text));
      } else if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length) {
        const calls = turn('calls', 'agent', 'called ' + message.tool_calls.map((call) => call.name).join(', '));
        turns.push(calls);
      }
    }
    $('conversation').replaceChildren(...turns);
    $('conversation-section').hidden = false;
  }

  function turn(role, who, text) {
    const item = el('li', 'turn turn-' + role);
    item.dataset.role = role;
    item.append(el('div', 'turn-who', who), el('div', 'turn-text prose', text));
    return item;
  }

  // ---- the event stream: fetch and a reader, so the token goes in a header, never in the URL ----

  async function follow(id, signal) {
    let last = '';
    let delay = 500;
    const status = $('stream-status');
    while (!signal.aborted) {
      let ended = false;
      // A connection that went silent (not even a heartbeat) is as good as broken: drop it and go on.
      const connection = new AbortController();
      const drop = () => connection.abort();
      signal.addEventListener('abort', drop, { once: true });
      let watchdog = setTimeout(drop, SILENCE_MS);
      const heard = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(drop, SILENCE_MS);
      };
      try {
        status.textContent = 'live';
        const extra = { Accept: 'text/event-stream' };
        if (last) extra['Last-Event-ID'] = last;
        const response = await fetch(runPath(id) + '/events', { headers: headers(extra), cache: 'no-store',
          signal: connection.signal });
        if (!response.ok) {
          let message = 'the event stream answered ' + response.status;
          try {
            message = (await response.json()).error.message;
          } catch (e) { /* not JSON: keep the status */ }
          throw new ApiError(response.status, message);
        }
        await readEvents(response.body, heard, (event) => {
          if (signal.aborted) return;
          if (event.id) last = event.id;
          delay = 500;
          if (handle(event)) ended = true;
        });
      } catch (e) {
        if (signal.aborted) return;
        if (e instanceof ApiError && (e.status === 401 || e.status === 404)) {
          status.textContent = '';
          notify(e);
          return;
        }
      } finally {
        clearTimeout(watchdog);
        signal.removeEventListener('abort', drop);
      }
      if (signal.aborted) return;
      if (ended) {
        status.textContent = '';
        return;
      }
      // The stream broke, or ended with no final state: a run that ended is not followed again.
      try {
        const run = await api('GET', runPath(id));
        if (!signal.aborted && id === current.id) showRun(run);
        if (!LIVE.has(run.state)) {
          status.textContent = '';
          return;
        }
      } catch (e) { /* the server is away: try again below */ }
      status.textContent = 'reconnecting\u2026';
      await pause(delay, signal);
      delay = Math.min(delay * 2, 10000);
    }
  }

  function pause(ms, signal) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
    });
  }

  /** Reads Server-Sent Events from a byte stream: {id, type, data} for each, comments (heartbeats) skipped. */
  async function readEvents(body, onChunk, onEvent) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let event = { id: '', type: '', data: [] };
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      onChunk();
      buffer += value;
      let end;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, end);
        // a lone \r at the buffer's end may be half of \r\n: wait for the next chunk
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          if (event.data.length) onEvent({ id: event.id, type: event.type || 'message', data: event.data.join('\n') });
          event = { id: '', type: '', data: [] };
          continue;
        }
        if (line.startsWith(':')) continue; // a heartbeat
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let text = colon < 0 ? '' : line.slice(colon + 1);
        if (text.startsWith(' ')) text = text.slice(1);
        if (field === 'id') event.id = text;
        else if (field === 'event') event.type = text;
        else if (field === 'data') event.data.push(text);
      }
    }
  }

  /** Shows one event of the run; true when it was the run's last. */
  function handle(event) {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch (e) {
      return false;
    }
    switch (event.type) {
      case 'text_delta':
        streamText(data.text);
        break;
      case 'tool_call_started': {
        const call = toolCall(data.id, data.name, data.arguments);
        callStatus(call, 'running', 'running');
        current.running.add(data.id);
        break;
      }
      case 'tool_progress':
        toolCall(data.id, data.name).querySelector('.call-progress').textContent = data.message;
        break;
      case 'tool_output_delta': {
        // the output as the tool prints it, until its result (which holds it again) replaces it
        const output = toolCall(data.id, data.name).querySelector('.call-output');
        output.append(data.text);
        output.hidden = false;
        break;
      }
      case 'tool_call_completed': {
        const call = toolCall(data.id, data.name);
        callStatus(call, data.ok ? 'ok' : 'failed', data.ok ? 'done' : 'failed');
        current.running.delete(data.id);
        call.querySelector('.call-time').textContent = duration(data.duration_ms);
        if (!call.dataset.tokens) call.querySelector('.call-usage').textContent = 'no model tokens';
        call.querySelector('.call-progress').textContent = ''; // progress, or an error the result says again
        const output = call.querySelector('.call-output');
        output.textContent = '';
        output.hidden = true;
        const result = call.querySelector('.call-result');
        result.textContent = data.content;
        result.hidden = false;
        call.querySelector('.call-result-label').hidden = false;
        break;
      }
      case 'tool_error': {
        const call = toolCall(data.id, data.name);
        callStatus(call, 'failed', 'failed');
        current.running.delete(data.id);
        call.querySelector('.call-progress').textContent = data.code + ': ' + data.message;
        break;
      }
      case 'tool_call_pending': {
        const call = toolCall(data.id, data.name, data.arguments);
        callStatus(call, 'pending', 'waiting for approval');
        refreshRun().catch(notify);
        break;
      }
      case 'state_changed':
        if (data.machine === 'call') modelCallMoved(data);
        // the agent's moves, and of each model call's only the ones that go wrong (its steps are many):
        // folded away, since a person reads the calls and answers between them
        if (data.machine === 'agent' || data.to === 'RETRYING' || data.to === 'ERROR') {
          stateMove(data.machine === 'agent' ? 'agent' : 'model call',
            String(data.from).toLowerCase() + ' \u2192 ' + String(data.to).toLowerCase());
        }
        break;
      case 'retrying':
        note('retry', 'retrying', 'attempt ' + data.attempt + ': ' + data.cause);
        break;
      case 'decision':
        note('decision', 'decision', data.kind + ': ' + data.reason);
        break;
      case 'run_completed': {
        let summary = words(data.reason || data.state) + ' \u00b7 ' + data.iterations + ' iteration'
          + (data.iterations === 1 ? '' : 's') + ' \u00b7 ' + data.tool_calls + ' tool call'
          + (data.tool_calls === 1 ? '' : 's');
        if (data.error) summary += ' \u00b7 ' + data.error;
        if (data.executable_config) summary += ' \u00b7 changed files other programs run: '
          + data.executable_config.join(', ');
        note('completed', 'agent run', summary);
        break;
      }
      case 'run_state':
        note('run-state', 'run', data.state + (data.reason && words(data.reason) !== data.state
          ? ' (' + words(data.reason) + ')' : '')
          + (data.error ? ': ' + data.error : ''));
        refreshRun().then(refreshConversation).catch(notify);
        refreshRuns().catch(notify);
        return !LIVE.has(data.state);
      case 'usage_updated':
        spent(data);
        break;
      default:
        break; // iterations, plans: not shown
    }
    return false;
  }

  function timeline(kind) {
    const entry = el('li', 'entry entry-' + kind);
    entry.dataset.kind = kind;
    $('timeline').append(entry);
    return entry;
  }

  /** The model's text as it streams: one block until a tool call or state change comes between. */
  function streamText(text) {
    if (!current.text || current.text !== $('timeline').lastElementChild) {
      current.text = timeline('text');
      current.text.classList.add('prose');
    }
    current.text.append(text);
  }

  /** A state move: on record, shown only while the activity's "state moves" toggle is on. */
  function stateMove(label, text) {
    note('state', label, text);
  }

  /**
   * A model call: from IDLE to CALLING it starts; its time is what it spent calling, retrying and
   * streaming, shown as each of those states ends.
   */
  function modelCallMoved(data) {
    if (data.from === 'IDLE' && data.to === 'CALLING') {
      current.model = timeline('model');
      current.model.dataset.ms = '0';
      current.model.append(el('span', 'label', 'model call'), el('span', 'call-usage'), el('span', 'call-time'));
    } else if (current.model && ['CALLING', 'RETRYING', 'STREAMING'].includes(data.from)) {
      const ms = Number(current.model.dataset.ms) + Number(data.elapsed_ms || 0);
      current.model.dataset.ms = String(ms);
      current.model.querySelector('.call-time').textContent = duration(ms);
    }
  }

  /** Tokens spent: a model call's go to it; a tool's to the one tool call running, if just one is. */
  function spent(data) {
    let target = null;
    if (data.source === 'tool') {
      target = current.running.size === 1 ? current.calls.get(current.running.values().next().value) : null;
      if (!target) {
        note('usage', 'tools\u2019 model calls', tokens(data.call));
        return;
      }
    } else {
      target = current.model;
      if (!target) { // a run resumed after its model call: the call's tokens still count
        target = timeline('model');
        target.append(el('span', 'label', 'model call'), el('span', 'call-usage'), el('span', 'call-time'));
      }
    }
    const sum = JSON.parse(target.dataset.tokens || '{"input":0,"output":0,"cached":0,"reasoning":0}');
    for (const key of Object.keys(sum)) sum[key] += Number(data.call[key] || 0);
    target.dataset.tokens = JSON.stringify(sum);
    target.querySelector('.call-usage').textContent = tokens(sum);
  }

  /** "1,200 in · 80 out tokens (1,000 cached)". */
  function tokens(usage) {
    const n = (value) => Number(value || 0).toLocaleString('en');
    let text = n(usage.input) + ' in \u00b7 ' + n(usage.output) + ' out tokens';
    const more = [];
    if (usage.cached) more.push(n(usage.cached) + ' cached');
    if (usage.reasoning) more.push(n(usage.reasoning) + ' reasoning');
    return more.length ? text + ' (' + more.join(', ') + ')' : text;
  }

  /** "0.4 ms", "35 ms", "2.1 s". */
  function duration(ms) {
    const value = Number(ms || 0);
    if (value < 10) return value.toFixed(1) + ' ms';
    if (value < 1000) return Math.round(value) + ' ms';
    return (value / 1000).toFixed(1) + ' s';
  }

  function note(kind, label, text) {
    const entry = timeline(kind);
    entry.append(el('span', 'label', label), el('span', 'note', text));
  }

  function toolCall(id, name, args) {
    let call = current.calls.get(id);
    if (!call) {
      call = timeline('tool');
      call.dataset.callId = id;
      const head = el('div', 'call-head');
      head.append(el('span', 'tool-name mono', name), el('span', 'call-usage'), el('span', 'call-time'),
        el('span', 'call-status'));
      const argsLabel = el('div', 'sub', 'arguments');
      const resultLabel = el('div', 'sub call-result-label', 'result');
      resultLabel.hidden = true;
      const result = el('pre', 'code call-result');
      result.hidden = true;
      const output = el('pre', 'code call-output');
      output.hidden = true;
      call.append(head, argsLabel, el('pre', 'code call-arguments', pretty(args || '')),
        el('div', 'call-progress muted'), output, resultLabel, result);
      current.calls.set(id, call);
    } else if (args !== undefined) {
      call.querySelector('.call-arguments').textContent = pretty(args);
    }
    return call;
  }

  function callStatus(call, state, label) {
    call.dataset.status = state;
    const status = call.querySelector('.call-status');
    status.className = 'call-status status-' + state;
    status.textContent = label;
  }

  /** AWAITING_APPROVAL as "awaiting approval". */
  function words(name) {
    return String(name).toLowerCase().replace(/_/g, ' ');
  }

  /** JSON arguments indented for reading; anything else as it came. */
  function pretty(text) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch (e) {
      return String(text);
    }
  }

  // ---- wiring ----

  function start() {
    takeTokenFromAddress();
    const saved = token();
    if (saved) $('token').value = saved;

    $('token-form').addEventListener('submit', guarded(async () => {
      const value = $('token').value.trim();
      if (value) sessionStorage.setItem(TOKEN_KEY, value);
      else sessionStorage.removeItem(TOKEN_KEY);
      clearNotice();
      await boot();
    }));
    $('token-forget').addEventListener('click', guarded(async () => {
      sessionStorage.removeItem(TOKEN_KEY);
      $('token').value = '';
      await boot();
    }));

    $('start-form').addEventListener('submit', guarded(async () => {
      const task = $('task').value.trim();
      if (!task) throw new Error('Write a task for the agent first.');
      const body = { task };
      if ($('agent').value) body.agent = $('agent').value;
      if ($('mode').value) body.mode = $('mode').value;
      const button = $('start');
      button.disabled = true;
      try {
        const run = await api('POST', '/v1/runs', body);
        clearNotice();
        $('task').value = '';
        select(run.id);
        reveal();
        await refreshRuns();
      } finally {
        button.disabled = false;
      }
    }));

    $('cancel').addEventListener('click', guarded(async () => {
      $('cancel').disabled = true;
      const run = await api('POST', runPath(current.id) + '/cancel');
      clearNotice();
      showRun(run);
      await refreshRuns();
    }));

    $('continue-form').addEventListener('submit', guarded(async () => {
      const message = $('message').value.trim();
      if (!message) throw new Error('Write a message to continue the session with first.');
      const session = $('run-view').dataset.session;
      const button = $('continue');
      button.disabled = true;
      try {
        const run = await api('POST', '/v1/sessions/' + encodeURIComponent(session) + '/messages', { message });
        clearNotice();
        $('message').value = '';
        select(run.id);
        await refreshRuns();
      } catch (e) {
        button.disabled = false;
        throw e;
      }
    }));

    $('refresh').addEventListener('click', guarded(refreshRuns));
    $('show-moves').addEventListener('change', () => {
      $('timeline').classList.toggle('hide-moves', !$('show-moves').checked);
    });

    setInterval(() => {
      if (document.visibilityState === 'visible') refreshRuns().catch(() => { /* shown on the next action */ });
      if (document.visibilityState === 'visible') refreshAgentStates().catch(() => { /* shown on the next action */ });
    }, LIST_EVERY_MS);

    boot().catch(notify);
  }

  async function boot() {
    await loadAgents();
    await refreshRuns();
    await refreshAgentStates();
    tokenState('in-use');
    clearNotice();
    // a run being watched is followed again, with the token just given
    const match = /^#run=(.+)$/.exec(location.hash);
    if (current.id) select(current.id);
    else if (match) select(decodeURIComponent(match[1]));
  }

  document.addEventListener('DOMContentLoaded', start);
})();
