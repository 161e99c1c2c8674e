import { Type, type Static } from 'typebox';

/** What a client needs to resume a chunked upload: the chunks the server holds, in order (docs/content.md). */
export const StagedUploadSchema = Type.Object(
  {
    chunks: Type.Array(Type.Object({ n: Type.Integer(), size: Type.Integer() }, { additionalProperties: false })),
    totalSize: Type.Integer({ description: 'The sum of the chunk sizes, in bytes.' }),
  },
  { title: 'StagedUpload', additionalProperties: false },
);
export type StagedUpload = Static<typeof StagedUploadSchema>;

/** `?thumbnail=` and `?base64=` of a download; `?purge=` and `?versionId=` of the content calls. */
export const ContentQuerySchema = Type.Object({
  versionId: Type.Optional(Type.String({ description: 'The version the upload or removal replaces; a stale one is a 409.' })),
  thumbnail: Type.Optional(Type.String({ description: 'Largest side in pixels (images).' })),
  base64: Type.Optional(Type.String({ description: '`true`: the bytes as base64 text.' })),
  purge: Type.Optional(Type.String({ description: '`true`: remove the bytes of every version, not only the current one.' })),
});
