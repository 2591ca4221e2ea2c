import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { AppProvider } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import en from '../../translations/en.json';
import { RouteError } from './RouteError';

function Broken(): JSX.Element {
  throw new Error('kaboom');
}

function renderRoutes(routes: RouteObject[]) {
  return render(
    <IntlProvider locale="en" messages={en}>
      <AppProvider i18n={polarisEn}>
        <RouterProvider
          router={createMemoryRouter([
            { errorElement: <RouteError />, hydrateFallbackElement: <p>loading</p>, children: routes },
          ])}
        />
      </AppProvider>
    </IntlProvider>,
  );
}

describe('RouteError', () => {
  it('shows the generic error page for a page that throws and logs the error to the console', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <Broken /> }]);
    expect(await screen.findByText(en['ErrorPage.title'])).toBeInTheDocument();
    expect(screen.getByText(en['ErrorPage.description'])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en['ErrorPage.action'] })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Uncaught rendering error', expect.objectContaining({ message: 'kaboom' }));
    error.mockRestore();
  });

  it('shows it for a page chunk that failed to load', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', lazy: () => Promise.reject(new Error('ChunkLoadError')) }]);
    expect(await screen.findByText(en['ErrorPage.title'])).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      'Uncaught rendering error',
      expect.objectContaining({ message: 'ChunkLoadError' }),
    );
    error.mockRestore();
  });

  it('leaves a page that renders alone', async () => {
    renderRoutes([{ path: '/', element: <p>fine</p> }]);
    expect(await screen.findByText('fine')).toBeInTheDocument();
  });
});
