import { downloadFileName, generationBody } from '../../contracts/gallery';
import { isBestOffer, isLowCredit, perImageCents } from '../../contracts/credits';
import { panelState } from './components/StatusPanel';
import { STATUS_TONE } from './components/GenerationStatusBadge';

describe('gallery rules', () => {
  it('status panel: PENDING idle = ready, PENDING streaming = starting, queued/running = in progress, completed, failed', () => {
    expect(panelState('PENDING', false, false, false)).toBe('ready');
    expect(panelState('PENDING', true, false, false)).toBe('starting');
    expect(panelState('IN_QUEUE', true, false, false)).toBe('inProgress');
    expect(panelState('IN_PROGRESS', false, true, false)).toBe('inProgress');
    expect(panelState('COMPLETED', false, true, false)).toBe('completed');
    expect(panelState('COMPLETED', false, false, false)).toBe('ready');
    expect(panelState('FAILED', false, false, false)).toBe('failed');
    expect(panelState('PENDING', false, false, true)).toBe('failed');
  });

  it('badge tones', () => {
    expect(STATUS_TONE).toEqual({
      COMPLETED: 'success',
      PENDING: 'attention',
      IN_QUEUE: 'warning',
      IN_PROGRESS: 'warning',
      FAILED: 'critical',
    });
  });

  it('download name is <look title>-<type>-<id>.jpg', () => {
    expect(
      downloadFileName({
        id: 12,
        imageType: 'flat_lay',
        productLook: { id: 1, title: 'Summer in the City' },
        title: 'x',
      }),
    ).toBe('Summer in the City-flat_lay-12.jpg');
    expect(downloadFileName({ id: 3, imageType: 'model', productLook: { id: 1, title: 'A/B: "C"' }, title: '' })).toBe(
      'AB C-model-3.jpg',
    );
  });

  it('an empty custom prompt is sent as absent', () => {
    expect(generationBody({ imageType: 'model', customPrompt: '   ' })).toEqual({ imageType: 'model' });
    expect(generationBody({ imageType: 'flat_lay', customPrompt: ' soft ' })).toEqual({
      imageType: 'flat_lay',
      customPrompt: 'soft',
    });
  });

  it('credits: low at 5 or fewer, best offer at 20, per-image price in cents (×100)', () => {
    expect([isLowCredit(5), isLowCredit(6)]).toEqual([true, false]);
    expect([isBestOffer({ price: 20 }), isBestOffer({ price: 45 })]).toEqual([true, false]);
    expect(perImageCents({ pricePerCredit: 0.4 })).toBeCloseTo(40);
    expect(perImageCents({ pricePerCredit: 0.333 })).toBeCloseTo(33.3);
  });
});
