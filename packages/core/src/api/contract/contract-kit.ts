import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import type { Resource } from '../../resources/resource.ts';

/**
 * The words a client reads when a value fails this schema (its type, pattern, range, or a missing
 * required member), instead of the generic form message; `${value}` in them is the value sent. An annotation of ours that the server's
 * validator reads (packages/server/src/http/schema-errors.ts); OpenAPI keeps `x-` keys as they are.
 */
export const X_MESSAGE = 'x-message';

/**
 * Marks a body whose grammar core checks itself with the messages SPEC.md lists (the query
 * grammar, JSON Patch): the schema describes it for the reference and for generated clients, and
 * the server's validator leaves it to that function, so the messages stay the specified ones.
 */
export const X_VALIDATED_BY = 'x-validated-by';

/** Ids and version ids the server makes or accepts (the same pattern the storage checks). */
export const ID_PATTERN_SOURCE = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

export const IdSchema = Type.String({ pattern: ID_PATTERN_SOURCE, description: '1 to 64 letters, digits, dots, dashes or underscores.' });

/** A practice network's name, as `POST /api/v1/database/{name}` provisions it. */
export const PracticeIdSchema = Type.String({
  pattern: '^[a-z0-9][a-z0-9-]{1,62}$',
  description: 'The practice network: 2 to 63 lower-case letters, digits or dashes.',
});

/** `yyyy-MM-ddTHH:mm:ssZ` (SPEC.md section 9), or with milliseconds where the server says so. */
export const TimestampSchema = Type.String({ format: 'date-time' });

/** The answer to a body that is not the JSON object a call takes. */
export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

/**
 * A copy of `schema` with the product's message for any failure of its value (see X_MESSAGE).
 * The copy has no `title`: a titled schema is one named component of the reference, and this one
 * differs from it.
 */
export function withMessage<T extends TSchema>(schema: T, message: string): T {
  const { title: _named, ...rest } = schema as T & { title?: string };
  return { ...rest, [X_MESSAGE]: message } as unknown as T;
}

/** One problem with one part of the input (core's `Issue`). */
export const IssueSchema = Type.Object(
  {
    path: Type.String({ description: 'Dotted path of the input member (`names.0.family`), or a patch operation index.' }),
    message: Type.String(),
  },
  { title: 'Issue', additionalProperties: false },
);

/** The body of every failed call (docs/api.md, "Errors"). */
export const ErrorBodySchema = Type.Object(
  {
    title: Type.String({ description: "The status's reason phrase." }),
    status: Type.Integer(),
    detail: Type.String({ description: "The words to show: SPEC.md section 8's message where it has one." }),
    issues: Type.Optional(Type.Array(IssueSchema, { description: 'Each input member at fault.' })),
    subStatus: Type.Optional(Type.Integer({ description: 'Security-token cases: 1001 invalid, 1002 expired.' })),
  },
  { title: 'ErrorBody', additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;

/** A reference to another resource (core's `Reference`); open, since an expanded one carries `resource`. */
export const ReferenceSchema = Type.Object(
  {
    resourceType: Type.String(),
    id: Type.String(),
    display: Type.Optional(Type.String()),
    partition: Type.Optional(Type.String()),
    versionId: Type.Optional(Type.String()),
  },
  { title: 'Reference', additionalProperties: true },
);

const MetaSchema = Type.Object(
  {
    versionId: Type.String(),
    lastModified: TimestampSchema,
    lastModifiedBy: Type.Optional(ReferenceSchema),
    isDeleted: Type.Optional(Type.Boolean()),
    isHistorical: Type.Optional(Type.Boolean()),
    hasTransformations: Type.Optional(Type.Boolean()),
    expires: Type.Optional(TimestampSchema),
    automation: Type.Optional(Type.String()),
    userSystem: Type.Optional(Type.String()),
    sync: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

const resourceSchemas = new Map<string, TSchema>();

/**
 * A stored resource of one type: the members every resource has, and the rest of its type open
 * (docs/resources.md, and core's yup schemas, describe each type's fields; the server checks them
 * on write). Open on purpose: a resource's body is the client's, and serialisation must keep every
 * member of it. One schema object per type, so the reference names it once.
 */
export function resourceSchema<T extends Resource = Resource>(typeName = 'Resource'): TUnsafe<T> {
  let schema = resourceSchemas.get(typeName);
  if (!schema) {
    schema = Type.Object(
      {
        resourceType: Type.String(),
        id: Type.String(),
        partition: Type.Optional(Type.String({ description: 'The patient id, for patient-partitioned types.' })),
        display: Type.Optional(Type.String()),
        created: Type.Optional(TimestampSchema),
        meta: MetaSchema,
      },
      {
        title: typeName,
        additionalProperties: true,
        description: typeName === 'Resource' ? 'A stored resource of the collection in the URL.' : `A stored ${typeName}.`,
      },
    );
    resourceSchemas.set(typeName, schema);
  }
  return Type.Unsafe<T>(schema);
}

/** A resource body a client sends: any JSON object (each type's rules are checked on write). */
export const ResourceInputSchema = withMessage(
  Type.Unsafe<Record<string, unknown>>(
    Type.Object(
      {},
      {
        title: 'ResourceInput',
        additionalProperties: true,
        description: "A resource as a client writes it; `id`, `meta` and `created` are the server's.",
      },
    ),
  ),
  BODY_NOT_OBJECT,
);
