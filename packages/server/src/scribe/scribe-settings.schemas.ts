import {
  PracticeIdSchema,
  ScribeSettingsBodySchema,
  ScribeSettingsCheckBodySchema,
  ScribeSettingsCheckSchema,
  ScribeSettingsSchema,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Scribe'];
const params = Type.Object({ practiceId: PracticeIdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);
const CALL_ERRORS = errors(400, 401, 403, 404);

/** The practice's scribe providers (docs/scribe.md, "Per-practice providers"). */
export const SCRIBE_SETTINGS_SCHEMAS = {
  read: {
    operationId: 'readScribeSettings',
    summary: "The practice's scribe providers (keys only as set or not set)",
    tags,
    params,
    headers,
    response: { 200: answer(ScribeSettingsSchema, 'The settings.'), ...CALL_ERRORS },
  },
  write: {
    operationId: 'writeScribeSettings',
    summary: "Choose the practice's transcription provider and note generator; keys are sealed in its KeyVault",
    tags,
    params,
    headers,
    body: ScribeSettingsBodySchema,
    response: { 200: answer(ScribeSettingsSchema, 'The settings as kept.'), ...CALL_ERRORS },
  },
  check: {
    operationId: 'checkScribeProvider',
    summary: "Try the practice's transcription provider or generator",
    tags,
    params,
    headers,
    body: ScribeSettingsCheckBodySchema,
    response: { 200: answer(ScribeSettingsCheckSchema, 'What the check found.'), ...CALL_ERRORS },
  },
};
