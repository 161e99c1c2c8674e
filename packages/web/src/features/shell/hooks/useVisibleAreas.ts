import { useMemo } from 'react';
import { usePracticeLabels } from '../../practice/index.ts';
import { AREAS, type Area } from '../utils/areas.ts';
import { labelledArea } from '../utils/labelled-area.ts';
import { visibleAreas } from '../utils/visible-areas.ts';
import { useCurrentPermissions } from './useCurrentPermissions.ts';

/** The feature areas to offer the signed-in user in the current practice (else as an associate). */
export function useVisibleAreas(): Area[] {
  const permissions = useCurrentPermissions();
  // Named in the practice's words: its "Patients" area may be "Clients" (usePracticeLabels).
  const labels = usePracticeLabels();
  return useMemo(() => visibleAreas(AREAS, permissions).map((a) => labelledArea(a, labels)), [permissions, labels]);
}
