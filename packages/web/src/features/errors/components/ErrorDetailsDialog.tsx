import { Button, Code, CopyButton, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { IconButton } from '../../../ui/IconButton.tsx';
import { useMemo } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { describeError, type ErrorDetails } from '../utils/error-details.ts';

export interface ErrorDetailsDialogProps {
  error: unknown;
  opened: boolean;
  onClose: () => void;
}

function asText(details: ErrorDetails): string {
  return details.kind === 'http'
    ? [
        `Request ID: ${details.requestId ?? 'none'}`,
        `HTTP status: ${details.status}`,
        `Title: ${details.title}`,
        '',
        details.body?.text ?? '',
      ].join('\n')
    : [`Name: ${details.name}`, `Message: ${details.message}`, '', details.stack ?? ''].join('\n');
}

function Field({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={130} fw={500} c="dimmed" fz="sm" style={{ verticalAlign: 'top' }}>
        {name}
      </Table.Th>
      <Table.Td fz="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * "Show me nerd stuff" (SPEC.md section 2): for an HTTP error the request id, the status, the
 * response's title (or the message) and its body as text or indented JSON; for anything else the
 * name, the message and the stack. What support needs, copyable in one go.
 */
export function ErrorDetailsDialog({ error, opened, onClose }: ErrorDetailsDialogProps) {
  const details = useMemo(() => describeError(error), [error]);
  const block = details.kind === 'http' ? details.body?.text : details.stack;
  return (
    <Modal opened={opened} onClose={onClose} title="Error details" size="lg" closeOnEscape closeOnClickOutside>
      <Stack gap="md">
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} aria-label="Error details">
          <Table.Tbody>
            {details.kind === 'http' ? (
              <>
                <Field name="Request ID">
                  <Code>{details.requestId ?? 'none'}</Code>
                  {details.requestId && (
                    <CopyButton value={details.requestId}>
                      {({ copied, copy }) => (
                        <IconButton
                          icon={copied ? IconCheck : IconCopy}
                          label={copied ? 'Copied' : 'Copy the request ID'}
                          onClick={copy}
                          ml={6}
                          size="standard"
                        />
                      )}
                    </CopyButton>
                  )}
                </Field>
                <Field name="HTTP status">{details.status}</Field>
                <Field name="Title">{details.title}</Field>
              </>
            ) : (
              <>
                <Field name="Name">{details.name}</Field>
                <Field name="Message">{details.message}</Field>
              </>
            )}
          </Table.Tbody>
        </Table>
        {block && (
          <Stack gap={4}>
            <Text fz="sm" fw={500} c="dimmed">
              {details.kind === 'http' ? (details.body?.format === 'json' ? 'Response (JSON)' : 'Response') : 'Stack trace'}
            </Text>
            <ScrollArea.Autosize mah={280} type="auto">
              <Code block data-testid="error-details-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {block}
              </Code>
            </ScrollArea.Autosize>
          </Stack>
        )}
        <Group justify="flex-end">
          <CopyButton value={asText(details)}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy details'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
