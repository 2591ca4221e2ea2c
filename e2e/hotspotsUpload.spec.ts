import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { test, expect, openApp } from './imageProviderStandIn';
import { adminApi } from './adminApi';
import { boxesFromPixels } from '../server/test/imageStandIns/fakeOpenAI';

/**
 * Hotspots found in an uploaded photo (IMAGE_PROVIDER=openai against its stand-in): the merchant
 * uploads a photo of the look's items, makes it the look image, the items found in it appear as
 * suggested markers on them, accepts them, saves; the storefront shows each marker on its item at
 * 390 px and 1280 px, also where a theme crops the image with `object-fit: cover`.
 */
test.describe.configure({ mode: 'serial' });
// A server start, provider calls and (here) several page loads on a shared, busy machine.
test.setTimeout(120_000);

const PHOTO = { width: 1200, height: 800 };
/** Where the photo shows each item (pixels), in the look's related-item order; inside the centre square a crop keeps. */
const ITEMS = [
  { left: 250, top: 120, width: 200, height: 240, colour: '#c8102e' },
  { left: 560, top: 420, width: 180, height: 220, colour: '#1f4fbf' },
  { left: 800, top: 160, width: 150, height: 300, colour: '#1b8a3a' },
];
const centre = (r: (typeof ITEMS)[number]) => ({
  x: ((r.left + r.width / 2) / PHOTO.width) * 100,
  y: ((r.top + r.height / 2) / PHOTO.height) * 100,
});
/** A theme that shows product media as squares, cropping with object-fit: cover (as many do). */
const CROPPING_THEME = '.sl-stage{aspect-ratio:1/1}.sl-stage img.sl-main{height:100%;object-fit:cover}';

async function photo(): Promise<Buffer> {
  const layers = await Promise.all(
    ITEMS.map(async (r) => ({
      input: await sharp({ create: { width: r.width, height: r.height, channels: 3, background: r.colour } })
        .png()
        .toBuffer(),
      left: r.left,
      top: r.top,
    })),
  );
  return sharp({ create: { ...PHOTO, channels: 3, background: '#efe9df' } })
    .composite(layers)
    .jpeg({ quality: 92 })
    .toBuffer();
}

interface Look {
  id: number;
  mainProduct: { selectedMainImage: string | null };
  relatedItems: { itemId: string; title: string; markerX: number; markerY: number; order: number }[];
}

/**
 * Each storefront marker's centre as a fraction of the photo (0–100), from where the browser drew
 * the image: its box and object-fit (contain the crop: the drawn image is scaled to cover the box,
 * centred), so the check holds for a cropped image as for a whole one.
 */
async function markersOnPhoto(page: Page, markers: Locator) {
  const img = page.locator('.sl-stage img.sl-main');
  const drawn = await img.evaluate((el: HTMLImageElement) => {
    const r = el.getBoundingClientRect();
    const cover = getComputedStyle(el).objectFit === 'cover';
    const scale = cover ? Math.max(r.width / el.naturalWidth, r.height / el.naturalHeight) : r.width / el.naturalWidth;
    const w = el.naturalWidth * scale;
    const h = el.naturalHeight * (cover ? scale : r.height / el.naturalHeight);
    return {
      left: r.left + (r.width - w) / 2,
      top: r.top + (r.height - h) / 2,
      width: w,
      height: h,
      cropped: cover && (w > r.width + 1 || h > r.height + 1),
    };
  });
  const points = [];
  for (const m of await markers.all()) {
    const b = (await m.boundingBox())!;
    points.push({
      x: ((b.x + b.width / 2 - drawn.left) / drawn.width) * 100,
      y: ((b.y + b.height / 2 - drawn.top) / drawn.height) * 100,
    });
  }
  return { points, cropped: drawn.cropped };
}

