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
    router: '路由', scores: '结果得分', transitions: '状态迁移', steps: '执行步骤', rejected: '被拒规格', noTrace: '还没有轮次', removeAnchor: '删除锚点',
    reasons: { url_invalid: '链接无效或资源失效', url_mismatch: '链接不属于当前平台', url_unsupported: '不支持的链接类型', no_results: '当前条件下没有结果', low_recall: '结果较少' },
    limit: (n, max) => `${n} / ${max} 字节`, overLimit: (n, max) => `已输入 ${n} 字节，超过 ${max} 字节上限：请删减后再搜索（文字仍保留在框里）`,
    needDraft: '先在输入框里写下要搜的内容', needLink: '先在上面的框里填写新的链接', needFollowup: '先在补充框里写下要求',
    min: '最少', max: '最多', days: '天内有更新', apply: '应用', cancel: '取消', pick: '输入名称或代码搜索',
    filterOpen: '添加筛选…', filterField: '筛选字段', filterValue: '筛选值', sort: '排序',
    excludeCond: l => `排除「${l}」`, scopeOf: l => `「${l}」的匹配目标`, menuOf: l => `「${l}」的操作`,
    emptyRange: '至少填写最少或最多之一',
    lastPost: d => d <= 0 ? '今天更新' : `${d} 天前更新`, pct: '%',
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
    router: 'Router', scores: 'Result scores', transitions: 'Transitions', steps: 'Steps', rejected: 'Rejected specs', noTrace: 'No turn yet', removeAnchor: 'Remove anchor',
    reasons: { url_invalid: 'invalid or dead link', url_mismatch: 'the link is from another platform', url_unsupported: 'unsupported link type', no_results: 'no results with these conditions', low_recall: 'few results' },
    limit: (n, max) => `${n} / ${max} bytes`, overLimit: (n, max) => `${n} bytes typed, over the ${max}-byte limit: shorten it to search (your text stays in the box)`,
    needDraft: 'Type what to search for first', needLink: 'Enter the new link in the field above first', needFollowup: 'Type the requirement in the follow-up field first',
    min: 'At least', max: 'At most', days: 'days since the last post', apply: 'Apply', cancel: 'Cancel', pick: 'Type a name or code',
    filterOpen: 'Add a filter…', filterField: 'Filter field', filterValue: 'Filter value', sort: 'Sort',
    excludeCond: l => `Exclude “${l}”`, scopeOf: l => `Where “${l}” matches`, menuOf: l => `Actions on “${l}”`,
    emptyRange: 'fill in at least or at most',
    lastPost: d => d <= 0 ? 'posted today' : d === 1 ? 'posted yesterday' : `posted ${d} days ago`, pct: '%',
  },
};

// S is the page's state. Besides the session (id, token, snap) it holds
// only what the user is doing on the page: the draft as typed (draft:
// never replaced by the server's copy while the user has one), the open
// chip menu or editor, the page-side tag menu, the filter panel, and the
// controls (filter fields, vocabularies, sorts, the text limit) from
// /static/controls.json.
const S = { platform: 'youtube', lang: 'zh', id: '', token: '', snap: null, busy: false, live: null, reached: null,
  picker: [], typing: null, sentDraft: '', sentFollowup: '', explainOpen: false, error: '',
  draft: null, keep: null, chipMenu: null, chipEdit: null, tagMenu: null, filterOpen: false, filterField: '', editError: '',
  controls: { fields: [], vocabularies: {}, sorts: [], max_text_bytes: 4096 }, openMenu: '' };
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
  S.sentDraft = ''; S.sentFollowup = ''; S.draft = null; S.chipMenu = S.chipEdit = S.tagMenu = null; S.filterOpen = false;
  render();
}

// setLocale switches the session's language in place (PATCH
// /v1/sessions/{id} {locale}): the same session, conditions and results,
// its slots re-rendered in the new language. A refusal is shown; the
// page never falls back to a new session.
function setLocale(lang) {
  const run = queue.then(async () => {
    if (S.lang === lang) return;
    const prev = S.lang; S.lang = lang; S.error = '';
    try {
      const r = await call('PATCH', `/v1/sessions/${S.id}`, { locale: lang });
      S.snap = r.snapshot || r;
    } catch (e) { S.lang = prev; S.error = e.message; }
    render();
  });
  queue = run.catch(() => {});
  return run;
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
    if (['input.commit', 'input.clear', 'search.submit', 'session.reset'].includes(event) && !S.error) { S.sentDraft = ''; S.draft = null; }
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
  // Exactly the snapshot's actions (seed 000 §8.4), each with its target.
  const bar = $('#st-actions');
  bar.replaceChildren(...s.actions.map(a => el('button', {
    type: 'button', title: a.action_id, ...targetAttrs(a), disabled: S.busy,
    onclick: () => fireAction(a),
  }, a.label)));
  // The page keeps room for the bar, so nothing is hidden behind it.
  document.body.style.setProperty('--status-h', $('#status').offsetHeight + 8 + 'px');
}

