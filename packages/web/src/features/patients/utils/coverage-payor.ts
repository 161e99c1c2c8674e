import type { Coverage, Organization } from '@caseload/core';

/** How a payer organization is named: its name, else its display. */
export const payerName = (org: Pick<Organization, 'name' | 'display'>): string => org.name || org.display || '';

/** The practice's insurers: Organizations of kind Payer that are not inactive, by name. */
export function payers(organizations: readonly Organization[]): Organization[] {
  return organizations.filter((o) => o.kind === 'Payer' && o.active !== false).sort((a, b) => payerName(a).localeCompare(payerName(b)));
}

/**
 * The coverage's payor for what was typed or picked: the practice's payer of that name (in any
 * case), referenced; else just the name, for an insurer the practice has not set up.
 */
export function payorOf(text: string, known: readonly Organization[]): Coverage['payor'] {
  const org = known.find((o) => payerName(o).toLowerCase() === text.trim().toLowerCase());
  return org ? { reference: { resourceType: 'Organization', id: org.id, display: payerName(org) }, name: payerName(org) } : { name: text };
}

/** Coverage order in words: 1 Primary, 2 Secondary, 3 Tertiary, else "#n". */
export function coverageOrderLabel(order: number): string {
  return ['Primary', 'Secondary', 'Tertiary'][order - 1] ?? `#${order}`;
}

/** The order a new coverage starts with: after the patient's coverages still in force. */
export function nextCoverageOrder(coverages: readonly Pick<Coverage, 'order' | 'period'>[], today: string): number {
  const inForce = coverages.filter((c) => !c.period?.end || c.period.end > today);
  return Math.min(9, inForce.reduce((max, c) => Math.max(max, c.order), 0) + 1);
}
