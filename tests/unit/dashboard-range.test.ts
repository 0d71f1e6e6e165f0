/** The dashboard's range arithmetic and chart geometry (src/features/dashboard/range.ts, src/lib/charts/line-chart.ts). */
import { describe, expect, it } from 'vitest';
import { addDays, averagePaise, daysBetween, delta, formatRange, resolveRange } from '../../src/features/dashboard/range.ts';
import { lineChart } from '../../src/lib/charts/line-chart.ts';
import { formatPaiseShort } from '../../src/lib/money/paise.ts';

describe('ranges', () => {
  const today = '2026-03-01';

  it('resolve the presets against the previous range of the same length', () => {
    expect(resolveRange({ range: 'today' }, today)).toEqual({
      current: { preset: 'today', from: '2026-03-01', to: '2026-03-01', days: 1 },
      previous: { from: '2026-02-28', to: '2026-02-28' },
    });
    expect(resolveRange({ range: '7d' }, today).current).toMatchObject({ from: '2026-02-23', to: '2026-03-01', days: 7 });
    expect(resolveRange({ range: '7d' }, today).previous).toEqual({ from: '2026-02-16', to: '2026-02-22' });
    expect(resolveRange({ range: '30d' }, today).current).toMatchObject({ from: '2026-01-31', days: 30 });
    // This month on its first day is one day; later in a leap year's February, the days so far.
    expect(resolveRange({ range: 'month' }, today).current).toMatchObject({ from: '2026-03-01', to: '2026-03-01', days: 1 });
    expect(resolveRange({ range: 'month' }, '2028-02-29')).toMatchObject({
      current: { from: '2028-02-01', to: '2028-02-29', days: 29 },
      previous: { from: '2028-01-03', to: '2028-01-31' },
    });
    // Anything else is the default, 7 days.
    expect(resolveRange({ range: 'year' }, today).current.preset).toBe('7d');
    expect(resolveRange({}, today).current.days).toBe(7);
  });

  it('read a custom range, or say why not and fall back to 7 days', () => {
    expect(resolveRange({ range: 'custom', from: '2025-12-30', to: '2026-01-02' }, today)).toEqual({
      current: { preset: 'custom', from: '2025-12-30', to: '2026-01-02', days: 4 },
      previous: { from: '2025-12-26', to: '2025-12-29' },
    });
    expect(resolveRange({ range: 'custom', from: '2026-02-30', to: '2026-03-01' }, today).error).toBe('Enter both dates of the custom range.');
    expect(resolveRange({ range: 'custom', from: '2026-03-02', to: '2026-03-01' }, today).error).toBe('The custom range must start on or before its end.');
    expect(resolveRange({ range: 'custom', from: '2024-01-01', to: '2026-03-01' }, today).error).toBe('A custom range can be at most 367 days.');
    expect(resolveRange({ range: 'custom', from: '2024-01-01', to: '2026-03-01' }, today).current.days).toBe(7);
  });

  it('count days across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(formatRange('2025-12-30', '2026-01-02')).toBe('30 Dec 2025 – 2 Jan 2026');
    expect(formatRange('2026-01-01', '2026-01-31')).toBe('1 Jan – 31 Jan 2026');
  });

  it('compare with the previous range in words and per cent', () => {
    expect(delta(120, 100, 'the previous 7 days')).toEqual({ percent: 20, direction: 'up', text: 'up 20 % on the previous 7 days' });
    expect(delta(50, 100, 'the previous day')).toEqual({ percent: -50, direction: 'down', text: 'down 50 % on the previous day' });
    expect(delta(5, 0, 'x')).toEqual({ percent: null, direction: 'up', text: 'up from nothing on x' });
    expect(delta(0, 0, 'x')).toMatchObject({ percent: null, direction: 'same' });
    expect(averagePaise(1000, 3)).toBe(333);
    expect(averagePaise(1000, 0)).toBe(0);
  });
});

describe('the line chart', () => {
  const points = ['2026-01-01', '2026-01-02', '2026-01-03'].map((key, i) => ({ key, value: [0, 50_000, 120_000][i]! }));

  it('maps the first and last day to the plot’s edges and zero to its bottom, on a nice scale', () => {
    const g = lineChart(points, { width: 300, height: 100, left: 40 });
    expect(g.dots.map((d) => d.x)).toEqual([40, 164, 288]);
    expect(g.dots[0]!.y).toBe(g.plot.bottom);
    // The top tick is a round number at or above the largest value, at the plot's top.
    const top = g.yTicks.at(-1)!;
    expect(top.value).toBeGreaterThanOrEqual(120_000);
    expect(top.y).toBe(g.plot.top);
    expect(g.dots[2]!.y).toBeGreaterThanOrEqual(g.plot.top);
    expect(g.path.startsWith('M40,')).toBe(true);
    expect(g.xLabels.map((l) => l.key)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });

  it('draws one point in the middle, an all-zero range flat on the bottom, and thins the labels of a long range', () => {
    const one = lineChart([{ key: 'a', value: 5 }], { width: 300, left: 40 });
    expect(one.dots[0]!.x).toBe(164);
    const flat = lineChart(points.map((p) => ({ ...p, value: 0 })));
    expect(new Set(flat.dots.map((d) => d.y))).toEqual(new Set([flat.plot.bottom]));
    const long = lineChart(
      Array.from({ length: 30 }, (_, i) => ({ key: `d${i}`, value: i })),
      { maxXLabels: 7 },
    );
    expect(long.xLabels.length).toBeLessThanOrEqual(7);
    expect(long.xLabels[0]!.key).toBe('d0');
    expect(long.xLabels.at(-1)!.key).toBe('d29');
  });

  it('writes an axis amount short, in thousands, lakhs and crores', () => {
    expect(formatPaiseShort(95_000)).toBe('₹ 950');
    expect(formatPaiseShort(1_250_000)).toBe('₹ 12.5 K');
    expect(formatPaiseShort(34_000_000)).toBe('₹ 3.4 L');
    expect(formatPaiseShort(1_250_000_000)).toBe('₹ 1.25 Cr');
    expect(formatPaiseShort(0)).toBe('₹ 0');
  });
});
