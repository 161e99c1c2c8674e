/**
 * The forms engine's screens (issue 6): the form renderer used everywhere (QuestionnaireForm),
 * the form builder and list for administrators, and the built-in scored assessments (PHQ-9,
 * GAD-7) with their score trend per patient.
 */
export {
  QuestionnaireForm,
  type QuestionnaireFormProps,
  type QuestionnaireFormMode,
  type ResponseChange,
} from './components/QuestionnaireForm.tsx';
export type { SignatureCapture } from './hooks/form-runtime-context.ts';
export { useResponseAutosave, AUTOSAVE_DEBOUNCE_MS, type ResponseAutosave } from './hooks/useResponseAutosave.ts';
export { useSignatureSigner } from './hooks/useSignatureSigner.ts';
export { signedAnswersHash } from './utils/form-answers.ts';
export { widgetOf, effectiveVariant, type Widget } from './utils/question-widgets.ts';
export { answerText } from './utils/answer-text.ts';
export { FormsList } from './components/FormsList.tsx';
export { FormBuilder, type FormBuilderProps } from './components/builder/FormBuilder.tsx';
export { ResponseScreen, type ResponseScreenProps } from './components/response/ResponseScreen.tsx';
export { PatientForms, type PatientFormsProps } from './components/assessments/PatientForms.tsx';
export { ScoreSummary, type ScoreSummaryProps } from './components/assessments/ScoreSummary.tsx';
export { responsePath, useAssignResponse, useStartResponse } from './hooks/useStartResponse.ts';
export { SignaturePadInput, type SignaturePadInputProps } from './components/SignaturePadInput.tsx';
export { SignatureImage, type SignatureImageProps } from './components/SignatureImage.tsx';
export { useAnsweredQuestionnaire } from './hooks/useAnsweredQuestionnaire.ts';
