import type { RuleResult } from '@caseload/core';
import { Alert, Card, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { NoteRuleResults } from '../hooks/useNoteRules.ts';
import { fieldDomId } from '../utils/note-refs.ts';

export interface RulePanelProps {
  rules: NoteRuleResults;
}

/**
 * Moves focus to the field a result names: the field with that path's id, else the nearest
 * parent path's (`encounter.location.placeOfService` falls back to the location). The element is
 * scrolled into view; a Mantine input receives focus directly.
 */
export function focusRuleField(path: string): boolean {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const el = document.getElementById(fieldDomId(p));
    if (el) {
      const target = el.matches('input, textarea, button, [contenteditable], [tabindex]') ? el : (el.querySelector<HTMLElement>('input, button, [tabindex]') ?? el);
      target.scrollIntoView({ block: 'center' });
      target.focus();
      return true;
    }
  }
  return false;
}

function ResultRow({ result }: { result: RuleResult }) {
  const blocking = result.severity === 'block';
  const Icon = blocking ? IconCircleX : IconAlertTriangle;
  return (
    <UnstyledButton
      onClick={() => focusRuleField(result.field)}
      data-testid="rule-result"
      data-severity={result.severity}
      aria-label={`${blocking ? 'Must fix' : 'Warning'}: ${result.message} Go to the field.`}
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'flex', gap: 8, alignItems: 'flex-start', background: `var(--mantine-color-${blocking ? 'red' : 'yellow'}-light)` }}
    >
      <Icon size={20} color={`var(--mantine-color-${blocking ? 'red' : 'yellow'}-light-color)`} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm">{result.message}</Text>
    </UnstyledButton>
  );
}

/**
 * The note's rule findings as the practice's Active rules see it now: what must be fixed before
 * signing first, then warnings. Each is a button that takes the user to the field to fix.
 */
export function RulePanel({ rules }: RulePanelProps) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="rule-panel-title" data-testid="rule-panel">
      <Stack gap="xs">
        <Title order={2} fz="md" id="rule-panel-title">Checks</Title>
        {rules.loading ? (
          <Loader size="sm" aria-label="Reading the practice's note rules" />
        ) : rules.error ? (
          <Alert color="yellow" variant="light" title="The practice's note rules could not be read">
            {rules.error.message} They are checked again when you sign.
          </Alert>
        ) : rules.results.length === 0 ? (
          <Text size="sm" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            <IconCircleCheck size={18} color="var(--mantine-color-green-light-color)" aria-hidden /> Nothing to fix: every rule is met.
          </Text>
        ) : (
          <Stack gap={6} role="list" aria-live="polite">
            {rules.blocking.length > 0 && <Text size="xs" fw={600} tt="uppercase" c="red">Must fix before signing</Text>}
            {rules.blocking.map((r) => <div role="listitem" key={`${r.rule.id}-${r.field}`}><ResultRow result={r} /></div>)}
            {rules.warnings.length > 0 && <Text size="xs" fw={600} tt="uppercase" c="yellow.8">Warnings</Text>}
            {rules.warnings.map((r) => <div role="listitem" key={`${r.rule.id}-${r.field}`}><ResultRow result={r} /></div>)}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
