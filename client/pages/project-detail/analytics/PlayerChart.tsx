import { Box, Flex, HStack, Text } from "@chakra-ui/react";
import { ChartIcon } from "@client/components/icons/analytics";
import { Panel } from "@client/components/StatCard";
import { PLAYER_CHART_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import { CHART_BAR_MAX_PX as BAR_MAX_PX } from "@shared/schemas/analytics";
import { useState } from "react";
import { DayLabels, Legend } from "./PlayerChartAxis";
import {
  AXIS_STEPS,
  axisTop,
  compactNumber,
  type PlayerBar,
  type PlayerMetric,
  playerBars,
  shortDay,
  utcDay,
} from "./player-chart";
import { TooltipFrame } from "./TooltipFrame";

const GRID = Array.from({ length: AXIS_STEPS + 1 }, (_, i) => i / AXIS_STEPS);

/**
 * The 30-day player chart drawn with plain boxes: bars are exact pixel heights (4..232 px), the
 * 24 h peak sits as a lighter cap on the daily peak, today is highlighted, hovering shows figures.
 */
export function PlayerChart({ metrics, today = utcDay() }: { metrics: PlayerMetric[]; today?: string }) {
  const bars = playerBars(metrics, today);
  const [hovered, setHovered] = useState<number | null>(null);
  const max = axisTop(Math.max(0, ...bars.map((b) => Math.max(b.dailyPeak, b.peak24h))));
  const anyData = bars.some((b) => b.hasData);

  return (
    <Panel
      testId="player-chart"
      title={
        <HStack gap="2">
          <ChartIcon boxSize="4" color="teal.fg" />
          <span>{ANALYTICS.playerChartTitle}</span>
        </HStack>
      }
      subtitle={T.fixedPeriod}
      actions={<Legend />}
    >
      <Flex gap="3">
        <Box position="relative" w="10" h={`${BAR_MAX_PX}px`} flexShrink={0} aria-hidden="true">
          {GRID.map((f) => (
            <Text
              key={f}
              position="absolute"
              right="0"
              bottom={`${f * BAR_MAX_PX - 7}px`}
              data-testid="player-axis-tick"
              fontSize="2xs"
              color="fg.subtle"
              fontVariantNumeric="tabular-nums"
            >
              {max > 0 ? compactNumber(max * f) : ""}
            </Text>
          ))}
        </Box>
        <Box flex="1" minW="0">
          <Box position="relative" h={`${BAR_MAX_PX}px`}>
            {GRID.map((f) => (
              <Box
                key={f}
                position="absolute"
                left="0"
                right="0"
                bottom={`${f * BAR_MAX_PX}px`}
                borderTopWidth="1px"
                borderColor="border.muted"
                borderStyle="dashed"
              />
            ))}
            <Flex position="absolute" inset="0" align="flex-end" gap={{ base: "1px", md: "1" }}>
              {bars.map((bar, i) => (
                <BarColumn
                  key={bar.date}
                  bar={bar}
                  active={hovered === i}
                  tooltipSide={i < bars.length / 2 ? "right" : "left"}
                  onEnter={() => setHovered(i)}
                  onLeave={() => setHovered((h) => (h === i ? null : h))}
                />
              ))}
            </Flex>
            {!anyData ? (
              <Flex position="absolute" inset="0" align="center" justify="center">
                <Text color="fg.muted" fontSize="sm" bg="bg.panel" px="3" py="1" borderRadius="md">
                  {T.empty}
                </Text>
              </Flex>
            ) : null}
          </Box>
          <DayLabels bars={bars} />
        </Box>
      </Flex>
    </Panel>
  );
}

function BarColumn({
  bar,
  active,
  tooltipSide,
  onEnter,
  onLeave,
}: {
  bar: PlayerBar;
  active: boolean;
  tooltipSide: "left" | "right";
  onEnter(): void;
  onLeave(): void;
}) {
  const palette = bar.isToday ? "orange" : "teal";
  return (
    <Flex
      flex="1"
      minW="0"
      h="full"
      align="flex-end"
      justify="center"
      position="relative"
      cursor="default"
      tabIndex={0}
      outline="none"
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
      onFocus={onEnter}
      onBlur={onLeave}
      data-testid="player-bar-column"
    >
      <Box
        data-testid="player-bar"
        data-date={bar.date}
        data-today={bar.isToday ? "true" : undefined}
        aria-label={`${shortDay(bar.date)}: ${bar.dailyPeak.toLocaleString("en-US")}`}
        style={{ height: `${bar.heightPx}px` }}
        w="full"
        maxW="7"
        display="flex"
        flexDirection="column"
        borderTopRadius="sm"
        overflow="hidden"
        colorPalette={palette}
        opacity={bar.hasData ? 1 : 0.35}
        boxShadow={
          bar.isToday
            ? "0 0 0 1px var(--chakra-colors-orange-400), 0 0 14px var(--chakra-colors-orange-900)"
            : undefined
        }
        transition="filter 0.15s"
        filter={active ? "brightness(1.35)" : undefined}
      >
        {bar.extensionPx > 0 ? (
          <Box
            data-testid="player-bar-extension"
            style={{ height: `${bar.extensionPx}px` }}
            flexShrink={0}
            bg="colorPalette.muted"
            backgroundImage="repeating-linear-gradient(135deg, transparent 0 3px, rgba(255,255,255,0.12) 3px 5px)"
          />
        ) : null}
        <Box flex="1" bg={bar.hasData ? "colorPalette.solid" : "border.emphasized"} />
      </Box>
      {active ? <BarTooltip bar={bar} side={tooltipSide} /> : null}
    </Flex>
  );
}

/** Beside the hovered column, near the top of the plot: never over the bar, never clipped. */
function BarTooltip({ bar, side }: { bar: PlayerBar; side: "left" | "right" }) {
  return (
    <TooltipFrame
      title={`${shortDay(bar.date)}${bar.isToday ? ` · ${T.today}` : ""}`}
      role="tooltip"
      data-testid="chart-tooltip"
      position="absolute"
      top="2"
      {...(side === "right" ? { left: "calc(100% + 6px)" } : { right: "calc(100% + 6px)" })}
      zIndex="docked"
      minW="40"
      whiteSpace="nowrap"
      pointerEvents="none"
    >
      <TooltipRow label={T.dailyPeak} value={bar.dailyPeak} color="teal.solid" />
      <TooltipRow label={T.peak24h} value={bar.peak24h} color="teal.muted" />
      {bar.isToday ? <TooltipRow label={T.current} value={bar.current} color="orange.solid" /> : null}
    </TooltipFrame>
  );
}

function TooltipRow({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Flex justify="space-between" gap="4" fontSize="xs">
      <HStack gap="1.5">
        <Box boxSize="2" borderRadius="full" bg={color} />
        <Text color="fg.muted">{label}</Text>
      </HStack>
      <Text fontVariantNumeric="tabular-nums" fontWeight="medium">
        {value.toLocaleString("en-US")}
      </Text>
    </Flex>
  );
}
