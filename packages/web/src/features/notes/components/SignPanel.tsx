import type { RuleResult } from '@caseload/core';
import { Alert, Button, Card, Group, Kbd, List, Stack, Text } from '@mantine/core';
import { IconPrinter, IconSignature } from '@tabler/icons-react';
import { isApiError } from '../../../api/index.ts';

export interface SignPanelProps {
  onSign(): void;
  signing: boolean;
  /** The server's refusal of the last attempt. */
  error: unknown;
  /** Warnings the note was signed with (shown after a sign that owed a co-signature). */
  warnings?: RuleResult[];
  printHref?: string;
  blockingCount: number;
}

/**
 * Signing and printing. Signing sends what waits first and asks the server, which runs the
 * rules again: a refusal is shown in its words with each blocking rule. Ctrl/⌘+Enter signs
 * from anywhere in the editor.
 */
export function SignPanel({ onSign, signing, error, warnings, printHref, blockingCount }: SignPanelProps) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Button leftSection={<IconSignature size={18} />} onClick={onSign} loading={signing} size="md" fullWidth data-testid="sign-note">
          Sign
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          or <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd>{blockingCount > 0 ? ` · ${blockingCount} to fix first` : ''}
        </Text>
        {!!error && (
          <Alert color="red" variant="light" role="alert" title="The note was not signed" data-testid="sign-refusal">
            {error instanceof Error ? error.message : String(error)}
            {isApiError(error) && error.issues.length > 1 && (
              <List size="sm" mt={4}>{error.issues.slice(1).map((i) => <List.Item key={`${i.path}${i.message}`}>{i.message}</List.Item>)}</List>
            )}
          </Alert>
        )}
        {!!warnings?.length && (
          <Alert color="yellow" variant="light" title="Signed with warnings">
            <List size="sm">{warnings.map((w) => <List.Item key={`${w.rule.id}${w.field}`}>{w.message}</List.Item>)}</List>
          </Alert>
        )}
        {printHref && (
          <Group justify="center">
            <Button component="a" href={printHref} target="_blank" rel="noopener" variant="default" leftSection={<IconPrinter size={18} />} data-testid="print-note">
              Print
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
