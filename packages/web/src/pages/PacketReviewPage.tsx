import { useParams } from 'react-router';
import { PacketReview } from '../features/packets/index.ts';

/** `/patients/:patientId/packets/:packetResponseId`, loaded on demand: a submitted packet reviewed into the chart. */
export default function PacketReviewPage() {
  const { patientId, packetResponseId } = useParams();
  return <PacketReview key={packetResponseId} patientId={patientId!} packetResponseId={packetResponseId!} />;
}
