import type { RuleResult } from '@caseload/core';
import { Alert, Button, Card, Group, Kbd, List, Stack, Text } from '@mantine/core';
import { IconPrinter, IconSignature } from '@tabler/icons-react';
import { isApiError } from '../../../api/index.ts';

export interface SignPanelProps {
  /**
   * Opens the attestation dialog (nothing is signed before it is answered). Absent for a profile
   * that may not sign notes: the panel then says so instead.
   */
  onSign?: () => void;
  signing: boolean;
  /** The server's refusal of the last attempt, shown here once the dialog is closed. */
  error: unknown;
  /** Warnings the note was signed with (shown after a sign that owed a co-signature). */
  warnings?: RuleResult[];
  printHref?: string;
  /** How many things the checks panel lists to fix before signing. */
  toFix: number;
  /** The checks are still being read: nothing can be said yet. */
  checking: boolean;
}

/** Why Sign is not offered yet, in words (undefined: it is). */
export function signBlockedReason(toFix: number, checking: boolean): string | undefined {
  if (toFix > 0) return `Fix the ${toFix === 1 ? 'item' : `${toFix} items`} under Checks before signing.`;
  if (checking) return 'Checking what this note needs…';
  return undefined;
}

/** The server's refusal of a sign (or co-sign) call: its message, then each further issue. */
export function SignRefusal({ error, title = 'The note was not signed' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid="sign-refusal">
      {error instanceof Error ? error.message : String(error)}
      {isApiError(error) && error.issues.length > 1 && (
        <List size="sm" mt={4}>
          {error.issues.slice(1).map((i) => (
            <List.Item key={`${i.path}${i.message}`}>{i.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * Signing and printing. Sign (or Ctrl/⌘+Enter from anywhere in the editor) is disabled, with the
 * reason beside it, while the checks panel lists anything to fix; otherwise it opens the
 * attestation dialog, whose final button signs. The server runs every check again.
 */
export function SignPanel({ onSign, signing, error, warnings, printHref, toFix, checking }: SignPanelProps) {
  const blocked = signBlockedReason(toFix, checking);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        {onSign ? (
          <>
            <Button
              leftSection={<IconSignature size={18} />}
              onClick={onSign}
              loading={signing}
              disabled={!!blocked}
              size="md"
              fullWidth
              data-testid="sign-note"
              aria-describedby="sign-note-reason"
            >
              Sign…
            </Button>
            <Text size="xs" c={toFix > 0 ? 'red' : 'dimmed'} ta="center" id="sign-note-reason" data-testid="sign-note-reason">
              {blocked ?? (
                <>
                  or <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd>; you confirm the attestation next
                </>
              )}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            Your role can write notes but not sign them.
          </Text>
        )}
        <SignRefusal error={error} />
        {!!warnings?.length && (
          <Alert color="yellow" variant="light" title="Signed with warnings">
            <List size="sm">
              {warnings.map((w) => (
                <List.Item key={`${w.rule.id}${w.field}`}>{w.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {printHref && (
          <Group justify="center">
            <Button
              component="a"
              href={printHref}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconPrinter size={18} />}
              data-testid="print-note"
            >
              Print
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
