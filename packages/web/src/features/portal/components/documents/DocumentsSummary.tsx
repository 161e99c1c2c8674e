import { Text } from '@mantine/core';
import { usePortalDocuments } from '../../hooks/usePortalDocuments.ts';

/** The Documents card on the portal's home: how many the care team shared. */
export function DocumentsSummary() {
  const { documents, loading } = usePortalDocuments();
  if (documents.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        {loading ? 'Looking for your documents…' : 'No documents shared with you yet.'}
      </Text>
    );
  return (
    <Text fz="sm" fw={600} c="var(--mantine-color-anchor)">
      {documents.length === 1 ? '1 document shared with you' : `${documents.length} documents shared with you`}
    </Text>
  );
}
