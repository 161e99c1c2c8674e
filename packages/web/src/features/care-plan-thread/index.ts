/**
 * The golden thread of issue 21 in the chart and on the dashboard (docs/care-plans.md, "In the
 * chart"): the patient chart's Care plans tab with, per goal of the active plan, its objectives,
 * progress over time and the notes that addressed it; the dashboard's review-due list.
 */
export { PatientCarePlansTab, type PatientCarePlansTabProps } from './components/PatientCarePlansTab.tsx';
export { ReviewDueCard } from './components/ReviewDueCard.tsx';
