/** The care-plans area's page of one plan (the plan view, built in features/care-plans). */
export const carePlanPath = (patientId: string, planId: string) =>
  `/care-plans/${encodeURIComponent(patientId)}/${encodeURIComponent(planId)}`;

/** The care-plans area's editor of a new plan for the patient. */
export const newCarePlanPath = (patientId: string) => `/care-plans/${encodeURIComponent(patientId)}/new`;
