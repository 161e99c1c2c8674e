import { useParams } from 'react-router';
import { ScribeRecorder } from '../features/scribe-capture/index.ts';

/** `/scribe/:id/record`, loaded on demand: recording (or uploading) a scribe session's audio. */
export default function ScribeRecordPage() {
  const { id } = useParams();
  return <ScribeRecorder key={id} sessionId={id!} />;
}
