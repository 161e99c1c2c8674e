import type { Filter } from '@caseload/core';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { isApiError } from '../../../api/index.ts';
import { useAuditExport } from '../hooks/useAuditExport.ts';

export interface ExportButtonProps {
  /** The filters of the trail shown; undefined while they cannot be searched. */
  query: Filter[] | undefined;
}

/** `12 KB`, `3.4 MB`. */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Exports the trail as filtered, as CSV: "Preparing…" until the server starts sending (it checks,
 * audits the export and reads the first page first), then the size so far, then the browser saves
 * the file. It can be cancelled; a failure says why and offers to try again.
 */
export function ExportButton({ query }: ExportButtonProps) {
  const exporting = useAuditExport();
  const busy = exporting.phase === 'preparing' || exporting.phase === 'downloading';
  const start = () => query && exporting.start(query);
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs" wrap="nowrap">
        {busy && (
          <Button variant="subtle" size="sm" onClick={exporting.cancel}>
            Cancel
          </Button>
        )}
        <Button
          leftSection={busy ? <Loader size={16} color="white" /> : <IconDownload size={16} aria-hidden />}
          onClick={start}
          disabled={!query || busy}
          data-testid="audit-export"
        >
          {busy ? 'Exporting…' : 'Export CSV'}
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" role="status" aria-live="polite" data-testid="audit-export-status">
        {exporting.phase === 'preparing' && 'Preparing the export…'}
        {exporting.phase === 'downloading' && `Downloading… ${sizeText(exporting.bytes)}`}
        {exporting.phase === 'saved' && `Saved ${exporting.fileName} (${sizeText(exporting.bytes)})`}
      </Text>
      {exporting.phase === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="The export didn't finish" maw={420}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {isApiError(exporting.error)
                ? exporting.error.message
                : 'The connection dropped before the whole file arrived, so nothing was saved.'}
            </Text>
            <Button size="xs" variant="default" onClick={start} disabled={!query}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
