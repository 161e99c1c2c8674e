import { Type } from 'typebox';
import { FILTER_LIMITS } from '../../query/filter.ts';
import { X_VALIDATED_BY, withMessage } from './contract-kit.ts';

const PAGE_SIZE_MESSAGE = 'pageSize must be a whole number from 1 to 1000.';

/** `?pageSize=` of every paged call. */
export const PageSizeSchema = withMessage(Type.Integer({ minimum: 1, maximum: 1000, description: '100 by default.' }), PAGE_SIZE_MESSAGE);

/** `GET {Collection}` and `POST {Collection}/queries` (docs/api.md, "Calls"). */
export const ListQuerySchema = Type.Object({
  pageSize: Type.Optional(PageSizeSchema),
  orderBy: Type.Optional(Type.String({ description: 'A sort field of the type (docs/resources.md); LastModified by default.' })),
  order: Type.Optional(
    withMessage(
      Type.Enum(['asc', 'desc'], { description: 'Newest first for LastModified and Created, A to Z otherwise, by default.' }),
      'order must be asc or desc, got "${value}".',
    ),
  ),
  expand: Type.Optional(Type.String({ description: 'Comma-separated reference paths to expand (docs/api.md, "Reference expansion").' })),
});

/** `?expand=` of a read by id. */
export const ExpandQuerySchema = Type.Object({ expand: ListQuerySchema.properties.expand });

/** `?versionId=` of PUT, PATCH and DELETE: the version the write replaces; stale is a 409. */
export const VersionQuerySchema = Type.Object({
  versionId: Type.Optional(
    Type.String({ description: 'The version the write replaces (required for PATCH and DELETE); a stale one is a 409.' }),
  ),
});

const ScalarSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

/** One test of one field (docs/query-grammar.md). */
const FieldFilterSchema = Type.Object(
  {
    field: Type.String({ description: 'A dotted path of JSON member names (`identifiers.value`), or `_text` for the text search.' }),
    op: Type.Enum(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'contains', 'startsWith', 'exists']),
    value: Type.Union([ScalarSchema, Type.Null(), Type.Array(ScalarSchema, { maxItems: FILTER_LIMITS.inValues })]),
  },
  { title: 'FieldFilter', additionalProperties: false },
);

const GroupSchema = (member: 'and' | 'or') =>
  Type.Object(
    { [member]: Type.Array(Type.Object({}, { additionalProperties: true, description: 'A filter or a group.' }), { minItems: 1 }) },
    {
      additionalProperties: false,
    },
  );

/**
 * The body of `POST {Collection}/queries` and `POST AuditEvents/export`: filters combined with
 * AND. Checked by core's `parseFilters`, whose issues name each filter member at fault.
 */
export const FilterListSchema = Type.Unsafe<unknown>(
  Type.Array(Type.Union([FieldFilterSchema, GroupSchema('and'), GroupSchema('or')]), {
    title: 'FilterList',
    maxItems: FILTER_LIMITS.filters,
    description: `Filters combined with AND; groups nest at most ${FILTER_LIMITS.depth} deep (docs/query-grammar.md).`,
    [X_VALIDATED_BY]: 'parseFilters (packages/core/src/query/filter.ts)',
  }),
);

/** An RFC 6902 operation. */
const PatchOperationSchema = Type.Object(
  {
    op: Type.Enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
    path: Type.String({ description: 'A JSON Pointer; never at or under id, meta, resourceType, partition or created.' }),
    value: Type.Optional(Type.Unknown()),
    from: Type.Optional(Type.String()),
  },
  { title: 'PatchOperation', additionalProperties: false },
);

/** The body of `PATCH {Collection}/{id}` (`application/json-patch+json`), checked by core's patch (docs/patch.md). */
export const PatchBodySchema = Type.Unsafe<unknown>(
  Type.Array(PatchOperationSchema, {
    title: 'JsonPatch',
    description: 'Applied whole or not at all.',
    [X_VALIDATED_BY]: 'applyResourcePatch (packages/core/src/patch/apply-patch.ts)',
  }),
);
