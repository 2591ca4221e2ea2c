/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { NarrowScreenProbe } from '../test/narrowScreenProbe';

describe('useLgDown on the server', () => {
  it('renders the guess where nothing can be measured, the same markup the browser hydrates', () => {
    expect(renderToString(<NarrowScreenProbe guess />)).toContain('phone layout');
    expect(renderToString(<NarrowScreenProbe guess={false} />)).toContain('wide layout');
  });
});
