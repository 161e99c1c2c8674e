import { auditEntityWords, auditEventSummary } from '@caseload/core';
import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { forwardRef, type KeyboardEvent } from 'react';
import type { AuditEventRecord } from '../api/audit-trail.api.ts';
import type { AuditPeople } from '../hooks/useAuditPeople.ts';
import { recordedParts } from '../utils/audit-time.ts';
import { AuditAgent } from './AuditAgent.tsx';
import classes from './AuditTrail.module.css';
import { OutcomeBadge } from './OutcomeBadge.tsx';
import { PatientName } from './PatientName.tsx';

export interface AuditEventRowProps {
  event: AuditEventRecord;
  people: AuditPeople;
  timeZone: string;
  /** In the keyboard's tab order (the list's one focusable row). */
  active: boolean;
  onOpen: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/**
 * The record an event is about, unless the row says it already: a search (its sentence names what
 * was searched) or the patient's own record (the patient column names it).
 */
function recordWords(event: AuditEventRecord): string | undefined {
  const entity = event.entity;
  if (!entity?.id || (entity.resourceType === 'Patient' && entity.id === event.patient?.id)) return undefined;
  return auditEntityWords(entity);
}

/**
 * One event: when (practice time), what happened in words with its description or record, who,
 * whose record, and the outcome. On a phone who and whose fold into the second line.
 */
export const AuditEventRow = forwardRef<HTMLButtonElement, AuditEventRowProps>(function AuditEventRow(
  { event, people, timeZone, active, onOpen, onFocus, onKeyDown },
  ref,
) {
  const when = recordedParts(event.recorded, timeZone);
  const patientId = event.patient?.id;
  const detail = event.description ?? recordWords(event) ?? (event.agent?.address ? `From ${event.agent.address}` : undefined);
  return (
    <UnstyledButton
      ref={ref}
      className={classes.row}
      tabIndex={active ? 0 : -1}
      onClick={onOpen}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      aria-haspopup="dialog"
      data-testid="audit-event-row"
    >
      <span className={classes.when}>
        <Text span inherit display="block">
          {when.date}
        </Text>
        <Text span inherit display="block" c="dimmed">
          {when.time}
        </Text>
      </span>
      <span className={classes.what}>
        <Text fw={600} truncate="end" data-testid="audit-event-summary">
          {auditEventSummary(event)}
        </Text>
        <Text fz="sm" c="dimmed" truncate="end">
          <span className={classes.mobileOnly}>
            <AuditAgent agent={event.agent} people={people} />
            {patientId && (
              <>
                {' '}
                · <PatientName patientId={patientId} />
              </>
            )}
            {detail && ' · '}
          </span>
          {detail}
        </Text>
      </span>
      <span className={classes.cell}>
        <VisuallyHidden>By </VisuallyHidden>
        <Text span inherit truncate="end" display="block">
          <AuditAgent agent={event.agent} people={people} />
        </Text>
      </span>
      <span className={classes.cell}>
        <VisuallyHidden>Patient </VisuallyHidden>
        <Text span inherit truncate="end" display="block">
          {patientId ? (
            <PatientName patientId={patientId} />
          ) : (
            <Text span inherit c="dimmed">
              No patient
            </Text>
          )}
        </Text>
      </span>
      <span className={classes.outcome} data-outcome={event.outcome}>
        <OutcomeBadge outcome={event.outcome} />
      </span>
    </UnstyledButton>
  );
});
