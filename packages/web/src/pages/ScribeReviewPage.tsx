import { useParams } from 'react-router';
import { ScribeReviewView } from '../features/scribe/index.ts';

/** `/scribe/:sessionId/review`, loaded on demand: the generated note beside its transcript. */
export default function ScribeReviewPage() {
  const { sessionId } = useParams();
  return <ScribeReviewView key={sessionId} sessionId={sessionId!} />;
}
