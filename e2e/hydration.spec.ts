import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * A server-rendered page is on screen, and its fields take typing, before the
 * app has taken it over (hydrated). What the merchant typed or chose there is
 * kept: the app reads it in once it has taken the page over (src/ssr/earlyInput.ts).
 * With SSR=0 there is no such window: the page is empty until the app renders it.
 */

// The app boots under a 4× CPU slowdown, then uploads: more than the default minute on a busy machine.
test.setTimeout(120_000);

/** Holds the app's entry script until `release()`: the page stays server-rendered only, for certain. */
async function holdEntryScript(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested: () => void = () => undefined;
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  return { release, wasRequested };
}

/** A real PNG (the server checks the bytes). */
async function lookImage(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

/**
 * Opens /looks/new with the app's script held, types a tag and chooses an image on the server's page,
 * lets the app start (4× CPU slowdown, as a slower machine) and checks that the app has both.
 */
/** How the merchant gives the page an image. */
type ChooseImage = (page: Page, image: { name: string; mimeType: string; buffer: Buffer }) => Promise<void>;

/** "Add image", then the browser's file chooser (opened at the click, not when the app has started). */
const throughTheChooser: ChooseImage = async (page, image) => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add image' }).click();
  await (await chooser).setFiles(image);
};

/** Dragged from the desktop onto the drop zone. */
const droppedOnTheZone: ChooseImage = async (page, { name, mimeType, buffer }) => {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return transfer;
    },
    { name, mimeType, bytes: [...buffer] },
  );
  const zone = page.getByText('or drop an image to upload');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
};

async function typeBeforeTheAppAndFindItKept(page: Page, chooseImage: ChooseImage) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const png = await lookImage();
  const entry = await holdEntryScript(page);

  await page.goto('/looks/new', { waitUntil: 'commit' });
  const tagField = page.getByLabel('Add a tag');
  await expect(tagField).toBeVisible();
  await entry.wasRequested; // the page's loader has started the app: only the held script stands between
  await tagField.pressSequentially('summer');
  await chooseImage(page, { name: 'early.png', mimeType: 'image/png', buffer: png });
  await expect(tagField).toHaveValue('summer');
  // Not taken over yet: the server-rendered Add button is disabled (the app enables it once it knows the text).
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();

  entry.release();
  // The app knows the typed text: its Add button is enabled and adds the tag.
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeEnabled({ timeout: 30_000 });
  await expect(tagField).toHaveValue('summer');
  // The chosen file was uploaded as the look's image.
  const image = page.getByAltText('Look image');
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect(image).toHaveAttribute('src', /\/files\/shops\/\d+\/uploads\/[0-9a-f-]+\.png$/);
  await add.click();
  await expect(page.getByText('summer', { exact: true })).toBeVisible();
  await expect(tagField).toHaveValue('');
  // Kept for good: nothing the app renders afterwards takes it back.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('summer', { exact: true })).toBeVisible();
  await expect(image).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

test('a tag typed and an image chosen (Add image, the file chooser) before the app has taken the page over are kept (4× CPU slowdown)', async ({
  page,
}) => {
  await typeBeforeTheAppAndFindItKept(page, throughTheChooser);
});

test('kept too when the browser renders the page anew instead of taking it over (a merchant who hid the setup guide); an image dropped', async ({
  page,
}) => {
  // The browser's render then differs from the server's (src/index.tsx, sameRender): React replaces #root.
  await openApp(page, '/');
  await page.getByRole('button', { name: 'Hide guide' }).click();
  await expect(page.getByRole('heading', { name: 'Setup guide' })).toHaveCount(0);
  let replaced = false;
  await page.exposeFunction('__rootReplaced', () => (replaced = true));
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      new MutationObserver((records) => {
        if (records.some((r) => r.removedNodes.length > 0))
          void (window as unknown as { __rootReplaced(): void }).__rootReplaced();
      }).observe(root, { childList: true });
    }),
  );
  await typeBeforeTheAppAndFindItKept(page, droppedOnTheZone);
  expect(replaced).toBe(true);
});
