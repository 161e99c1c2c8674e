/**
 * Care plans (issue 21): the plan editor (goals, objectives, interventions; drag and keyboard
 * reorder; autosave through the write queue), the plan view (signatures, revisions, Revise, the
 * printout) and the care-plans area. The model and its rules are core's `care-plans/`.
 */
export { CarePlanScreen, type CarePlanScreenProps } from './components/CarePlanScreen.tsx';
export { CarePlanEditor, type CarePlanEditorProps } from './components/CarePlanEditor.tsx';
export { CarePlanView, type CarePlanViewProps } from './components/CarePlanView.tsx';
export { PlanTreeView } from './components/PlanTreeView.tsx';
export { NewCarePlanButton, type NewCarePlanButtonProps } from './components/NewCarePlanButton.tsx';
export { MyCarePlans } from './components/MyCarePlans.tsx';
export { GoalTemplatesAdmin } from './components/GoalTemplatesAdmin.tsx';
export { carePlanPath } from './utils/plan-paths.ts';
export { useMayWriteCarePlans } from './hooks/useMayWriteCarePlans.ts';
