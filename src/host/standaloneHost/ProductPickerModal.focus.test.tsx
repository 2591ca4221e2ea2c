import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { AppProvider, Button, Frame, InlineStack, Page } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import en from '../../../translations/en.json';
import type { CatalogProduct } from '../../contracts/catalog';
import { createStandaloneHost, type StandaloneHost } from './standaloneHost';
import { StandaloneHostUI } from './StandaloneHostUI';
import { pressEscape } from '../../test/keys';

const PRODUCT: CatalogProduct = {
  id: 'p1',
  handle: 'shirt',
  title: 'Shirt',
  price: 10,
  compareAtPrice: null,
  images: [],
  status: 'active',
  productType: '',
};

/** Like the look form's sections: "Select product" becomes "Change" once a product is chosen; "Add products" stays. */
function Sections({ host }: { host: StandaloneHost }) {
  const [main, setMain] = useState<string | null>(null);
  const pickMain = async () => {
    const picked = await host.pickProducts({ multiple: false });
    if (picked?.[0]) setMain(picked[0].title);
  };
  return (
    <Page title="New look">
      {main ? (
        <InlineStack gap="300">
          <span>{main}</span>
          <Button onClick={pickMain}>Change</Button>
        </InlineStack>
      ) : (
        <InlineStack>
          <Button onClick={pickMain}>Select product</Button>
        </InlineStack>
      )}
      <Button onClick={() => void host.pickProducts({ multiple: true })}>Add products</Button>
    </Page>
  );
}

function renderPicker() {
  const fetch = jest.fn(async () => new Response(JSON.stringify({ data: [PRODUCT] }), { status: 200 }));
  const host = createStandaloneHost({
    fetch: fetch as unknown as typeof globalThis.fetch,
    tokenSource: async () => 't',
  });
  render(
    <IntlProvider locale="en" messages={en}>
      <AppProvider i18n={polarisEn}>
        <Frame>
          <Sections host={host} />
          <StandaloneHostUI host={host} />
        </Frame>
      </AppProvider>
    </IntlProvider>,
  );
}

async function openFrom(name: string) {
  const user = userEvent.setup();
  act(() => screen.getByRole('button', { name }).focus());
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Shirt');
  return { user, dialog };
}

describe('standalone product picker: focus after it closes', () => {
  it('Escape and Cancel: back on the button that opened it', async () => {
    renderPicker();
    await openFrom('Add products');
    await pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Add products' })).toHaveFocus();

    const { user, dialog } = await openFrom('Select product');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Select product' })).toHaveFocus();
  });

  it('after choosing a product that turns "Select product" into "Change": on "Change", not <body>', async () => {
    renderPicker();
    const { user, dialog } = await openFrom('Select product');
    await user.click(within(dialog).getByRole('radio'));
    await user.click(within(dialog).getByRole('button', { name: 'Select 1 product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus());
  });
});
