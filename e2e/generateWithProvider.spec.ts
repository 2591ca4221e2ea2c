import { test, expect, openApp } from './imageProviderStandIn';
import { adminApi } from './adminApi';

/**
 * The "done means" of issue 29 with IMAGE_PROVIDER=openai against its stand-in: the merchant
 * generates a flat lay from the gallery, watches the status change live, gets the image made by the
 * provider (images.edit with the look's product photos), with the markers where the provider's vision
 * model found each product (source `detected`), and uses it on the look.
 */
// Two provider calls (the image, then the product search) after a deliberately slow answer.
test.setTimeout(150_000);

test('a flat lay from the gallery with the OpenAI stand-in: live status, the image, markers on the products', async ({
  page,
  request,
  provider,
}) => {
  const api = await adminApi(request);
  await api.patch('/layout', { definedTemplate: 'shoppable' });
  await openApp(page, '/gallery/new');
  await page.getByRole('button', { name: 'Claim free credits' }).click();
  const credits = page.locator('#credits-remaining');
  await expect(credits).toHaveText('5');
  await page.getByLabel('Look', { exact: true }).fill('Summer');
  await page.getByTestId('look-search-results').getByText('Summer in the City').click();
  await page.getByLabel('Flat lay').check({ force: true });
  // `[standin:slow]`: the stand-in answers after 2.5 s, so the running state can be seen.
  await page.getByLabel('Custom prompt (optional)').fill('on pale oak [standin:slow]');
  await page.getByRole('button', { name: 'Generate image' }).click();

  await expect(page).toHaveURL(/\/gallery\/edit\/\d+$/);
  const status = page.getByTestId('generation-status');
  await expect(status).toContainText('Generation in progress…');
  await expect(page.getByText('Generating your image…')).toBeVisible();
  await expect(status).toHaveText('Generation completed.', { timeout: 30_000 });
  const image = page.getByTestId('generated-image');
  const size = await image.evaluate((img: HTMLImageElement) =>
    img.decode().then(() => [img.naturalWidth, img.naturalHeight]),
  );
  expect(size[0]).toBeGreaterThan(0);
  await expect(credits).toHaveText('4');
  await page.screenshot({ path: test.info().outputPath('generation.png') });

  // The image came from the provider: one images.edit with the main product's and the three items' photos, the prompt with the custom text.
  const edits = provider.standIn.requests.filter((r) => r.path === '/v1/images/edits');
  expect(edits).toHaveLength(1);
  expect(edits[0]).toMatchObject({ status: 200, images: 4 });
  expect(edits[0].prompt).toContain('on pale oak');
  expect(provider.standIn.requests.filter((r) => r.path === '/v1/chat/completions' && r.status === 200)).toHaveLength(
    1,
  );

  const id = Number(page.url().split('/').pop());
  const generation = (
    (await api.get('/image-generations')) as {
      data: Array<{
        id: number;
        productLook: { id: number };
        itemPositions: Array<{
          productId: string;
          x: number;
          y: number;
          box: { left: number; top: number; width: number; height: number };
          source: string;
        }>;
      }>;
    }
  ).data.find((g) => g.id === id)!;
  expect(generation.itemPositions).toHaveLength(4);
  expect(generation.itemPositions.map((p) => p.source)).toEqual(['detected', 'detected', 'detected', 'detected']);

  await page.getByRole('link', { name: 'Use on look' }).click();
  await expect(page.getByTestId('markers-placed-note')).toHaveText(
    '3 markers were placed where the image shows the items. Drag them to adjust, then save.',
  );
  const { look } = (await api.get(`/productLooks/${generation.productLook.id}`)) as {
    look: { relatedItems: Array<{ itemId: string; title: string }> };
  };
  const stage = page.getByTestId('hotspot-stage');
  await stage.scrollIntoViewIfNeeded();
  await stage.getByRole('img').evaluate((img: HTMLImageElement) => img.decode());
  const stageBox = (await stage.boundingBox())!;
  for (const [i, item] of look.relatedItems.entries()) {
    const p = generation.itemPositions.find((q) => q.productId === item.itemId)!;
    await expect(page.getByTestId(`hotspot-${i}`)).toHaveAccessibleName(
      `Marker ${i + 1}: ${item.title}, ${Math.round(p.x)}% across, ${Math.round(p.y)}% down`,
    );
    // On the product: the marker's centre inside the box the vision model found it in.
    const b = (await page.getByTestId(`hotspot-${i}`).boundingBox())!;
    const x = ((b.x + b.width / 2 - stageBox.x) / stageBox.width) * 100;
    const y = ((b.y + b.height / 2 - stageBox.y) / stageBox.height) * 100;
    expect(x).toBeGreaterThan(p.box.left);
    expect(x).toBeLessThan(p.box.left + p.box.width);
    expect(y).toBeGreaterThan(p.box.top);
    expect(y).toBeLessThan(p.box.top + p.box.height);
  }
  await page.getByTestId('hotspot-frame').screenshot({ path: test.info().outputPath('editor-generated.png') });
});
