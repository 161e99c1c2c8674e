import { AreaPage } from '../../features/shell/index.ts';

/** `/care-plans`, loaded on demand: the area's empty state until its feature is built. */
export default function CarePlansPage() {
  return <AreaPage area="care-plans" />;
}
