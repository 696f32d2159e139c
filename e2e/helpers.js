// Shared set-up of the e2e suite: a freshly started `searchagent serve`
// and Debian's Chromium driven by playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const outDir = path.join(here, 'test-output');
mkdirSync(outDir, { recursive: true });

let built = '';
// binary builds the service once per run (or uses $SEARCHAGENT_BIN).
function binary() {
  if (process.env.SEARCHAGENT_BIN) return process.env.SEARCHAGENT_BIN;
  if (!built) {
    built = path.join(outDir, 'searchagent');
    execFileSync('go', ['build', '-o', built, './cmd/searchagent'], { cwd: path.join(here, '..'), stdio: 'inherit' });
  }
  return built;
}

// startServer runs `searchagent serve` on a free loopback port and
// resolves once it listens; extra are more flags (e.g. --cors-origin).
// Every page of a suite shares one IP: the per-client rate limits
// and the per-client stream bound are raised far above what the suite
// sends, so a fast test never meets them.
const roomyLimits = ['--create-rate', '100', '--create-burst', '500', '--event-rate', '1000', '--event-burst', '2000', '--max-streams-per-client', '1000'];
export async function startServer(extra = []) {
  const proc = spawn(binary(), ['serve', '--addr', '127.0.0.1:0', ...roomyLimits, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stderr.on('data', d => { log += d; });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve did not start in 120 s:\n' + log)), 120000);
    let out = '';
    proc.stdout.on('data', d => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^\s]+)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on('exit', code => { clearTimeout(timer); reject(new Error(`serve exited ${code}:\n${log}`)); });
  });
  return { base, log: () => log, stop: () => new Promise(r => { proc.once('exit', r); proc.kill('SIGTERM'); }) };
}

// launch starts Debian's Chromium headless with a fresh profile
// (playwright passes it as --user-data-dir).
export async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), 'searchagent-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { context, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}

// shot saves a screenshot of the whole page (window: only what the
// window shows, for layout checks). In a whole-page shot the status bar,
// fixed to the window's bottom, would sit across the middle of the
// results; it is drawn at the page's end instead (the window shots show
// it where the user sees it).
export async function shot(page, name, { window = false } = {}) {
  const file = path.join(outDir, name + '.png');
  if (window) return page.screenshot({ path: file });
  const style = await page.addStyleTag({ content: '#status { position: static !important; }' });
  try {
    return await page.screenshot({ path: file, fullPage: true });
  } finally {
    await style.evaluate(n => n.remove());
  }
}
