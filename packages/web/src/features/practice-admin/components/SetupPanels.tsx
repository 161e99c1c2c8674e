import type { District, Group, HealthcareService, Listing, Location, Organization, Program, SecurityRole } from '@caseload/core';
import { Badge, Group as Row, Text } from '@mantine/core';
import { relabel, usePracticeLabels, useResourceActions, type PracticeLabels } from '../../practice/index.ts';
import { NoteConfigPanel } from '../../notes-admin/index.ts';
import { PacketsPanel } from '../../packet-builder/index.ts';
import type { AdminSection } from '../utils/admin-sections.ts';
import { AdminListPanel } from '../../../ui/admin/AdminListPanel.tsx';
import { DistrictForm } from './DistrictForm.tsx';
import { GroupForm } from './GroupForm.tsx';
import { ListingForm } from './ListingForm.tsx';
import { LocationForm } from './LocationForm.tsx';
import { OrganizationForm } from './OrganizationForm.tsx';
import { ProgramForm } from './ProgramForm.tsx';
import { SecurityRoleForm } from './SecurityRoleForm.tsx';
import { ServiceForm } from './ServiceForm.tsx';

const dimmed = (text: string | undefined) =>
  text ? (
    <Text fz="sm">{text}</Text>
  ) : (
    <Text fz="sm" c="dimmed">
      —
    </Text>
  );

/** The section's words in the practice's labels. */
function wordsOf(section: AdminSection, labels: PracticeLabels) {
  return {
    noun: { singular: relabel(section.noun.singular, labels), plural: relabel(section.noun.plural, labels) },
    description: relabel(section.description, labels),
    resourceType: section.resourceType,
    collection: section.collection,
    icon: section.icon,
  };
}

export interface SetupPanelProps {
  section: AdminSection;
}

/** The list-and-edit screen of one kind of practice set-up (everything but preferences). */
export function SetupPanel({ section }: SetupPanelProps) {
  const labels = usePracticeLabels();
  const words = { ...wordsOf(section, labels), actions: useResourceActions(section.resourceType) };
  switch (section.id) {
    case 'programs':
      return (
        <AdminListPanel<Program>
          {...words}
          form={ProgramForm}
          searchText={(p) => `${p.code ?? ''} ${p.organization?.display ?? ''}`}
          columns={[
            { header: 'Code', cell: (p) => dimmed(p.code) },
            { header: 'Organization', cell: (p) => dimmed(p.organization?.display) },
          ]}
        />
      );
    case 'locations':
      return (
        <AdminListPanel<Location>
          {...words}
          form={LocationForm}
          searchText={(l) =>
            `${l.placeOfService?.code ?? ''} ${l.placeOfService?.display ?? ''} ${l.address?.city ?? ''} ${l.address?.state ?? ''}`
          }
          columns={[
            {
              header: 'Place of service',
              cell: (l) => dimmed(l.placeOfService ? `${l.placeOfService.code} · ${l.placeOfService.display ?? ''}` : undefined),
            },
            { header: 'City', cell: (l) => dimmed([l.address?.city, l.address?.state].filter(Boolean).join(', ') || undefined) },
          ]}
        />
      );
    case 'services':
      return (
        <AdminListPanel<HealthcareService>
          {...words}
          form={ServiceForm}
          searchText={(s) => `${s.code?.code ?? ''} ${(s.flags ?? []).join(' ')}`}
          columns={[
            { header: 'Code', cell: (s) => dimmed(s.code?.code) },
            {
              header: 'Flags',
              cell: (s) =>
                (s.flags ?? []).length === 0 ? (
                  dimmed(undefined)
                ) : (
                  <Row gap={4}>
                    {(s.flags ?? []).map((f) => (
                      <Badge key={f} size="sm" variant="light">
                        {f === 'RequireUnits' && s.unitMinutes ? `RequireUnits (${s.unitMinutes} min)` : f}
                      </Badge>
                    ))}
                  </Row>
                ),
            },
          ]}
        />
      );
    case 'organizations':
      return (
        <AdminListPanel<Organization>
          {...words}
          form={OrganizationForm}
          searchText={(o) => `${o.kind ?? ''} ${o.npi ?? ''}`}
          columns={[
            { header: 'Kind', cell: (o) => dimmed(o.kind) },
            { header: 'NPI', cell: (o) => dimmed(o.npi) },
          ]}
        />
      );
    case 'districts':
      return (
        <AdminListPanel<District>
          {...words}
          form={DistrictForm}
          columns={[{ header: 'Organization', cell: (d) => dimmed(d.organization?.display) }]}
        />
      );
    case 'listings':
      return (
        <AdminListPanel<Listing>
          {...words}
          form={ListingForm}
          searchText={(l) => l.kind ?? ''}
          columns={[{ header: 'Kind', cell: (l) => dimmed(l.kind) }]}
        />
      );
    case 'groups':
      return (
        <AdminListPanel<Group>
          {...words}
          form={GroupForm}
          searchText={(g) => (g.members ?? []).map((m) => m.member.display ?? '').join(' ')}
          columns={[{ header: 'Members', cell: (g) => dimmed(String((g.members ?? []).length)) }]}
        />
      );
    case 'roles':
      return (
        <AdminListPanel<SecurityRole>
          {...words}
          form={SecurityRoleForm}
          searchText={(r) => (r.grantSets ?? []).join(' ')}
          columns={[{ header: 'Grant sets', cell: (r) => dimmed(String((r.grantSets ?? []).length)) }]}
        />
      );
    case 'note-definitions':
    case 'note-templates':
    case 'note-rules':
    case 'signature-configurations':
      return <NoteConfigPanel key={section.id} id={section.id} words={words} />;
    case 'packets':
      return <PacketsPanel {...words} />;
    case 'preferences':
      return null;
  }
}
