import { PatientList } from '../../features/patients/index.ts';

/** `/patients`, loaded on demand: the patient list. */
export default function PatientsPage() {
  return <PatientList />;
}
