import type { Note } from '@caseload/core';
import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { useNoteDictationSession } from '../hooks/useNoteDictationSession.ts';
import { IconMicrophone } from '@tabler/icons-react';
import { DictationButton } from './DictationButton.tsx';

export interface NoteDictationButtonProps {
  note: Pick<Note, 'partition' | 'encounter' | 'generation'>;
  onText: (text: string) => void;
  fieldLabel: string;
}

/**
 * Dictation into a note's narrative: on the note's scribe session (docs/scribe.md, Dictation).
 * Before the note has one, the first press makes it and starts dictating in the same press.
 * Hidden from a user who may not create Media and Notes (the server would refuse the recording).
 */
export function NoteDictationButton({ note, onText, fieldLabel }: NoteDictationButtonProps) {
  const session = useNoteDictationSession(note);
  const [made, setMade] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!session.allowed || !note.encounter) return null;
  if (session.sessionId) return <DictationButton sessionId={session.sessionId} onText={onText} fieldLabel={fieldLabel} autoStart={made} />;
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await session.ensure();
      setMade(true);
    } catch (e) {
      setError(e instanceof ApiError ? (e.issues[0]?.message ?? e.detail ?? e.title) : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon aria-label={`Dictate into ${fieldLabel}`} variant="light" size="lg" disabled={busy} onClick={() => void start()}>
        {busy ? <Loader size="xs" /> : <IconMicrophone size={18} aria-hidden />}
      </ActionIcon>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
