import type { CalendarFeedAnswer } from '@caseload/core';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../api/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { profileReference, useCan, useCurrentPractice, useHasFlag } from '../../practice/index.ts';
import { deleteCalendarFeed, postCalendarFeed } from '../api/calendar-feed.api.ts';

export interface CalendarFeed {
  /** Whether to offer the feed: a practitioner who may view the scheduler. */
  offered: boolean;
  /** The URL just made (the server keeps only its hash: it is shown this once). */
  issued: CalendarFeedAnswer | undefined;
  /** What the last revoke did: stopped a live feed, or found none. */
  revoked: 'stopped' | 'none' | undefined;
  create: Submit<[]>;
  revoke: Submit<[]>;
}

/**
 * The signed-in clinician's iCalendar feed (docs/scheduling.md, "The iCalendar feed"): make a new
 * URL (the old one stops working) or stop the live one. Online calls: a credential is not queued.
 */
export function useCalendarFeed(): CalendarFeed {
  const current = useCurrentPractice().current;
  const profile = profileReference(current);
  const practitionerId = profile?.resourceType === 'Practitioner' ? profile.id : undefined;
  const scheduler = useHasFlag('scheduler', 'ViewScheduler');
  const reads = useCan('Read', 'Appointment');
  const [issued, setIssued] = useState<CalendarFeedAnswer>();
  const [revoked, setRevoked] = useState<'stopped' | 'none'>();
  const practiceId = current?.practiceId;
  const create = useSubmit(
    useCallback(async () => {
      if (!practiceId || !practitionerId) return;
      setRevoked(undefined);
      setIssued(await postCalendarFeed(practiceId, practitionerId));
    }, [practiceId, practitionerId]),
  );
  const revoke = useSubmit(
    useCallback(async () => {
      if (!practiceId || !practitionerId) return;
      setIssued(undefined);
      try {
        await deleteCalendarFeed(practiceId, practitionerId);
        setRevoked('stopped');
      } catch (e) {
        if (isApiError(e) && e.status === 404) setRevoked('none');
        else throw e;
      }
    }, [practiceId, practitionerId]),
  );
  return { offered: Boolean(practitionerId) && scheduler && reads, issued, revoked, create, revoke };
}
