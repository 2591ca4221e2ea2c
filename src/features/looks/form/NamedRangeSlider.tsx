import { useEffect, useRef } from 'react';
import { RangeSlider, type RangeSliderProps } from '@shopify/polaris';

/**
 * Polaris' RangeSlider with an accessible name of its own (RangeSlider passes no aria props to its
 * input): the visible label stays short, `accessibilityLabel` names the slider for assistive
 * technology. Keep the visible label inside it (WCAG 2.5.3, label in name).
 */
export function NamedRangeSlider({ accessibilityLabel, ...props }: RangeSliderProps & { accessibilityLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('input[type="range"]')?.setAttribute('aria-label', accessibilityLabel);
  }, [accessibilityLabel]);
  return (
    <div ref={box}>
      <RangeSlider {...props} />
    </div>
  );
}
