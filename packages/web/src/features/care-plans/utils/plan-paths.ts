/** The plan screen's address: the editor while unsigned, the view once signed. */
export const carePlanPath = (patientId: string, planId: string) =>
  `/care-plans/${encodeURIComponent(patientId)}/${encodeURIComponent(planId)}`;
