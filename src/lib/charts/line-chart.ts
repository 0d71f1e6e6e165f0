/**
 * A line chart's geometry, computed on the server (decision 051): d3-scale maps days and values to
 * pixels, d3-shape draws the path; the page renders it as plain SVG (src/components/ui/LineChart.astro),
 * so the browser runs no JavaScript for it. Pure and deterministic: the same points give the same SVG.
 */
import { scaleLinear, scalePoint } from 'd3-scale';
import { area, line } from 'd3-shape';

export interface ChartPoint {
  /** The x label's key (an IST day, `YYYY-MM-DD`). */
  key: string;
  value: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** The line's and the filled area's `d`. */
  path: string;
  areaPath: string;
  dots: { key: string; value: number; x: number; y: number }[];
  /** Horizontal guide lines with their values (for labels). */
  yTicks: { value: number; y: number }[];
  /** The x labels shown: at most `maxXLabels`, first and last always. */
  xLabels: { key: string; x: number }[];
  plot: { left: number; right: number; top: number; bottom: number };
}

export interface ChartOptions {
  width?: number;
  height?: number;
  /** Room for the y labels on the left. */
  left?: number;
  maxXLabels?: number;
  yTickCount?: number;
}

/** Lays out `points` in a `width` × `height` box; the y axis starts at 0 and ends on a "nice" value. */
export function lineChart(points: readonly ChartPoint[], options: ChartOptions = {}): ChartGeometry {
  const { width = 640, height = 220, left = 64, maxXLabels = 7, yTickCount = 4 } = options;
  const plot = { left, right: width - 12, top: 12, bottom: height - 28 };
  const max = Math.max(0, ...points.map((p) => p.value));
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .nice(yTickCount)
    .range([plot.bottom, plot.top]);
  const x = scalePoint<string>()
    .domain(points.map((p) => p.key))
    .range([plot.left, plot.right])
    .padding(points.length === 1 ? 0.5 : 0);
  const dots = points.map((p) => ({ key: p.key, value: p.value, x: round(x(p.key) ?? plot.left), y: round(y(p.value)) }));
  const toLine = line<{ x: number; y: number }>()
    .x((d) => d.x)
    .y((d) => d.y);
  const toArea = area<{ x: number; y: number }>()
    .x((d) => d.x)
    .y0(plot.bottom)
    .y1((d) => d.y);
  const every = Math.max(1, Math.ceil(points.length / maxXLabels));
  const xLabels = dots.filter((_, i) => i % every === 0 || i === dots.length - 1).map((d) => ({ key: d.key, x: d.x }));
  // The last label would collide with the one before it when the step leaves them closer than 3/4 of a step.
  if (xLabels.length > 2 && xLabels[xLabels.length - 1]!.x - xLabels[xLabels.length - 2]!.x < ((plot.right - plot.left) / maxXLabels) * 0.75) {
    xLabels.splice(xLabels.length - 2, 1);
  }
  return {
    width,
    height,
    path: dots.length ? (toLine(dots) ?? '') : '',
    areaPath: dots.length ? (toArea(dots) ?? '') : '',
    dots,
    yTicks: y.ticks(yTickCount).map((value) => ({ value, y: round(y(value)) })),
    xLabels,
    plot,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
