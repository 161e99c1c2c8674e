import { Type, type Static } from 'typebox';
import { PACKET_CHART_FIELDS, type PacketItem, type PacketResponse } from '../../packets/types.ts';
import type { Questionnaire, QuestionnaireResponse } from '../../questionnaires/types.ts';
import { IdSchema, ReferenceSchema, resourceSchema } from './contract-kit.ts';

const Email = Type.String({ maxLength: 320, description: 'Where the link is e-mailed; else the address on file.' });

/** `POST Packets/{id}/send`: a packet to a patient, or to one of their guardians. */
export const PacketSendBodySchema = Type.Object(
  {
    patient: IdSchema,
    recipient: Type.Optional(
      Type.Object(
        { resourceType: Type.Union([Type.Literal('Patient'), Type.Literal('RelatedPerson')]), id: IdSchema },
        { additionalProperties: true, description: 'Who fills it in: the patient (the default) or a guardian.' },
      ),
    ),
    dueDate: Type.String({ description: 'yyyy-MM-dd, on the practice’s calendar.' }),
    email: Type.Optional(Email),
  },
  { additionalProperties: false },
);
export type PacketSendBody = Static<typeof PacketSendBodySchema>;

/** `POST PacketResponses/{id}/resend`: a fresh link (and expiry), to the address given or on file. */
export const PacketResendBodySchema = Type.Object(
  {
    email: Type.Optional(Email),
    dueDate: Type.Optional(Type.String({ description: 'A new due day (yyyy-MM-dd, not in the past); else the one set when sent.' })),
  },
  { additionalProperties: false },
);
export type PacketResendBody = Static<typeof PacketResendBodySchema>;

/** `POST PacketResponses/{id}/submit`: the version the patient saw; optional. */
export const PacketSubmitBodySchema = Type.Object(
  { versionId: Type.Optional(Type.String({ minLength: 1, description: 'A stale one is a 409.' })) },
  { additionalProperties: false },
);
export type PacketSubmitBody = Static<typeof PacketSubmitBodySchema>;

/** One answer a reviewer accepts into the chart. */
export const AcceptedFieldSchema = Type.Object(
  {
    item: Type.String({ minLength: 1, maxLength: 64 }),
    linkId: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

/** `POST PacketResponses/{id}/review`: the answers accepted field by field, and the response marked reviewed. */
export const PacketReviewBodySchema = Type.Object(
  {
    versionId: Type.String({ minLength: 1, description: 'The version reviewed; a stale one is a 409.' }),
    accept: Type.Array(AcceptedFieldSchema, {
      maxItems: 100,
      description: `Answers to write into the chart (${PACKET_CHART_FIELDS.join(', ')}); every other answer stays in the response.`,
    }),
  },
  { additionalProperties: false },
);
export type PacketReviewBody = Static<typeof PacketReviewBodySchema>;

export const PacketResponseSchema = resourceSchema<PacketResponse>('PacketResponse');

/** The reviewed packet response and the records the accepted answers changed. */
export const PacketReviewAnswerSchema = Type.Object({
  packetResponse: PacketResponseSchema,
  changed: Type.Array(ReferenceSchema),
});
export type PacketReviewAnswer = Static<typeof PacketReviewAnswerSchema>;

/** The reminder sweep's answer: how many reminders went out. */
export const PacketRemindAnswerSchema = Type.Object({ reminded: Type.Integer({ minimum: 0 }) });

/** `POST PacketResponses/{id}/kiosk`: a kiosk session for filling one packet in on the clinic's device. */
export const KioskOpenAnswerSchema = Type.Object({
  token: Type.String({ description: 'The kiosk credential: sent as the X-Kiosk-Token header by the kiosk calls, and nothing else.' }),
  expiresAt: Type.String({ format: 'date-time' }),
  packetResponse: ReferenceSchema,
});
export type KioskOpenAnswer = Static<typeof KioskOpenAnswerSchema>;

/** One item of the packet a kiosk shows: the item, its questionnaire (the version answered) and its response. */
export const KioskItemSchema = Type.Object({
  item: Type.Unsafe<PacketItem>(Type.Object({}, { additionalProperties: true })),
  questionnaire: resourceSchema<Questionnaire>('Questionnaire'),
  response: resourceSchema<QuestionnaireResponse>('QuestionnaireResponse'),
});

/** `GET kiosk`: everything the kiosk shows, and nothing else (no other record of the chart). */
export const KioskViewSchema = Type.Object({
  practiceId: Type.String(),
  packetResponse: PacketResponseSchema,
  packetName: Type.String(),
  recipient: Type.Object({ resourceType: Type.String(), id: Type.String(), display: Type.Optional(Type.String()) }),
  items: Type.Array(KioskItemSchema),
  expiresAt: Type.String({ format: 'date-time' }),
  /** The packet was sent from this kiosk: it shows "Thank you" and nothing else. */
  finished: Type.Boolean(),
});
export type KioskView = Static<typeof KioskViewSchema>;

/** `PUT kiosk/responses/{id}`: one item's answers (and signatures) saved from the kiosk. */
export const KioskAnswersBodySchema = Type.Object(
  {
    versionId: Type.String({ minLength: 1, description: 'The version the kiosk last read; a stale one is a 409.' }),
    answers: Type.Record(Type.String(), Type.Unknown()),
    signatures: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type KioskAnswersBody = Static<typeof KioskAnswersBodySchema>;

/** `POST kiosk/signatures`: a drawn signature's PNG (base64), stored as a Media in the patient's chart. */
export const KioskSignatureBodySchema = Type.Object(
  {
    png: Type.String({ minLength: 1, maxLength: 700_000, description: 'The PNG, base64-encoded.' }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type KioskSignatureBody = Static<typeof KioskSignatureBodySchema>;
