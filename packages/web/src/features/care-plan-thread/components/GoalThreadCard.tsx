import type { GoalProgress } from '@caseload/core';
import { Anchor, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, memo, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { WhenNearViewport } from '../../../ui/WhenNearViewport.tsx';
import { notePath } from '../../notes/utils/note-paths.ts';
import { calendarDay } from '../utils/calendar-day.ts';
import { PROGRESS_LABELS, type GoalView } from '../utils/goal-thread-view.ts';
import { ProgressBadge } from './ProgressBadge.tsx';

const GoalProgressChart = lazy(() => import('./GoalProgressChart.tsx'));
/** The chart's height, kept by its placeholder so the page does not jump when it mounts. */
const CHART_HEIGHT = 200;

/** Sessions listed before "Show all": a goal of a long treatment can have dozens. */
const SESSIONS_SHOWN = 5;

export interface GoalThreadCardProps {
  patientId: string;
  view: GoalView;
  /** The goal's place in the plan, from 1. */
  position: number;
}

/**
 * One goal's thread: where it and its objectives stand, its progress over time, and the notes
 * of the sessions that addressed it, newest first; a goal no note has addressed says so. Memoised:
 * a thread read again unchanged keeps its goal views, and no card renders twice.
 */
export const GoalThreadCard = memo(function GoalThreadCard({ patientId, view, position }: GoalThreadCardProps) {
  const [all, setAll] = useState(false);
  const { goal, sessions, points } = view;
  const newestFirst = [...sessions].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, SESSIONS_SHOWN);
  const headingId = `goal-${goal.id}`;
  // The goal's own progress in its words; an objective's named first.
  const progressText = (element: string, status: GoalProgress) => {
    const objective = view.objectives.find((o) => o.element.id === element)?.element;
    const words = PROGRESS_LABELS[status];
    return objective ? `${objective.text}: ${words.toLowerCase()}` : words;
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId} data-testid={`goal-thread-${goal.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={4} fz="md" id={headingId}>
              Goal {position}: {goal.text}
            </Title>
            {(goal.measure || goal.targetDate) && (
              <Text fz="sm" c="dimmed">
                {[goal.measure && `Measure: ${goal.measure}`, goal.targetDate && `Target ${calendarDay(goal.targetDate)}`]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </div>
          <ProgressBadge status={view.current} />
        </Group>
        {sessions.length === 0 && (
          <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={14} />} w="fit-content" role="status">
            Not addressed in any note yet
          </Badge>
        )}
        {view.objectives.length > 0 && (
          <List spacing={4} size="sm" listStyleType="none" aria-label={`Objectives of goal ${position}`}>
            {view.objectives.map(({ element, current }) => (
              <List.Item key={element.id}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text fz="sm">Objective: {element.text}</Text>
                  <ProgressBadge status={current} size="sm" />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {points.length > 0 && (
          <WhenNearViewport minHeight={CHART_HEIGHT}>
            <Suspense fallback={<LoadingIndicator fullScreen={false} label="Loading the chart" />}>
              <GoalProgressChart goal={goal.text} points={points} series={view.series} />
            </Suspense>
          </WhenNearViewport>
        )}
        {sessions.length > 0 && (
          <div>
            <Text fz="sm" fw={600}>
              {sessions.length === 1 ? '1 session addressed it' : `${sessions.length} sessions addressed it`}
            </Text>
            <List spacing={2} size="sm" aria-label={`Sessions that addressed goal ${position}`} data-testid="goal-sessions">
              {shown.map((s) => (
                <List.Item key={s.encounter}>
                  {calendarDay(s.date)} ·{' '}
                  {s.noteId ? (
                    <Anchor component={Link} to={notePath(patientId, s.noteId)} fz="sm">
                      {s.noteTitle ?? 'Note'}
                    </Anchor>
                  ) : (
                    'Session'
                  )}
                  {s.progress.length > 0 && (
                    <Text span fz="sm" c="dimmed">
                      {' '}
                      · {s.progress.map((p) => progressText(p.element, p.status)).join('; ')}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
            {sessions.length > SESSIONS_SHOWN && (
              <Button variant="subtle" size="compact-sm" mt={4} onClick={() => setAll((a) => !a)}>
                {all ? 'Show the latest' : `Show all ${sessions.length} sessions`}
              </Button>
            )}
          </div>
        )}
      </Stack>
    </Card>
  );
});
