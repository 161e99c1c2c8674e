import { PLACES_OF_SERVICE, type Encounter } from '@caseload/core';
import { Alert, Button, Card, Grid, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { practiceTimeZone, useLabel } from '../../practice/index.ts';
import { useGroupSession } from '../hooks/useGroupSession.ts';
import { useMayWriteNotes } from '../hooks/useMayWriteNotes.ts';
import { GROUP_ATTENDEE_LIMIT } from '../utils/group-session.ts';
import { AttendeePicker } from './AttendeePicker.tsx';
import { GroupSessionCreated } from './GroupSessionCreated.tsx';
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
  const {
    setup,
    preferences,
    definitions,
    definition,
    setDefinitionId,
    split,
    shared,
    setShared,
    attendees,
    setAttendees,
    update,
    encounter,
    setEncounter,
    create,
    answer,
  } = useGroupSession();
  const patientPlural = useLabel('patient', 'plural');
  const sessionLabel = useLabel('session', 'singular');
  const locationLabel = useLabel('location', 'singular');
  useDocumentTitle(`Group note · Caseload`);
  const timeZone = practiceTimeZone(preferences);
  const canWrite = useMayWriteNotes('Create');

  if (!canWrite) {
    return (
      <Alert color="gray" variant="light" title="Group notes are not yours to write">
        Your role can read notes but not create them.
      </Alert>
    );
  }

  if (answer) return <GroupSessionCreated answer={answer} />;

  const encounterFor = encounter as Encounter;
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Group note
      </Title>
      {definitions.length === 0 && !setup.loading && (
        <Alert color="yellow" variant="light">
          No group note definitions are set up yet. An administrator adds them under Administration.
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="section" aria-label="Group session">
              <Stack gap="sm">
                <Select
                  label="Kind of group note"
                  data={definitions.map((d) => ({ value: d.id, label: d.name }))}
                  value={definition?.id ?? null}
                  onChange={setDefinitionId}
                  allowDeselect={false}
                  required
                  data-autofocus
                />
                <Group grow align="flex-start">
                  <ResourceSelect
                    label="Service"
                    options={setup.services}
                    value={encounter.serviceType}
                    onChange={(v) => setEncounter((e) => ({ ...e, serviceType: v }))}
                  />
                  <ResourceSelect
                    label="Program"
                    options={setup.programs}
                    value={encounter.program}
                    onChange={(v) => setEncounter((e) => ({ ...e, program: v }))}
                  />
                </Group>
                <Group grow align="flex-start">
                  <ResourceSelect
                    label={locationLabel}
                    options={setup.locations}
                    value={encounter.location?.location}
                    onChange={(v) =>
                      setEncounter((e) => ({
                        ...e,
                        location: {
                          ...e.location,
                          location: v,
                          ...(!preferences.hidePlaceOfService && {
                            placeOfService: setup.locations.find((l) => l.id === v?.id)?.placeOfService,
                          }),
                        },
                      }))
                    }
                  />
                  {!preferences.hidePlaceOfService && (
                    <Select
                      label="Place of service"
                      data={PLACE_DATA}
                      searchable
                      value={encounter.location?.placeOfService?.code ?? null}
                      withAsterisk={preferences.requirePlaceOfService}
                      onChange={(code) => {
                        const c = PLACES_OF_SERVICE.concepts.find((x) => x.code === code);
                        setEncounter((e) => ({
                          ...e,
                          location: {
                            ...e.location,
                            placeOfService: c && { system: PLACES_OF_SERVICE.system, code: c.code, display: c.display },
                          },
                        }));
                      }}
                    />
                  )}
                </Group>
                {definition && (
                  <SessionTimeFields
                    key={definition.id}
                    label={sessionLabel}
                    value={encounter.sessionTime}
                    mode={definition.durationMode ?? 'Duration'}
                    incrementMinutes={definition.incrementMinutes}
                    timeZone={timeZone}
                    onChange={(t) => setEncounter((e) => ({ ...e, sessionTime: t }))}
                  />
                )}
              </Stack>
            </Card>
            {shared.map((s) => (
              <NoteSectionEditor
                key={`${definition?.id}-${s.key}`}
                section={s}
                definition={definition?.sections.find((d) => d.key === s.key)}
                encounter={encounterFor}
                conditions={[]}
                choiceLists={preferences}
                partition=""
                onChange={(change) => setShared((all) => all.map((x) => (x.key === s.key ? change(x) : x)))}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md" component="section" aria-labelledby="attendees-title">
            <Stack gap="sm">
              <Title order={2} fz="md" id="attendees-title">
                Attendees ({attendees.length} of at most {GROUP_ATTENDEE_LIMIT})
              </Title>
              <AttendeePicker
                label={`Add from ${patientPlural.toLowerCase()}`}
                exclude={attendees.map((a) => a.patient.id)}
                disabled={attendees.length >= GROUP_ATTENDEE_LIMIT}
                onPick={(p) =>
                  setAttendees((all) => [
                    ...all,
                    { patient: { resourceType: 'Patient', id: p.id, display: p.display }, present: true, sections: split.individual },
                  ])
                }
              />
              {attendees.length === 0 && (
                <Text size="sm" c="dimmed">
                  Nobody added yet.
                </Text>
              )}
              <Stack gap="xs" role="list" aria-label="Attendees">
                {attendees.map((a, i) => (
                  <Card key={a.patient.id} withBorder padding="xs" role="listitem" data-testid="attendee">
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={500} size="sm">
                        {a.patient.display ?? a.patient.id}
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <Switch
                          label="Present"
                          checked={a.present}
                          onChange={(e) => update(i, { present: e.currentTarget.checked })}
                          aria-label={`${a.patient.display ?? 'Attendee'} present`}
                        />
                        <IconButton
                          label={`Remove ${a.patient.display ?? 'attendee'}`}
                          icon={IconTrash}
                          onClick={() => setAttendees((all) => all.filter((_, j) => j !== i))}
                        />
                      </Group>
                    </Group>
                    {!preferences.forceGroupNoteServiceOverride && (
                      <ResourceSelect
                        label="Own service (optional)"
                        options={setup.services}
                        value={a.serviceType}
                        onChange={(v) => update(i, { serviceType: v })}
                        placeholder="The group's"
                      />
                    )}
                    {a.sections.map((s) => (
                      <NoteSectionEditor
                        key={s.key}
                        section={s}
                        definition={definition?.sections.find((d) => d.key === s.key)}
                        encounter={encounterFor}
                        conditions={[]}
                        choiceLists={preferences}
                        partition={a.patient.id}
                        onChange={(change) => update(i, { sections: a.sections.map((x) => (x.key === s.key ? change(x) : x)) })}
                      />
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
