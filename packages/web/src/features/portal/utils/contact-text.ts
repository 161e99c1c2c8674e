import type { Address, ContactPoint } from '@caseload/core';

/** An address on one line: "12 Harbour Street, Apt 2, Olympia, WA 98501". */
export function addressText(a: Address): string {
  return [...(a.line ?? []), a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter((p) => p && p.trim()).join(', ');
}

/** What a contact point is, in words: "Mobile phone", "Home e-mail", "Phone". */
export function contactKind(c: ContactPoint): string {
  const what = c.system === 'Email' ? 'e-mail' : 'phone';
  return c.use ? `${c.use} ${what}` : what.charAt(0).toUpperCase() + what.slice(1);
}
