import { PLACES_OF_SERVICE, type Encounter, type NoteSection, type Patient } from '@caseload/core';
import { Alert, Anchor, Button, Card, Grid, Group, List, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { useCurrentPractice, useLabel, usePracticePreferences } from '../../practice/index.ts';
import { postGroupSession, type GroupSessionAnswer } from '../api/notes.api.ts';
import { useNoteSetup } from '../hooks/useNoteSetup.ts';
import { practiceTimeZone } from '../utils/editor-rule-context.ts';
import { availableDefinitions } from '../utils/note-draft.ts';
import { notePath } from '../utils/note-paths.ts';
import { defaultSessionTime } from '../utils/session-time-fields.ts';
import { GROUP_ATTENDEE_LIMIT, groupSessionBody, splitGroupSections, type GroupAttendee } from '../utils/group-session.ts';
import { AttendeePicker } from './AttendeePicker.tsx';
import { NoteSectionEditor } from './NoteSectionEditor.tsx';
import { ResourceSelect } from './ResourceSelect.tsx';
import { SessionTimeFields } from './SessionTimeFields.tsx';

const PLACE_DATA = PLACES_OF_SERVICE.concepts.map((c) => ({ value: c.code, label: `${c.code} ${c.display}` }));

/**
 * A group session (`/notes/group-session`): a group note definition, the session shared by all
 * (service, program, location, time), up to GROUP_ATTENDEE_LIMIT attendees each present or absent,
 * the shared sections written once and each attendee's own sections. "Create notes" makes one
 * note per attendee on the server in one call (POST Notes/group-sessions); each is then signed on
 * its own. With `forceGroupNoteServiceOverride` every attendee gets the group's service.
 */
export function GroupSessionEditor() {
  const [params] = useSearchParams();
  const first = params.get('patient');
  const setup = useNoteSetup();
  const { values: preferences } = usePracticePreferences();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const patientPlural = useLabel('patient', 'plural');
  const sessionLabel = useLabel('session', 'singular');
  const locationLabel = useLabel('location', 'singular');
  useDocumentTitle(`Group note · Caseload`);
  const timeZone = practiceTimeZone(preferences);
  const definitions = availableDefinitions(setup.definitions, { kinds: ['Group'], filterByProgram: false });
  const [definitionId, setDefinitionId] = useState<string | null>(null);
  const definition = definitions.find((d) => d.id === (definitionId ?? (definitions.length === 1 ? definitions[0]!.id : null)));
  const split = useMemo(() => splitGroupSections(definition), [definition]);
  const [shared, setShared] = useState<NoteSection[]>([]);
  const [attendees, setAttendees] = useState<GroupAttendee[]>([]);
  const [encounter, setEncounter] = useState<Partial<Encounter>>({ visitMode: 'InPerson' });
  const [answer, setAnswer] = useState<GroupSessionAnswer>();
  const firstPatient = useResource<Patient>('Patients', first ?? undefined);

  // A new definition: its sections, and every attendee's own sections, start afresh.
  useEffect(() => {
    setShared(split.shared);
    setAttendees((all) => all.map((a) => ({ ...a, sections: split.individual })));
    const mode = definition?.durationMode ?? 'Duration';
    setEncounter((e) => ({
      ...e,
      sessionTime: preferences.allowSessionTimeInputDefault ? defaultSessionTime(new Date(), mode, definition?.incrementMinutes) : { mode },
      ...(definition?.serviceTypes?.length === 1 && { serviceType: definition.serviceTypes[0] }),
    }));
  }, [split, definition, preferences.allowSessionTimeInputDefault]);

  // Opened from a chart: that patient is the first attendee.
  useEffect(() => {
    const p = firstPatient.item;
    if (p) setAttendees((all) => (all.some((a) => a.patient.id === p.id) ? all : [{ patient: { resourceType: 'Patient', id: p.id, display: p.display }, present: true, sections: split.individual }, ...all]));
  }, [firstPatient.item, split.individual]);

  const create = useSubmit(async () => {
    if (!definition) throw new Error('Choose the kind of group note.');
    if (attendees.length === 0) throw new Error('Add at least one attendee.');
    setAnswer(await postGroupSession(practiceId, groupSessionBody({ definition, encounter, shared, attendees, forceServiceOverride: preferences.forceGroupNoteServiceOverride })));
  });

  if (answer) {
    return (
      <Stack gap="md" data-testid="group-session-created">
        <Title order={1} fz={26}>Group notes created</Title>
        <Text>One note for each of the {answer.attendees.length} attendees. Open each to finish and sign it.</Text>
        <List>
          {answer.attendees.map((a) => (
            <List.Item key={a.note.id}>
              <Anchor component={Link} to={notePath(a.patient.id, a.note.id)}>{a.note.subject.display ?? a.patient.id}</Anchor>
              <Text span c="dimmed" size="sm"> · {a.present ? 'present' : 'absent'}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    );
  }

  const update = (i: number, patch: Partial<GroupAttendee>) => setAttendees((all) => all.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const encounterFor = encounter as Encounter;
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>Group note</Title>
      {definitions.length === 0 && !setup.loading && <Alert color="yellow" variant="light">No group note definitions are set up yet. An administrator adds them under Administration.</Alert>}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="section" aria-label="Group session">
              <Stack gap="sm">
                <Select label="Kind of group note" data={definitions.map((d) => ({ value: d.id, label: d.name }))} value={definition?.id ?? null} onChange={setDefinitionId} allowDeselect={false} required data-autofocus />
                <Group grow align="flex-start">
                  <ResourceSelect label="Service" options={setup.services} value={encounter.serviceType} onChange={(v) => setEncounter((e) => ({ ...e, serviceType: v }))} />
                  <ResourceSelect label="Program" options={setup.programs} value={encounter.program} onChange={(v) => setEncounter((e) => ({ ...e, program: v }))} />
                </Group>
                <Group grow align="flex-start">
                  <ResourceSelect label={locationLabel} options={setup.locations} value={encounter.location?.location}
                    onChange={(v) => setEncounter((e) => ({ ...e, location: { ...e.location, location: v, ...(!preferences.hidePlaceOfService && { placeOfService: setup.locations.find((l) => l.id === v?.id)?.placeOfService }) } }))} />
                  {!preferences.hidePlaceOfService && (
                    <Select label="Place of service" data={PLACE_DATA} searchable value={encounter.location?.placeOfService?.code ?? null} withAsterisk={preferences.requirePlaceOfService}
                      onChange={(code) => { const c = PLACES_OF_SERVICE.concepts.find((x) => x.code === code); setEncounter((e) => ({ ...e, location: { ...e.location, placeOfService: c && { system: PLACES_OF_SERVICE.system, code: c.code, display: c.display } } })); }} />
                  )}
                </Group>
                {definition && (
                  <SessionTimeFields key={definition.id} label={sessionLabel} value={encounter.sessionTime} mode={definition.durationMode ?? 'Duration'} incrementMinutes={definition.incrementMinutes} timeZone={timeZone}
                    onChange={(t) => setEncounter((e) => ({ ...e, sessionTime: t }))} />
                )}
              </Stack>
            </Card>
            {shared.map((s) => (
              <NoteSectionEditor key={`${definition?.id}-${s.key}`} section={s} definition={definition?.sections.find((d) => d.key === s.key)} encounter={encounterFor}
                conditions={[]} choiceLists={preferences} partition=""
                onChange={(change) => setShared((all) => all.map((x) => (x.key === s.key ? change(x) : x)))} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md" component="section" aria-labelledby="attendees-title">
            <Stack gap="sm">
              <Title order={2} fz="md" id="attendees-title">Attendees ({attendees.length} of at most {GROUP_ATTENDEE_LIMIT})</Title>
              <AttendeePicker label={`Add from ${patientPlural.toLowerCase()}`} exclude={attendees.map((a) => a.patient.id)} disabled={attendees.length >= GROUP_ATTENDEE_LIMIT}
                onPick={(p) => setAttendees((all) => [...all, { patient: { resourceType: 'Patient', id: p.id, display: p.display }, present: true, sections: split.individual }])} />
              {attendees.length === 0 && <Text size="sm" c="dimmed">Nobody added yet.</Text>}
              <Stack gap="xs" role="list" aria-label="Attendees">
                {attendees.map((a, i) => (
                  <Card key={a.patient.id} withBorder padding="xs" role="listitem" data-testid="attendee">
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={500} size="sm">{a.patient.display ?? a.patient.id}</Text>
                      <Group gap="xs" wrap="nowrap">
                        <Switch label="Present" checked={a.present} onChange={(e) => update(i, { present: e.currentTarget.checked })} aria-label={`${a.patient.display ?? 'Attendee'} present`} />
                        <IconButton label={`Remove ${a.patient.display ?? 'attendee'}`} icon={IconTrash} onClick={() => setAttendees((all) => all.filter((_, j) => j !== i))} />
                      </Group>
                    </Group>
                    {!preferences.forceGroupNoteServiceOverride && (
                      <ResourceSelect label="Own service (optional)" options={setup.services} value={a.serviceType} onChange={(v) => update(i, { serviceType: v })} placeholder="The group's" />
                    )}
                    {a.sections.map((s) => (
                      <NoteSectionEditor key={s.key} section={s} definition={definition?.sections.find((d) => d.key === s.key)} encounter={encounterFor}
                        conditions={[]} choiceLists={preferences} partition={a.patient.id}
                        onChange={(change) => update(i, { sections: a.sections.map((x) => (x.key === s.key ? change(x) : x)) })} />
                    ))}
                  </Card>
                ))}
              </Stack>
              <FormErrorAlert error={create.error} />
              <Button onClick={() => void create.run()} loading={create.pending} disabled={!definition || attendees.length === 0}>
                Create {attendees.length || ''} notes
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
