import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../../../translations/en.json';
import de from '../../../translations/de.json';
import type { CatalogSyncState } from '../../contracts/catalog';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CatalogSyncBanner } from './CatalogSyncBanner';

const state = (values: Partial<CatalogSyncState>): CatalogSyncState => ({
  status: 'running',
  synced: 0,
  total: null,
  first: true,
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  ...values,
});

/** Answers the given states in turn (the last one stays). */
const inTurn = (states: CatalogSyncState[]) => {
  let i = 0;
  return () => ok(states[Math.min(i++, states.length - 1)]);
};

const banner = () => screen.queryByTestId('catalog-sync-banner');

describe('CatalogSyncBanner', () => {
  it("shows the first sync's progress, asks again while it runs, and is gone when it is done", async () => {
    const backend = mockBackend({
      'GET /catalog/sync': inTurn([
        state({ synced: 0, total: null }),
        state({ synced: 1200, total: 5000 }),
        state({ synced: 4800, total: 5000 }),
        state({ status: 'done', synced: 5000, total: 5000, first: false, finishedAt: '2026-11-24T10:05:00.000Z' }),
      ]),
    });
    renderWithProviders(
      <>
        <CatalogSyncBanner pollMs={30} />
        <button type="button">Create look</button>
      </>,
    );
    expect(await screen.findByText(en['Catalog.sync.running.title'])).toBeInTheDocument();
    expect(screen.getByText('Counting your products…')).toBeInTheDocument();
    expect(await screen.findByText('1,200 of 5,000 products synced')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('4,800 of 5,000 products synced')).toBeInTheDocument();
    // The app stays usable meanwhile.
    await userEvent.click(screen.getByRole('button', { name: 'Create look' }));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    // Done: no more asking.
    const calls = backend.callsTo('GET /catalog/sync').length;
    expect(calls).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(backend.callsTo('GET /catalog/sync')).toHaveLength(calls);
  });

  it('formats the numbers in the interface language, with its plural ("du" German)', async () => {
    mockBackend({ 'GET /catalog/sync': ok(state({ synced: 1200, total: 5000 })) });
    renderWithProviders(<CatalogSyncBanner pollMs={60_000} />, { locale: 'de', messages: de });
    expect(await screen.findByText('1.200 von 5.000 Produkten synchronisiert')).toBeInTheDocument();
    expect(screen.getByText(de['Catalog.sync.running.title'])).toBeInTheDocument();
  });

  it('a failed sync shows an error with a retry; the retry starts it again and the progress follows', async () => {
    const backend = mockBackend({
      'GET /catalog/sync': inTurn([
        state({ status: 'failed', synced: 300, total: 5000 }),
        state({ synced: 2500, total: 5000 }),
        state({ status: 'done', synced: 5000, total: 5000, first: false }),
      ]),
      'POST /catalog/sync': fail(502, 'Bad gateway'),
    });
    renderWithProviders(<CatalogSyncBanner pollMs={30} />);
    expect(await screen.findByText(en['Catalog.sync.failed.title'])).toBeInTheDocument();
    expect(screen.getByText(en['Catalog.sync.failed.description'])).toBeInTheDocument();
    // The retry itself fails: said so, still offered.
    await userEvent.click(screen.getByRole('button', { name: en['General.actions.retry'] }));
    expect(await screen.findByText(en['Catalog.sync.retryFailed'])).toBeInTheDocument();
    // It works the second time: the answer (running) replaces the error, and polling follows it to the end.
    backend.use({ 'POST /catalog/sync': ok(state({ synced: 0, total: 5000 })) });
    await userEvent.click(screen.getByRole('button', { name: en['General.actions.retry'] }));
    expect(await screen.findByText('0 of 5,000 products synced')).toBeInTheDocument();
    expect(await screen.findByText('2,500 of 5,000 products synced')).toBeInTheDocument();
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(backend.callsTo('POST /catalog/sync')).toHaveLength(2);
  });

  it('shows nothing for a catalog that is complete, or a later sync (reinstall) running in the background', async () => {
    const backend = mockBackend({ 'GET /catalog/sync': ok(state({ synced: 10, total: 40, first: false })) });
    renderWithProviders(<CatalogSyncBanner pollMs={60_000} />);
    await waitFor(() => expect(backend.callsTo('GET /catalog/sync')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(banner()).not.toBeInTheDocument();
  });
});
