/**
 * The scribe screens (issue 22, docs/scribe.md "Screens"): the sessions list, starting a session
 * from a chart or appointment, the session page (import, transcription, transcript) and the review
 * of the generated note with its evidence. Recording is features/scribe-capture's.
 */
export { ScribeSessionsList } from './components/ScribeSessionsList.tsx';
export { ScribeSessionView } from './components/ScribeSessionView.tsx';
export { ScribeReviewView } from './components/ScribeReviewView.tsx';
export { StartScribeSessionButton, type StartScribeSessionButtonProps } from './components/StartScribeSessionButton.tsx';
export { scribeSessionPath, scribeReviewPath, scribeRecordPath } from './utils/scribe-paths.ts';
