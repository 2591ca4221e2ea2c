import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { cloneTemplate, startServer, type RunningServer } from './server';
import { failOnPageErrors } from './fixtures';
import { FakeOpenAI } from '../server/test/imageStandIns/fakeOpenAI';

/**
 * The app with IMAGE_PROVIDER=openai against the OpenAI stand-in (a real HTTP server in this worker,
 * OPENAI_BASE_URL): each spec FILE gets its own stand-in and server on a fresh copy of the seeded demo
 * database, as e2e/fixtures.ts does for the default server. `standIn` is the stand-in (its studio
 * learns the boxes of test photos; its requests are recorded).
 */
interface ProviderApp {
  file: string;
  standIn: FakeOpenAI;
  server: RunningServer;
}
let current: ProviderApp | null = null;

async function stop(app: ProviderApp) {
  await app.server.stop();
  await app.standIn.close();
  fs.rmSync(app.server.dataDir, { recursive: true, force: true });
}

async function appFor(file: string): Promise<ProviderApp> {
  if (current?.file === file) return current;
  if (current) await stop(current);
  // Slow enough to see the live status change; one quick retry of a busy answer.
  const standIn = await FakeOpenAI.start({ slowMs: 2500 });
  const server = await startServer(cloneTemplate(`provider-${path.basename(file, '.spec.ts')}`), {
    IMAGE_PROVIDER: 'openai',
    OPENAI_API_KEY: standIn.apiKey,
    OPENAI_BASE_URL: `${standIn.url}/v1`,
    IMAGE_PROVIDER_RETRIES: '1',
    IMAGE_PROVIDER_RETRY_DELAY_MS: '20',
  });
  current = { file, standIn, server };
  return current;
}

export const test = base.extend<{ provider: ProviderApp }, { cleanup: void }>({
  cleanup: [
    async ({}, use) => {
      await use();
      if (current) await stop(current);
      current = null;
    },
    { scope: 'worker', auto: true },
  ],
  provider: async ({}, use, testInfo) => {
    await use(await appFor(testInfo.file));
  },
  baseURL: async ({ provider }, use) => {
    await use(provider.server.url);
  },
  page: failOnPageErrors,
});

export { expect };

export { openApp } from './fixtures';
