import { applyPublishingRules, type Questionnaire } from '@caseload/core';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

/**
 * The publishing rules (docs/forms.md) for questionnaires and forms, inside the write's
 * transaction against the locked previous version: editing an Active one stores a new Draft
 * version, publishing checks everything (invalid patterns are refused), and `status`, `version`
 * and `publishedVersionId` are the server's to set.
 */
export const publishingRules: BeforeWrite = async (_tx, _ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  applyPublishingRules(resource as Questionnaire, previous as Questionnaire | undefined);
};
