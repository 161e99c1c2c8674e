import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { relabel, usePracticeLabels } from '../../practice/index.ts';
import { ScribeSettingsPanel } from '../../scribe-settings/index.ts';
import { useArea } from '../../shell/index.ts';
import { useAdminPermissions } from '../hooks/useAdminPermissions.ts';
import { visibleSections, type AdminSection } from '../utils/admin-sections.ts';
import { PracticePreferencesPanel } from './PracticePreferencesPanel.tsx';
import { SetupPanel } from './SetupPanels.tsx';

const BASE = '/administration';

function SectionRoute({ section, areaLabel }: { section: AdminSection; areaLabel: string }) {
  const labels = usePracticeLabels();
  useDocumentTitle(`${relabel(section.title, labels)} · ${areaLabel} · Caseload`);
  if (section.id === 'scribe') return <ScribeSettingsPanel />;
  return section.id === 'preferences' ? <PracticePreferencesPanel /> : <SetupPanel section={section} />;
}

/**
 * `/administration/*`: the practice's set-up, one tab per kind (programs, locations, services,
 * organizations, districts, departments and teams, staff groups, security roles, preferences),
 * each at its own address so a link or a reload lands on it. Only the sections the user may read
 * are offered; within them, only the actions they may take.
 */
export function AdministrationArea() {
  const area = useArea('administration');
  const labels = usePracticeLabels();
  const permissions = useAdminPermissions();
  const sections = useMemo(() => visibleSections(permissions), [permissions]);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = sections.find((s) => pathname === `${BASE}/${s.path}` || pathname.startsWith(`${BASE}/${s.path}/`));

  if (sections.length === 0) {
    return (
      <EmptyState
        icon={IconLock}
        title={area.label}
        description="Your roles do not include any part of the practice's set-up."
        headingOrder={1}
      />
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {area.label}
        </Title>
        <Text c="dimmed">{area.description}</Text>
        {/* Users and the staff directory live at their own addresses (features/users, features/staff). */}
        <Group gap="md" mt={6}>
          <Anchor component={Link} to="/administration/users" fz="sm">
            Users, roles and grant sets
          </Anchor>
          <Anchor component={Link} to="/staff" fz="sm">
            Staff directory
          </Anchor>
        </Group>
      </div>
      <Tabs
        value={active?.id ?? null}
        onChange={(id) => navigate(`${BASE}/${sections.find((s) => s.id === id)!.path}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label={`${area.label} sections`} style={{ flexWrap: 'wrap' }}>
          {sections.map((s) => (
            <Tabs.Tab key={s.id} value={s.id} leftSection={<s.icon size={16} aria-hidden />}>
              {relabel(s.title, labels)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<Navigate to={`${BASE}/${sections[0]!.path}`} replace />} />
        {sections.map((s) => (
          <Route key={s.id} path={s.path} element={<SectionRoute section={s} areaLabel={area.label} />} />
        ))}
        <Route path="*" element={<Navigate to={BASE} replace />} />
      </Routes>
    </Stack>
  );
}
