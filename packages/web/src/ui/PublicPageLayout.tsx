import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark.tsx';
import classes from './PublicPageLayout.module.css';

export interface PublicPageLayoutProps {
  title: string;
  /** A sentence under the title saying what the page is for. */
  description?: ReactNode;
  children: ReactNode;
  /** Below the card: links to the other public pages. */
  footer?: ReactNode;
}

/** The frame of the pages seen before signing in: the brand, one card, a quiet footer. */
export function PublicPageLayout({ title, description, children, footer }: PublicPageLayoutProps) {
  return (
    <main className={classes.page}>
      <Stack align="center" gap="xl" className={classes.card}>
        <BrandMark size="lg" />
        <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 32 }} radius="lg" w="100%">
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={22}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" fz="sm">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer}
      </Stack>
      <Text className={classes.footer} c="dimmed" fz="xs" ta="center">
        Caseload keeps protected health information. Sign in only on a device you trust.
      </Text>
    </main>
  );
}
