import { AppError, ErrorCodes, MESSAGES, hasFlag, rolePermissions } from '@caseload/core';
import type { FastifyRequest } from 'fastify';

/** Provisioning and removing practice networks is for internal administrators only. */
export function assertInternalAdmin(request: FastifyRequest): void {
  const role = request.identity?.account.associateRole;
  const permissions = role ? rolePermissions(role, 'associate') : new Set<never>();
  if (!hasFlag(permissions, 'internal', 'ManageDatabases')) throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden);
}
