import { can } from '@caseload/core';
import { Alert, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconListSearch, IconLock } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { usePracticeTimeZone } from '../../practice/index.ts';
import { useCurrentPermissions } from '../../shell/index.ts';
import { useAuditTrail } from '../hooks/useAuditTrail.ts';
import { hasFilters } from '../utils/audit-filters.ts';
import { AuditEventDetail } from './AuditEventDetail.tsx';
import { AuditEventList } from './AuditEventList.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { ExportButton } from './ExportButton.tsx';

/**
 * `/audit-trail`: the practice's audit trail for a privacy officer (docs/audit-trail.md). Every
 * access to patient data, sign-in, refusal and export, newest first, in words and in the
 * practice's time; filtered by patient, user, days, outcome and event type (kept in the URL, so a
 * chart's "Access log" opens it filtered); one event's detail in a drawer; exported as CSV.
 * Reading it is itself audited.
 */
export function AuditTrail() {
  useDocumentTitle('Audit trail · Caseload');
  // Unknown permissions (the navigation then offers every area) try the read: the server decides.
  const permissions = useCurrentPermissions();
  if (permissions && !can(permissions, 'Read', 'AuditEvent')) {
    return (
      <EmptyState
        icon={IconLock}
        title="Audit trail"
        description="Reading the audit trail needs the View audit log permission. Ask your practice's administrator if your work needs it."
        headingOrder={1}
      />
    );
  }
  return <ReadableAuditTrail />;
}

function ReadableAuditTrail() {
  const timeZone = usePracticeTimeZone();
  const { filters, change, query, trail, people, open, setOpen, failure } = useAuditTrail(timeZone);
  const phone = useMediaQuery('(max-width: 48em)');

  let body;
  if (failure && trail.events.length === 0) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Couldn't load the audit trail">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{failure}</Text>
          <Button size="xs" variant="default" onClick={trail.retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (trail.loading) {
    body = <LoadingIndicator fullScreen={false} label="Loading the audit trail" />;
  } else if (!query) {
    body = null;
  } else if (trail.events.length === 0) {
    body = hasFilters(filters) ? (
      <EmptyState
        icon={IconListSearch}
        title="No events match"
        description="Nothing in the audit trail matches these filters. Widen the dates or clear a filter."
        action={
          <Button variant="default" onClick={() => change(() => ({}))}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={IconListSearch}
        title="No events yet"
        description="Sign-ins, record access and exports will be listed here as they happen."
      />
    );
  } else {
    body = (
      <>
        <AuditEventList
          events={trail.events}
          people={people}
          timeZone={timeZone}
          hasMore={trail.hasMore}
          loadingMore={trail.loadingMore}
          onLoadMore={trail.loadMore}
          onOpen={setOpen}
        />
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {failure}
          </Alert>
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} fz={24}>
            Audit trail
          </Title>
          <Text c="dimmed" fz="sm">
            Who did what to which record, newest first. Times are the practice's ({timeZone}).
          </Text>
        </div>
        <ExportButton query={query} />
      </Group>
      <AuditFilters filters={filters} onChange={change} people={people} />
      <div aria-busy={trail.loading} data-testid="audit-trail-results">
        {body}
      </div>
      <Drawer
        opened={open !== undefined}
        onClose={() => setOpen(undefined)}
        position="right"
        size={phone ? '100%' : 'md'}
        title="Audit event"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open && (
          <AuditEventDetail
            event={open}
            people={people}
            timeZone={timeZone}
            onFilter={(narrower) => {
              setOpen(undefined);
              change((current) => ({ ...current, ...narrower }));
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
