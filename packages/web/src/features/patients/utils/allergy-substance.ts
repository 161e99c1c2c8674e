import { ALLERGY_SUBSTANCES, toCoding, type Coding } from '@caseload/core';

/** The code a written-in substance carries (HL7 null flavour OTH, "other"); its display is the typed name. */
export const OTHER_SUBSTANCE = 'OTH';

/** The substances a picker offers, by name: the list without the written-in placeholder. */
export const SUBSTANCE_NAMES: string[] = ALLERGY_SUBSTANCES.concepts.filter((c) => c.code !== OTHER_SUBSTANCE).map((c) => c.display);

/**
 * The coding for what was typed or picked in the substance box: a substance of the list when the
 * text is one of its names (in any case), else the written-in OTH coding with the text as its
 * display; undefined for nothing typed.
 */
export function substanceCoding(text: string): Coding | undefined {
  if (!text.trim()) return undefined;
  const known = ALLERGY_SUBSTANCES.concepts.find(
    (c) => c.code !== OTHER_SUBSTANCE && c.display.toLowerCase() === text.trim().toLowerCase(),
  );
  if (known) return toCoding(ALLERGY_SUBSTANCES, known.code);
  return { ...toCoding(ALLERGY_SUBSTANCES, OTHER_SUBSTANCE), display: text };
}
