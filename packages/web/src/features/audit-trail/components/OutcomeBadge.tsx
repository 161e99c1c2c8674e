import type { AuditOutcome } from '@caseload/core';
import { Badge } from '@mantine/core';

/** Success in quiet green, Failure in solid red: refusals and failed sign-ins stand out in a long list. */
export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  return outcome === 'Failure' ? (
    <Badge color="intent-danger" variant="filled">
      Failure
    </Badge>
  ) : (
    <Badge color="intent-success" variant="light">
      Success
    </Badge>
  );
}
