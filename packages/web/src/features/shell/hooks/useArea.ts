import { useMemo } from 'react';
import { usePracticeLabels } from '../../practice/index.ts';
import { areaById, type Area, type AreaId } from '../utils/areas.ts';
import { labelledArea } from '../utils/labelled-area.ts';

/** One area, named in the practice's words (its page title and heading follow a label change at once). */
export function useArea(id: AreaId): Area {
  const labels = usePracticeLabels();
  return useMemo(() => labelledArea(areaById(id), labels), [id, labels]);
}
