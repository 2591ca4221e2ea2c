// Takes a screenshot of a URL in Chromium: node scripts/screenshot.mjs <url> <out.png> [width]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.config.mjs';
const [, , url, out, width = '1280'] = process.argv;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
console.log(logs.join('\n'));
await browser.close();
