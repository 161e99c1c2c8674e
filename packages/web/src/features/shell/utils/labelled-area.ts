import { relabel, type PracticeLabels } from '../../practice/index.ts';
import type { Area } from './areas.ts';

/** An area named in the practice's words: the "Patients" area of a practice of clients is "Clients". */
export function labelledArea(area: Area, labels: PracticeLabels): Area {
  return {
    ...area,
    label: relabel(area.label, labels),
    shortLabel: area.shortLabel === undefined ? undefined : relabel(area.shortLabel, labels),
    description: relabel(area.description, labels),
  };
}
