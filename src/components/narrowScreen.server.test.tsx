/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { NarrowScreenGuessProvider, useLgDown } from './narrowScreen';

function Probe() {
  return <p>{useLgDown() ? 'phone layout' : 'wide layout'}</p>;
}

describe('useLgDown on the server', () => {
  it('renders the guess where nothing can be measured (the server), the same markup the browser hydrates', () => {
    const html = (narrow: boolean) =>
      renderToString(
        <AppProvider i18n={en}>
          <NarrowScreenGuessProvider value={narrow}>
            <Probe />
          </NarrowScreenGuessProvider>
        </AppProvider>,
      );
    expect(html(true)).toContain('phone layout');
    expect(html(false)).toContain('wide layout');
  });

});
