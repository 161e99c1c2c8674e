import { useParams, useSearchParams } from 'react-router';
import { FormBuilder } from '../features/forms/index.ts';

/** `/forms/builder/:id?` (`?kind=Form|Questionnaire`), loaded on demand: the form builder. */
export default function FormBuilderPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const kind = search.get('kind') === 'Questionnaire' ? 'Questionnaire' : 'Form';
  return <FormBuilder key={`${kind}/${id ?? 'new'}`} id={id} kind={kind} />;
}
