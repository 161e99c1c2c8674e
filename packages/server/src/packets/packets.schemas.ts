import {
  IdSchema,
  PacketResendBodySchema,
  PacketResponseSchema,
  PacketReviewAnswerSchema,
  PacketReviewBodySchema,
  PacketSendBodySchema,
  PacketSubmitBodySchema,
  PracticeIdSchema,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Packets'];
const one = Type.Object({ practiceId: PracticeIdSchema, id: IdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);
const WORKFLOW_ERRORS = errors(400, 401, 403, 404, 409, 410);

/** The packet calls (docs/portal.md, "Packets"). */
export const PACKET_SCHEMAS = {
  send: {
    operationId: 'sendPacket',
    summary: 'Send a packet to a patient or a guardian, with a due date, and e-mail its link',
    tags,
    params: one,
    headers,
    body: PacketSendBodySchema,
    response: { 201: answer(PacketResponseSchema, 'The packet response, Not started, with a response per item.'), ...WORKFLOW_ERRORS },
  },
  resend: {
    operationId: 'resendPacket',
    summary: "Re-send an open packet's link with a fresh expiry",
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
    headers,
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
