import { useCan } from '../../practice/index.ts';
import { EDITOR_FIELDS, type ChartEditor } from '../utils/chart-editors.ts';

/**
 * Which of the chart's patient forms the acting profile may save: an update of the Patient that
 * changes that form's fields (a portal login may change its contact details only).
 */
export function useChartEditors(): Record<ChartEditor, boolean> {
  return {
    demographics: useCan('Update', 'Patient', EDITOR_FIELDS.demographics),
    contacts: useCan('Update', 'Patient', EDITOR_FIELDS.contacts),
    addresses: useCan('Update', 'Patient', EDITOR_FIELDS.addresses),
    careTeam: useCan('Update', 'Patient', EDITOR_FIELDS.careTeam),
  };
}
