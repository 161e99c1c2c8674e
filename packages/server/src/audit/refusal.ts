import { AppError, ErrorCodes, isAppError } from '@caseload/core';

/**
 * Why a call was refused, carried as the `cause` of its 403 or 404 for the audit trail only: the
 * caller gets the catalogue's message whatever this says. `patients` names the patients the
 * refusal was about when the refused data lists them rather than lives in their partition (a
 * security token's allowances).
 */
export class RefusalReason {
  constructor(
    readonly why: string,
    readonly patients: readonly string[] = [],
  ) {}
}

/**
 * A refusal the repository has already recorded, with the resource and patient it names, as a
 * failed attempt. It answers exactly as the refusal it wraps; the error handler records no second
 * event for it.
 */
export class RecordedRefusal extends AppError {
  constructor(readonly refusal: AppError) {
    super(refusal.code, refusal.message, {
      issues: refusal.issues,
      cause: refusal.cause,
      subStatus: refusal.subStatus,
      retryAfter: refusal.retryAfter,
    });
  }
}

const REFUSALS: ReadonlySet<string> = new Set([ErrorCodes.Forbidden, ErrorCodes.NotFound, ErrorCodes.Gone]);

/** A 403, 404 or 410 not yet recorded: an attempt the audit trail must still hear of. */
export function isUnrecordedRefusal(error: unknown): error is AppError {
  return isAppError(error) && REFUSALS.has(error.code) && !(error instanceof RecordedRefusal);
}

/** The reason an error's cause gives in words, if it gives one. */
export function reasonOf(error: AppError): RefusalReason | undefined {
  const cause = error.cause;
  if (cause instanceof RefusalReason) return cause;
  return typeof cause === 'string' ? new RefusalReason(cause) : undefined;
}
