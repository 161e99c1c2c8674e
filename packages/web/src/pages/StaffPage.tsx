import { StaffDirectory } from '../features/staff/index.ts';

/** `/staff`, loaded on demand: the practice's staff directory. */
export default function StaffPage() {
  return <StaffDirectory />;
}
