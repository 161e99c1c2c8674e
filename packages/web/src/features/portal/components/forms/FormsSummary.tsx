import { Text } from '@mantine/core';
import { usePortalForms } from '../../hooks/usePortalForms.ts';

/** The Forms card on the portal's home: how many forms wait to be filled in. */
export function FormsSummary() {
  const { toFill, answered, loading } = usePortalForms();
  if (loading && toFill.length === 0 && answered.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        Looking for your forms…
      </Text>
    );
  if (toFill.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        Nothing to fill in right now.
      </Text>
    );
  return (
    <Text fz="sm" fw={600} c="var(--mantine-color-anchor)">
      {toFill.length === 1 ? '1 form to fill in' : `${toFill.length} forms to fill in`}
    </Text>
  );
}
