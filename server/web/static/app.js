// The demo search box: driven only by the public API and its SSE turns.
// It renders the snapshot and offers exactly the actions the snapshot
// lists (snapshot.actions) — never buttons of its own.
'use strict';

const T = {
  zh: {
    title: '频道搜索', platform: '平台', explain: '解释', example: '示例客户端', picker: '先选场景，再选子状态',
    scene: '场景', substate: '子状态', replay: '回放到此状态', results: '结果', triple: '状态', reached: '本轮经过',
    explainTitle: '上一轮的解释', close: '关闭', placeholder: '输入关键词、粘贴频道链接，或用一句话描述',
    followup: '补充要求，回车提交', repairInput: '新的链接或描述', resolving: '正在识别链接…', working: '处理中…',
    scopes: { tags: '按频道标签', name: '按频道名', description: '按频道简介', content: '按发布内容', all: '从全部来源' },
    exclude: '排除该关键词', edit: '编辑', del: '删除', anchorRef: '参照频道', total: n => `共 ${n} 个频道`, stale: '查询已修改，提交后刷新',
    src: { user_input: '用户输入', agent_inferred: '智能推断', manual: '手动' }, st: { applied: '已应用', reference: '仅参考', pending: '待定' },
    followers: '粉丝', avgViews: '均播', replaying: (s, n) => `回放 ${s}：${n} 步…`, replayed: s => `已到达 ${s}`,
    router: '路由', transitions: '状态迁移', steps: '执行步骤', rejected: '被拒规格', noTrace: '还没有轮次', removeAnchor: '删除锚点',
    reasons: { url_invalid: '链接无效或资源失效', url_mismatch: '链接不属于当前平台', url_unsupported: '不支持的链接类型', no_results: '当前条件下没有结果', low_recall: '结果较少' },
    prompt: { text: '文本', url: '链接', tag_id: '关键词 id', condition_id: '条件 id', filter: '筛选（字段 运算 值，如 followers gte 10000）', value: '新值' },
  },
  en: {
    title: 'Channel search', platform: 'Platform', explain: 'Explain', example: 'Example client', picker: 'Pick a scene, then a sub-state',
    scene: 'Scene', substate: 'Sub-state', replay: 'Replay to this state', results: 'Results', triple: 'State', reached: 'Passed this turn',
    explainTitle: 'The last turn explained', close: 'Close', placeholder: 'Type keywords, paste a channel link, or describe what you need',
    followup: 'Add a requirement, Enter to submit', repairInput: 'A new link or description', resolving: 'Resolving the link…', working: 'Working…',
    scopes: { tags: 'Channel tags', name: 'Channel name', description: 'Description', content: 'Posted content', all: 'All sources' },
    exclude: 'Exclude this keyword', edit: 'Edit', del: 'Delete', anchorRef: 'Reference channel', total: n => `${n} channels`, stale: 'Query changed; submit to refresh',
    src: { user_input: 'your input', agent_inferred: 'inferred', manual: 'manual' }, st: { applied: 'applied', reference: 'reference only', pending: 'pending' },
    followers: 'followers', avgViews: 'avg views', replaying: (s, n) => `Replaying ${s}: ${n} steps…`, replayed: s => `Reached ${s}`,
    router: 'Router', transitions: 'Transitions', steps: 'Steps', rejected: 'Rejected specs', noTrace: 'No turn yet', removeAnchor: 'Remove anchor',
    reasons: { url_invalid: 'invalid or dead link', url_mismatch: 'the link is from another platform', url_unsupported: 'unsupported link type', no_results: 'no results with these conditions', low_recall: 'few results' },
    prompt: { text: 'Text', url: 'Link', tag_id: 'Keyword id', condition_id: 'Condition id', filter: 'Filter (field op value, e.g. followers gte 10000)', value: 'New value' },
  },
};

const S = { platform: 'youtube', lang: 'zh', id: '', token: '', snap: null, busy: false, live: null, reached: null,
  picker: [], typing: null, sentDraft: '', sentFollowup: '', explainOpen: false, error: '' };
