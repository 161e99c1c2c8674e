import { AdministrationArea } from '../../features/practice-admin/index.ts';

/** `/administration/*`, loaded on demand: the practice's set-up and preferences. */
export default function AdministrationPage() {
  return <AdministrationArea />;
}
