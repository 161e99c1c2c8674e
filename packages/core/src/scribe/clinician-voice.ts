import { SPOKEN_FILLERS } from './structurer-vocabulary.ts';
import type { SpeakerRole } from './transcript-types.ts';

/** Word swaps turning a patient's first person into the note's third person. */
const PATIENT_WORDS: [RegExp, string][] = [
  [/\bI'm\b/gi, 'they are'],
  [/\bI am\b/gi, 'they are'],
  [/\bI've\b/gi, 'they have'],
  [/\bI'd\b/gi, 'they would'],
  [/\bI'll\b/gi, 'they will'],
  [/\bI was\b/gi, 'they were'],
  [/\bI\b/g, 'they'],
  [/\bmyself\b/gi, 'themselves'],
  [/\bmy\b/gi, 'their'],
  [/\bme\b/gi, 'them'],
  [/\bmine\b/gi, 'theirs'],
  [/\byou\b/gi, 'the clinician'],
  [/\byour\b/gi, "the clinician's"],
];

/** A clinician's instruction ("Keep a log", "Try the app"): the note says what patient was asked to do. */
const IMPERATIVE =
  /^((?:keep|try|take|call|practi[cs]e|write|use|continue|start|stop|bring|schedule|notice|track|fill out|complete)\b.*)$/i;

/** Word swaps turning a clinician's words into the note's voice ("Clinician ...", "patient"). */
const CLINICIAN_WORDS: [RegExp, string][] = [
  [/\bI'm\b/g, 'clinician is'],
  [/\bI've\b/g, 'clinician has'],
  [/\bI'd\b/g, 'clinician would'],
  [/\bI'll\b/g, 'clinician will'],
  [/\bI\b/g, 'clinician'],
  [/\bwe'll\b/gi, 'clinician and patient will'],
  [/\bwe're\b/gi, 'clinician and patient are'],
  [/\bwe\b/gi, 'clinician and patient'],
  [/\bour\b/gi, 'their'],
  [/\byou're\b/gi, 'patient is'],
  [/\byou've\b/gi, 'patient has'],
  [/\byou'll\b/gi, 'patient will'],
  [/\byourself\b/gi, 'themselves'],
  [/\byour\b/gi, "patient's"],
  [/\byou\b/gi, 'patient'],
  [/\bmy\b/gi, "clinician's"],
];

/** Words that start a sentence without being names: lower-cased after "reported that". */
const COMMON_OPENERS = new RegExp(
  "^(?:this|that|the|it|it's|there|things|everything|nothing|yesterday|today|last|since|after|before|when|sleep|work|school|" +
    'he|she|they|we|our|his|her|a|an|some|most|one|two|three|not|no|yes|maybe|for|next|during|until|over|in|on)\\b',
  'i',
);
const lowerOpener = (text: string) => (COMMON_OPENERS.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

const swap = (text: string, words: [RegExp, string][]) => words.reduce((t, [from, to]) => t.replace(from, to), text);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const stop = (text: string) => (/[.!?]$/.test(text) ? text.replace(/[!?]$/, '.') : `${text}.`);

/** A spoken sentence without its fillers ("um", "you know"). */
export function condensed(text: string): string {
  return text
    .replace(SPOKEN_FILLERS, '')
    .replace(/\s+/g, ' ')
    .replace(/^[,\s]+/, '')
    .trim();
}

/**
 * A sentence said in the session, as the note says it: a patient's statement becomes "Patient
 * reported that they ...", a clinician's "Clinician guided patient to ..." (let's) or "Clinician
 * ...", a question is quoted as asked.
 */
export function inNoteVoice(role: SpeakerRole, sentence: string): string {
  const text = condensed(sentence);
  if (text.endsWith('?')) return `${role === 'Clinician' ? 'Clinician' : 'Patient'} asked, "${capital(text)}"`;
  if (role !== 'Clinician')
    return stop(`Patient reported that ${swap(lowerOpener(text.replace(/^(so|well|and|but),?\s+/i, '')), PATIENT_WORDS)}`);
  const lets = /^(?:let's|let us)\s+(.*)$/i.exec(text);
  if (lets) return stop(`Clinician guided patient to ${swap(lets[1]!, CLINICIAN_WORDS)}`);
  const imperative = IMPERATIVE.exec(text);
  if (imperative)
    return stop(`Clinician asked patient to ${swap(imperative[1]!.charAt(0).toLowerCase() + imperative[1]!.slice(1), CLINICIAN_WORDS)}`);
  const converted = swap(lowerOpener(text.replace(/^(so|okay|ok|well|and|now),?\s+/i, '')), CLINICIAN_WORDS);
  return stop(/^clinician\b/i.test(converted) ? capital(converted) : `Clinician noted that ${converted}`);
}

/** A short answer with the question it answers, quoted: the answer alone would not stand. */
export function answerInNoteVoice(question: string, answer: string): string {
  return `When asked, "${capital(condensed(question))}", patient said, "${capital(condensed(answer))}"`;
}
