import { sha256Hex } from '../questionnaires/sha256.ts';
import type { GenerationInput } from './generated-draft.ts';
import type { ScribeFormat } from './transcript-types.ts';

/**
 * The prompts of the chat-completions generator, as versioned configuration: a draft records the
 * version it was made with, and a changed wording is a new version (never an edit of an old one),
 * so a signed note can always be traced to the words that drafted it.
 */
export interface ChatPrompt {
  version: string;
  system: string;
}

const COMMON = [
  'You draft a clinical progress note from a transcript of a session between a clinician and a patient.',
  'Write in the clinician\'s documentation voice, third person ("Patient reported ...", "Clinician guided patient to ..."), condensed.',
  'Use only what the transcript says. Never invent symptoms, scores, diagnoses or plans.',
  'Every sentence must cite, in "evidence", the ids of the transcript segments it rests on (e.g. "s4").',
  'If a sentence rests on no segment, give it an empty evidence list: it will be marked for the clinician to review.',
  'Answer only with JSON matching the schema: one entry per section key given, in that order.',
].join('\n');

/** The prompt for each format; the format's sections and the practice's instructions are added per call. */
export const CHAT_PROMPTS: Record<ScribeFormat, ChatPrompt> = {
  GIRPP: { version: 'GIRPP-2026.11.1', system: `${COMMON}\nFormat: GIRPP (Goal, Intervention, Response, Progress, Plan).` },
  BIRP: { version: 'BIRP-2026.11.1', system: `${COMMON}\nFormat: BIRP (Behavior, Intervention, Response, Plan).` },
  SIRP: { version: 'SIRP-2026.11.1', system: `${COMMON}\nFormat: SIRP (Situation, Intervention, Response, Plan).` },
  DAP: { version: 'DAP-2026.11.1', system: `${COMMON}\nFormat: DAP (Data, Assessment, Plan).` },
  BEHAVIORAL_SOAP: {
    version: 'BEHAVIORAL_SOAP-2026.11.1',
    system: `${COMMON}\nFormat: behavioural-health SOAP (Subjective, Objective, Assessment, Plan).`,
  },
  PHYSICAL_SOAP: {
    version: 'PHYSICAL_SOAP-2026.11.1',
    system: `${COMMON}\nFormat: physical-health SOAP (Subjective, Objective, Assessment, Plan).`,
  },
  HP: { version: 'HP-2026.11.1', system: `${COMMON}\nFormat: history and physical.` },
};

/** A practice's instructions as they go into the prompt: blank ones are none. */
const instructionsText = (instructions: string | undefined) => instructions?.trim() || undefined;

/**
 * The prompt version a chat draft records: the format's prompt version, and when the practice
 * added instructions (which go into the system prompt), `+i.` and the first 12 hex digits of the
 * SHA-256 of those instructions. Changed instructions are then a changed version, and the words
 * can be matched against the PracticePreferences versions that held them. Section order is not
 * part of it: the note's sections show their order themselves.
 */
export function promptVersionFor(format: ScribeFormat, instructions?: string): string {
  const text = instructionsText(instructions);
  return text ? `${CHAT_PROMPTS[format].version}+i.${sha256Hex(text).slice(0, 12)}` : CHAT_PROMPTS[format].version;
}

/** The JSON schema the model's answer must match (`response_format: { type: 'json_schema' }`). */
export const DRAFT_JSON_SCHEMA = {
  name: 'scribe_note_draft',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['sections'],
    properties: {
      sections: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['key', 'sentences'],
          properties: {
            key: { type: 'string' },
            sentences: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['text', 'evidence'],
                properties: { text: { type: 'string' }, evidence: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** The chat messages for one draft: the format's prompt, then its sections and the transcript. */
export function chatMessages(input: GenerationInput): { role: 'system' | 'user'; content: string }[] {
  const prompt = CHAT_PROMPTS[input.format];
  const sections = input.sections.map((s) => `- ${s.key} (${s.title}): ${s.description}`).join('\n');
  const transcript = input.segments.map((s) => `[${s.id}] ${s.speaker ?? 'Unknown'}: ${s.text}`).join('\n');
  const text = instructionsText(input.instructions);
  const instructions = text ? `\nPractice instructions: ${text}` : '';
  return [
    { role: 'system', content: `${prompt.system}${instructions}` },
    { role: 'user', content: `Sections:\n${sections}\n\nTranscript:\n${transcript}` },
  ];
}
