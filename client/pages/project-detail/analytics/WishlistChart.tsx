import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { CHART_AXIS, chartAxisProps, chartGridProps, chartTickCss } from "@client/components/chart-style";
import { WISHLISTS_UI as T } from "@client/messages/wishlists-ui";
import type { WishlistDay } from "@shared/schemas/wishlists";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { compactNumber, shortDay } from "./player-chart";

// recharts is heavy: loaded lazily by the wishlists card only. SVG attributes need literal colours.
const ADDS = "#4ade80";
const DELETES = "#f87171";
const PURCHASES = "#60a5fa";
const BALANCE = "#c084fc";
const HEIGHT = 260;

export default function WishlistChart({ daily }: { daily: WishlistDay[] }) {
  // Deletes and purchases are drawn below zero, so a day reads as what came in against what left.
  const data = daily.map((d) => ({ ...d, deletesDown: -d.deletes, purchasesDown: -d.purchases }));
  return (
    <Stack gap="2">
      <Box h={`${HEIGHT}px`} css={chartTickCss} data-testid="wishlist-chart">
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <ComposedChart data={data} stackOffset="sign" margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid {...chartGridProps} />
            <XAxis dataKey="date" tickFormatter={shortDay} {...chartAxisProps} minTickGap={24} />
            <YAxis
              yAxisId="day"
              tickFormatter={(n: number) => compactNumber(Math.abs(n))}
              {...chartAxisProps}
              width={40}
            />
            <YAxis
              yAxisId="balance"
              orientation="right"
              tickFormatter={(n: number) => compactNumber(n)}
              {...chartAxisProps}
              width={44}
            />
            <ReferenceLine yAxisId="day" y={0} stroke={CHART_AXIS} />
            <Tooltip
              content={(p) => <DayTooltip active={p.active} payload={p.payload} />}
              cursor={{ fill: "rgba(255,255,255,0.04)" }}
            />
            <Bar
              yAxisId="day"
              dataKey="adds"
              stackId="day"
              fill={ADDS}
              maxBarSize={14}
              isAnimationActive={false}
            />
            <Bar
              yAxisId="day"
              dataKey="deletesDown"
              stackId="day"
              fill={DELETES}
              maxBarSize={14}
              isAnimationActive={false}
            />
            <Bar
              yAxisId="day"
              dataKey="purchasesDown"
              stackId="day"
              fill={PURCHASES}
              maxBarSize={14}
              isAnimationActive={false}
            />
            <Line
              yAxisId="balance"
              type="monotone"
              dataKey="balance"
              stroke={BALANCE}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      <HStack gap="4" fontSize="xs" color="fg.muted" wrap="wrap">
        <Legend color={ADDS} label={T.legendAdds} />
        <Legend color={DELETES} label={T.legendDeletes} />
        <Legend color={PURCHASES} label={T.legendPurchases} />
        <Legend color={BALANCE} label={T.legendBalance} line />
      </HStack>
    </Stack>
  );
}

function Legend({ color, label, line }: { color: string; label: string; line?: boolean }) {
  return (
    <HStack gap="1.5">
      <Box w="3" h={line ? "0.5" : "2.5"} borderRadius="sm" style={{ background: color }} />
      <Text>{label}</Text>
    </HStack>
  );
}

function DayTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const d = payload?.[0]?.payload as WishlistDay | undefined;
  if (!active || !d) return null;
  const rows: [string, number, string][] = [
    [T.legendAdds, d.adds, ADDS],
    [T.legendDeletes, d.deletes, DELETES],
    [T.legendPurchases, d.purchases, PURCHASES],
    [T.legendGifts, d.gifts, CHART_AXIS],
    [T.legendBalance, d.balance, BALANCE],
  ];
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      px="3"
      py="2"
      fontSize="xs"
      shadow="md"
    >
      <Text fontWeight="semibold" mb="1">
        {shortDay(d.date)}
      </Text>
      {rows.map(([label, value, color]) => (
        <HStack key={label} justify="space-between" gap="4">
          <Text style={{ color }}>{label}</Text>
          <Text fontVariantNumeric="tabular-nums">{value.toLocaleString("en-US")}</Text>
        </HStack>
      ))}
    </Box>
  );
}
