import type { ScribeSettings, ScribeSettingsBody, ScribeSettingsCheck } from '@caseload/core';
import { api } from '../../../api/index.ts';

/**
 * The practice's scribe providers (docs/scribe.md, "Per-practice providers"). Not a resource: the
 * keys are sealed on the server and only ever come back as "set" / "not set", so these go straight
 * to the server rather than through the device store and write queue.
 */
const settingsPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/scribe/settings`;

export const getScribeSettings = (practiceId: string, signal?: AbortSignal) =>
  api.get<ScribeSettings>(settingsPath(practiceId), { signal });

export const putScribeSettings = (practiceId: string, body: ScribeSettingsBody) => api.put<ScribeSettings>(settingsPath(practiceId), body);

export const checkScribeProvider = (practiceId: string, which: 'transcription' | 'generator') =>
  api.post<ScribeSettingsCheck>(`${settingsPath(practiceId)}/check`, { which });
