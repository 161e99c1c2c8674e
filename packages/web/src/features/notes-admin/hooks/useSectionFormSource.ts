import type { NoteSectionKind } from '@caseload/core';
import { useMemo } from 'react';
import { SECTION_FORM_SOURCES } from '../utils/definition-form.ts';
import type { FormChoice } from './useFormChoices.ts';

/**
 * The form a section of `kind` answers, if its kind takes one (Form, Subform, Assessment): where
 * it is picked from, and the choices from those collections.
 */
export function useSectionFormSource(kind: NoteSectionKind, formChoices: FormChoice[]) {
  const source = SECTION_FORM_SOURCES[kind];
  const options = useMemo(
    () =>
      source
        ? formChoices
            .filter((c) => source.collections.includes(c.collection))
            .map((c) => ({ value: c.id, label: `${c.label} · ${c.resourceType}` }))
        : [],
    [source, formChoices],
  );
  return { source, options };
}
