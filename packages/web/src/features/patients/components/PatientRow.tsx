import type { Patient } from '@caseload/core';
import { Text, VisuallyHidden } from '@mantine/core';
import { forwardRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { birthDateWithAge, goesBy, patientName } from '../utils/patient-display.ts';
import classes from './PatientList.module.css';

export interface PatientRowProps {
  patient: Patient;
  /** yyyy-MM-dd, for the age. */
  today: string;
  /** In the keyboard's tab order (the list's one focusable row). */
  active: boolean;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}

/** One patient of the list: a link to the chart with name (and preferred name), MRN, birth date and age, sex. */
export const PatientRow = forwardRef<HTMLAnchorElement, PatientRowProps>(function PatientRow(
  { patient, today, active, onFocus, onKeyDown },
  ref,
) {
  const preferred = goesBy(patient);
  return (
    <Link
      ref={ref}
      to={`/patients/${encodeURIComponent(patient.id)}`}
      className={classes.row}
      tabIndex={active ? 0 : -1}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      data-testid="patient-row"
    >
      <div className={classes.name}>
        <Text fw={600} truncate="end">
          {patientName(patient)}
        </Text>
        {preferred && (
          <Text fz="sm" c="dimmed" truncate="end">
            Goes by {preferred}
          </Text>
        )}
      </div>
      <span className={classes.cell}>
        <VisuallyHidden>MRN </VisuallyHidden>
        <span data-testid="patient-mrn">{patient.mrn ?? ''}</span>
      </span>
      <span className={classes.cell}>
        <VisuallyHidden>Born </VisuallyHidden>
        {birthDateWithAge(patient.birthDate, today)}
      </span>
      <span className={classes.cell}>
        <VisuallyHidden>Sex </VisuallyHidden>
        {patient.administrativeSex ?? ''}
      </span>
    </Link>
  );
});
