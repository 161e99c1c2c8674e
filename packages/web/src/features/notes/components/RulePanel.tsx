import type { CompletenessIssue, RuleResult } from '@caseload/core';
import { Alert, Card, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { NoteCompleteness } from '../hooks/useNoteCompleteness.ts';
import type { NoteRuleResults } from '../hooks/useNoteRules.ts';
import { focusNoteField } from '../utils/focus-note-field.ts';

export interface RulePanelProps {
  rules: NoteRuleResults;
  /** What the note's definition, its forms and the practice still require. */
  completeness: NoteCompleteness;
}

/** One line of the panel: what to fix, as a button that takes the user to the field. */
function CheckRow({ message, field, blocking }: { message: string; field: string; blocking: boolean }) {
  const Icon = blocking ? IconCircleX : IconAlertTriangle;
  return (
    <UnstyledButton
      onClick={() => focusNoteField(field)}
      data-testid="rule-result"
      data-severity={blocking ? 'block' : 'warn'}
      data-field={field}
      aria-label={`${blocking ? 'Must fix' : 'Warning'}: ${message} Go to the field.`}
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        display: 'flex',
        width: '100%',
        gap: 8,
        alignItems: 'flex-start',
        background: `var(--mantine-color-${blocking ? 'red' : 'yellow'}-light)`,
      }}
    >
      <Icon size={20} color={`var(--mantine-color-${blocking ? 'red' : 'yellow'}-light-color)`} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm">{message}</Text>
    </UnstyledButton>
  );
}

const issueRow = (i: CompletenessIssue) => (
  <div role="listitem" key={`${i.path}:${i.message}`}>
    <CheckRow message={i.message} field={i.path} blocking />
  </div>
);
const ruleRow = (r: RuleResult) => (
  <div role="listitem" key={`${r.rule.id}-${r.field}`}>
    <CheckRow message={r.message} field={r.field} blocking={r.severity === 'block'} />
  </div>
);

/**
 * The note's checks as they stand now: what must be fixed before signing (each required field
 * still empty, then each blocking rule), then warnings. Each is a button that takes the user to
 * the field to fix.
 */
export function RulePanel({ rules, completeness }: RulePanelProps) {
  const mustFix = completeness.issues.length + rules.blocking.length;
  const settled = !rules.loading && !completeness.loading;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="rule-panel-title" data-testid="rule-panel">
      <Stack gap="xs">
        <Title order={2} fz="md" id="rule-panel-title">
          Checks
        </Title>
        {rules.error && (
          <Alert color="yellow" variant="light" title="The practice's note rules could not be read">
            {rules.error.message} They are checked again when you sign.
          </Alert>
        )}
        {mustFix + rules.warnings.length > 0 && (
          <Stack gap={6} role="list" aria-live="polite">
            {mustFix > 0 && (
              <Text size="xs" fw={600} tt="uppercase" c="red">
                Must fix before signing
              </Text>
            )}
            {completeness.issues.map(issueRow)}
            {rules.blocking.map(ruleRow)}
            {rules.warnings.length > 0 && (
              <Text size="xs" fw={600} tt="uppercase" c="yellow.8">
                Warnings
              </Text>
            )}
            {rules.warnings.map(ruleRow)}
          </Stack>
        )}
        {!settled ? (
          <Loader size="sm" aria-label="Reading the practice's note rules and forms" />
        ) : (
          mustFix + rules.warnings.length === 0 &&
          !rules.error && (
            <Text size="sm" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <IconCircleCheck size={18} color="var(--mantine-color-green-light-color)" aria-hidden /> Nothing to fix: every required field
              is filled and every rule is met.
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}
