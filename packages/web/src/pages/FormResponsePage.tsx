import { useParams } from 'react-router';
import { ResponseScreen } from '../features/forms/index.ts';

/** `/forms/responses/:patientId/:responseId`, loaded on demand: one response, filled in or read. */
export default function FormResponsePage() {
  const { patientId, responseId } = useParams();
  return <ResponseScreen key={responseId} patientId={patientId!} responseId={responseId!} />;
}
