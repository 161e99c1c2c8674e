import { badRequest } from '../errors/app-error.ts';
import { canonicalJson } from './signatures.ts';
import type { Questionnaire } from './types.ts';
import { questionnaireIssues } from './validate-questionnaire.ts';

/** Messages of the publishing rules (docs/forms.md). */
export const PUBLISHING_MESSAGES = {
  invalidDefinition: 'The questionnaire is invalid.',
  builtInContent: (title: string) => `${title} is a built-in assessment; its questions cannot be changed. Copy it to make your own.`,
  draft: (title: string) => `${title} is a draft and cannot be answered until it is published.`,
  retired: (title: string) => `${title} is retired and can no longer be answered.`,
  notActiveVersion: (title: string) => `This version of ${title} was never published and cannot be answered.`,
} as const;

/** The fields the server owns or that do not change what is asked: not "content". */
const NON_CONTENT = new Set(['id', 'meta', 'resourceType', 'partition', 'created', 'status', 'version', 'publishedVersionId']);

/** Whether two versions ask the same things (anything but status and server-owned fields differs). */
export function sameContent(a: Partial<Questionnaire>, b: Partial<Questionnaire>): boolean {
  const strip = (q: Partial<Questionnaire>) => Object.fromEntries(Object.entries(q).filter(([k]) => !NON_CONTENT.has(k)));
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
}

/**
 * Applies the publishing rules to a version about to be stored (the server's beforeWrite hook),
 * setting the server-owned `status`, `version` and `publishedVersionId`:
 * - a new questionnaire starts at version 1, as a Draft unless it is published at once;
 * - a Draft may be edited freely and published (status Active) once it passes every check;
 * - editing what an Active (or Retired) one asks makes a new Draft version (`version` + 1); the
 *   Active version stays answerable (`publishedVersionId`) until the draft is published, and
 *   responses keep pointing at the version they answered;
 * - status alone moves Active → Retired (no new answers), Retired → Active, or either → Draft;
 * - a built-in assessment's questions cannot be changed (its scoring depends on them).
 * @throws AppError BadRequest with issues when the definition is malformed or cannot be published.
 */
export function applyPublishingRules(next: Questionnaire, previous: Questionnaire | undefined): void {
  next.status ??= 'Draft';
  const contentChanged = previous !== undefined && !sameContent(previous, next);
  if (previous?.builtIn && contentChanged) throw badRequest(PUBLISHING_MESSAGES.builtInContent(previous.title));
  const version = typeof previous?.version === 'number' ? previous.version : 1;
  if (!previous) {
    next.version = 1;
    delete next.publishedVersionId;
  } else if (previous.status === 'Draft') {
    next.version = version;
    if (previous.publishedVersionId) next.publishedVersionId = previous.publishedVersionId;
    else delete next.publishedVersionId;
  } else if (contentChanged || next.status === 'Draft') {
    next.status = 'Draft';
    next.version = version + 1;
    if (previous.status === 'Active') next.publishedVersionId = previous.meta.versionId;
    else delete next.publishedVersionId;
  } else {
    next.version = version;
  }
  if (next.status === 'Active') next.publishedVersionId = next.meta.versionId;
  if (next.status === 'Retired') delete next.publishedVersionId;
  const issues = questionnaireIssues(next, { publishing: next.status === 'Active' });
  if (issues.length) throw badRequest(issues.length === 1 ? issues[0]!.message : PUBLISHING_MESSAGES.invalidDefinition, issues);
}

/**
 * The version a new response to this questionnaire answers when the client names none: the
 * current one when Active, else the last published one while a Draft is edited.
 */
export function answerableVersionId(current: Questionnaire): string | undefined {
  if (current.status === 'Active') return current.meta.versionId;
  if (current.status === 'Draft') return current.publishedVersionId;
  return undefined;
}

/**
 * Refuses answering unless the version answered was published and the questionnaire has not
 * been retired since. `answered` is the version the response points at; `current` the newest.
 * @throws AppError BadRequest with an issue at `questionnaire`.
 */
export function assertAnswerable(current: Questionnaire, answered: Questionnaire): void {
  const title = current.title ?? answered.title ?? 'The questionnaire';
  const refuse = (message: string) => badRequest(message, [{ path: 'questionnaire', message }]);
  if (current.status === 'Retired') throw refuse(PUBLISHING_MESSAGES.retired(title));
  if (answered.status !== 'Active') {
    throw refuse(
      answered.meta.versionId === current.meta.versionId ? PUBLISHING_MESSAGES.draft(title) : PUBLISHING_MESSAGES.notActiveVersion(title),
    );
  }
}
