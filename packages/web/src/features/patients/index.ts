export { PatientList } from './components/PatientList.tsx';
export { PatientChart, type PatientChartProps } from './components/PatientChart.tsx';
export { usePatientSearch, SEARCH_DEBOUNCE_MS, type PatientSearch, type PatientSort } from './hooks/usePatientSearch.ts';
export { normaliseSearchText, patientSearchFilters, PATIENT_SORT_FIELDS, type PatientSortField } from './utils/patient-search.ts';
export { goesBy, patientName, patientNameWithPreferred, formatDate, birthDateWithAge } from './utils/patient-display.ts';
export { diagnosisLabel, matchesDiagnosis, searchDiagnoses } from './utils/diagnosis-search.ts';
// What the patient portal reuses to edit a person's own contact details (features/portal).
export { ContactPointRows, type ContactPointRowsProps } from './components/ContactPointRows.tsx';
export { AddressRows, type AddressRowsProps } from './components/AddressRows.tsx';
export { FailedEditAlert, type FailedEditAlertProps } from './components/FailedEditAlert.tsx';
export { useChartRecordForm, type ChartRecordForm, type ChartRecordFormOptions } from './hooks/useChartRecordForm.ts';
export { useFailedEdit } from './hooks/useFailedEdit.ts';
export { withAddressLines, withoutEmptyContacts, type ContactDetails } from './utils/patient-form-layout.ts';
