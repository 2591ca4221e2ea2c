/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { AssumedCustomElements, useCustomElementDefined } from './useCustomElement';

function Probe() {
  return <p>{useCustomElementDefined('ui-nav-menu') ? 'App Bridge menu' : 'own menu'}</p>;
}

describe('useCustomElementDefined on the server (no custom element registry)', () => {
  it('takes the elements the render assumes as defined (a page rendered for inside Shopify admin), no others', () => {
    expect(typeof customElements).toBe('undefined');
    expect(renderToString(<Probe />)).toContain('own menu');
    expect(
      renderToString(
        <AssumedCustomElements.Provider value={['ui-nav-menu', 'ui-save-bar']}>
          <Probe />
        </AssumedCustomElements.Provider>,
      ),
    ).toContain('App Bridge menu');
    expect(
      renderToString(
        <AssumedCustomElements.Provider value={['ui-save-bar']}>
          <Probe />
        </AssumedCustomElements.Provider>,
      ),
    ).toContain('own menu');
  });
});
