import { Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { Suspense } from 'react';
import { usePortal } from '../hooks/usePortal.ts';
import { usePortalSections } from '../hooks/usePortalSections.ts';
import type { PortalSection } from '../sections.ts';
import { greetingName } from '../utils/portal-person.ts';
import { CardLink } from './CardLink.tsx';

function SectionCard({ section }: { section: PortalSection }) {
  return (
    <CardLink to={section.path}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <section.icon size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={650} fz="lg">
            {section.label}
          </Text>
          <Text c="dimmed" fz="sm">
            {section.description}
          </Text>
          <Suspense fallback={null}>
            <section.Summary />
          </Suspense>
        </Stack>
        <IconChevronRight size={20} aria-hidden style={{ alignSelf: 'center', flexShrink: 0 }} />
      </Group>
    </CardLink>
  );
}

/** The portal's landing page: a greeting, and a card for each section saying what waits there. */
export function PortalHome() {
  const { person, subject } = usePortal();
  const sections = usePortalSections();
  useDocumentTitle('Home · Caseload');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={26}>
          Hello, {greetingName(person)}
        </Title>
        <Text c="dimmed">
          {subject === 'Patient'
            ? 'This is your space with your care team.'
            : 'This is your space with the care team of the person you care for.'}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {sections.map((s) => (
          <SectionCard key={s.id} section={s} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
