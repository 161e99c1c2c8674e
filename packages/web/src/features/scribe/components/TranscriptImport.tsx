import { Button, FileButton, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import type { Submit } from '../../../ui/useSubmit.ts';
import { guessTranscriptFormat, type TranscriptFormat, type TranscriptImport as ImportBody } from '../utils/transcript-format.ts';

export interface TranscriptImportProps {
  submit: Submit<[ImportBody]>;
  /** Replaces a transcript the session already has. */
  replacing?: boolean;
}

const FORMATS = [
  { value: 'vtt', label: 'WebVTT' },
  { value: 'srt', label: 'SRT' },
  { value: 'text', label: 'Text with speakers' },
];

/**
 * Import a transcript: pasted, or read from a file (Zoom's, Teams' or Meet's WebVTT, SRT, or
 * "Speaker: words" text). The server parses it; a refusal names the line, shown under the text,
 * which stays as it was so the clinician can fix it.
 */
export function TranscriptImport({ submit, replacing }: TranscriptImportProps) {
  const [text, setText] = useState('');
  const [format, setFormat] = useState<TranscriptFormat>('vtt');
  const [chosenByHand, setChosenByHand] = useState(false);
  const refusal = isApiError(submit.error) && submit.error.status === 400 ? submit.error : undefined;
  const lineError = refusal?.issueFor('transcript') ?? refusal?.issueFor('text') ?? refusal?.message;

  const take = (value: string, fileName?: string) => {
    setText(value);
    if (!chosenByHand || fileName) setFormat(guessTranscriptFormat(value, fileName));
    submit.clearError();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="import-title">
      <form
        aria-label="Import a transcript"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void submit.run({ format, text });
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="md" id="import-title">
            {replacing ? 'Import another transcript' : 'Import a transcript'}
          </Title>
          <Text fz="sm" c="dimmed">
            Paste or choose the transcript of the session: a WebVTT or SRT file from Zoom, Teams or Meet, or text with one &quot;Speaker:
            words&quot; line per turn.
          </Text>
          <Group gap="sm">
            <SegmentedControl
              aria-label="Transcript format"
              size="xs"
              data={FORMATS}
              value={format}
              onChange={(v) => {
                setFormat(v as TranscriptFormat);
                setChosenByHand(true);
              }}
            />
            <FileButton
              accept=".vtt,.srt,.txt,text/vtt,text/plain"
              onChange={(file) => void file?.text().then((value) => take(value, file.name))}
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" leftSection={<IconFileImport size={16} />}>
                  Choose file
                </Button>
              )}
            </FileButton>
          </Group>
          <Textarea
            label="Transcript"
            autosize
            minRows={6}
            maxRows={16}
            value={text}
            onChange={(e) => take(e.currentTarget.value)}
            error={lineError}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          {!refusal && <FormErrorAlert error={submit.error} />}
          <Group>
            <Button type="submit" loading={submit.pending} disabled={!text.trim()}>
              Import transcript
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