// fireAction runs an offered action. Every action that changes a thing
// carries its target from the snapshot (tag_id, condition_id, field);
// what the user must still give comes from a control on the page (the
// draft, the repair field, a chip's typed editor, the filter panel, the
// sort select), which the button opens or focuses when it is empty —
// the page never asks in a dialog of its own.
async function fireAction(a) {
  const args = { ...(a.args || {}) };
  const ask = (sel, msg) => { S.error = msg; render(); focus(sel); };
  switch (a.event) {
    case 'input.type': case 'input.commit': case 'search.submit': {
      const v = draftText();
      if (v) args.text = v;
      if (a.event === 'input.type' && !v) return ask('#draft', t().needDraft);
      break;
    }
    case 'followup.type': case 'followup.submit': {
      const f = $('#followup'); const v = f ? f.value.trim() : '';
      if (v) args.text = v; else if (a.event === 'followup.type') return ask('#followup', t().needFollowup);
      break;
    }
    case 'tag.set_scope':
      if (!args.scope) { openTagMenu(args.tag_id); return; }
      break;
    case 'A_REPAIR_FIX_URL': case 'A_REPAIR_REPLACE_ANCHOR': {
      const v = (($('#repair-input') || {}).value || '').trim();
      if (v) args.url = v; else if (!args.url) return ask('#repair-input', t().needLink);
      break;
    }
    case 'A_REPAIR_SWITCH_TO_NL': {
      const v = (($('#repair-input') || {}).value || ($('#followup') || {}).value || '').trim();
      if (v) args.text = v;
      break;
    }
    case 'clarify.answer':
      if (!args.option_id) { const v = (($('#followup') || {}).value || '').trim(); if (!v) return ask('#followup', t().needFollowup); args.text = v; }
      break;
    case 'condition.edit':
      // A real condition is edited in its chip's typed editor; a ranking
      // term's "make it a filter" and a status turn (args.status: make it
      // a filter / a reference only) need no value.
      if (condById(args.condition_id) && !args.status) { openChipEditor(args.condition_id); return; }
      break;
    case 'filter.set':
      if (args.field === undefined || args.value === undefined) { S.filterOpen = true; render(); focus('#filter-field'); return; }
      break;
    case 'results.sort':
      if (!args.by) { focus('#sort'); return; }
      break;
    case 'results.page': {
      const c = S.snap.results && S.snap.results.next_cursor;
      if (!c) return;
      args.cursor = c;
      break;
    }
  }
  await send(a.event, args);
}

// condById is the condition chip with this id that a typed editor edits
// (a field with a value; keyword chips are tags, edited as tags).
function condById(id) {
  const c = (S.snap.context.conditions || []).find(x => x.id === id);
  return c && c.kind !== 'keyword' && c.kind !== 'anchor' && fieldDef(c.field) ? c : null;
}

function fieldDef(name) { return S.controls.fields.find(f => f.name === name); }
function fieldLabel(f) { return S.lang === 'zh' ? f.zh : f.en; }

function openChipEditor(id) { S.chipEdit = id; S.chipMenu = null; S.editError = ''; S.keep = null; render(); focus('#edit-' + id + ' input, #edit-' + id + ' select'); }

function openTagMenu(tagId) {
  if (allowed('tag.menu_open')) { send('tag.menu_open', { tag_id: tagId }); return; }
  S.tagMenu = tagId; render();
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
  kids.push(limitLine());
  kids.push(el('div', { class: 'progress', role: 'status', hidden: true }, c === 'compact_resolving' ? t().resolving : t().working));
  if (s.slots.repair_hint && !expanded) kids.push(hintLine(s.slots.repair_hint));
  if (expanded) kids.push(slotBlocks(s));
  kids.push(toolsRow(s));
  if (s.context.notice) kids.push(el('p', { class: 'notice' }, s.context.notice));
  // Focus survives the re-render: every focusable control of the box has
  // a stable id, so the element that had the focus gets it back at once
  // (no timer: a key pressed right after a turn reaches the same control).
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : '';
  box.replaceChildren(...kids);
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  // A menu that this render opened takes the focus (its checked or first
  // item); one that stays open keeps whatever has it.
  const menu = box.querySelector('[role=menu]');
  const key = menu ? menu.id + ':' + (menu.dataset.owner || '') : '';
  if (menu && key !== S.openMenu && !menu.contains(document.activeElement)) {
    const first = menu.querySelector('[aria-checked="true"]:not([disabled])') || menu.querySelector('button:not([disabled])');
    if (first) first.focus();
  }
  S.openMenu = key;
  const edit = box.querySelector('#tag-edit');
  if (edit && document.activeElement !== edit) edit.focus();
}

// draftText is the draft as the user has it on the page.
function draftText() { const d = $('#draft'); return (d ? d.value : (S.draft ?? S.snap.context.draft ?? '')).trim(); }
// bytes is the size of a text as the API counts it: the draft is searched
// trimmed, so the figure the box shows is the one a refusal names.
function bytes(text) { return new TextEncoder().encode(text.trim()).length; }

// limitLine says the text limit as the user nears it (seed 002 §7: the
// box stays a search box; a long paste is kept, never emptied).
function limitLine() {
  const max = S.controls.max_text_bytes; const n = bytes(S.draft ?? '');
  const over = n > max;
  return el('p', { id: 'draft-limit', class: 'limit' + (over ? ' over' : ''), 'aria-live': 'polite', hidden: n < max * 0.8, 'data-bytes': n },
    over ? t().overLimit(n, max) : t().limit(n, max));
}

