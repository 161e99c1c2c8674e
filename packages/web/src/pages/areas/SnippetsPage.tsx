import { Stack } from '@mantine/core';
import { SpeechRulesPanel } from '../../features/scribe-settings/index.ts';
import { AreaPage } from '../../features/shell/index.ts';

/** `/snippets`, loaded on demand: snippets' empty state until that feature is built, then the speech rules. */
export default function SnippetsPage() {
  return (
    <Stack gap="lg">
      <AreaPage area="snippets" />
      <SpeechRulesPanel />
    </Stack>
  );
}
