import {
  IdSchema,
  InviteAnswerSchema,
  InviteBodySchema,
  InviteStatusSchema,
  PasswordResetBodySchema,
  PracticeIdSchema,
  SessionInfoSchema,
  SignInBodySchema,
  TokenPasswordBodySchema,
  WhoAmISchema,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, noContent, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Sessions'];
const Signed = answer(WhoAmISchema, 'Signed in: who, and the profiles the account can act as. Sets the session and XSRF cookies.');

/** Sign-in, sign-out and one's own sessions (docs/identity.md). */
export const AUTH_SCHEMAS = {
  session: {
    operationId: 'readSession',
    summary: 'Who is signed in',
    tags,
    response: { 200: answer(WhoAmISchema, 'The signed-in account.'), 204: noContent('Nobody is signed in.'), ...errors() },
  },
  signIn: {
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password',
    tags,
    body: SignInBodySchema,
    response: { 200: Signed, ...errors(400, 401, 403, 429) },
  },
  signOut: {
    operationId: 'signOut',
    summary: 'End this session',
    tags,
    response: { 204: noContent('Signed out.'), ...errors(401, 403) },
  },
  sessions: {
    operationId: 'listSessions',
    summary: "The account's sessions",
    tags,
    response: { 200: answer(Type.Array(SessionInfoSchema), 'Every live session of the account.'), ...errors(401) },
  },
  endSession: {
    operationId: 'endSession',
    summary: 'End one of the account’s sessions',
    tags,
    params: Type.Object({ id: Type.String({ description: "The session's id (its hash), from the sessions list." }) }),
    response: { 204: noContent('Ended.'), ...errors(401, 403, 404) },
  },
};

/** Invite acceptance and password reset: public calls reached from e-mailed links. */
export const ACCOUNT_SCHEMAS = {
  inviteStatus: {
    operationId: 'readInvite',
    summary: 'Whether an invite link is still good, and for which e-mail',
    tags,
    params: Type.Object({ token: Type.String({ description: "The e-mailed link's token." }) }),
    response: { 200: answer(InviteStatusSchema, 'The link, valid or not.'), ...errors() },
  },
  acceptInvite: {
    operationId: 'acceptInvite',
    summary: 'Accept an invite: set the password and sign in',
    tags,
    body: TokenPasswordBodySchema,
    response: { 200: Signed, ...errors(400, 403) },
  },
  requestPasswordReset: {
    operationId: 'requestPasswordReset',
    summary: 'E-mail a password-reset link',
    tags,
    body: PasswordResetBodySchema,
    response: { 204: noContent('Sent if the e-mail has an active account; the answer is the same either way.'), ...errors(400, 403) },
  },
  completePasswordReset: {
    operationId: 'completePasswordReset',
    summary: "Set a new password with the e-mailed link's token",
    tags,
    body: TokenPasswordBodySchema,
    response: { 204: noContent('The password is changed and every session of the account ended.'), ...errors(400, 403) },
  },
};

/** `POST {Patients|Practitioners|RelatedPeople}/{id}/invite` (SPEC.md section 7). */
export const INVITE_SCHEMA = {
  operationId: 'invite',
  summary: 'Invite a patient, practitioner or related person to sign up',
  tags: ['Users'],
  params: Type.Object({
    practiceId: PracticeIdSchema,
    collection: Type.Enum(['Patients', 'Practitioners', 'RelatedPeople'], { description: 'The profile type invited.' }),
    id: IdSchema,
  }),
  headers: requestHeaders(...PRACTICE_HEADERS),
  body: InviteBodySchema,
  response: {
    201: answer(InviteAnswerSchema, 'The profile is linked to the account; the invite is e-mailed.'),
    200: answer(InviteAnswerSchema, 'The invite is e-mailed again.'),
    ...errors(400, 401, 403, 404),
  },
};