test('upload a photo: the items found in it are suggested on them, accepted, saved; the storefront shows them on the items at 390 and 1280 px', async ({
  page,
  request,
  provider,
}) => {
  const api = await adminApi(request);
  for (const e of (await api.get('/experiments')) as { id: number; status: string }[]) {
    if (e.status === 'running') await api.patch(`/experiments/${e.id}`, { status: 'stopped' });
  }
  await api.patch('/layout', { definedTemplate: 'shoppable', placementMethod: 'section' });
  const list = (await api.get('/productLooks?limit=50')) as { data: { id: number; title: string }[] };
  const { id } = list.data.find((l) => l.title === 'Summer in the City')!;
  const before = ((await api.get(`/productLooks/${id}`)) as { look: Look }).look;
  const items = [...before.relatedItems].sort((a, b) => a.order - b.order).slice(0, ITEMS.length);
  expect(items).toHaveLength(ITEMS.length);
  expect(before.relatedItems).toHaveLength(ITEMS.length);

  const jpeg = await photo();
  await provider.standIn.studio.know(jpeg, boxesFromPixels(ITEMS, PHOTO.width, PHOTO.height));

  await openApp(page, `/looks/edit/${id}`);
  await page.locator('input[type="file"]').setInputFiles({ name: 'summer.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByRole('button', { name: 'Use as look image' }).click();
  await expect(page.getByTestId('hotspot-stage').getByRole('img')).toHaveAttribute(
    'src',
    /\/files\/shops\/\d+\/uploads\//,
  );
  await expect(page.getByTestId('hotspot-suggest-status')).toHaveText(
    '3 items were found in the image. Their suggested markers are dashed: accept them, drag them first, or remove them.',
  );
  // The stand-in was asked about this photo, with the look's items.
  const search = provider.standIn.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
  expect(search.images).toBe(1);
  for (const item of items) expect(search.prompt).toContain(item.title);

  // Each suggestion sits on its item in the editor's image.
  const stage = page.getByTestId('hotspot-stage');
  await stage.scrollIntoViewIfNeeded();
  const stageBox = (await stage.boundingBox())!;
  for (const [i, item] of items.entries()) {
    const c = centre(ITEMS[i]);
    const ghost = page.getByTestId(`hotspot-suggestion-${i}`);
    await expect(ghost).toHaveAccessibleName(
      `Suggested marker ${i + 1}: ${item.title}, ${Math.round(c.x)}% across, ${Math.round(c.y)}% down`,
    );
    const b = (await ghost.boundingBox())!;
    const px = {
      x: ((b.x + b.width / 2 - stageBox.x) / stageBox.width) * PHOTO.width,
      y: ((b.y + b.height / 2 - stageBox.y) / stageBox.height) * PHOTO.height,
    };
    expect(px.x, `suggestion ${i + 1} inside its item (x)`).toBeGreaterThan(ITEMS[i].left);
    expect(px.x).toBeLessThan(ITEMS[i].left + ITEMS[i].width);
    expect(px.y, `suggestion ${i + 1} inside its item (y)`).toBeGreaterThan(ITEMS[i].top);
    expect(px.y).toBeLessThan(ITEMS[i].top + ITEMS[i].height);
  }
  await page.getByTestId('hotspot-frame').screenshot({ path: test.info().outputPath('editor-suggestions.png') });

  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByTestId('hotspot-suggestions')).toHaveCount(0);
  for (const [i, item] of items.entries()) {
    const c = centre(ITEMS[i]);
    await expect(page.getByTestId(`hotspot-${i}`)).toHaveAccessibleName(
      `Marker ${i + 1}: ${item.title}, ${Math.round(c.x)}% across, ${Math.round(c.y)}% down`,
    );
  }
  await page.getByTestId('hotspot-frame').screenshot({ path: test.info().outputPath('editor-accepted.png') });
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Look updated')).toBeVisible();

  const saved = ((await api.get(`/productLooks/${id}`)) as { look: Look }).look;
  expect(saved.mainProduct.selectedMainImage).toMatch(/\/files\/shops\/\d+\/uploads\//);
  const byId = new Map(saved.relatedItems.map((r) => [r.itemId, r]));
  for (const [i, item] of items.entries()) {
    const c = centre(ITEMS[i]);
    expect([byId.get(item.itemId)!.markerX, byId.get(item.itemId)!.markerY]).toEqual([
      Math.round(c.x),
      Math.round(c.y),
    ]);
  }

  // The storefront (the metafield the theme renders is written on save; the demo storefront renders the same Liquid).
  for (const width of [390, 1280]) {
    for (const theme of ['', CROPPING_THEME]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/storefront/products/linen-shirt-sand?look=${id}`);
      if (theme) await page.addStyleTag({ content: theme });
      await expect(page.locator('.sl-widget[data-sl-ready]')).toHaveCount(1);
      const img = page.locator('.sl-stage img.sl-main');
      await expect(img).toHaveAttribute('src', /\/files\/shops\/\d+\/uploads\//);
      await img.evaluate((el: HTMLImageElement) => el.decode());
      const markers = page.locator('.sl-marker');
      await expect(markers).toHaveCount(ITEMS.length);
      await markers.first().scrollIntoViewIfNeeded();
      const { points, cropped } = await markersOnPhoto(page, markers);
      expect(cropped, `${width} px ${theme ? 'cropped' : 'whole'}`).toBe(!!theme);
      for (const [i, p] of points.entries()) {
        const c = centre(ITEMS[i]);
        // The marker's centre on the item's centre (stored as whole percents: within 1 % of the photo).
        expect(Math.abs(p.x - c.x), `${width} px ${theme ? 'cropped' : 'whole'}: marker ${i + 1} x`).toBeLessThan(1);
        expect(Math.abs(p.y - c.y), `${width} px ${theme ? 'cropped' : 'whole'}: marker ${i + 1} y`).toBeLessThan(1);
      }
      await page
        .locator('.sl-stage')
        .screenshot({ path: test.info().outputPath(`storefront-${width}${theme ? '-cropped' : ''}.png`) });
    }
  }
});
