// The look every recharts chart of the console shares. SVG attributes need literal colours, not
// tokens; this file holds no recharts import, so it costs the screens that lazy-load charts nothing.
export const CHART_GRID = "#27272a";
export const CHART_AXIS = "#71717a";

/** The console's base styles beat SVG presentation attributes, so tick text is sized in CSS. */
export const chartTickCss = { "& .recharts-text": { fontSize: "11px" } };

export const chartAxisProps = {
  stroke: CHART_AXIS,
  tick: { fill: CHART_AXIS },
  tickLine: false,
  axisLine: false,
} as const;

/** Dashed horizontal lines only. */
export const chartGridProps = { stroke: CHART_GRID, strokeDasharray: "3 3", vertical: false } as const;