const $ = (sel) => document.querySelector(sel);
const t = () => T[S.lang];
const TRANSIENT = new Set(['retrieving', 'refining']);

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) e.append(k);
  return e;
}

// ---- API ----------------------------------------------------------------

async function call(method, path, body) {
  const headers = { 'Accept-Language': S.lang };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (S.token) headers['X-Session-Token'] = S.token;
  const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await resp.json().catch(() => null);
  if (!resp.ok) throw new Error((data && data.error && data.error.message) || resp.statusText);
  return data;
}

async function newSession(platform, locale) {
  const r = await call('POST', '/v1/sessions', { platform, locale });
  S.id = r.session_id; S.token = r.token; S.snap = r.snapshot; S.reached = null; S.live = null;
  S.sentDraft = ''; S.sentFollowup = '';
  render();
}

// allowed reports whether the snapshot offers an action fired by event.
function allowed(event) {
  return !!(S.snap && S.snap.actions.some(a => a.event === event));
}

// send runs one turn, streamed: transitions update the status bar while
// the turn runs (the only source of progress indicators), then the
// snapshot is fetched. Events the snapshot does not offer are not sent.
// Turns run one at a time, in the order the user caused them: a turn
// asked for while another runs waits for it (and is checked against the
// snapshot that turn leaves).
let queue = Promise.resolve();
function send(event, args = {}) {
  const run = queue.then(() => runTurn(event, args));
  queue = run.catch(() => {});
  return run;
}

async function runTurn(event, args) {
  if (!allowed(event)) return false;
  S.busy = true; S.error = ''; S.live = null; S.reached = null; renderBusy();
  const seen = [];
  try {
    const headers = { 'Content-Type': 'application/json', 'Accept': 'text/event-stream', 'X-Session-Token': S.token, 'Accept-Language': S.lang };
    const resp = await fetch(`/v1/sessions/${S.id}/events`, { method: 'POST', headers, body: JSON.stringify({ event, args }) });
    if (!resp.ok || !(resp.headers.get('Content-Type') || '').startsWith('text/event-stream')) {
      const data = await resp.json().catch(() => null);
      throw new Error((data && data.error && data.error.message) || resp.statusText);
    }
    await readSSE(resp.body, (name, data) => {
      if (name === 'transition') { S.live = data; seen.push(data.substate); renderStatus(); renderBusy(); }
      if (name === 'turn.error') S.error = data.error.message;
    });
    S.snap = await call('GET', `/v1/sessions/${S.id}`);
    // What the server's draft now holds, so typing is not sent twice.
    if (event === 'input.type') S.sentDraft = args.text || '';
    if (event === 'followup.type') S.sentFollowup = args.text || '';
    if (['input.commit', 'input.clear', 'search.submit', 'session.reset'].includes(event)) S.sentDraft = '';
    if (['followup.submit', 'followup.clear', 'session.reset'].includes(event)) S.sentFollowup = '';
    const passed = seen.filter(s => s !== S.snap.substate);
    S.reached = passed.length ? passed : null;
  } catch (e) {
    S.error = e.message;
  } finally {
    S.busy = false; S.live = null;
    render();
  }
  return !S.error;
}

// readSSE parses a text/event-stream body read with fetch.
async function readSSE(body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const frame = buf.slice(0, i); buf = buf.slice(i + 2);
      let name = 'message'; const data = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) onEvent(name, JSON.parse(data.join('\n')));
    }
  }
}

// ---- rendering ----------------------------------------------------------

function render() {
  document.documentElement.lang = S.lang;
  for (const n of document.querySelectorAll('[data-i18n]')) n.textContent = t()[n.dataset.i18n];
  $('#lang-zh').setAttribute('aria-pressed', String(S.lang === 'zh'));
  $('#lang-en').setAttribute('aria-pressed', String(S.lang === 'en'));
  $('#platform').value = S.platform;
  renderBox(); renderResults(); renderStatus(); renderBusy(); renderPicker();
  const err = $('#error');
  err.hidden = !S.error; err.textContent = S.error;
  if (S.explainOpen) renderExplain();
}

