import type { CarePlan, CarePlanPatientSignBody, CarePlanReviseBody, CoSignBody, SignBody } from '@caseload/core';
import { api } from '../../../api/index.ts';

/**
 * The care-plan calls that are not resource CRUD (docs/care-plans.md, "Signatures and
 * revisions"). Screens reach them through useCarePlanActions, which re-reads the plan after.
 */
const plansPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/CarePlans`;

export const postSignCarePlan = (practiceId: string, id: string, body: SignBody) =>
  api.post<CarePlan>(`${plansPath(practiceId)}/${encodeURIComponent(id)}/sign`, body);

export const postPatientSignCarePlan = (practiceId: string, id: string, body: CarePlanPatientSignBody) =>
  api.post<CarePlan>(`${plansPath(practiceId)}/${encodeURIComponent(id)}/patient-signature`, body);

export const postCoSignCarePlan = (practiceId: string, id: string, body: CoSignBody) =>
  api.post<CarePlan>(`${plansPath(practiceId)}/${encodeURIComponent(id)}/co-sign`, body);

export const postReviseCarePlan = (practiceId: string, id: string, body: CarePlanReviseBody) =>
  api.post<CarePlan>(`${plansPath(practiceId)}/${encodeURIComponent(id)}/revise`, body);

/** The printout's address: opened in a new tab, the browser shows the PDF (audited as an export). */
export const carePlanPrintoutUrl = (practiceId: string, id: string) => `${plansPath(practiceId)}/${encodeURIComponent(id)}/printout`;
