/** The messages of refused scribe calls (docs/scribe.md). */
export const SCRIBE_MESSAGES = {
  noRecordingConsent:
    "The patient has no active consent to recording. Record the patient's (or their representative's) consent to audio recording " +
    'as a Consent before sending session audio.',
  dictationOnly: 'This practice allows only clinician dictation in scribe sessions; session audio is not accepted.',
  notScribeSession: 'This note is not a scribe session.',
  noTranscription: 'The scribe session has no transcription yet: import a transcript or transcribe a recording first.',
  transcriptionNotReady: (status: string) =>
    `The scribe session's transcription is ${status}; a note can be drafted once it has succeeded.`,
  noRecording: 'The scribe session has no recording with audio to transcribe: upload one first.',
  noTranscriptionProvider:
    'No transcription provider is configured. Set CASELOAD_SCRIBE_TRANSCRIPTION_URL to an OpenAI-compatible server ' +
    '(docs/scribe.md, "Providers"), or import a transcript instead.',
  noChatProvider:
    'No chat-completions provider is configured. Set CASELOAD_SCRIBE_CHAT_URL (docs/scribe.md, "Providers"), ' +
    'or use the built-in generator.',
  formatNotOffered: (format: string) => `The practice does not offer the ${format} format (scribeFormatConfigurations).`,
  encounterOrAppointment: 'A scribe session needs an encounter or an appointment.',
  serverField: (field: string) => `${field} is written by the server (the scribe calls) and cannot be set or changed.`,
  transcriptionInterrupted: 'Transcription was interrupted; transcribe again.',
  generatedTwice: 'This scribe session already has a generated note; edit that note, or delete it to draft again.',
} as const;
