import { Type, type Static } from 'typebox';
import { TimestampSchema, withMessage } from './contract-kit.ts';

/**
 * One membership of a practice as `GET users` answers it (docs/identity.md, "Users of a
 * practice"): the account, the profile it acts as, its roles, and every grant set those roles hold
 * in full.
 */
export const PracticeUserSchema = Type.Object(
  {
    accountId: Type.String(),
    email: Type.String(),
    profile: Type.String({ description: '`Practitioner/{id}`, `Patient/{id}` or `RelatedPerson/{id}`.' }),
    roles: Type.Array(Type.String(), { description: 'Built-in role names and `SecurityRole/{id}` references.' }),
    active: Type.Boolean(),
    pendingInvite: Type.Boolean({ description: 'An invite to this practice is out and not yet accepted.' }),
    grantSets: Type.Array(Type.String(), { description: 'Every catalogue grant set the roles hold in full.' }),
  },
  { title: 'PracticeUser', additionalProperties: false },
);
export type PracticeUser = Static<typeof PracticeUserSchema>;

const ROLES_MESSAGE = 'Send roles as a list of role names.';

/** `PUT users/{accountId}/roles`: the roles replace the user's, on one practitioner profile. */
export const RolesBodySchema = Type.Object({
  roles: withMessage(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }), ROLES_MESSAGE),
  profile: Type.Optional(
    withMessage(
      Type.String({ description: 'The practitioner profile, when the account has several here.' }),
      'profile must be Practitioner/{id}.',
    ),
  ),
});
export type RolesBody = Static<typeof RolesBodySchema>;

/** The answer of an invite: 201 when the profile is newly linked, 200 when an invite is sent again. */
export const InviteAnswerSchema = Type.Object(
  {
    accountId: Type.String(),
    email: Type.String(),
    profile: Type.String(),
    roles: Type.Array(Type.String()),
    active: Type.Boolean({ description: 'The membership is already active (a re-sent invite to a member), or waits for acceptance.' }),
    expiresAt: TimestampSchema,
  },
  { title: 'InviteAnswer', additionalProperties: false },
);
export type InviteAnswer = Static<typeof InviteAnswerSchema>;

const TARGET_MESSAGE = 'Send the e-mail address to invite as target.';

/** `POST {Patients|Practitioners|RelatedPeople}/{id}/invite` (SPEC.md section 7). */
export const InviteBodySchema = withMessage(
  Type.Object({ target: withMessage(Type.String({ maxLength: 320, description: 'The e-mail address to invite.' }), TARGET_MESSAGE) }),
  TARGET_MESSAGE,
);
