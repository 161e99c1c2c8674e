import { IconMicrophoneOff } from '@tabler/icons-react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { scribeSessionsPath } from '../utils/scribe-paths.ts';

/** A session that could not be read: not found, not the user's to see, or no connection. */
export function SessionMissing({ error }: { error: unknown }) {
  return (
    <EmptyState
      icon={IconMicrophoneOff}
      title="This scribe session could not be opened"
      description={error instanceof Error ? error.message : 'It may have been removed, or you may not have access to it.'}
      action={
        <Button component={Link} to={scribeSessionsPath()} variant="default">
          Scribe sessions
        </Button>
      }
      headingOrder={1}
    />
  );
}
