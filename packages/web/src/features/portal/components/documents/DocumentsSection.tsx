import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconDownload, IconFileText } from '@tabler/icons-react';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { documentDay, documentFileUrl, fileSize } from '../../../documents/index.ts';
import { useCurrentPractice } from '../../../practice/index.ts';
import { usePortalDocuments } from '../../hooks/usePortalDocuments.ts';

/** `/my-documents`: the documents the care team shared, newest first, each to download. */
export function DocumentsSection() {
  useDocumentTitle('Documents · Caseload');
  const { documents, loading, error } = usePortalDocuments();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Documents
      </Title>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Your documents can't be shown">
          {error.message}
        </Alert>
      )}
      {documents.length === 0 ? (
        loading ? (
          <LoadingIndicator fullScreen={false} label="Loading your documents" />
        ) : (
          <Text c="dimmed">No documents shared with you yet. Letters and summaries your care team shares with you will be here.</Text>
        )
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Documents shared with you">
          {documents.map((d) => (
            <Card key={d.id} withBorder radius="md" component="li" data-testid="portal-document">
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <IconFileText size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {d.title}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {[documentDay(d.date), d.sharedBy?.display && `shared by ${d.sharedBy.display}`, fileSize(d.size)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <div>
                    <Button
                      component="a"
                      href={documentFileUrl(practiceId, d)}
                      target="_blank"
                      rel="noopener"
                      variant="light"
                      size="sm"
                      leftSection={<IconDownload size={16} />}
                      aria-label={`Download ${d.title}`}
                    >
                      Download
                    </Button>
                  </div>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
