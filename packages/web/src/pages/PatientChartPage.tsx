import { useParams } from 'react-router';
import { PatientChart } from '../features/patients/index.ts';

/** `/patients/:patientId`, loaded on demand: one patient's chart (a new chart for another id). */
export default function PatientChartPage() {
  const { patientId } = useParams();
  return <PatientChart key={patientId} patientId={patientId!} />;
}
