import type { PacketResponse } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { isLinkExpired, portalPackets } from './portal-packets.ts';

const me = { resourceType: 'RelatedPerson', id: 'r1' };
const packet = (id: string, status: PacketResponse['status'], dueDate: string, recipient = me) =>
  ({ id, status, dueDate, recipient, expiresAt: '2030-01-01T00:00:00Z', meta: { versionId: '1' } }) as unknown as PacketResponse;

describe('portal packets', () => {
  it('lists only the packets sent to the login, open ones soonest due first', () => {
    const { toDo, done } = portalPackets(
      [
        packet('late', 'InProgress', '2026-03-10'),
        packet('soon', 'NotStarted', '2026-03-01'),
        packet('sent', 'Submitted', '2026-02-01'),
        packet('theirs', 'NotStarted', '2026-01-01', { resourceType: 'Patient', id: 'p1' }),
      ],
      me,
    );
    expect(toDo.map((p) => p.id)).toEqual(['soon', 'late']);
    expect(done.map((p) => p.id)).toEqual(['sent']);
  });

  it('tells an expired link', () => {
    expect(isLinkExpired({ expiresAt: '2020-01-01T00:00:00Z' })).toBe(true);
    expect(isLinkExpired({ expiresAt: '2999-01-01T00:00:00Z' })).toBe(false);
  });
});
