#!/usr/bin/env node
/* global document, window -- inside page.evaluate callbacks, which run in the browser */
/**
 * `npm run screenshots`: the README tour's screenshots, reproducible. Starts the app (`scripts/start.mjs`:
 * builds DIST_DIR when stale) on a free port of 127.0.0.1 with a throwaway data dir (a fresh demo
 * store), walks the tour in headless Chromium at 1280×800 (the looks list also at 390×844), and writes
 * palette PNGs to docs/screenshots/ (SCREENSHOTS_OUT to write elsewhere). Chromium: CHROMIUM_PATH or
 * /usr/bin/chromium. Downloads nothing. A shot whose page logs an error fails the run.
 *
 * The tour changes the throwaway store as a merchant would: it claims the free credits and generates
 * one image, and creates one active look (the free plan's room) before the storefront shot.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.config.mjs';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.SCREENSHOTS_OUT ?? 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startApp() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-screenshots-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      APP_MODE: 'standalone',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // The first start may build the SPA (minutes) and seeds the demo store.
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited while starting (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/dev/session-token`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The app did not start within 10 minutes');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}

/** The admin API as the standalone host calls it (a fresh dev session token per call: they expire within a minute). */
function api(url) {
  const call = async (method, p, body) => {
    const { token } = await (await fetch(`${url}/api/dev/session-token`)).json();
    const res = await fetch(`${url}/admin/api/v1${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  return { get: (p) => call('GET', p), patch: (p, b) => call('PATCH', p, b), post: (p, b) => call('POST', p, b) };
}

/** Settles the page: network idle, fonts, no running animations, then a short pause. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(
      () => !document.querySelector('.Polaris-SkeletonBodyText, .Polaris-SkeletonDisplayText, .Polaris-Spinner'),
      null,
      { timeout: 15_000 },
    )
    .catch(() => {});
  // Toasts would cover the page: close them.
  for (const close of await page.locator('.Polaris-Frame-Toast button').all()) await close.click().catch(() => {});
  await page
    .locator('.Polaris-Frame-Toast')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  await page.waitForTimeout(400);
}

/** A 256-colour palette PNG without dithering (dithering speckles the flat UI colours). */
async function shoot(page, name) {
  const png = await page.screenshot({ fullPage: false, animations: 'disabled', caret: 'hide' });
  const small = await sharp(png)
    .png({ palette: true, quality: 90, dither: 0, effort: 10, compressionLevel: 9 })
    .toBuffer();
  fs.writeFileSync(path.join(outDir, `${name}.png`), small);
  console.log(`${name}.png ${(small.length / 1024).toFixed(0)} KB`);
}

/** The tour: one function per shot, in the order of the README. */
const TOUR = [
  ['dashboard', async (page) => page.goto('/')],
  ['looks', async (page) => page.goto('/looks')],
  [
    'look-form',
    async (page, { client }) => {
      // Markers ("hotspots") are placed on the shoppable image template.
      await client.patch('/layout', { definedTemplate: 'shoppable' });
      await page.goto('/looks/edit/1');
      await page.getByRole('heading', { name: 'Marker settings' }).waitFor();
      await settle(page);
      await page.evaluate(() => {
        const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Marker settings');
        const scroller = document.scrollingElement;
        if (heading) scroller.scrollTop += heading.getBoundingClientRect().top - 72;
      });
    },
  ],
  [
    'layout-editor',
    async (page) => {
      await page.goto('/layout');
      await page.getByTestId('layout-preview-frame').waitFor();
    },
  ],
  ['booster', async (page) => page.goto('/booster')],
  ['analytics', async (page) => page.goto('/analytics')],
  [
    'gallery-generation',
    async (page) => {
      await page.goto('/gallery/new');
      await page.getByRole('button', { name: 'Claim free credits' }).click();
      await page.locator('#credits-remaining').filter({ hasText: '5' }).waitFor();
      await page.getByLabel('Look', { exact: true }).fill('Summer');
      await page.getByTestId('look-search-results').getByText('Summer in the City').click();
      await page.getByLabel('Flat lay').check({ force: true });
      await page.getByRole('button', { name: 'Generate image' }).click();
      await page.getByTestId('generated-image').waitFor({ timeout: 30_000 });
      await page.getByTestId('generated-image').evaluate((img) => img.decode());
    },
  ],
  ['gallery', async (page) => page.goto('/gallery')],
  ['plans', async (page) => page.goto('/billing/plans?discountCode=WELCOME20')],
  ['settings', async (page) => page.goto('/settings')],
  [
    'storefront',
    async (page, { client }) => {
      // The demo's looks are drafts: make the first one active (the free plan's room), as a merchant would.
      const { look } = await client.get('/productLooks/1');
      const { id: _id, title: _title, ...values } = look;
      await client.patch('/productLooks/1', { ...values, active: true });
      await page.goto('/storefront/products/linen-shirt-sand?look=1');
      // A look with a running A/B test has one widget per variant; the shopper's is the visible one.
      await page.locator('.sl-widget:visible').waitFor();
      // The product above, the look's widget below it: start the shot at the look.
      await page
        .locator('.sl-widget:visible')
        .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 24));
    },
  ],
];

async function main() {
  const executablePath = CHROMIUM_PATH;
  fs.mkdirSync(outDir, { recursive: true });
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, '--hide-scrollbars'],
  });
  const errors = [];
  try {
    const client = api(app.url);
    const context = await browser.newContext({
      baseURL: app.url,
      viewport: DESKTOP,
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    page.on(
      'console',
      (m) =>
        m.type() === 'error' &&
        !m.text().startsWith('Failed to load resource') &&
        errors.push(`${page.url()}: ${m.text()}`),
    );
    page.on('response', (r) => r.status() >= 400 && errors.push(`${page.url()}: ${r.status()} ${r.url()}`));
    for (const [name, visit] of TOUR) {
      await visit(page, { client });
      await settle(page);
      await shoot(page, name);
    }
    const phone = await browser.newContext({
      baseURL: app.url,
      viewport: PHONE,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const phonePage = await phone.newPage();
    phonePage.on('pageerror', (e) => errors.push(`${phonePage.url()}: ${e.message}`));
    await phonePage.goto('/looks');
    await settle(phonePage);
    await shoot(phonePage, 'looks-phone');
  } finally {
    await browser.close();
    await app.stop();
  }
  if (errors.length) {
    console.error(`The pages logged errors:\n${errors.join('\n')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
