/** SPEC.md section 8: the messages users see, to the letter (double spaces included). */
export const MESSAGES = {
  unauthorized: 'Session expired.  Please refresh the page.',
  forbidden: "You don't have permissions to perform this action.",
  notFound: 'The requested data was not found.',
  timeout: 'A timeout occurred while attempting your request.  Some of your requests may not have completed.',
  conflict: 'Your changes conflict with those made concurrently by another user.',
  gone: 'The requested data was deleted or is no longer accessible.',
  tokenExpired: 'Your temporary access security token has expired.',
  pageLoadFailure: "Looks like this page couldn't be loaded.  You may need to refresh the page.",
  otherHttp: "Sorry, we couldn't complete your request. We have logged the issue and sent back to our team for further review.",
  nonHttp: 'Oops! An unknown error has occurred.',
  /** A reference without a version names the `latest`. */
  expansionFailure: (type: string, id: string, version: string | undefined) =>
    `Reference ${type} ${id} (version ${version ?? 'latest'}) could not be expanded.`,
  deleteUnsupported: (type: string) => `Client ${type} does not support delete.`,
  unknownExpandable: (name: string, type: string) => `${name} is not a configured expandable for ${type}.`,
  unknownGrantSet: (name: string) => `GrantSet ${name} is not defined.`,
  createWithId: 'Resource requested for creation already has an id.',
  // Section 5 says updating without an id, or a transformed resource, "is refused"; the words are ours.
  updateWithoutId: 'Resource requested for update has no id.',
  updateTransformed: 'Resource requested for update had transformations applied and cannot be saved.',
  // Section 8 has no row for 503 (its "Other HTTP errors" says the issue was sent to the team,
  // which a passing outage is not); the words are ours. A statement past its time limit answers
  // 503 with the catalogue's timeout message.
  databaseUnavailable: 'The database is not available right now. Try again in a few seconds.',
  shuttingDown: 'The server is shutting down. Try again in a few seconds.',
} as const;

/** Security-token sub-status codes (section 8). */
export const SUB_STATUS = { invalidSecurityToken: 1001, expiredSecurityToken: 1002 } as const;
