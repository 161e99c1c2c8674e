export { PatientList } from './components/PatientList.tsx';
export { PatientChart, type PatientChartProps } from './components/PatientChart.tsx';
export { usePatientSearch, SEARCH_DEBOUNCE_MS, type PatientSearch, type PatientSort } from './hooks/usePatientSearch.ts';
export { normaliseSearchText, patientSearchFilters, PATIENT_SORT_FIELDS, type PatientSortField } from './utils/patient-search.ts';
export { goesBy, patientName, patientNameWithPreferred, formatDate, birthDateWithAge } from './utils/patient-display.ts';
export { diagnosisLabel, matchesDiagnosis, searchDiagnoses } from './utils/diagnosis-search.ts';
