import type { AnalyticsReport } from '@app/shared/analytics/analytics-report';
import { Box, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bands, labelEvery, niceScale, yOf } from './chart-scale';

type Day = AnalyticsReport['days'][number];

const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };
const VIEWS = 'var(--mantine-primary-color-filled)';
const LOGINS = 'var(--mantine-color-orange-7)';

/**
 * Page views (bars) and logins (a line with a dot per day) per day on one count axis, as wide as
 * its container. Hovering a day shows its figures; each day also carries a native title. It is a
 * picture for screen readers (one summary): the tables below the chart hold the same figures.
 * Lazy: its own chunk, loaded with the analytics page's data.
 */
export function DailyChart({ days, label }: { days: readonly Day[]; label: string }) {
  const { t, i18n } = useTranslation();
  const { ref, width } = useElementSize();
  const [active, setActive] = useState<number | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const top = PAD.top;
  const bottom = HEIGHT - PAD.bottom;
  const scale = niceScale(Math.max(0, ...days.map((d) => Math.max(d.pageViews, d.logins))));
  const b = bands(days.length, PAD.left, plotWidth);
  const every = labelEvery(days.length, plotWidth);
  const dayLabel = (d: string, format: string) => dayjs(d).format(format);
  const tip = (d: Day) =>
    `${dayLabel(d.day, 'dd D MMM YYYY')}: ${t('analytics.chart.pointViews', { count: d.pageViews, shown: number.format(d.pageViews) })}, ${t('analytics.chart.pointLogins', { count: d.logins, shown: number.format(d.logins) })}`;
  const line = days
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${b.mid(i).toFixed(1)},${yOf(d.logins, scale, top, bottom).toFixed(1)}`)
    .join(' ');
  const shown = active !== null ? days[active] : undefined;

  return (
    <Box>
      <Box ref={ref} pos="relative" style={{ width: '100%', height: HEIGHT }} data-testid="analytics-chart">
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={label}
            style={{ display: 'block', overflow: 'visible' }}
            onMouseLeave={() => setActive(null)}
          >
            {scale.ticks.map((v) => {
              const y = yOf(v, scale, top, bottom);
              return (
                <g key={v}>
                  <line x1={PAD.left} x2={PAD.left + plotWidth} y1={y} y2={y} stroke="var(--mantine-color-gray-3)" />
                  <text x={PAD.left - 6} y={y} dy="0.32em" textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
                    {number.format(v)}
                  </text>
                </g>
              );
            })}
            {days.map((d, i) => {
              const y = yOf(d.pageViews, scale, top, bottom);
              return (
                <rect
                  key={d.day}
                  x={b.mid(i) - b.bar / 2}
                  y={y}
                  width={b.bar}
                  height={Math.max(0, bottom - y)}
                  rx={Math.min(3, b.bar / 3)}
                  fill={VIEWS}
                  opacity={active === null || active === i ? 1 : 0.55}
                />
              );
            })}
            <path d={line} fill="none" stroke={LOGINS} strokeWidth={2} strokeLinejoin="round" />
            {days.length <= 45
              ? days.map((d, i) => (
                  <circle key={d.day} cx={b.mid(i)} cy={yOf(d.logins, scale, top, bottom)} r={3} fill={LOGINS} />
                ))
              : null}
            {days.map((d, i) =>
              i % every === 0 ? (
                <text
                  key={d.day}
                  x={b.mid(i)}
                  y={bottom + 18}
                  textAnchor="middle"
                  fontSize={11}
                  fill="var(--mantine-color-dimmed)"
                >
                  {dayLabel(d.day, 'D MMM')}
                </text>
              ) : null,
            )}
            <line x1={PAD.left} x2={PAD.left + plotWidth} y1={bottom} y2={bottom} stroke="var(--mantine-color-gray-6)" />
            {/* One hover target per day, the full height of the plot. */}
            {days.map((d, i) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only hint; the tables hold the same figures
              <rect
                key={d.day}
                x={b.left(i)}
                y={top}
                width={b.band}
                height={bottom - top}
                fill="transparent"
                onMouseEnter={() => setActive(i)}
                data-day={d.day}
              >
                <title>{tip(d)}</title>
              </rect>
            ))}
            {active !== null ? (
              <line
                x1={b.mid(active)}
                x2={b.mid(active)}
                y1={top}
                y2={bottom}
                stroke="var(--mantine-color-gray-5)"
                strokeDasharray="3 3"
                pointerEvents="none"
              />
            ) : null}
          </svg>
        ) : null}
        {shown && active !== null ? (
          <Paper
            withBorder
            shadow="sm"
            p="xs"
            pos="absolute"
            top={0}
            style={{
              pointerEvents: 'none',
              left: Math.min(Math.max(0, b.mid(active) - 90), Math.max(0, width - 180)),
              width: 180,
            }}
            aria-hidden
            data-testid="analytics-chart-tooltip"
          >
            <Text size="xs" fw={600}>
              {dayLabel(shown.day, 'dddd D MMMM')}
            </Text>
            <Text size="xs">
              {t('analytics.chart.pointViews', { count: shown.pageViews, shown: number.format(shown.pageViews) })}
            </Text>
            <Text size="xs">{t('analytics.chart.pointLogins', { count: shown.logins, shown: number.format(shown.logins) })}</Text>
          </Paper>
        ) : null}
      </Box>
      <Group gap="md" mt="xs" aria-hidden>
        <Group gap={6}>
          <span style={{ width: 12, height: 12, borderRadius: 3, background: VIEWS, display: 'inline-block' }} />
          <Text size="sm">{t('analytics.totals.pageViews')}</Text>
        </Group>
        <Group gap={6}>
          <span style={{ width: 16, height: 3, background: LOGINS, display: 'inline-block' }} />
          <Text size="sm">{t('analytics.totals.logins')}</Text>
        </Group>
      </Group>
    </Box>
  );
}
