import { Type, type Static } from 'typebox';

/** A union of string literals (the static type keeps each value). */
const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

export const TRANSCRIPTION_PROVIDER_CHOICES = ['server', 'none', 'local', 'openai-compatible'] as const;
export const GENERATOR_CHOICES = ['server', 'builtin', 'openai-chat'] as const;

const endpointFields = {
  baseUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'The OpenAI-compatible base URL, ending /v1.' })),
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
};

/**
 * `PUT scribe/settings`: which providers the practice uses (docs/scribe.md, "Per-practice
 * providers"). `apiKey`: a new key to keep (sealed), `null` to remove it, absent to keep the one set.
 */
export const ScribeSettingsBodySchema = Type.Object(
  {
    transcription: Type.Object(
      {
        provider: oneOf(TRANSCRIPTION_PROVIDER_CHOICES, "server: the server's own configuration; none: transcription off."),
        ...endpointFields,
        apiKey: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
    generator: Type.Object(
      {
        provider: oneOf(GENERATOR_CHOICES, "server: the server's own configuration (built-in unless it has a chat endpoint)."),
        ...endpointFields,
        apiKey: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ScribeSettingsBody = Static<typeof ScribeSettingsBodySchema>;

const keyState = oneOf(['set', 'not set'] as const, 'Whether a key is kept; the key itself is never returned.');

/** The practice's scribe providers as an administrator sees them: never a key, only whether one is set. */
export const ScribeSettingsSchema = Type.Object(
  {
    transcription: Type.Object({ provider: oneOf(TRANSCRIPTION_PROVIDER_CHOICES, 'The choice.'), ...endpointFields, apiKey: keyState }),
    generator: Type.Object({ provider: oneOf(GENERATOR_CHOICES, 'The choice.'), ...endpointFields, apiKey: keyState }),
    server: Type.Object(
      {
        transcription: oneOf(['none', 'local', 'openai-compatible'] as const, "The server's own transcription provider."),
        chat: Type.Boolean({ description: 'Whether the server has a chat-completions endpoint of its own.' }),
        canKeepKeys: Type.Boolean({ description: 'Whether the server can seal keys (CASELOAD_SECRET_KEY is set).' }),
      },
      { description: "The server's defaults, used where the practice chose `server`." },
    ),
  },
  { description: "The practice's scribe providers." },
);
export type ScribeSettings = Static<typeof ScribeSettingsSchema>;

/** `POST scribe/settings/check`: try the provider the practice has configured. */
export const ScribeSettingsCheckBodySchema = Type.Object(
  { which: oneOf(['transcription', 'generator'] as const, 'Which provider to try.') },
  { additionalProperties: false },
);
export type ScribeSettingsCheckBody = Static<typeof ScribeSettingsCheckBodySchema>;

export const ScribeSettingsCheckSchema = Type.Object({
  ok: Type.Boolean(),
  message: Type.String({ description: 'What the check found, in words an administrator can act on.' }),
});
export type ScribeSettingsCheck = Static<typeof ScribeSettingsCheckSchema>;
