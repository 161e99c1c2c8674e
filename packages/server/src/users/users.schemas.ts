import { PracticeIdSchema, PracticeUserSchema, RolesBodySchema } from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, noContent, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Users'];
const practice = Type.Object({ practiceId: PracticeIdSchema });
const user = Type.Object({ practiceId: PracticeIdSchema, accountId: Type.String({ description: 'The account, from the users list.' }) });
const headers = requestHeaders(...PRACTICE_HEADERS);

/** The practice's users (docs/identity.md, "Users of a practice"). */
export const USER_SCHEMAS = {
  list: {
    operationId: 'listUsers',
    summary: "The practice's users, as the caller reaches them",
    tags,
    params: practice,
    headers,
    response: { 200: answer(Type.Array(PracticeUserSchema), 'Every membership the caller reaches.'), ...errors(400, 401, 403, 404) },
  },
  roles: {
    operationId: 'setUserRoles',
    summary: "Replace the roles of a user's practitioner profile",
    tags,
    params: user,
    headers,
    body: RolesBodySchema,
    response: { 200: answer(PracticeUserSchema, 'The user with the new roles.'), ...errors(400, 401, 403, 404) },
  },
  activate: (active: boolean) => ({
    operationId: active ? 'activateUser' : 'deactivateUser',
    summary: active ? 'Reactivate a user' : 'Deactivate a user, ending every session of the account',
    tags,
    params: user,
    headers,
    response: { 204: noContent(active ? 'Active again.' : 'Deactivated.'), ...errors(400, 401, 403, 404) },
  }),
};