// classicRow is the query line: keyword pills (each with its scope menu
// attached below it), the anchor badge and the trailing draft cursor.
function classicRow(s) {
  const ctx = s.context; const row = el('div', { class: 'row', role: 'group', 'aria-label': t().placeholder });
  for (const tag of ctx.keyword_tags || []) row.append(tagPill(s, tag));
  if (ctx.anchor) row.append(anchorBadge(s, ctx.anchor));
  const inClassic = s.state.container.startsWith('compact');
  if (inClassic && s.state.input !== 'editing_keyword') {
    const d = el('input', { id: 'draft', class: 'draft', 'aria-label': t().placeholder, placeholder: t().placeholder,
      autocomplete: 'off', disabled: S.busy, 'aria-describedby': 'draft-limit' });
    d.value = S.draft ?? ctx.draft ?? '';
    d.addEventListener('input', () => {
      const was = bytes(S.draft ?? ''); S.draft = d.value;
      const now = bytes(d.value); const max = S.controls.max_text_bytes;
      if ((was >= max * 0.8) !== (now >= max * 0.8) || now >= max * 0.8) $('#draft-limit').replaceWith(limitLine());
      if (new TextEncoder().encode(d.value).length <= max) typed('input.type', d.value);
    });
    d.addEventListener('keydown', ev => {
      if (ev.key === 'Enter') { ev.preventDefault(); enterDraft(d.value, ev.ctrlKey || ev.metaKey); }
      if (ev.key === 'Escape' && d.value && allowed('input.clear')) { ev.preventDefault(); S.draft = ''; send('input.clear'); }
    });
    row.append(d);
    const submit = s.actions.find(a => a.event === 'search.submit');
    if (submit) row.append(el('button', { type: 'button', id: 'search', 'data-action': submit.action_id, 'data-event': submit.event, disabled: S.busy,
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
  if (text && text !== S.sentDraft && allowed('input.type') && bytes(text) <= S.controls.max_text_bytes) {
    await send('input.type', { text }); S.sentDraft = text;
  }
}

// Enter commits the draft as a tag (seed 002 3.4.1B); Ctrl+Enter, or
// Enter on an empty draft, searches.
async function enterDraft(text, search) {
  text = text.trim();
  if (!search && text) {
    await flushDraft(text);
    if (allowed('input.commit')) { await send('input.commit', { text }); focus('#draft'); return; }
  }
  await submitSearch();
}

// submitSearch searches the draft. A draft over the limit is still sent:
// the API's refusal names the limit, and the draft stays in the box.
async function submitSearch() {
  const text = draftText();
  if (text) await flushDraft(text);
  await send('search.submit', text ? { text } : {});
}

function focus(sel) { const n = $(sel); if (n) n.focus(); }

// actionsFor are the snapshot's actions aimed at one thing: a tag (by
// tag_id), a condition (condition_id) or a filter field (field).
function actionsFor(pred) { return (S.snap.actions || []).filter(a => a.args && pred(a.args, a)); }

// targetAttrs are the data attributes that name what a button acts on.
function targetAttrs(a) {
  const g = a.args || {};
  return { 'data-event': a.event, 'data-action': a.action_id, 'data-tag-id': g.tag_id, 'data-condition-id': g.condition_id, 'data-field': g.field, 'data-scope': g.scope };
}

function tagPill(s, tag) {
  const ctx = s.context; const t0 = t();
  const active = ctx.active_tag_id === tag.id;
  const wrap = el('span', { class: 'pill-wrap' });
  // Edited in place: in the classic box (editing_keyword) or in a repair
  // box, where the snapshot offers saving this tag (tag.edit_submit).
  const editing = active && (s.state.input === 'editing_keyword' || s.actions.some(a => a.event === 'tag.edit_submit' && a.args && a.args.tag_id === tag.id));
  if (editing) {
    const inp = el('input', { id: 'tag-edit', class: 'pill-edit', 'aria-label': t0.edit + ' ' + tag.text });
    inp.value = tag.text;
    inp.addEventListener('keydown', ev => {
      if (ev.key === 'Enter') { ev.preventDefault(); send('tag.edit_submit', { tag_id: tag.id, text: inp.value }); }
      if (ev.key === 'Escape') { ev.preventDefault(); send('tag.edit_cancel', { tag_id: tag.id }); }
    });
    wrap.append(inp);
    return wrap;
  }
  // The tag's menu is the session's (tag.menu_open, keyword-scope) where
  // the snapshot offers it, else the page's own list of the actions the
  // snapshot aims at this tag (in repair mode, say).
  const serverMenu = active && ctx.active_tag_menu;
  const pageMenu = !serverMenu && S.tagMenu === tag.id;
  const acts = actionsFor(g => g.tag_id === tag.id);
  const canOpen = serverMenu || allowed('tag.menu_open') || acts.length > 0;
  const pill = el('button', { type: 'button', id: 'tag-' + tag.id, class: 'pill' + (tag.is_excluded ? ' excluded' : '') + (active ? ' active' : ''),
    'aria-haspopup': 'menu', 'aria-expanded': String(!!(serverMenu || pageMenu)), 'data-tag': tag.text, 'data-tag-id': tag.id, disabled: S.busy || !canOpen,
    onclick: () => {
      if (serverMenu) { send('tag.menu_close'); return; }
      if (pageMenu) { S.tagMenu = null; render(); return; }
      openTagMenu(tag.id);
    },
    onkeydown: ev => {
      if ((ev.key === 'Delete' || ev.key === 'Backspace') && allowed('tag.delete')) { ev.preventDefault(); send('tag.delete', { tag_id: tag.id }); }
      if (ev.key === 'F2' && allowed('tag.edit')) { ev.preventDefault(); send('tag.edit', { tag_id: tag.id }); }
    } },
  (tag.is_excluded ? '−' : '') + tag.text, el('span', { class: 'scope' }, t0.scopes[tag.scope] || tag.scope));
  wrap.append(pill);
  if (serverMenu || pageMenu) wrap.append(tagMenu(tag));
  return wrap;
}

// menuKeys moves through a menu's items with the arrow keys; Escape is
// the page's one handler (onEscape), whatever has the focus.
function menuKeys(menu) {
  menu.addEventListener('keydown', ev => {
    const btns = [...menu.querySelectorAll('button:not([disabled])')];
    const i = btns.indexOf(document.activeElement);
    if (ev.key === 'ArrowDown') { ev.preventDefault(); (btns[i + 1] || btns[0]).focus(); }
    if (ev.key === 'ArrowUp') { ev.preventDefault(); (btns[i - 1] || btns[btns.length - 1]).focus(); }
  });
  return menu;
}

// tagMenu is the tag's own menu, opening below it (spec 3.4.1F): its
// match scope, exclusion, edit and delete; an item the snapshot does not
// offer is disabled.
function tagMenu(tag) {
  const t0 = t();
  const item = (role, label, checked, event, args, key) => el('li', { role: 'none' },
    el('button', { type: 'button', role, id: 'menu-' + key, 'aria-checked': role === 'menuitem' ? null : String(checked), 'data-menu': key,
      'data-event': event, 'data-tag-id': tag.id, disabled: S.busy || !allowed(event), onclick: () => { S.tagMenu = null; send(event, args); } }, label));
  const items = Object.keys(t0.scopes).map(sc => item('menuitemradio', t0.scopes[sc], tag.scope === sc, 'tag.set_scope', { tag_id: tag.id, scope: sc }, 'scope-' + sc));
  items.push(el('li', { role: 'separator' }));
  items.push(item('menuitemcheckbox', t0.exclude, tag.is_excluded, 'tag.toggle_exclude', { tag_id: tag.id }, 'exclude'));
  items.push(item('menuitem', t0.edit, false, 'tag.edit', { tag_id: tag.id }, 'edit'));
  items.push(item('menuitem', t0.del, false, 'tag.delete', { tag_id: tag.id }, 'delete'));
  return menuKeys(el('ul', { class: 'tag-menu', role: 'menu', 'aria-label': t0.scopeOf(tag.text), id: 'tag-menu', 'data-owner': tag.id }, items));
}

// onEscape closes what is open, innermost first: a chip's editor, a
// chip's menu, the page's tag menu, the session's tag menu (tag.menu_close)
// or the explain drawer. It listens on the document, so a key pressed
// while the focus is anywhere (or nowhere, after a re-render) still
// closes the menu it belongs to.
function onEscape(ev) {
  if (ev.key !== 'Escape' || ev.defaultPrevented) return;
  const ctx = S.snap && S.snap.context;
  if (S.chipEdit) { const id = S.chipEdit; S.chipEdit = null; S.editError = ''; S.keep = null; render(); focus('#chip-' + id); }
  else if (S.chipMenu) { const id = S.chipMenu; S.chipMenu = null; render(); focus('#chip-' + id); }
  else if (S.tagMenu) { const id = S.tagMenu; S.tagMenu = null; render(); focus('#tag-' + id); }
  else if (ctx && ctx.active_tag_menu) { const id = ctx.active_tag_id; send('tag.menu_close').then(() => focus('#tag-' + id)); }
  else if (S.filterOpen) { S.filterOpen = false; render(); focus('#filter-open'); }
  else if (S.explainOpen) toggleExplain(false);
  else return;
  ev.preventDefault();
}

function anchorBadge(s, a) {
  const ok = a.resolution === 'resolved_exact';
  const label = ok ? (a.name || a.handle || a.url) + (a.handle ? ` @${a.handle.replace(/^@/, '')}` : '') : a.url;
  const kids = [el('span', { class: 'platform' }, a.platform || ''), el('strong', {}, label)];
  if (a.resolution === 'resolving') kids.push(el('span', { class: 'hint' }, '…'));
  if (!ok && a.hint) kids.push(el('span', { class: 'hint' }, a.hint));
  if (allowed('anchor.delete')) kids.push(el('button', { type: 'button', class: 'x', id: 'anchor-delete', 'aria-label': t().removeAnchor, 'data-event': 'anchor.delete', onclick: () => send('anchor.delete') }, '×'));
  return el('span', { class: 'anchor' + (ok ? '' : ' failed'), 'data-resolution': a.resolution, id: 'anchor' }, kids);
}

// hintLine is the low-recall hint: a second line inside the box (spec 3.5.3C).
function hintLine(h) {
  return el('div', { class: 'second-line', id: 'repair-hint', role: 'note' }, el('span', {}, h.text),
    ...(h.action_ids || []).map(id => actionButton(id)));
}

// actionButton is the button of an offered action; a repair option's args
// (what it relaxes, the scope it searches) go with it, so each option
// applies its own change.
function actionButton(id, label, args) {
  const a = S.snap.actions.find(x => x.action_id === id && (!args || x.label === label)) || S.snap.actions.find(x => x.action_id === id);
  if (!a) return null;
  const fire = args ? { ...a, args: { ...(a.args || {}), ...args } } : a;
  return el('button', { type: 'button', ...targetAttrs(fire), disabled: S.busy, onclick: () => fireAction(fire) }, label || a.label);
}

function slot(name, ...kids) {
  return el('section', { class: 'slot', 'data-slot': name, 'aria-label': name }, el('span', { class: 'name', 'aria-hidden': 'true' }, name), ...kids);
}

// TARGETED are the events whose buttons act on one thing; they live on
// that thing (a chip's menu, a tag's menu, the filter panel, the sort
// select), never as a slot button that would pick a target itself.
const TARGETED = new Set(['condition.edit', 'condition.remove', 'filter.set', 'filter.clear', 'results.sort',
  'tag.edit', 'tag.delete', 'tag.set_scope', 'tag.toggle_exclude', 'tag.menu_open', 'tag.menu_close', 'tag.edit_submit', 'tag.edit_cancel',
  'followup.type', 'followup.submit', 'clarify.answer']);

// slotBlocks are the expanded box's slots, labelled with their contract names.
function slotBlocks(s) {
  const sl = s.slots; const t0 = t(); const out = [];
  if (sl.status) out.push(slot('status', el('p', { class: 'tone-' + sl.status.tone, 'data-loading': String(sl.status.loading) }, sl.status.text)));
  if (sl.task_summary) out.push(slot('task_summary', el('p', {}, sl.task_summary)));
  if (sl.conditions && sl.conditions.length) out.push(slot('conditions', el('div', { class: 'chips' }, sl.conditions.map(c => condChip(c)))));
  if (sl.question) out.push(slot('question', el('p', { id: 'question-text' }, sl.question.text),
    el('div', { class: 'options', role: 'group', 'aria-labelledby': 'question-text' }, sl.question.options.map(o =>
      el('button', { type: 'button', id: 'option-' + o.id, 'data-option': o.id, 'data-event': 'clarify.answer', disabled: S.busy || !allowed('clarify.answer'),
        onclick: () => send('clarify.answer', { option_id: o.id }) }, o.label)))));
  if (sl.repair_options && sl.repair_options.length) {
    const needsInput = sl.repair_options.some(o => /FIX_URL|REPLACE_ANCHOR|SWITCH_TO_NL/.test(o.action_id));
    out.push(slot('repair_options',
      s.context.repair_reason ? el('p', { class: 'hint', 'data-reason': s.context.repair_reason }, t0.reasons[s.context.repair_reason] || s.context.repair_reason) : null,
      needsInput ? el('input', { id: 'repair-input', class: 'repair-input', 'aria-label': t0.repairInput, placeholder: t0.repairInput }) : null,
      el('div', { class: 'options' }, sl.repair_options.map(o => el('span', { class: 'option' }, actionButton(o.action_id, o.label, o.args),
        o.reason ? el('span', { class: 'hint' }, ' ' + o.reason) : null)))));
  }
  if (sl.repair_hint) out.push(slot('repair_hint', hintLine(sl.repair_hint)));
  // The slot's actions that act on no one thing (a reset, a fallback);
  // the targeted ones are on their chips.
  const plain = (sl.actions || []).filter(a => {
    const offered = s.actions.filter(x => x.action_id === a.action_id);
    return offered.length && !offered.some(x => TARGETED.has(x.event) || x.args);
  });
  if (plain.length) out.push(slot('actions', el('div', { class: 'options' }, plain.map(a => actionButton(a.action_id, a.label)))));
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
      if (ev.key === 'Escape' && f.value && allowed('followup.clear')) { ev.preventDefault(); send('followup.clear'); S.sentFollowup = ''; }
    });
    frag.push(el('div', { class: 'followup' }, f));
  }
  return el('div', { class: 'expanded-body' }, frag);
}

// ---- condition chips: a menu per chip, a typed editor per field kind ----

// condChip is one condition with its own menu: every action the snapshot
// aims at it (edit, remove, make it a filter, clear its field's filter,
// the tag actions of a keyword chip) and, for a set field, exclude.
function condChip(c) {
  const t0 = t();
  const acts = chipActions(c);
  const open = S.chipMenu === c.id; const editing = S.chipEdit === c.id;
  const btn = el('button', { type: 'button', class: 'chip-btn', id: 'chip-' + c.id, 'aria-haspopup': 'menu', 'aria-expanded': String(open),
    'data-condition-id': c.id, disabled: S.busy || !acts.length,
    onclick: () => { S.chipMenu = open ? null : c.id; S.chipEdit = null; render(); } },
  c.label, el('span', { class: 'src' }, `${t0.src[c.source] || c.source} · ${t0.st[c.status] || c.status}`));
  const kids = [btn];
  if (open) kids.push(menuKeys(el('ul', { class: 'tag-menu chip-menu', role: 'menu', id: 'chip-menu', 'data-owner': c.id, 'aria-label': t0.menuOf(c.label) },
    acts.map((a, i) => el('li', { role: 'none' }, el('button', { type: 'button', role: 'menuitem', id: `cmenu-${c.id}-${i}`, ...targetAttrs(a),
      'data-condition-id': c.id, 'data-menu': a.kind, disabled: S.busy, onclick: () => { S.chipMenu = null; a.run(); } }, a.label))))));
  if (editing) kids.push(chipEditor(c));
  return el('span', { class: 'chip ' + c.status, 'data-kind': c.kind, 'data-source': c.source, 'data-status': c.status, 'data-id': c.id, 'data-field': c.field }, kids);
}

// chipActions are the menu items of a chip, each run with the target the
// snapshot gave it.
function chipActions(c) {
  const t0 = t(); const out = [];
  const fire = a => () => fireAction(a);
  for (const a of actionsFor(g => g.condition_id === c.id || g.tag_id === c.id)) {
    if (a.event === 'tag.menu_open' || a.event === 'tag.menu_close') continue;
    if (a.event === 'tag.set_scope') {
      for (const sc of Object.keys(t0.scopes)) {
        const tag = (S.snap.context.keyword_tags || []).find(x => x.id === c.id);
        if (tag && tag.scope === sc) continue;
        const aa = { ...a, args: { ...a.args, scope: sc } };
        out.push({ ...aa, kind: 'scope-' + sc, label: `${t0.scopes[sc]}`, run: fire(aa) });
      }
      continue;
    }
    const status = a.args && a.args.status;
    const valueEdit = a.event === 'condition.edit' && condById(c.id) && !status;
    const kind = valueEdit ? 'edit' : status ? 'status-' + status : a.event;
    out.push({ ...a, kind, label: valueEdit ? a.label + '…' : a.label, run: fire(a) });
  }
  for (const a of actionsFor((g, x) => x.event === 'filter.clear' && g.field === c.field && c.kind !== 'keyword')) out.push({ ...a, kind: 'filter.clear', run: fire(a) });
  const f = fieldDef(c.field);
  const rm = out.find(a => a.event === 'condition.remove');
  if (f && f.kind === 'set' && (c.op === 'eq' || c.op === 'in') && rm && allowed('filter.set')) {
    // Exclude: the condition goes and its values are kept out instead.
    const codes = [].concat(c.value);
    out.push({ event: 'filter.set', action_id: (S.snap.actions.find(x => x.event === 'filter.set') || {}).action_id, args: { condition_id: c.id, field: c.field },
      kind: 'exclude', label: t0.excludeCond(c.label),
      run: async () => { if (await send('condition.remove', { condition_id: c.id })) await send('filter.set', { field: c.field, op: 'not_in', value: codes }); } });
  }
  return out;
}

// chipEditor edits a condition's value with its field's control.
function chipEditor(c) {
  const f = fieldDef(c.field); const t0 = t();
  const ctl = valueControl(f, 'edit-' + c.id + '-', c);
  const apply = async form => {
    let v;
    try { v = ctl.read(); } catch (e) { S.editError = e.message; render(); focus('#edit-' + c.id + ' input'); return; }
    S.chipEdit = null; S.editError = '';
    const reopen = () => { S.chipEdit = c.id; };
    // condition.edit keeps the condition's operator; a range that needs
    // another (a maximum added to "at least") is the field's filter.set.
    const ok = v.op === c.op || !allowed('filter.set')
      ? await sendEdit(form, reopen, 'condition.edit', { condition_id: c.id, value: v.value })
      : await sendEdit(form, reopen, 'filter.set', { field: c.field, op: v.op, value: v.value });
    if (ok) focus('#chip-' + c.id);
  };
  return el('form', { class: 'editor', id: 'edit-' + c.id, 'data-kind': f.kind, 'aria-label': t0.edit + ' ' + c.label,
    onsubmit: ev => { ev.preventDefault(); apply(ev.currentTarget); } },
  ...ctl.nodes,
  el('button', { type: 'submit', id: 'edit-' + c.id + '-apply', 'data-event': 'condition.edit', 'data-condition-id': c.id }, t0.apply),
  el('button', { type: 'button', id: 'edit-' + c.id + '-cancel', onclick: () => { S.chipEdit = null; S.editError = ''; S.keep = null; render(); focus('#chip-' + c.id); } }, t0.cancel),
  S.editError ? el('span', { class: 'error', role: 'alert', id: 'edit-error' }, S.editError) : null);
}

// valueControl is the control of a field's kind, with read() giving the
// {op, value} to send: set — a searchable select of the vocabulary (one
// or more names or codes); count — a min/max range; ratio — a range in
// percent; duration — a day count. Values go as the user typed them
// ("5万", "10k", "德国", "3%"): the API reads them with the parser's
// readers and refuses, in words, what the parser would not read. The
// page only picks the operator from which bounds are filled.
function valueControl(f, idp, c) {
  const t0 = t(); const label = fieldLabel(f);
  const kept = id => S.keep && S.keep[id] !== undefined ? S.keep[id] : undefined;
  if (f.kind === 'set') {
    const vocab = S.controls.vocabularies[f.name] || [];
    const name = term => `${S.lang === 'zh' ? term.zh : term.en} (${term.code})`;
    const cur = c ? [].concat(c.value).map(code => { const tm = vocab.find(x => x.code.toLowerCase() === String(code).toLowerCase()); return tm ? name(tm) : code; }).join(', ') : '';
    const list = el('datalist', { id: idp + 'list' }, vocab.map(tm => el('option', { value: name(tm) })));
    const inp = el('input', { id: idp + 'value', list: idp + 'list', class: 'value', 'aria-label': label, placeholder: t0.pick, autocomplete: 'off', value: kept(idp + 'value') ?? cur });
    return { nodes: [inp, list], read: () => {
      // "美国 (US)" as the list shows it goes as its code; anything else as typed.
      const words = inp.value.split(/[,，、;；]/).map(x => x.trim()).filter(Boolean).map(x => { const m = x.match(/\(([^()]+)\)\s*$/); return m ? m[1] : x; });
      if (!words.length) throw new Error(t0.pick);
      const op = c && c.op === 'not_in' ? 'not_in' : words.length > 1 || (c && c.op === 'in') ? 'in' : 'eq';
      return { op, value: op === 'eq' ? words[0] : words };
    } };
  }
  if (f.kind === 'duration') {
    const inp = el('input', { id: idp + 'value', type: 'number', min: 1, max: f.max, step: 1, class: 'value days', 'aria-label': label + ' · ' + t0.days, value: kept(idp + 'value') ?? (c ? c.value : 30) });
    return { nodes: [inp, el('span', { class: 'unit' }, t0.days)], read: () => ({ op: 'within_days', value: inp.value === '' ? null : Number(inp.value) }) };
  }
  // count and ratio: a range; a ratio is shown and typed in percent.
  const ratio = f.kind === 'ratio';
  const show = n => n === undefined || n === null || n === 0 ? '' : ratio ? String(n / (f.scale / 100)) + '%' : String(n);
  let lo, hi;
  if (c) {
    const v = c.value;
    if (c.op === 'gte') lo = v; else if (c.op === 'lte') hi = v; else if (v && typeof v === 'object') { lo = v.min; hi = v.max; }
  }
  const mk = (k, v) => el('input', { id: idp + k, class: 'value amount', inputmode: 'decimal', autocomplete: 'off', 'aria-label': `${label} · ${t0[k]}`,
    placeholder: ratio ? t0[k] + ' %' : t0[k] + ' (5万, 10k)', value: kept(idp + k) ?? show(v) });
  const a = mk('min', lo); const b = mk('max', hi);
  return { nodes: [a, el('span', { class: 'unit' }, '–'), b], read: () => {
    const x = a.value.trim(); const y = b.value.trim();
    if (!x && !y) throw new Error(t0.emptyRange);
    if (x && y) return { op: 'between', value: { min: x, max: y } };
    return x ? { op: 'gte', value: x } : { op: 'lte', value: y };
  } };
}

// sendEdit sends an editor's change; on a refusal the editor stays open
// with what the user typed and the API's reason beside it.
async function sendEdit(form, reopen, event, args) {
  const keep = {};
  for (const n of form.querySelectorAll('input[id], select[id]')) keep[n.id] = n.value;
  const ok = await send(event, args);
  if (ok) { S.keep = null; S.editError = ''; return true; }
  S.keep = keep; S.editError = S.error; S.error = '';
  reopen(); render();
  const first = form.id && document.getElementById(form.id) && document.getElementById(form.id).querySelector('input');
  if (first) first.focus();
  return false;
}

// toolsRow holds the filter panel (field → typed value) and the sort
// select, each shown when the snapshot offers its event.
function toolsRow(s) {
  const t0 = t(); const kids = [];
  const set = s.actions.find(a => a.event === 'filter.set');
  if (set) {
    kids.push(el('button', { type: 'button', id: 'filter-open', 'aria-expanded': String(S.filterOpen), 'aria-controls': 'filter-panel', 'data-event': 'filter.set', 'data-action': set.action_id,
      disabled: S.busy, onclick: () => { S.filterOpen = !S.filterOpen; S.keep = null; S.editError = ''; render(); focus(S.filterOpen ? '#filter-field' : '#filter-open'); } }, t0.filterOpen));
    if (S.filterOpen) kids.push(filterPanel(set));
  }
  const sort = s.actions.find(a => a.event === 'results.sort');
  if (sort) {
    const cur = (s.results && s.results.sort) || '';
    const sel = el('select', { id: 'sort', 'aria-label': t0.sort, 'data-event': 'results.sort', 'data-action': sort.action_id, disabled: S.busy,
      onchange: () => send('results.sort', { by: sel.value }).then(() => focus('#sort')) },
    el('option', { value: '', disabled: true, selected: !cur }, t0.sort + '…'),
    S.controls.sorts.map(o => el('option', { value: o.by, selected: o.by === cur }, S.lang === 'zh' ? o.zh : o.en)));
    kids.push(el('label', { class: 'sort' }, el('span', {}, t0.sort), sel));
  }
  return el('div', { class: 'tools', hidden: !kids.length }, kids);
}

// filterPanel picks a field, then its value with the field's control.
function filterPanel(set) {
  const t0 = t();
  const fieldsList = S.controls.fields;
  if (!S.filterField || !fieldDef(S.filterField)) S.filterField = (fieldsList[0] || {}).name || '';
  const f = fieldDef(S.filterField);
  const sel = el('select', { id: 'filter-field', 'aria-label': t0.filterField, onchange: () => { S.filterField = sel.value; S.editError = ''; render(); focus('#filter-field'); } },
    fieldsList.map(x => el('option', { value: x.name, selected: x.name === S.filterField }, fieldLabel(x))));
  const ctl = f ? valueControl(f, 'filter-', null) : { nodes: [], read: () => { throw new Error(''); } };
  return el('form', { class: 'editor filter-panel', id: 'filter-panel', 'data-kind': f && f.kind, 'aria-label': t0.filterOpen,
    onsubmit: async ev => {
      ev.preventDefault();
      const form = ev.currentTarget;
      let v;
      try { v = ctl.read(); } catch (e) { S.editError = e.message; render(); focus('#filter-panel input'); return; }
      S.editError = ''; S.filterOpen = false;
      if (await sendEdit(form, () => { S.filterOpen = true; }, 'filter.set', { field: f.name, op: v.op, value: v.value })) focus('#filter-open');
    } },
  sel, ...ctl.nodes,
  el('button', { type: 'submit', id: 'filter-apply', 'data-event': 'filter.set', 'data-action': set.action_id, 'data-field': S.filterField }, t0.apply),
  S.editError && !S.chipEdit ? el('span', { class: 'error', role: 'alert', id: 'edit-error' }, S.editError) : null);
}

// fmt says a count the way the locale does: 31.9万 / 319.7k.
function fmt(n) {
  const trim = x => x.toFixed(1).replace(/\.0$/, '');
  if (S.lang === 'zh') return n >= 1e8 ? trim(n / 1e8) + '亿' : n >= 1e4 ? trim(n / 1e4) + '万' : String(n);
  return n >= 1e6 ? trim(n / 1e6) + 'M' : n >= 1e3 ? trim(n / 1e3) + 'k' : String(n);
}

function termName(field, code) {
  const tm = (S.controls.vocabularies[field] || []).find(x => x.code.toLowerCase() === String(code || '').toLowerCase());
  return tm ? (S.lang === 'zh' ? tm.zh : tm.en) : code;
}

// reasonsOf are the words that say why a channel is listed (the result
// item's reason_labels, in the session's locale), never its raw score.
function reasonsOf(it) { return (it && it.reason_labels) || []; }

// card is one channel in words: why it is here, followers, average
// views, the last post. Scores stay in the explain drawer.
function card(ch, anchor, it) {
  const t0 = t();
  const days = ch.last_post_at ? Math.floor((Date.now() - Date.parse(ch.last_post_at)) / 86400000) : null;
  const reasons = reasonsOf(it);
  const stats = [`${t0.followers} ${fmt(ch.followers)}`, ch.avg_views ? `${t0.avgViews} ${fmt(ch.avg_views)}` : '', days !== null ? t0.lastPost(days) : ''].filter(Boolean);
  return el('article', { class: 'card' + (anchor ? ' anchor-card' : ''), 'data-handle': ch.handle },
    el('div', { class: 'who' }, anchor ? el('span', { class: 'badge' }, t0.anchorRef) : null, el('strong', {}, ch.name), ' ',
      el('a', { href: ch.url, rel: 'noopener', target: '_blank' }, '@' + String(ch.handle || '').replace(/^@/, '')),
      el('div', { class: 'meta' }, [termName('country', ch.country), termName('category', ch.category), (ch.tags || []).slice(0, 4).join(', ')].filter(Boolean).join(' · ')),
      reasons.length ? el('div', { class: 'reasons' }, reasons.join(' · ')) : null),
    el('div', { class: 'stats' }, stats.join(' · ')));
}

function renderResults() {
  const body = $('#results-body'); const r = S.snap && S.snap.results;
  if (!r) { body.replaceChildren(); return; }
  body.replaceChildren(...[
    el('p', { class: 'summary', id: 'results-total', 'data-total': r.total }, t().total(r.total_at_least ? r.total + '+' : r.total), r.stale ? ' · ' + t().stale : ''),
    r.anchor ? card(r.anchor, true) : null,
    ...(r.items || []).map(it => card(it.channel, false, it))].filter(Boolean));
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
  const items = (S.snap.results && S.snap.results.items) || [];
  if (items.length) kids.push(el('h3', {}, t0.scores), table(['channel', 'score'], items.map(it => ['@' + it.channel.handle, (it.score ?? 0).toFixed(2)])));
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
  for (const lang of ['zh', 'en']) $('#lang-' + lang).addEventListener('click', () => setLocale(lang));
  document.addEventListener('keydown', onEscape);
  $('#explain-open').addEventListener('click', () => toggleExplain(!S.explainOpen));
  $('#explain-close').addEventListener('click', () => toggleExplain(false));
  $('#pick-scene').addEventListener('change', () => { $('#pick-sub').value = ''; renderPicker(); });
  $('#pick-go').addEventListener('click', () => replay($('#pick-sub').value).catch(showError));
  const params = new URLSearchParams(location.search);
  if (params.get('lang') === 'en') S.lang = 'en';
  if (params.get('platform')) S.platform = params.get('platform');
  S.picker = await fetch('/static/substates.json').then(r => r.json()).catch(() => []);
  S.controls = await fetch('/static/controls.json').then(r => r.json()).catch(() => S.controls);
  await newSession(S.platform, S.lang).catch(showError);
  document.body.dataset.ready = 'true';
  focus('#draft');
}

function showError(e) { S.error = e.message; render(); }

main();
