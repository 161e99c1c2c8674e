import {
  HEADERS,
  type KioskAnswersBody,
  type KioskOpenAnswer,
  type KioskView,
  type PacketResponse,
  type QuestionnaireResponse,
  type Reference,
} from '@caseload/core';
import { api } from '../../../api/index.ts';

/** The kiosk's calls, with its token as their only credential (a 401 here is the kiosk ending, not a session). */
const withToken = (token: string) => ({ headers: { [HEADERS.kioskToken]: token }, expectUnauthorized: true });

export const kioskApi = {
  open: (practiceId: string, packetResponseId: string) =>
    api.post<KioskOpenAnswer>(
      `/api/v1/practices/${encodeURIComponent(practiceId)}/PacketResponses/${encodeURIComponent(packetResponseId)}/kiosk`,
      {},
    ),
  view: (token: string) => api.get<KioskView>('/api/v1/kiosk', withToken(token)),
  save: (token: string, responseId: string, body: KioskAnswersBody) =>
    api.put<QuestionnaireResponse>(`/api/v1/kiosk/responses/${encodeURIComponent(responseId)}`, body, withToken(token)),
  signature: (token: string, png: string, title: string) =>
    api.post<Reference & { partition: string }>('/api/v1/kiosk/signatures', { png, title }, withToken(token)),
  submit: (token: string) => api.post<PacketResponse>('/api/v1/kiosk/submit', {}, withToken(token)),
};
