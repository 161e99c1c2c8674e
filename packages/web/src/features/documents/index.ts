/** Chart documents (docs/patients.md, "Documents"): the chart's tab, and the file address the portal shares. */
export { PatientDocumentsTab } from './components/PatientDocumentsTab.tsx';
export { byDateDesc, documentDay, documentFileUrl, fileSize } from './utils/document-file.ts';
