import { useParams } from 'react-router';
import { ScribeSessionView } from '../features/scribe/index.ts';

/** `/scribe/:sessionId`, loaded on demand: one scribe session (import, transcript, generate). */
export default function ScribeSessionPage() {
  const { sessionId } = useParams();
  return <ScribeSessionView key={sessionId} sessionId={sessionId!} />;
}
