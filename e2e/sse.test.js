// The SSE API seen from Chromium: EventSource receives every event of
// three turns exactly once across cut connections (resuming with
// Last-Event-ID), no server event is named "error", and CORS lets only
// the configured origin call the API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, launch } from './helpers.js';

let srv, br, proxy, proxyPort;
const cuts = { wanted: 2, done: 0 };

// A TCP proxy in front of the service that cuts the first two
// GET …/stream responses 1.5 s after they start answering.
function startProxy(target, listenPort) {
  const { hostname, port } = new URL(target);
  return new Promise(resolve => {
    const s = net.createServer(client => {
      const upstream = net.connect(Number(port), hostname);
      let isStream = false, timer = null;
      client.on('data', d => {
        // A keep-alive connection carries several requests: look at each.
        const line = d.toString('latin1').split('\r\n')[0];
        if (/^[A-Z]+ \S+ HTTP\//.test(line)) isStream = /^GET \S*\/stream/.test(line);
        upstream.write(d);
      });
      upstream.on('data', d => {
        client.write(d);
        if (isStream && !timer && cuts.done < cuts.wanted) {
          cuts.done++;
          timer = setTimeout(() => { client.destroy(); upstream.destroy(); }, 1500);
        }
      });
      const end = () => { client.destroy(); upstream.destroy(); };
      client.on('error', end); upstream.on('error', end); client.on('close', end); upstream.on('close', end);
    });
    s.listen(listenPort, '127.0.0.1', () => resolve(s));
  });
}

before(async () => {
  // The proxy's port must be known before serve starts (--cors-origin).
  const probe = net.createServer(); await new Promise(r => probe.listen(0, '127.0.0.1', r));
  proxyPort = probe.address().port; await new Promise(r => probe.close(r));
  srv = await startServer(['--cors-origin', `http://127.0.0.1:${proxyPort}`]);
  proxy = await startProxy(srv.base, proxyPort);
  br = await launch();
});
after(async () => { proxy?.close(); await br?.close(); await srv?.stop(); });

test('EventSource gets every event once across cut connections; no event is named error', async () => {
  const page = await br.context.newPage();
  await page.goto(`http://127.0.0.1:${proxyPort}/examples/client.html`);
  const got = await page.evaluate(async () => {
    const names = ['turn.started', 'router.decision', 'transition', 'step.started', 'step.finished', 'slots', 'results',
      'contract.violation', 'turn.error', 'turn.done'];
    const s = await (await fetch('/v1/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ platform: 'youtube', locale: 'zh' }) })).json();
    const received = []; let connErrors = 0, serverErrors = 0, done = 0;
    // lastEventId=0: the whole log from the start, so a cut before the first
    // event loses nothing (without it the stream carries live events only);
    // after a cut EventSource's own Last-Event-ID header takes over.
    const es = new EventSource(`/v1/sessions/${s.session_id}/stream?token=${encodeURIComponent(s.token)}&lastEventId=0`);
    const finished = new Promise(resolve => {
      for (const n of names) es.addEventListener(n, e => {
        received.push({ name: n, id: Number(e.lastEventId) });
        if (n === 'turn.done' && ++done === 3) resolve();
      });
    });
    es.addEventListener('error', e => { if (e instanceof MessageEvent) serverErrors++; else connErrors++; });
    es.addEventListener('message', () => { serverErrors++; }); // unnamed events are not in the vocabulary
    const sent = [];
    const turns = [['search.submit', { text: '帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人' }],
      ['followup.submit', { text: '只要粉丝 1w 以上的' }], ['followup.submit', { text: '不要游戏' }]];
    for (const [event, args] of turns) {
      await new Promise(r => setTimeout(r, 2500)); // turns land while the stream is cut, too
      const r = await (await fetch(`/v1/sessions/${s.session_id}/events`, { method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Session-Token': s.token }, body: JSON.stringify({ event, args }) })).json();
      for (const e of r.events) sent.push({ name: e.event, id: e.id });
    }
    await Promise.race([finished, new Promise(r => setTimeout(r, 45000))]);
    es.close();
    return { received, sent, connErrors, serverErrors };
  });
  assert.equal(cuts.done, 2, 'the proxy cut two stream connections');
  assert.ok(got.connErrors >= 2, `EventSource saw the cuts (${got.connErrors} connection errors)`);
  assert.equal(got.serverErrors, 0, 'no server event named error (or unnamed)');
  assert.ok(got.sent.length > 20, `three turns logged ${got.sent.length} events`);
  assert.deepEqual(got.received, got.sent, 'every event exactly once, in order');
  assert.ok(!got.sent.some(e => e.name === 'error'));
});

test('CORS: the configured origin may call the API and follow the stream; another origin may not', async () => {
  const page = await br.context.newPage();
  await page.goto(`http://127.0.0.1:${proxyPort}/examples/client.html`);
  const ok = await page.evaluate(async (api) => {
    const r = await fetch(api + '/v1/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-ID': 'cors-e2e' },
      body: JSON.stringify({ platform: 'youtube', locale: 'en' }) });
    const s = await r.json();
    const first = await new Promise(resolve => {
      const es = new EventSource(`${api}/v1/sessions/${s.session_id}/stream?token=${encodeURIComponent(s.token)}&lastEventId=0`);
      es.addEventListener('turn.done', e => { es.close(); resolve(Number(e.lastEventId)); });
      es.addEventListener('error', () => { es.close(); resolve(-1); });
      fetch(`${api}/v1/sessions/${s.session_id}/events`, { method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Session-Token': s.token }, body: JSON.stringify({ event: 'search.submit', args: { text: 'swim vest' } }) });
    });
    return { status: r.status, requestID: r.headers.get('X-Request-ID'), first };
  }, srv.base);
  assert.deepEqual({ status: ok.status, requestID: ok.requestID }, { status: 201, requestID: 'cors-e2e' });
  assert.ok(ok.first > 0, 'a cross-origin EventSource received turn.done');

  const other = await br.context.newPage();
  await other.goto(`http://localhost:${proxyPort}/examples/client.html`);
  const refused = await other.evaluate(async (api) => {
    try { await fetch(api + '/v1/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"platform":"youtube"}' }); return 'allowed'; }
    catch (e) { return 'refused'; }
  }, srv.base);
  assert.equal(refused, 'refused');
});
