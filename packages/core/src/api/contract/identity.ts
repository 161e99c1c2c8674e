import { Type, type Static } from 'typebox';
import type { Permission } from '../../access/permissions.ts';
import { TimestampSchema, withMessage } from './contract-kit.ts';

/** A permission as core's access model names it (`Patient:Read`, `administrative:CanManageUsers:Allow`). */
const PermissionSchema = Type.Unsafe<Permission>(Type.String({ description: 'resource:Action or namespace:flag:Allow (docs/access.md).' }));

/** One signed-in browser or client of the account (`GET /api/v1/auth/sessions`). */
export const SessionInfoSchema = Type.Object(
  {
    id: Type.String({ description: "The session's hash, never its secret; `DELETE sessions/{id}` ends it." }),
    createdAt: TimestampSchema,
    lastSeenAt: TimestampSchema,
    idleTimeoutMinutes: Type.Integer(),
    address: Type.Union([Type.String(), Type.Null()]),
    userAgent: Type.Union([Type.String(), Type.Null()]),
    current: Type.Boolean({ description: 'The session making this call.' }),
  },
  { title: 'SessionInfo', additionalProperties: false },
);
export type SessionInfo = Static<typeof SessionInfoSchema>;

/** A profile the account can act as, in one practice. */
export const ProfileMembershipSchema = Type.Object(
  {
    practiceId: Type.String(),
    practiceName: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          "The practice's name (its preferences' Practice name, else its provider organization's); null or absent when it has none.",
      }),
    ),
    profile: Type.String({ description: '`resourceType/resourceId`: send it as `x-profile` to act as it.' }),
    roles: Type.Array(Type.String()),
    permissions: Type.Array(PermissionSchema, {
      description: 'What those roles allow, as the server checks it: what a client offers, never what it enforces.',
    }),
  },
  { title: 'ProfileMembership', additionalProperties: false },
);
export type ProfileMembership = Static<typeof ProfileMembershipSchema>;

/** Who is signed in: the answer of the session call, of signing in and of accepting an invite. */
export const WhoAmISchema = Type.Object(
  {
    account: Type.Object(
      {
        id: Type.String(),
        email: Type.String(),
        associateRole: Type.Union([Type.String(), Type.Null()]),
        permissions: Type.Union([Type.Array(PermissionSchema), Type.Null()], {
          description: "The associate role's permissions (internal staff); null for everyone else.",
        }),
        practices: Type.Union([Type.Array(Type.String()), Type.Null()], {
          description: 'Practices an associate who views every practice may open without a profile, oldest first; null for everyone else.',
        }),
        practiceNames: Type.Optional(
          Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
            description: "Those practices' names by id (the ones that have a name); null for everyone else.",
          }),
        ),
      },
      { additionalProperties: false },
    ),
    session: SessionInfoSchema,
    profiles: Type.Array(ProfileMembershipSchema),
  },
  { title: 'WhoAmI', additionalProperties: false },
);
export type WhoAmI = Static<typeof WhoAmISchema>;

const SIGN_IN_MESSAGE = 'Send an e-mail and a password.';

/** `POST /api/v1/auth/sign-in`. */
export const SignInBodySchema = withMessage(
  Type.Object({
    email: withMessage(Type.String({ maxLength: 320 }), SIGN_IN_MESSAGE),
    password: withMessage(Type.String(), SIGN_IN_MESSAGE),
  }),
  SIGN_IN_MESSAGE,
);

/** `GET /api/v1/auth/invites/{token}`: is the link still good, and for which e-mail. */
export const InviteStatusSchema = Type.Union(
  [
    Type.Object(
      {
        valid: Type.Literal(true),
        email: Type.String(),
        practiceId: Type.String(),
        expiresAt: TimestampSchema,
        hasPassword: Type.Boolean({ description: 'The account already has a password (it is signed out elsewhere on acceptance).' }),
      },
      { additionalProperties: false },
    ),
    Type.Object({ valid: Type.Literal(false), detail: Type.String() }, { additionalProperties: false }),
  ],
  { title: 'InviteStatus' },
);
export type InviteStatus = Static<typeof InviteStatusSchema>;

/** An e-mailed link's token and the new password (invite acceptance, password reset). */
export const TokenPasswordBodySchema = Type.Object({
  token: Type.String({ description: "The e-mailed link's token." }),
  password: Type.String({ description: 'At least 12 characters, not only letters or only digits, not containing the e-mail name.' }),
});

const RESET_EMAIL_MESSAGE = 'Send the e-mail address of the account.';

/** `POST /api/v1/auth/password-reset`. */
export const PasswordResetBodySchema = withMessage(
  Type.Object({ email: withMessage(Type.String({ minLength: 1, maxLength: 320 }), RESET_EMAIL_MESSAGE) }),
  RESET_EMAIL_MESSAGE,
);
