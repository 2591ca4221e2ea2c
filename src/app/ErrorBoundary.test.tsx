import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { AppProvider } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import en from '../../translations/en.json';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): JSX.Element {
  throw new Error('kaboom');
}

describe('ErrorBoundary', () => {
  it('shows the generic error page and logs the error to the console', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <IntlProvider locale="en" messages={en}>
        <AppProvider i18n={polarisEn}>
          <ErrorBoundary>
            <Broken />
          </ErrorBoundary>
        </AppProvider>
      </IntlProvider>,
    );
    expect(screen.getByText(en['ErrorPage.title'])).toBeInTheDocument();
    expect(screen.getByText(en['ErrorPage.description'])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en['ErrorPage.action'] })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Uncaught rendering error', expect.objectContaining({ message: 'kaboom' }), expect.anything());
    error.mockRestore();
  });

  it('renders its children when nothing throws', () => {
    render(
      <IntlProvider locale="en" messages={en}>
        <ErrorBoundary>
          <p>fine</p>
        </ErrorBoundary>
      </IntlProvider>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});
