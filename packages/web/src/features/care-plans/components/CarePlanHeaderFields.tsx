import { CarePlanStatuses, type CarePlan, type Condition, type EpisodeOfCare, type Practitioner, type Program } from '@caseload/core';
import { MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useCollection } from '../../../data/index.ts';
import { conditionLabel, dayOrUndefined, episodeLabel, refTo } from '../utils/plan-refs.ts';

export interface CarePlanHeaderFieldsProps {
  plan: CarePlan;
  onChange(change: (plan: CarePlan) => CarePlan): void;
  conditions: readonly Condition[];
  episodes: readonly EpisodeOfCare[];
}

const STATUS_LABELS: Record<string, string> = { Active: 'Active', Completed: 'Completed', Cancelled: 'Cancelled' };

/** Sets or removes one optional field. */
function withField<K extends keyof CarePlan>(plan: CarePlan, key: K, value: CarePlan[K] | undefined): CarePlan {
  const next = { ...plan };
  if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}

/** The plan's header: title, status, period, review date, program, episode, the diagnoses it addresses and the care team. */
export function CarePlanHeaderFields({ plan, onChange, conditions, episodes }: CarePlanHeaderFieldsProps) {
  const programs = useCollection<Program>('Programs').items;
  const staff = useCollection<Practitioner>('Practitioners').items;
  const set = <K extends keyof CarePlan>(key: K, value: CarePlan[K] | undefined) => onChange((p) => withField(p, key, value));
  const setPeriod = (part: 'start' | 'end', value: string) =>
    onChange((p) => {
      const period = { ...p.period, [part]: dayOrUndefined(value) };
      if (!period[part]) delete period[part];
      return withField(p, 'period', period.start || period.end ? period : undefined);
    });
  const conditionData = conditions.map((c) => ({ value: c.id, label: conditionLabel(c) }));
  for (const a of plan.addresses ?? [])
    if (!conditionData.some((o) => o.value === a.id)) conditionData.push({ value: a.id, label: a.display ?? a.id });
  const staffData = staff.filter((s) => s.active !== false).map((s) => ({ value: s.id, label: s.display ?? s.id }));
  for (const m of plan.careTeam ?? [])
    if (!staffData.some((o) => o.value === m.id)) staffData.push({ value: m.id, label: m.display ?? m.id });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      <TextInput label="Title" value={plan.title ?? ''} onChange={(e) => set('title', e.currentTarget.value || undefined)} />
      <Select
        label="Status"
        data={CarePlanStatuses.map((s) => ({ value: s, label: STATUS_LABELS[s] ?? s }))}
        value={plan.status}
        allowDeselect={false}
        onChange={(v) => v && set('status', v as CarePlan['status'])}
      />
      <TextInput
        type="date"
        label="Review date"
        value={plan.reviewDate ?? ''}
        onChange={(e) => set('reviewDate', dayOrUndefined(e.currentTarget.value))}
      />
      <TextInput type="date" label="Start" value={plan.period?.start ?? ''} onChange={(e) => setPeriod('start', e.currentTarget.value)} />
      <TextInput type="date" label="End" value={plan.period?.end ?? ''} onChange={(e) => setPeriod('end', e.currentTarget.value)} />
      <Select
        label="Program"
        data={programs.map((p) => ({ value: p.id, label: p.name }))}
        value={plan.program?.id ?? null}
        clearable
        searchable
        placeholder="No program"
        onChange={(v) => {
          const program = programs.find((p) => p.id === v);
          set('program', program ? refTo('Program', program.id, program.name) : undefined);
        }}
      />
      <Select
        label="Episode of care"
        data={episodes.map((e) => ({ value: e.id, label: episodeLabel(e) }))}
        value={plan.episodeOfCare?.id ?? null}
        clearable
        placeholder="No episode"
        onChange={(v) => {
          const episode = episodes.find((e) => e.id === v);
          set('episodeOfCare', episode ? refTo('EpisodeOfCare', episode.id, episodeLabel(episode)) : undefined);
        }}
      />
      <MultiSelect
        label="Addresses"
        description="The patient's diagnoses this plan treats"
        data={conditionData}
        value={(plan.addresses ?? []).map((a) => a.id)}
        searchable
        nothingFoundMessage="No diagnoses on file match"
        onChange={(ids) =>
          set(
            'addresses',
            ids.map((id) => refTo('Condition', id, conditionData.find((o) => o.value === id)?.label)),
          )
        }
      />
      <MultiSelect
        label="Care team"
        data={staffData}
        value={(plan.careTeam ?? []).map((m) => m.id)}
        searchable
        nothingFoundMessage="No staff member matches"
        onChange={(ids) =>
          set(
            'careTeam',
            ids.map((id) => refTo('Practitioner', id, staffData.find((o) => o.value === id)?.label)),
          )
        }
      />
    </SimpleGrid>
  );
}
