import { Anchor, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { PublicPageLayout } from '../ui/PublicPageLayout.tsx';

/** Any path the app does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found · Caseload');
  return (
    <PublicPageLayout title="Page not found">
      <Text>There is no page at this address. It may have moved, or the link may be incomplete.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </PublicPageLayout>
  );
}
