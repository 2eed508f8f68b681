// Shared by the page checks: Debian's chromium driven by puppeteer-core (which downloads no browser),
// a check() that counts failures, and exit code 77 (ctest: skipped) when either is missing.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export const SKIP = 77;
const require = createRequire(import.meta.url);

export function chromiumPath() {
  for (const p of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && fs.existsSync(p)) return p;
  return null;
}

export async function launch() {
  const executablePath = chromiumPath();
  if (!executablePath) { console.log('SKIP: chromium is not installed (apt-get install chromium)'); process.exit(SKIP); }
  let puppeteer;
  try { puppeteer = require('puppeteer-core'); } catch {
    console.log('SKIP: puppeteer-core is not installed (npm ci --prefix tests/web, done by scripts/setup.sh)');
    process.exit(SKIP);
  }
  return puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
}

let failures = 0;
export function check(ok, what, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || detail === undefined ? '' : ': ' + JSON.stringify(detail)}`);
  if (!ok) failures++;
}
export function finish() {
  console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
  process.exit(failures ? 1 : 0);
}

// Arguments --name value.
export function options() {
  const o = {};
  const a = process.argv.slice(2);
  for (let i = 0; i + 1 < a.length; i += 2) o[a[i].replace(/^--/, '')] = a[i + 1];
  return o;
}

export function screenshotDir(dir) {
  fs.mkdirSync(dir, { recursive: true });
  return f => path.join(dir, f);
}
