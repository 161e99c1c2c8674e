import { describe, expect, it } from 'vitest';
import { FakeNetwork } from '../test-support/test-layer.ts';
import { Connectivity } from './connectivity.ts';

describe('Connectivity', () => {
  it('follows the browser, a request with no answer, and the next answer', () => {
    const network = new FakeNetwork();
    const connectivity = new Connectivity(network);
    const heard: boolean[] = [];
    connectivity.subscribe((online) => heard.push(online));
    network.goOffline();
    network.goOnline();
    connectivity.markUnreachable();
    expect([connectivity.online, connectivity.browserOnline]).toEqual([false, true]);
    connectivity.markReachable();
    connectivity.markUnreachable();
    network.goOnline();
    expect(heard).toEqual([false, true, false, true, false, true]);
    connectivity.dispose();
    network.goOffline();
    expect(heard).toHaveLength(6);
  });
});
