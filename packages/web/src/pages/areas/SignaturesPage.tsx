import { Navigate } from 'react-router';

/**
 * `/signatures`: signature configurations are edited with the rest of the note configuration in
 * Administration (features/notes-admin), which also shows them read-only to those who may not
 * edit them; this area is a way there.
 */
export default function SignaturesPage() {
  return <Navigate to="/administration/signatures" replace />;
}