function renderBusy() {
  const box = $('#box');
  box.setAttribute('aria-busy', String(S.busy));
  const p = box.querySelector('.progress');
  // Progress only while a turn is really in a transient state.
  const live = S.live && S.live.transient;
  if (p) p.hidden = !live;
}

function renderStatus() {
  const s = S.snap; if (!s) return;
  const st = S.live ? S.live.to : s.state;
  $('#st-triple').textContent = `${st.input} / ${st.container} / ${st.session}`;
  $('#st-scene').textContent = S.live ? S.live.scene : s.scene;
  $('#st-sub').textContent = S.live ? S.live.substate : s.substate;
  $('#st-reached-row').hidden = !S.reached;
  $('#st-reached').textContent = S.reached ? S.reached.join(' → ') : '';
  const bar = $('#st-actions');
  bar.replaceChildren(...s.actions.map(a => el('button', {
    type: 'button', title: a.action_id, 'data-action': a.action_id, 'data-event': a.event, disabled: S.busy,
    onclick: () => fireAction(a),
  }, a.label)));
}

// fireAction sends an offered action's event, with the arguments the page
// can tell (the draft, the active tag, the repair field) or asks for.
async function fireAction(a) {
  const ctx = S.snap.context;
  // The snapshot names what the button acts on (a tag, a condition, an
  // option, a filter field); the page adds only what the user types.
  const args = { ...(a.args || {}) };
  const need = (k, fallback) => {
    const v = fallback || window.prompt(t().prompt[k] || k);
    if (v === null || v === '') throw new Error('cancelled');
    return v;
  };
  try {
    switch (a.event) {
      case 'input.type': case 'input.commit': case 'search.submit': {
        const d = $('#draft'); const v = d ? d.value : (ctx.draft || '');
        if (v) args.text = v;
        if (a.event === 'input.type' && !v) args.text = need('text');
        break;
      }
      case 'followup.type': case 'followup.submit': {
        const f = $('#followup'); const v = f ? f.value : '';
        if (v) args.text = v; else if (a.event === 'followup.type') args.text = need('text');
        break;
      }
      case 'tag.edit': case 'tag.delete': case 'tag.menu_open': case 'tag.set_scope': case 'tag.toggle_exclude':
      case 'tag.edit_submit': case 'tag.edit_cancel':
        args.tag_id = need('tag_id', args.tag_id || ctx.active_tag_id || (ctx.keyword_tags && ctx.keyword_tags.length === 1 ? ctx.keyword_tags[0].id : ''));
        if (a.event === 'tag.set_scope') args.scope = need('scope', args.scope);
        if (a.event === 'tag.edit_submit') args.text = need('text', args.text);
        break;
      case 'A_REPAIR_FIX_URL': case 'A_REPAIR_REPLACE_ANCHOR':
        args.url = need('url', ($('#repair-input') || {}).value || args.url); break;
      case 'A_REPAIR_SWITCH_TO_NL': {
        const v = ($('#repair-input') || {}).value || ($('#followup') || {}).value;
        if (v) args.text = v;
        break;
      }
      case 'clarify.answer': if (!args.option_id) args.text = need('text', args.text); break;
      case 'condition.edit': args.condition_id = need('condition_id', args.condition_id); args.value = need('value', args.value); break;
      case 'condition.remove': args.condition_id = need('condition_id', args.condition_id); break;
      case 'filter.set': {
        if (args.field && args.op && args.value !== undefined) break;
        const [field, op, ...rest] = need('filter').trim().split(/\s+/);
        const raw = rest.join(' ');
        Object.assign(args, { field, op, value: /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw });
        break;
      }
      case 'filter.clear': args.field = need('text', args.field); break;
      case 'results.sort': args.by = need('text', args.by); break;
      case 'results.page': args.cursor = (S.snap.results && S.snap.results.next_cursor) || need('text'); break;
    }
  } catch (e) { return; }
  await send(a.event, args);
}

