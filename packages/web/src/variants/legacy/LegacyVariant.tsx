import { Anchor, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { BrandMark } from '../../ui/BrandMark.tsx';

/**
 * The fallback for desktop legacy Internet Explorer (SPEC.md section 1): Caseload cannot run there,
 * so it says which browsers can. (A real Internet Explorer never runs module scripts at all; it
 * gets the same words from public/legacy-notice.js, loaded with `nomodule`.)
 */
export default function LegacyVariant() {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="xl" radius="lg" maw={520}>
        <Stack gap="md">
          <BrandMark size="lg" />
          <Title order={1} fz={22}>
            This browser can't run Caseload
          </Title>
          <Text>Internet Explorer is no longer supported. Open Caseload in one of these browsers:</Text>
          <List>
            <List.Item>
              <Anchor href="https://www.microsoft.com/edge">Microsoft Edge</Anchor>
            </List.Item>
            <List.Item>
              <Anchor href="https://www.google.com/chrome/">Google Chrome</Anchor>
            </List.Item>
            <List.Item>
              <Anchor href="https://www.mozilla.org/firefox/">Mozilla Firefox</Anchor>
            </List.Item>
            <List.Item>Safari on a Mac, iPhone or iPad</List.Item>
          </List>
        </Stack>
      </Paper>
    </Center>
  );
}
