import { assignVariant, stableHash } from './assignVariant';

const variants = [
  { id: 11, split: 70 },
  { id: 12, split: 30 },
];

describe('assignVariant', () => {
  it('is stable for a visitor and experiment', () => {
    const first = assignVariant('visitor-abc123', 5, variants);
    for (let i = 0; i < 5; i++) expect(assignVariant('visitor-abc123', 5, variants)).toBe(first);
    expect(stableHash('abc')).toBe(stableHash('abc'));
    expect(stableHash('abc')).not.toBe(stableHash('abd'));
  });

  it('follows the splits over many visitors', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 20_000; i++) {
      const v = assignVariant(`visitor-${i}`, 9, variants)!;
      counts.set(v.id, (counts.get(v.id) ?? 0) + 1);
    }
    expect(counts.get(11)! / 20_000).toBeGreaterThan(0.68);
    expect(counts.get(11)! / 20_000).toBeLessThan(0.72);
  });

  it('splits experiments independently', () => {
    const even = [
      { id: 1, split: 50 },
      { id: 2, split: 50 },
    ];
    let same = 0;
    for (let i = 0; i < 4000; i++)
      if (assignVariant(`v-${i}-xx`, 1, even)!.id === assignVariant(`v-${i}-xx`, 2, even)!.id) same++;
    expect(same / 4000).toBeGreaterThan(0.45);
    expect(same / 4000).toBeLessThan(0.55);
  });

  it('handles 0/100 splits and no variants', () => {
    expect(
      assignVariant('visitor-1', 1, [
        { id: 1, split: 0 },
        { id: 2, split: 100 },
      ])!.id,
    ).toBe(2);
    expect(assignVariant('visitor-1', 1, [])).toBeNull();
  });
});