function renderBox() {
  const s = S.snap; const box = $('#box');
  if (!s) { box.replaceChildren(); return; }
  const c = s.state.container;
  const expanded = c.startsWith('expanded');
  box.className = 'box ' + (expanded ? 'expanded' : 'classic') + ' ' + c;
  box.dataset.container = c;
  const kids = [];
  if (!expanded || (s.context.keyword_tags || []).length || s.context.anchor) kids.push(classicRow(s));
  kids.push(el('div', { class: 'progress', role: 'status', hidden: true }, c === 'compact_resolving' ? t().resolving : t().working));
  if (s.slots.repair_hint && !expanded) kids.push(hintLine(s.slots.repair_hint));
  if (expanded) kids.push(slotBlocks(s));
  if (s.context.notice) kids.push(el('p', { class: 'notice' }, s.context.notice));
  const focused = document.activeElement && document.activeElement.id;
  box.replaceChildren(...kids);
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

// classicRow is the query line: keyword pills (each with its scope menu
// attached below it), the anchor badge and the trailing draft cursor.
function classicRow(s) {
  const ctx = s.context; const row = el('div', { class: 'row', role: 'group', 'aria-label': 'query' });
  for (const tag of ctx.keyword_tags || []) row.append(tagPill(s, tag));
  if (ctx.anchor) row.append(anchorBadge(s, ctx.anchor));
  const inClassic = s.state.container.startsWith('compact');
  if (inClassic && s.state.input !== 'editing_keyword') {
    const d = el('input', { id: 'draft', class: 'draft', 'aria-label': t().placeholder, placeholder: t().placeholder,
      autocomplete: 'off', disabled: S.busy });
    d.value = ctx.draft || '';
    d.addEventListener('input', () => typed('input.type', d.value));
    d.addEventListener('keydown', ev => {
      if (ev.key === 'Enter') { ev.preventDefault(); enterDraft(d.value, ev.ctrlKey || ev.metaKey); }
      if (ev.key === 'Escape' && d.value && allowed('input.clear')) { ev.preventDefault(); send('input.clear'); }
    });
    row.append(d);
    const submit = s.actions.find(a => a.event === 'search.submit');
    if (submit) row.append(el('button', { type: 'button', id: 'search', 'data-action': submit.action_id, disabled: S.busy,
      onclick: () => submitSearch() }, submit.label));
  }
  return row;
}

function typed(event, text) {
  clearTimeout(S.typing);
  S.typing = setTimeout(async () => {
    await queue;
    if (event === 'input.type' && text === S.sentDraft) return;
    if (event === 'followup.type' && text === S.sentFollowup) return;
    if (!text) { if (allowed(event === 'input.type' ? 'input.clear' : 'followup.clear')) await send(event === 'input.type' ? 'input.clear' : 'followup.clear'); return; }
    if (await send(event, { text })) { if (event === 'input.type') S.sentDraft = text; else S.sentFollowup = text; }
  }, 350);
}

async function flushDraft(text) {
  clearTimeout(S.typing);
  await queue; // a debounced input.type may be running
  if (text && text !== S.sentDraft && allowed('input.type')) {
    await send('input.type', { text }); S.sentDraft = text;
  }
}

// Enter commits the draft as a tag (seed 002 3.4.1B); Ctrl+Enter, or
// Enter on an empty draft, searches.
async function enterDraft(text, search) {
  text = text.trim();
  if (!search && text) {
    await flushDraft(text);
    if (allowed('input.commit')) { await send('input.commit', { text }); S.sentDraft = ''; focus('#draft'); return; }
  }
  await submitSearch();
}

async function submitSearch() {
  const d = $('#draft'); const text = d ? d.value.trim() : '';
  if (text) await flushDraft(text);
  await send('search.submit', text ? { text } : {});
  S.sentDraft = '';
}

function focus(sel) { const n = $(sel); if (n) n.focus(); }

function tagPill(s, tag) {
  const ctx = s.context; const t0 = t();
  const active = ctx.active_tag_id === tag.id;
  const wrap = el('span', { class: 'pill-wrap' });
  if (active && s.state.input === 'editing_keyword') {
    const inp = el('input', { id: 'tag-edit', class: 'pill-edit', 'aria-label': t0.edit + ' ' + tag.text });
    inp.value = tag.text;
    inp.addEventListener('keydown', ev => {
      if (ev.key === 'Enter') { ev.preventDefault(); send('tag.edit_submit', { tag_id: tag.id, text: inp.value }); }
      if (ev.key === 'Escape') { ev.preventDefault(); send('tag.edit_cancel', { tag_id: tag.id }); }
    });
    wrap.append(inp);
    setTimeout(() => inp.focus(), 0);
    return wrap;
  }
  const menuOpen = active && ctx.active_tag_menu;
  const pill = el('button', { type: 'button', id: 'tag-' + tag.id, class: 'pill' + (tag.is_excluded ? ' excluded' : '') + (active ? ' active' : ''),
    'aria-haspopup': 'menu', 'aria-expanded': String(!!menuOpen), 'data-tag': tag.text, disabled: S.busy,
    onclick: () => menuOpen ? send('tag.menu_close') : send('tag.menu_open', { tag_id: tag.id }),
    onkeydown: ev => {
      if ((ev.key === 'Delete' || ev.key === 'Backspace') && allowed('tag.delete')) { ev.preventDefault(); send('tag.delete', { tag_id: tag.id }); }
      if (ev.key === 'F2' && allowed('tag.edit')) { ev.preventDefault(); send('tag.edit', { tag_id: tag.id }); }
    } },
  (tag.is_excluded ? '−' : '') + tag.text, el('span', { class: 'scope' }, t0.scopes[tag.scope] || tag.scope));
  wrap.append(pill);
  if (menuOpen) wrap.append(tagMenu(tag));
  return wrap;
}

// tagMenu is the tag's own match-scope menu, opening below it (spec 3.4.1F).
function tagMenu(tag) {
  const t0 = t();
  const items = [];
  const item = (role, label, checked, event, args, key) => el('li', { role: 'none' },
    el('button', { type: 'button', role, 'aria-checked': role === 'menuitem' ? null : String(checked), 'data-menu': key,
      disabled: S.busy || !allowed(event), onclick: () => send(event, args) }, label));
  for (const sc of Object.keys(t0.scopes)) items.push(item('menuitemradio', t0.scopes[sc], tag.scope === sc, 'tag.set_scope', { tag_id: tag.id, scope: sc }, 'scope-' + sc));
  items.push(el('li', { role: 'separator' }, el('hr')));
  items.push(item('menuitemcheckbox', t0.exclude, tag.is_excluded, 'tag.toggle_exclude', { tag_id: tag.id }, 'exclude'));
  items.push(item('menuitem', t0.edit, false, 'tag.edit', { tag_id: tag.id }, 'edit'));
  items.push(item('menuitem', t0.del, false, 'tag.delete', { tag_id: tag.id }, 'delete'));
  const menu = el('ul', { class: 'tag-menu', role: 'menu', 'aria-label': tag.text, id: 'tag-menu' }, items);
  menu.addEventListener('keydown', ev => {
    const btns = [...menu.querySelectorAll('button:not([disabled])')];
    const i = btns.indexOf(document.activeElement);
    if (ev.key === 'Escape') { ev.preventDefault(); send('tag.menu_close').then(() => focus('#tag-' + tag.id)); }
    if (ev.key === 'ArrowDown') { ev.preventDefault(); (btns[i + 1] || btns[0]).focus(); }
    if (ev.key === 'ArrowUp') { ev.preventDefault(); (btns[i - 1] || btns[btns.length - 1]).focus(); }
  });
  setTimeout(() => { const first = menu.querySelector('[aria-checked="true"]') || menu.querySelector('button'); if (first && !menu.contains(document.activeElement)) first.focus(); }, 0);
  return menu;
}

function anchorBadge(s, a) {
  const ok = a.resolution === 'resolved_exact';
  const label = ok ? (a.name || a.handle || a.url) + (a.handle ? ` @${a.handle.replace(/^@/, '')}` : '') : a.url;
  const kids = [el('span', { class: 'platform' }, a.platform || ''), el('strong', {}, label)];
  if (a.resolution === 'resolving') kids.push(el('span', { class: 'hint' }, '…'));
  if (!ok && a.hint) kids.push(el('span', { class: 'hint' }, a.hint));
  if (allowed('anchor.delete')) kids.push(el('button', { type: 'button', class: 'x', 'aria-label': t().removeAnchor, onclick: () => send('anchor.delete') }, '×'));
  return el('span', { class: 'anchor' + (ok ? '' : ' failed'), 'data-resolution': a.resolution, id: 'anchor' }, kids);
}

// hintLine is the low-recall hint: a second line inside the box (spec 3.5.3C).
function hintLine(h) {
  return el('div', { class: 'second-line', id: 'repair-hint', role: 'note' }, el('span', {}, h.text),
    ...(h.action_ids || []).map(id => actionButton(id)));
}

// actionButton is a button for an offered action id (none when the
// snapshot does not offer it).
// actionButton is the button of an offered action; a repair option's args
// (what it relaxes) go with it, so each option applies its own change.
function actionButton(id, label, args) {
  const a = S.snap.actions.find(x => x.action_id === id && (!args || x.label === label)) || S.snap.actions.find(x => x.action_id === id);
  if (!a) return null;
  const fire = args ? { ...a, args: { ...(a.args || {}), ...args } } : a;
  return el('button', { type: 'button', 'data-action': id, disabled: S.busy, onclick: () => fireAction(fire) }, label || a.label);
}

function slot(name, ...kids) {
  return el('section', { class: 'slot', 'data-slot': name, 'aria-label': name }, el('span', { class: 'name' }, name), ...kids);
}

// slotBlocks are the expanded box's slots, labelled with their contract names.
function slotBlocks(s) {
  const sl = s.slots; const t0 = t(); const out = [];
  if (sl.status) out.push(slot('status', el('p', { class: 'tone-' + sl.status.tone, 'data-loading': String(sl.status.loading) }, sl.status.text)));
  if (sl.task_summary) out.push(slot('task_summary', el('p', {}, sl.task_summary)));
  if (sl.conditions && sl.conditions.length) out.push(slot('conditions', el('div', { class: 'chips' }, sl.conditions.map(c =>
    el('span', { class: 'chip ' + c.status, 'data-kind': c.kind, 'data-source': c.source, 'data-status': c.status },
      c.label, el('span', { class: 'src' }, `${t0.src[c.source] || c.source} · ${t0.st[c.status] || c.status}`),
      allowed('condition.remove') ? el('button', { type: 'button', class: 'x', 'aria-label': t0.del + ' ' + c.label,
        onclick: () => send('condition.remove', { condition_id: c.id }) }, '×') : null)))));
  if (sl.question) out.push(slot('question', el('p', { id: 'question-text' }, sl.question.text),
    el('div', { class: 'options', role: 'group', 'aria-labelledby': 'question-text' }, sl.question.options.map(o =>
      el('button', { type: 'button', 'data-option': o.id, disabled: S.busy || !allowed('clarify.answer'),
        onclick: () => send('clarify.answer', { option_id: o.id }) }, o.label)))));
  if (sl.repair_options && sl.repair_options.length) {
    const needsInput = sl.repair_options.some(o => /FIX_URL|REPLACE_ANCHOR|SWITCH_TO_NL/.test(o.action_id));
    out.push(slot('repair_options',
      s.context.repair_reason ? el('p', { class: 'hint', 'data-reason': s.context.repair_reason }, t0.reasons[s.context.repair_reason] || s.context.repair_reason) : null,
      needsInput ? el('input', { id: 'repair-input', class: 'repair-input', 'aria-label': t0.repairInput, placeholder: t0.repairInput }) : null,
      el('div', { class: 'options' }, sl.repair_options.map(o => el('span', {}, actionButton(o.action_id, o.label, o.args), el('span', { class: 'hint' }, ' ' + o.reason))))));
  }
  if (sl.repair_hint) out.push(slot('repair_hint', hintLine(sl.repair_hint)));
  if (sl.actions && sl.actions.length) out.push(slot('actions', el('div', { class: 'options' }, sl.actions.map(a => actionButton(a.action_id, a.label)))));
  const blocks = el('div', { class: 'slots' }, out);
  const frag = [blocks];
  if (allowed('followup.type') || allowed('followup.submit')) {
    const f = el('input', { id: 'followup', 'aria-label': t0.followup, placeholder: t0.followup, autocomplete: 'off', disabled: S.busy });
    f.value = S.sentFollowup || '';
    f.addEventListener('input', () => typed('followup.type', f.value));
    f.addEventListener('keydown', async ev => {
      if (ev.key === 'Enter' && f.value.trim()) {
        ev.preventDefault(); clearTimeout(S.typing);
        const text = f.value.trim();
        if (text !== S.sentFollowup && allowed('followup.type')) { await send('followup.type', { text }); }
        await send('followup.submit', { text }); S.sentFollowup = '';
        focus('#followup');
      }
      if (ev.key === 'Escape' && allowed('followup.clear')) { ev.preventDefault(); send('followup.clear'); S.sentFollowup = ''; }
    });
    frag.push(el('div', { class: 'followup' }, f));
  }
  return el('div', { class: 'expanded-body' }, frag);
}

function fmt(n) { return n >= 10000 ? (n / 10000).toFixed(1) + (S.lang === 'zh' ? '万' : '0k').replace('.0', '') : String(n); }

function card(ch, anchor, score) {
  const t0 = t();
  return el('article', { class: 'card' + (anchor ? ' anchor-card' : ''), 'data-handle': ch.handle },
    el('div', {}, anchor ? el('span', { class: 'badge' }, t0.anchorRef) : null, el('strong', {}, ch.name), ' ',
      el('a', { href: ch.url, rel: 'noopener', target: '_blank' }, ch.handle),
      el('div', { class: 'meta' }, [ch.country, ch.category, (ch.tags || []).slice(0, 4).join(', ')].filter(Boolean).join(' · '))),
    el('div', { class: 'meta' }, `${t0.followers} ${fmt(ch.followers)}`, ch.avg_views ? ` · ${t0.avgViews} ${fmt(ch.avg_views)}` : '',
      score !== undefined ? ` · ${score.toFixed(2)}` : ''));
}

function renderResults() {
  const body = $('#results-body'); const r = S.snap && S.snap.results;
  if (!r) { body.replaceChildren(); return; }
  body.replaceChildren(...[
    el('p', { class: 'summary', id: 'results-total', 'data-total': r.total }, t().total(r.total), r.stale ? ' · ' + t().stale : ''),
    r.anchor ? card(r.anchor, true) : null,
    ...(r.items || []).map(it => card(it.channel, false, it.score))].filter(Boolean));
}

// ---- explain drawer -----------------------------------------------------

async function renderExplain() {
  const body = $('#explain-body'); const t0 = t();
  let doc;
  try { doc = await call('GET', `/v1/sessions/${S.id}/trace`); } catch (e) { body.textContent = e.message; return; }
  const turn = doc.turns[doc.turns.length - 1];
  if (!turn) { body.replaceChildren(el('p', {}, t0.noTrace)); return; }
  const table = (head, rows) => el('table', {}, el('tr', {}, head.map(h => el('th', {}, h))), rows.map(r => el('tr', {}, r.map(c => el('td', {}, String(c ?? ''))))));
  const kids = [el('p', {}, `#${turn.turn} ${turn.event} · ${turn.duration_ms.toFixed(1)} ms`)];
  if (turn.router) {
    const res = turn.router.result || {}; const tr = turn.router.trace || {};
    kids.push(el('h3', {}, t0.router), el('p', {}, `branch ${res.branch} · top ${(res.top && (res.top.id || res.top.ID)) || tr.top_id || '-'} · margin ${tr.ambiguity_margin ?? '-'}`));
    const scored = [...(tr.guard || []).map(x => ['guard', x]), ...(tr.rules || []).map(x => ['rules', x])];
    kids.push(table(['stage', 'spec', 'score', 'threshold', 'hits'], scored.map(([st, x]) => [st, x.id, x.score.toFixed(2), x.threshold,
      [...(x.hit_terms || []), ...(x.hit_lexicon || []), ...(x.hit_patterns || [])].join(', ')])));
    const rej = [...(tr.guard_rejected || []), ...(tr.rules_rejected || [])];
    if (rej.length) kids.push(el('h3', {}, t0.rejected), table(['spec', 'score', 'reason'], rej.map(x => [x.id, x.score.toFixed(2), x.reason])));
    if (res.commands) kids.push(el('pre', {}, JSON.stringify(res.commands, null, 1)));
  }
  kids.push(el('h3', {}, t0.transitions), table(['from_state', 'action_id', 'to_state', 'substate'],
    (turn.transitions || []).map(x => [x.from_state, x.action_id, x.to_state, x.substate])));
  kids.push(el('h3', {}, t0.steps), table(['step', 'ok', 'ms'], (turn.steps || []).map(x => [x.step, x.ok, x.duration_ms.toFixed(2)])));
  body.replaceChildren(...kids);
}

function toggleExplain(open) {
  S.explainOpen = open;
  $('#explain').hidden = !open;
  $('#explain-open').setAttribute('aria-expanded', String(open));
  if (open) { renderExplain(); $('#explain-close').focus(); } else $('#explain-open').focus();
}

// ---- scene → sub-state picker ---------------------------------------------

function renderPicker() {
  const scenes = [...new Set(S.picker.map(p => p.scene))];
  const sceneSel = $('#pick-scene'); const subSel = $('#pick-sub');
  const curScene = sceneSel.value || scenes[0];
  sceneSel.replaceChildren(...scenes.map(s => el('option', { value: s, selected: s === curScene }, s)));
  const curSub = subSel.value;
  const subs = S.picker.filter(p => p.scene === curScene);
  subSel.replaceChildren(...subs.map(p => el('option', { value: p.substate, selected: p.substate === curSub },
    `${p.substate} · ${S.lang === 'zh' ? p.zh : p.en}${p.transient ? ' ⟳' : ''}`)));
}

// replay drives a fresh session into the picked sub-state by sending the
// scripted events that reach it, one turn each, through the API.
async function replay(sub) {
  const p = S.picker.find(x => x.substate === sub); if (!p) return;
  const note = $('#pick-note');
  note.textContent = t().replaying(sub, p.steps.length);
  S.platform = p.platform;
  await newSession(p.platform, S.lang);
  for (let i = 0; i < p.steps.length; i++) {
    const st = p.steps[i];
    const r = await call('POST', `/v1/sessions/${S.id}/events`, { event: st.event, args: st.args });
    S.snap = r.snapshot;
    if (i === p.steps.length - 1) {
      const passed = r.events.filter(e => e.event === 'transition').map(e => e.data.substate).filter(x => x !== S.snap.substate);
      S.reached = passed.length ? passed : null;
    }
  }
  render();
  note.textContent = t().replayed(sub);
}

// ---- wiring ---------------------------------------------------------------

async function main() {
  $('#platform').addEventListener('change', e => { S.platform = e.target.value; newSession(S.platform, S.lang).catch(showError); });
  for (const lang of ['zh', 'en']) $('#lang-' + lang).addEventListener('click', () => {
    if (S.lang === lang) return;
    S.lang = lang; newSession(S.platform, S.lang).catch(showError); // server texts follow the session's locale
  });
  $('#explain-open').addEventListener('click', () => toggleExplain(!S.explainOpen));
  $('#explain-close').addEventListener('click', () => toggleExplain(false));
  $('#explain').addEventListener('keydown', e => { if (e.key === 'Escape') toggleExplain(false); });
  $('#pick-scene').addEventListener('change', () => { $('#pick-sub').value = ''; renderPicker(); });
  $('#pick-go').addEventListener('click', () => replay($('#pick-sub').value).catch(showError));
  const params = new URLSearchParams(location.search);
  if (params.get('lang') === 'en') S.lang = 'en';
  if (params.get('platform')) S.platform = params.get('platform');
  S.picker = await fetch('/static/substates.json').then(r => r.json()).catch(() => []);
  await newSession(S.platform, S.lang).catch(showError);
  document.body.dataset.ready = 'true';
  focus('#draft');
}

function showError(e) { S.error = e.message; render(); }

main();
