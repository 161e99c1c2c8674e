import { describe, expect, it, vi } from 'vitest';

const shell = () => null;

/**
 * A fresh copy of the module under test over a fresh module registry, with the shell's chunk
 * answered by the module loader as failing the first `failures` times it is imported.
 */
async function freshModule(failures = 0) {
  vi.resetModules();
  const chunk = { failures, imports: 0 };
  vi.doMock('./SignedInShell.tsx', () => {
    chunk.imports++;
    if (chunk.failures > 0) {
      chunk.failures--;
      throw new Error('the chunk is gone');
    }
    return { default: shell };
  });
  return { chunk, ...(await import('./signed-in-shell-module.ts')) };
}

const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    () => undefined,
  );

describe('the signed-in shell module', () => {
  it('carries its outcome once arrived, so use() reads it without suspending; the same promise each time', async () => {
    const { chunk, loadSignedInShell, preloadSignedInShell } = await freshModule();
    preloadSignedInShell();
    const loading = loadSignedInShell();
    expect(loading.status).toBe('pending');
    await loading;
    expect(loading.status).toBe('fulfilled');
    expect(loading.status === 'fulfilled' && loading.value.default).toBe(shell);
    expect(loadSignedInShell()).toBe(loading);
    expect(chunk.imports).toBe(1);
  });

  it('forgets a failed early fetch no render read: the render fetches again', async () => {
    const { chunk, loadSignedInShell, preloadSignedInShell } = await freshModule(1);
    preloadSignedInShell();
    // Long enough for the failure to reach the module's own handler.
    await vi.waitFor(() => expect(chunk.imports).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const loading = loadSignedInShell();
    await loading;
    expect(loading.status).toBe('fulfilled');
    expect(chunk.imports).toBe(2);
  });

  it('keeps a failure a render has read: the same rejected promise, for the error boundary', async () => {
    const { chunk, loadSignedInShell } = await freshModule(1);
    const loading = loadSignedInShell();
    await settled(loading);
    expect(loading.status).toBe('rejected');
    expect(loading.status === 'rejected' && loading.reason).toBeInstanceOf(Error);
    expect(loadSignedInShell()).toBe(loading);
    expect(chunk.imports).toBe(1);
  });
});
