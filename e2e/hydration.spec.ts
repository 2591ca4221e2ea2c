import fs from 'node:fs';
import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';
import { cloneTemplate, startServer } from './server';
import { ADMIN_ROUTES } from './routes';

/**
 * A server-rendered page is on screen, and its fields take typing, before the
 * app has taken it over (hydrated). What the merchant typed or chose there is
 * kept: the app reads it in once it has taken the page over (src/ssr/earlyInput.ts).
 * Every field kind of the server-rendered forms (text, textarea, select,
 * checkbox, radio, upload), on every page whose first screen has fields:
 * /looks/new, /layout, /gallery/new, /looks, /analytics (the other pages
 * render their forms with the browser's data: their first screen has none).
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

/**
 * Opens `path` under a 4× CPU slowdown (a slower machine) with the app's entry script held: the page
 * is the server's HTML only until `release()`, however fast the machine running the test is.
 */
async function openBeforeTheApp(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const entry = await holdEntryScript(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#AppFrameMain h1').first()).toBeVisible();
  await entry.wasRequested; // the page's loader has started the app: only the held script stands between
  return {
    release: entry.release,
    /** Back to full speed, the script's route gone. */
    async end() {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    },
  };
}

/** The app has taken the page over: React's handlers are on its fields. */
async function appHasTheField(page: Page, label: string) {
  await expect
    .poll(
      () =>
        page
          .getByLabel(label, { exact: true })
          .evaluate((field) => Object.keys(field).some((key) => key.startsWith('__reactProps'))),
      { timeout: 30_000 },
    )
    .toBe(true);
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
  const png = await lookImage();
  const entry = await openBeforeTheApp(page, '/looks/new');
  const tagField = page.getByLabel('Add a tag');
  await expect(tagField).toBeVisible();
  await tagField.pressSequentially('summer');
  await chooseImage(page, { name: 'early.png', mimeType: 'image/png', buffer: png });
  const featured = page.getByLabel('Feature this look in the storefront gallery');
  await featured.check({ force: true }); // Polaris' checkbox: its input lies under the drawn box
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
  await expect(featured).toBeChecked();
  await entry.end();
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

test('/looks/new: Enter pressed in the tag field before the app has taken the page over adds the tag once it has (the page is not submitted)', async ({
  page,
}) => {
  const entry = await openBeforeTheApp(page, '/looks/new');
  const tagField = page.getByLabel('Add a tag');
  await tagField.pressSequentially('summer');
  await tagField.press('Enter');
  // Without the app, Enter in a form's only text field submits it: the page loaded again, all typed lost.
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search).toBe('');
  await expect(tagField).toHaveValue('summer');
  entry.release();
  await appHasTheField(page, 'Add a tag');
  await expect(page.getByText('summer', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(tagField).toHaveValue('');
  expect(new URL(page.url()).search).toBe('');
  await entry.end();
});

test('/layout: a template chosen and a title typed before the app has taken the page over are kept, previewed and saved', async ({
  page,
}) => {
  const entry = await openBeforeTheApp(page, '/layout');
  await page.getByLabel('Template').selectOption('one_column');
  const title = page.getByLabel('Widget title');
  await title.fill('');
  await title.pressSequentially('Wear it with');
  entry.release();
  await appHasTheField(page, 'Widget title');
  // The form has both: its preview shows the template, its save bar the change, and a save keeps it.
  const preview = page.frameLocator('[data-testid="layout-preview-frame"]');
  await expect(preview.locator('.sl-widget')).toHaveClass(/sl-t-one_column/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await entry.end();
  await page.reload();
  await expect(page.getByLabel('Template')).toHaveValue('one_column');
  await expect(page.getByLabel('Widget title')).toHaveValue('Wear it with');
});

test('/gallery/new: a look searched, a type chosen and a prompt typed before the app has taken the page over are kept', async ({
  page,
}) => {
  const entry = await openBeforeTheApp(page, '/gallery/new');
  await page.getByLabel('Look', { exact: true }).pressSequentially('Summer');
  await page.getByLabel('Model').check({ force: true });
  await page.getByLabel('Custom prompt (optional)').pressSequentially('warm light');
  entry.release();
  await appHasTheField(page, 'Custom prompt (optional)');
  // The app searched the typed text; choosing a result renders the form again with its state.
  const results = page.getByTestId('look-search-results');
  await expect(results.getByText('Summer in the City')).toBeVisible({ timeout: 30_000 });
  await results.getByText('Summer in the City').click();
  await expect(page.locator('#selected-look')).toHaveText('Summer in the City');
  await expect(page.getByLabel('Model')).toBeChecked();
  await expect(page.getByLabel('Flat lay')).not.toBeChecked();
  await expect(page.getByLabel('Custom prompt (optional)')).toHaveValue('warm light');
  await entry.end();
});

test('/looks: a search typed before the app has taken the page over is applied', async ({ page }) => {
  const entry = await openBeforeTheApp(page, '/looks');
  await expect(page.getByText('Autumn Layers')).toBeVisible();
  await page.getByLabel('Search looks').pressSequentially('Summer');
  entry.release();
  await appHasTheField(page, 'Search looks');
  await expect(page.getByText('Autumn Layers')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Summer in the City')).toBeVisible();
  await expect(page.getByLabel('Search looks')).toHaveValue('Summer');
  await entry.end();
});

test('/analytics: a chart metric chosen before the app has taken the page over is shown', async ({ page }) => {
  const entry = await openBeforeTheApp(page, '/analytics');
  const metric = page.getByLabel('Show', { exact: true });
  await metric.selectOption('revenue');
  entry.release();
  await appHasTheField(page, 'Show');
  // Polaris draws the chosen option from the app's state (the server's page still says Impressions).
  const shown = page.locator('.Polaris-Select').filter({ has: metric }).locator('.Polaris-Select__SelectedOption');
  await expect(shown).toHaveText('Revenue', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(metric).toHaveValue('revenue');
  await entry.end();
});

test('the pages whose server-rendered first screen has fields are the ones above', async ({ request }) => {
  // A page that comes to render a form on the server gets its test here (and its fields are kept by the same code).
  const withFields: string[] = [];
  for (const path of ADMIN_ROUTES) {
    const html = await (await request.get(path)).text();
    const fields = [...html.matchAll(/<(input|textarea|select)\b[^>]*>/g)].filter((m) => !/type="?hidden/.test(m[0]));
    if (fields.length > 0) withFields.push(path);
  }
  expect(withFields).toEqual(['/looks', '/looks/new', '/analytics', '/gallery/new', '/layout']);
});

test('with SSR=0 the browser renders the page itself: typing and choosing a file as soon as the fields are there work (4× CPU slowdown)', async ({
  page,
}) => {
  const server = await startServer(cloneTemplate('hydration-ssr-off'), { SSR: '0' });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${server.url}/looks/new`, { waitUntil: 'commit' });
    const tagField = page.getByLabel('Add a tag');
    await tagField.pressSequentially('summer', { timeout: 30_000 });
    await throughTheChooser(page, { name: 'early.png', mimeType: 'image/png', buffer: await lookImage() });
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeEnabled();
    await expect(page.getByAltText('Look image')).toBeVisible({ timeout: 30_000 });
    await expect(tagField).toHaveValue('summer');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});
