import { AreaPage } from '../../features/shell/index.ts';

/** `/assessments`, loaded on demand: the area's empty state until its feature is built. */
export default function AssessmentsPage() {
  return <AreaPage area="assessments" />;
}
