import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useDictation } from '../hooks/useDictation.ts';
import { formatElapsed } from '../utils/upload-plan.ts';

export interface DictationButtonProps {
  /** The ScribeSession the dictation belongs to; without one the server keeps no recording, so no button. */
  sessionId: string | undefined;
  /** The transcribed text, to insert at the cursor. */
  onText: (text: string) => void;
  /** What is dictated into, for the button's name ("Dictate into Plan"). */
  fieldLabel?: string;
  /** Start dictating on mount: the press that made the session (NoteDictationButton) meant "dictate". */
  autoStart?: boolean;
}

/**
 * A microphone button for a narrative field: press to dictate, press again to stop; the audio
 * goes up as a dictation recording of the session, is transcribed with the configured provider,
 * and its text comes back through `onText`. A toggle button (aria-pressed), reachable by keyboard.
 */
export function DictationButton({ sessionId, ...rest }: DictationButtonProps) {
  if (!sessionId) return null;
  return <SessionDictationButton sessionId={sessionId} {...rest} />;
}

function SessionDictationButton({ sessionId, onText, fieldLabel, autoStart }: DictationButtonProps & { sessionId: string }) {
  const d = useDictation(sessionId, onText);
  const started = useRef(false);
  const { toggle } = d;
  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    void toggle();
  }, [autoStart, toggle]);
  const busy = d.phase === 'uploading' || d.phase === 'transcribing';
  const label = d.phase === 'dictating' ? 'Stop dictating' : fieldLabel ? `Dictate into ${fieldLabel}` : 'Dictate';
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        aria-label={label}
        aria-pressed={d.phase === 'dictating'}
        variant={d.phase === 'dictating' ? 'filled' : 'light'}
        color={d.phase === 'dictating' ? 'red' : 'blue'}
        onClick={() => void d.toggle()}
        disabled={busy}
        size="lg"
      >
        {busy ? <Loader size="xs" /> : <IconMicrophone size={18} aria-hidden />}
      </ActionIcon>
      <Text size="sm" c={d.error ? 'red' : 'dimmed'} aria-live="polite" data-testid="dictation-status">
        {d.error ??
          (d.phase === 'dictating'
            ? `Dictating ${formatElapsed(d.elapsedMs)}`
            : d.phase === 'uploading'
              ? 'Uploading…'
              : d.phase === 'transcribing'
                ? 'Transcribing…'
                : '')}
      </Text>
    </Group>
  );
}
