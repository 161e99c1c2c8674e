import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../ui/EmptyState.tsx';

/** Any signed-in path the app does not know, inside the shell so the way back is at hand. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found · Caseload');
  return (
    <EmptyState
      icon={IconMapSearch}
      title="Page not found"
      description="There is no page at this address. It may have moved, or the link may be incomplete."
      headingOrder={1}
      action={
        <Button component={Link} to="/" mt="sm">
          Go to the dashboard
        </Button>
      }
    />
  );
}
