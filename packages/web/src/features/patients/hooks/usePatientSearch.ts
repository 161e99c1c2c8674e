import type { Patient } from '@caseload/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { usePagedQuery, type UsePagedQueryResult } from '../../../data/index.ts';
import { normaliseSearchText, patientSearchFilters, type PatientSortField } from '../utils/patient-search.ts';

/**
 * Keystrokes closer together than this are one search. Short, because the target is a patient
 * listed within 200 ms of the keystroke, the wait included, and the server's answer needs most of
 * what is left in its slowest cases (docs/performance.md, "Text search matches first"); a
 * superseded search is aborted and its answer dropped anyway.
 */
export const SEARCH_DEBOUNCE_MS = 50;

export interface PatientSort {
  field: PatientSortField;
  order: 'asc' | 'desc';
}

export interface PatientSearch {
  text: string;
  setText: (text: string) => void;
  sort: PatientSort;
  setSort: (sort: PatientSort) => void;
  /** The text (trimmed) of the search the results answer; differs from `text` while typing. */
  searched: string;
  /** Typed but not yet searched, or searched and not yet answered. */
  busy: boolean;
  results: UsePagedQueryResult<Patient>;
}

/**
 * The patient list's search: the typed text, debounced 50 ms, as a `_text` query (a US-style
 * birth date turned into yyyy-MM-dd), sorted as chosen, read 50 at a time. The server limits the
 * answer to the user's patient population.
 */
export function usePatientSearch(): PatientSearch {
  const [text, setText] = useState('');
  const [sort, setSort] = useState<PatientSort>({ field: 'Name', order: 'asc' });
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const searched = debounced.trim();
  const request = useMemo(
    () => ({ filters: patientSearchFilters(searched), orderBy: sort.field, order: sort.order }),
    [searched, sort.field, sort.order],
  );
  const results = usePagedQuery<Patient>('Patients', request);
  // Until the paged query has taken the new request, what it shows answers an older one.
  const answered = JSON.stringify(results.request) === JSON.stringify(request);
  const busy = normaliseSearchText(text) !== normaliseSearchText(searched) || !answered || results.loading;
  return { text, setText, sort, setSort, searched, busy, results };
}
