import type { ScribeFormatConfiguration } from '@caseload/core';

/**
 * The demo practice's note formats (docs/scribe.md, "Note formats"): a behavioural-health
 * practice, so the physical-health formats and SIRP (crisis work it does not do) are switched off,
 * GIRPP (its default) and BIRP carry the kind of instructions a clinical director adds, and DAP
 * puts the plan before the assessment as its supervisors read it. The formats the demo's scribe
 * sessions draft in (BIRP, GIRPP, DAP) stay offered.
 */
export const DEMO_SCRIBE_FORMAT_CONFIGURATIONS: ScribeFormatConfiguration[] = [
  {
    format: 'GIRPP',
    enabled: true,
    sectionOrder: ['goal', 'intervention', 'response', 'progress', 'plan'],
    instructions:
      'Tie each goal to the treatment plan goal it serves. Name the therapeutic modality used (CBT, DBT, TF-CBT, MI). ' +
      'Record any risk screening and its result in Progress; never infer risk that was not discussed.',
  },
  {
    format: 'BIRP',
    enabled: true,
    sectionOrder: ['behavior', 'intervention', 'response', 'plan'],
    instructions: 'Describe observed affect and behaviour in objective terms. State the date of the next session in Plan.',
  },
  { format: 'DAP', enabled: true, sectionOrder: ['data', 'plan', 'assessment'] },
  { format: 'SIRP', enabled: false },
  { format: 'HP', enabled: false },
  { format: 'PHYSICAL_SOAP', enabled: false },
];
