import { FormsList } from '../../features/forms/index.ts';

/** `/forms`, loaded on demand: the practice's forms and questionnaires with their publishing status. */
export default function FormsPage() {
  return <FormsList />;
}
