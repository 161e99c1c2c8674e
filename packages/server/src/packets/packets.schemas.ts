import {
  HEADERS,
  IdSchema,
  KioskAnswersBodySchema,
  KioskOpenAnswerSchema,
  KioskSignatureBodySchema,
  KioskViewSchema,
  resourceSchema,
  PacketResendBodySchema,
  PacketResponseSchema,
  PacketReviewAnswerSchema,
  PacketReviewBodySchema,
  PacketSendBodySchema,
  PacketSubmitBodySchema,
  PracticeIdSchema,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, noContent, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Packets'];
const one = Type.Object({ practiceId: PracticeIdSchema, id: IdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);
const keyed = requestHeaders(...PRACTICE_HEADERS, HEADERS.idempotencyKey);
const kioskHeaders = requestHeaders(HEADERS.kioskToken);
const WORKFLOW_ERRORS = errors(400, 401, 403, 404, 409, 410);

/** The packet calls (docs/portal.md, "Packets"). */
export const PACKET_SCHEMAS = {
  send: {
    operationId: 'sendPacket',
    summary: 'Send a packet to a patient or a guardian, with a due date, and e-mail its link',
    tags,
    params: one,
    headers: keyed,
    body: PacketSendBodySchema,
    response: { 201: answer(PacketResponseSchema, 'The packet response, Not started, with a response per item.'), ...WORKFLOW_ERRORS },
  },
  resend: {
    operationId: 'resendPacket',
    summary: "Re-send an open packet's link with a fresh expiry (the last link's stops), optionally a new due day",
    tags,
    params: one,
    headers,
    body: PacketResendBodySchema,
    response: { 200: answer(PacketResponseSchema, 'The packet response with its new expiry.'), ...WORKFLOW_ERRORS },
  },
  submit: {
    operationId: 'submitPacket',
    summary: 'Submit a packet: every required item answered and signed; consents given',
    tags,
    params: one,
    headers: keyed,
    body: PacketSubmitBodySchema,
    response: { 200: answer(PacketResponseSchema, 'The submitted packet response and the consents it gave.'), ...WORKFLOW_ERRORS },
  },
  review: {
    operationId: 'reviewPacket',
    summary: 'Review a submitted packet: accept chosen answers into the chart, field by field, and mark it reviewed',
    tags,
    params: one,
    headers,
    body: PacketReviewBodySchema,
    response: { 200: answer(PacketReviewAnswerSchema, 'The reviewed packet response and the records changed.'), ...WORKFLOW_ERRORS },
  },
};

const KIOSK_ERRORS = errors(400, 401, 404, 409, 410);
const kioskTags = ['Packets: kiosk'];

/** The kiosk (docs/portal.md, "Kiosk mode"): opened by staff, then called with its token alone. */
export const KIOSK_SCHEMAS = {
  open: {
    operationId: 'openPacketKiosk',
    summary: "Open a kiosk on the clinic's device for one open packet: a short-lived token scoped to that packet response",
    tags,
    params: one,
    headers,
    response: { 201: answer(KioskOpenAnswerSchema, 'The kiosk token, its expiry and the packet response it opens.'), ...WORKFLOW_ERRORS },
  },
  close: {
    operationId: 'closePacketKiosk',
    summary: 'End a kiosk left open on a packet: its token stops working',
    tags,
    params: one,
    headers,
    response: { 204: noContent('The kiosk is closed.'), ...WORKFLOW_ERRORS },
  },
  view: {
    operationId: 'readKiosk',
    summary: 'The packet a kiosk token opens: its items, their questionnaires and responses, and nothing else',
    tags: kioskTags,
    headers: kioskHeaders,
    response: { 200: answer(KioskViewSchema, 'What the kiosk shows.'), ...KIOSK_ERRORS },
  },
  answers: {
    operationId: 'saveKioskAnswers',
    summary: "Save one item's answers and signatures from the kiosk, as the packet's recipient",
    tags: kioskTags,
    params: Type.Object({ id: IdSchema }),
    headers: kioskHeaders,
    body: KioskAnswersBodySchema,
    response: { 200: answer(resourceSchema('QuestionnaireResponse'), 'The response saved.'), ...KIOSK_ERRORS, ...errors(403) },
  },
  signature: {
    operationId: 'storeKioskSignature',
    summary: "Store a signature drawn on the kiosk as a Media in the patient's chart",
    tags: kioskTags,
    headers: kioskHeaders,
    body: KioskSignatureBodySchema,
    response: {
      201: answer(
        Type.Object({ resourceType: Type.String(), id: Type.String(), partition: Type.String() }),
        'The Media holding the image.',
      ),
      ...KIOSK_ERRORS,
    },
  },
  submit: {
    operationId: 'submitKiosk',
    summary: 'Submit the packet from the kiosk; the kiosk is finished and answers 410 from then on',
    tags: kioskTags,
    headers: kioskHeaders,
    response: { 200: answer(PacketResponseSchema, 'The submitted packet response.'), ...KIOSK_ERRORS, ...errors(403) },
  },
};
