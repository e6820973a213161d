// Imports per day as a stacked bar chart (completed, failed), drawn as SVG without a chart library: the
// image carries a one-sentence summary for screen readers, and the same numbers are one click away as a
// table for everyone. Outcome is told by the legend and the table, not by colour alone.
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { messages } from '../../i18n';

const m = messages.overview;
const COMPLETED = 'var(--mantine-color-teal-8)';
const FAILED = 'var(--mantine-color-red-8)';

export interface DayCount {
  date: string;
  completed: number;
  failed: number;
}

const HEIGHT = 160;
const AXIS = 24;

export function ImportsChart({ days }: { days: DayCount[] }) {
  const totals = days.map((day) => day.completed + day.failed);
  const most = Math.max(0, ...totals);
  const busiest = most > 0 ? days[totals.indexOf(most)].date : null;
  const total = totals.reduce((sum, value) => sum + value, 0);
  const width = Math.max(days.length * 20, 200);
  const slot = width / Math.max(days.length, 1);
  const scale = (value: number) => (most === 0 ? 0 : (value / most) * (HEIGHT - 8));
  const label = (date: string) => messages.common.date(`${date}T12:00:00Z`);
  return (
    <Stack gap="xs">
      <Box
        component="svg"
        role="img"
        aria-label={m.chartSummary(days.length, total, busiest && label(busiest), most)}
        viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}
        preserveAspectRatio="none"
        w="100%"
        h={HEIGHT + AXIS}
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="var(--mantine-color-gray-6)" strokeWidth={1} />
        {days.map((day, index) => {
          const x = index * slot + slot * 0.15;
          const barWidth = slot * 0.7;
          const completed = scale(day.completed);
          const failed = scale(day.failed);
          return (
            <g key={day.date}>
              <rect x={x} width={barWidth} y={HEIGHT - completed} height={completed} fill={COMPLETED} />
              <rect x={x} width={barWidth} y={HEIGHT - completed - failed} height={failed} fill={FAILED} />
            </g>
          );
        })}
        {[0, days.length - 1].filter((index, i, all) => days[index] && all.indexOf(index) === i).map((index) => (
          <text
            key={index}
            x={index === 0 ? 0 : width}
            y={HEIGHT + 16}
            fontSize={11}
            textAnchor={index === 0 ? 'start' : 'end'}
            fill="var(--mantine-color-gray-8)"
          >
            {label(days[index].date)}
          </text>
        ))}
      </Box>
      <Group gap="md" aria-hidden>
        <Legend color={COMPLETED} text={m.chartLegendCompleted} />
        <Legend color={FAILED} text={m.chartLegendFailed} />
      </Group>
      <details>
        <summary>{m.chartShowData}</summary>
        <Table.ScrollContainer minWidth={320}>
          <Table striped captionSide="top">
            <Table.Caption>{m.chartTableCaption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.day}</Table.Th>
                <Table.Th scope="col">{m.completed}</Table.Th>
                <Table.Th scope="col">{m.failed}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Th scope="row" fw={400}>
                    {label(day.date)}
                  </Table.Th>
                  <Table.Td>{messages.common.number(day.completed)}</Table.Td>
                  <Table.Td>{messages.common.number(day.failed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </Stack>
  );
}

function Legend({ color, text }: { color: string; text: string }) {
  return (
    <Group gap={6}>
      <Box w={12} h={12} bg={color} style={{ borderRadius: 2 }} />
      <Text size="sm">{text}</Text>
    </Group>
  );
}
