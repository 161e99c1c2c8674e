import { offeredFormats, type Note, type Patient, type ScribeFormat, type Transcription } from '@caseload/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useCan, useCurrentPractice, usePracticePreferences } from '../../practice/index.ts';
import { postGenerate, postTranscribe, postTranscript, type GeneratorChoice } from '../api/scribe.api.ts';
import { scribeReviewPath } from '../utils/scribe-paths.ts';
import type { TranscriptImport } from '../utils/transcript-format.ts';
import { useRefreshFromServer } from './useRefreshFromServer.ts';
import { useTranscription, type TranscriptionState } from './useTranscription.ts';

export interface ScribeSessionState {
  session: Note | undefined;
  patient: Patient | undefined;
  loading: boolean;
  error: unknown;
  transcription: TranscriptionState;
  /** The formats the practice offers (scribeFormatConfigurations). */
  formats: ScribeFormat[];
  /** Session audio may be recorded: the practice allows more than dictation and the user may add Media. */
  mayRecord: boolean;
  /** May start, import and generate (the session's Note may be changed). */
  mayWrite: boolean;
  importTranscript: Submit<[TranscriptImport]>;
  transcribe: Submit<[]>;
  generate: Submit<[ScribeFormat, GeneratorChoice]>;
}

/**
 * One scribe session: the ScribeSession note, its patient and Transcription, and the calls that
 * move it on (import, transcribe, generate). Each call's answer is read back into the device store,
 * so the page shows it at once; a refused call keeps what the user typed and shows the server's words.
 */
export function useScribeSession(sessionId: string): ScribeSessionState {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const { values: preferences } = usePracticePreferences();
  const sessionState = useResource<Note>('Notes', sessionId);
  const session = sessionState.item;
  const partition = session?.partition;
  const patient = useResource<Patient>('Patients', partition).item;
  const transcription = useTranscription(partition, session?.scribe?.transcription?.id);
  const refresh = useRefreshFromServer();
  const navigate = useNavigate();
  const mayWrite = useCan('Update', 'Note');
  const mayAddMedia = useCan('Create', 'Media');
  const dictationOnly = Boolean(preferences.dictationOnlyScribeSessions || session?.scribe?.dictationOnly);

  const reread = useCallback(
    async (transcriptionAnswer?: Transcription) => {
      await refresh('Notes', [sessionId]);
      if (transcriptionAnswer && partition) await refresh('Transcriptions', [transcriptionAnswer.id], partition);
    },
    [refresh, sessionId, partition],
  );

  const importTranscript = useSubmit(
    useCallback(
      async (body: TranscriptImport) => {
        const answer = await postTranscript(practiceId, sessionId, body);
        await reread(answer.transcription);
      },
      [practiceId, sessionId, reread],
    ),
  );
  const transcribe = useSubmit(
    useCallback(async () => {
      const answer = await postTranscribe(practiceId, sessionId);
      await reread(answer);
    }, [practiceId, sessionId, reread]),
  );
  const generate = useSubmit(
    useCallback(
      async (format: ScribeFormat, generator: GeneratorChoice) => {
        const answer = await postGenerate(practiceId, sessionId, { format, generator });
        await Promise.all([reread(), refresh('Notes', [answer.note.id], answer.note.partition)]);
        navigate(scribeReviewPath(sessionId));
      },
      [practiceId, sessionId, reread, refresh, navigate],
    ),
  );

  return {
    session,
    patient,
    loading: sessionState.loading,
    error: sessionState.error,
    transcription,
    formats: offeredFormats(preferences.scribeFormatConfigurations),
    mayRecord: !dictationOnly && mayAddMedia,
    mayWrite,
    importTranscript,
    transcribe,
    generate,
  };
}
