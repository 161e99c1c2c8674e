import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { AreaPage } from '../../features/shell/index.ts';

/**
 * `/signatures`: signature configurations are edited with the rest of the note configuration in
 * Administration (features/notes-admin), which also shows them read-only to those who may not
 * edit them; this area says so and leads there.
 */
export default function SignaturesPage() {
  return (
    <AreaPage
      area="signatures"
      description={
        "Who must sign which notes (authors, supervisors' co-signatures, patients) " + 'is set with the rest of the note configuration.'
      }
      action={
        <Button component={Link} to="/administration/signatures">
          Open signature configurations
        </Button>
      }
    />
  );
}
