import type { Condition, EncounterDiagnosis, EpisodeOfCare } from '@caseload/core';
import { MultiSelect } from '@mantine/core';
import { refTo } from '../utils/note-refs.ts';

export interface DiagnosesFieldProps {
  value: EncounterDiagnosis[];
  onChange(value: EncounterDiagnosis[]): void;
  conditions: readonly Condition[];
  episodes: readonly EpisodeOfCare[];
  /** With `filterDxByProgram`: only diagnoses of episodes enrolling this program are offered. */
  programId?: string;
  filterByProgram: boolean;
  id?: string;
  disabled?: boolean;
}

const codeLabel = (c: { code: string; display?: string }) => `${c.code} ${c.display ?? ''}`.trim();

/**
 * The encounter's diagnoses, picked from the patient's (neither refuted nor resolved); the order
 * picked is the rank. With `filterDxByProgram` only the diagnoses of the episodes that enrol the
 * note's program are offered (every one when no program is chosen yet).
 */
export function DiagnosesField({ value, onChange, conditions, episodes, programId, filterByProgram, id, disabled }: DiagnosesFieldProps) {
  const inProgram =
    filterByProgram && programId
      ? new Set(
          episodes
            .filter((e) => e.programs.some((p) => p.program.id === programId))
            .flatMap((e) => (e.diagnoses ?? []).map((d) => d.condition.id)),
        )
      : undefined;
  const offered = conditions.filter(
    (c) => c.verificationStatus !== 'Refuted' && c.clinicalStatus !== 'resolved' && (!inProgram || inProgram.has(c.id)),
  );
  const data = offered.map((c) => ({ value: c.id, label: codeLabel(c.code) }));
  // Diagnoses already on the note stay visible even when no longer offered.
  const keyOf = (d: EncounterDiagnosis) => d.condition?.id ?? `code:${d.code.code}`;
  for (const d of value) if (!data.some((o) => o.value === keyOf(d))) data.push({ value: keyOf(d), label: codeLabel(d.code) });
  return (
    <MultiSelect
      id={id}
      label="Diagnoses"
      description={filterByProgram ? "The program's diagnoses from this patient's episodes" : undefined}
      data={data}
      value={value.map(keyOf)}
      searchable
      disabled={disabled}
      placeholder={value.length ? undefined : 'Choose diagnoses'}
      nothingFoundMessage="No diagnoses on file match"
      onChange={(keys) =>
        onChange(
          keys.flatMap((k, i) => {
            const kept = value.find((d) => keyOf(d) === k);
            if (kept) return [{ ...kept, rank: i + 1 }];
            const c = conditions.find((x) => x.id === k);
            return c ? [{ code: c.code, condition: refTo(c), rank: i + 1 }] : [];
          }),
        )
      }
    />
  );
}
