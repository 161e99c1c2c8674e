import {
  DRAFT_JSON_SCHEMA,
  SCRIBE_MESSAGES,
  chatMessages,
  promptVersionFor,
  settleEvidence,
  structureTranscript,
  type GeneratedDraft,
  type GeneratedSection,
  type GenerationInput,
} from '@caseload/core';
import { notConfigured, postToProvider, providerFailed, type RemoteEndpoint, type ScribeProviders } from './scribe-providers.ts';

/** One interface for every note generator (docs/scribe.md, "Generators"). */
export interface NoteGenerator {
  generate(input: GenerationInput): Promise<GeneratedDraft>;
}

export type GeneratorName = 'builtin' | 'openai-chat';

/** The embedded default: deterministic, no network. */
export const builtinGenerator: NoteGenerator = { generate: async (input) => structureTranscript(input) };

interface DraftAnswer {
  sections?: { key?: unknown; sentences?: { text?: unknown; evidence?: unknown }[] }[];
}

/**
 * An OpenAI-compatible `/v1/chat/completions` endpoint asked for JSON matching DRAFT_JSON_SCHEMA
 * (`response_format: json_schema`), with the format's versioned prompt. What comes back is checked:
 * only the format's sections are kept, and evidence the transcript does not have is dropped.
 */
export class OpenAiChatGenerator implements NoteGenerator {
  constructor(
    private readonly endpoint: RemoteEndpoint,
    private readonly timeoutMs: number,
  ) {}

  async generate(input: GenerationInput): Promise<GeneratedDraft> {
    const body = JSON.stringify({
      model: this.endpoint.model,
      messages: chatMessages(input),
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: DRAFT_JSON_SCHEMA },
    });
    const answer = (await postToProvider(this.endpoint, '/chat/completions', body, this.timeoutMs, 'Drafting the note')) as {
      choices?: { message?: { content?: unknown } }[];
    };
    const content = answer.choices?.[0]?.message?.content;
    let draft: DraftAnswer;
    try {
      draft = JSON.parse(typeof content === 'string' ? content : '') as DraftAnswer;
    } catch {
      throw providerFailed('Drafting the note', 'the model did not answer JSON');
    }
    const sections: GeneratedSection[] = input.sections.map((section) => {
      const given = draft.sections?.find((s) => s.key === section.key);
      return {
        key: section.key,
        title: section.title,
        sentences: (given?.sentences ?? []).map((s) => ({
          id: '',
          text: typeof s.text === 'string' ? s.text : '',
          evidence: Array.isArray(s.evidence) ? s.evidence.filter((e): e is string => typeof e === 'string') : [],
          needsReview: false,
        })),
      };
    });
    return {
      generator: 'openai-chat',
      provider: new URL(this.endpoint.baseUrl).host,
      model: this.endpoint.model,
      promptVersion: promptVersionFor(input.format, input.instructions),
      sections: settleEvidence(sections, input.segments),
    };
  }
}

/** The generator asked for, or a 400 saying how to configure it. */
export function noteGenerator(name: GeneratorName, providers: ScribeProviders): NoteGenerator {
  if (name === 'builtin') return builtinGenerator;
  if (!providers.chat) throw notConfigured(SCRIBE_MESSAGES.noChatProvider);
  return new OpenAiChatGenerator(providers.chat, providers.timeoutMs);
}
