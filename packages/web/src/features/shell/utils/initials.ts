/**
 * Two letters for the avatar: from the name ("Ada Lovelace" → "AL"), else the e-mail ("jane.doe@…" → "JD").
 * The name is a display name, "Given Family, Credentials" (core's practitionerDisplay), so
 * whatever follows the first comma is a credential ("Ruby Windler, LCSW" → "RW", not "RL").
 */
export function initialsOf(name: string | undefined, email: string): string {
  const person = name?.split(',')[0] ?? '';
  const words = person
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  if (words.length > 0) return ((words[0]![0] ?? '') + (words.length > 1 ? words[words.length - 1]![0]! : '')).toUpperCase();
  const parts = email
    .split('@')[0]!
    .split(/[._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? parts[0]?.[1] ?? '')).toUpperCase() || '?';
}
