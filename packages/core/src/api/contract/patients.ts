import { Type, type Static } from 'typebox';
import type { Patient } from '../../people/types.ts';
import { IdSchema, resourceSchema, withMessage } from './contract-kit.ts';

/** `POST Patients/{survivorId}/merge` (docs/api.md): the patient merged into the one in the URL. */
export const MergeBodySchema = withMessage(
  Type.Object(
    {
      duplicate: withMessage(IdSchema, 'duplicate must be the id of the patient to merge.'),
      duplicateVersionId: Type.Optional(
        withMessage(
          Type.String({ description: "The duplicate's version merged; a stale one is a 409." }),
          'duplicateVersionId must be a string.',
        ),
      ),
    },
    { additionalProperties: false },
  ),
  'The request body must be a JSON object: { "duplicate": "{patientId}" }.',
);

const CountsSchema = Type.Record(Type.String(), Type.Integer(), { description: 'Records by resource type.' });

/** What the merge call answers. */
export const MergeAnswerSchema = Type.Object(
  {
    survivor: resourceSchema<Patient>('Patient'),
    /** The duplicate's tombstone: inactive, deleted, `mergedInto` the survivor. */
    duplicate: resourceSchema<Patient>('Patient'),
    moved: CountsSchema,
    repointed: CountsSchema,
  },
  { title: 'MergeAnswer', additionalProperties: false },
);
export type MergeAnswer = Static<typeof MergeAnswerSchema>;
