import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { cloneTemplate, startServer, type RunningServer } from './server';

/**
 * Every spec FILE gets its own server on a fresh copy of the seeded demo
 * database, so files never see each other's data. `baseURL` points at it.
 */
let current: { file: string; server: RunningServer } | null = null;

async function serverFor(file: string): Promise<RunningServer> {
  if (current?.file === file) return current.server;
  if (current) {
    await current.server.stop();
    fs.rmSync(current.server.dataDir, { recursive: true, force: true });
  }
  const server = await startServer(cloneTemplate(path.basename(file, '.spec.ts')));
  current = { file, server };
  return server;
}

/** The `page` fixture of the specs: the test fails on any uncaught error in the page. */
export async function failOnPageErrors({ page }: { page: Page }, use: (page: Page) => Promise<void>) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await use(page);
  expect(errors, 'uncaught errors in the page').toEqual([]);
}

export const test = base.extend<{ app: RunningServer }, { cleanup: void }>({
  cleanup: [
    async ({}, use) => {
      await use();
      if (current) {
        await current.server.stop();
        fs.rmSync(current.server.dataDir, { recursive: true, force: true });
        current = null;
      }
    },
    { scope: 'worker', auto: true },
  ],
  app: async ({}, use, testInfo) => {
    await use(await serverFor(testInfo.file));
  },
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
  page: failOnPageErrors,
});

export { expect };

/** Waits until the app shell has loaded the shop (navigation or page title visible). */
export async function openApp(page: Page, url = '/') {
  await page.goto(url);
  await expect(page.locator('html[data-shop]')).toHaveCount(1);
  await expect(page.locator('#AppFrameMain')).toBeVisible();
}
