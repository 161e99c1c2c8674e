import { useParams } from 'react-router';
import { PractitionerProfile } from '../features/staff/index.ts';

/** `/staff/:practitionerId`, loaded on demand: one practitioner's profile. */
export default function PractitionerPage() {
  const { practitionerId } = useParams();
  return <PractitionerProfile key={practitionerId} practitionerId={practitionerId!} />;
}
