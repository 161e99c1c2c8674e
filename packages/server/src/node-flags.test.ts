import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('SERVER_NODE_FLAGS', () => {
  it('are the flags `npm start` gives Node, so the benches run the server as it runs', () => {
    const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
    const words = manifest.scripts.start.split(/\s+/);
    expect(words[0]).toBe('node');
    const flags = words.slice(1, words.indexOf('--import'));
    expect(flags).toEqual([...SERVER_NODE_FLAGS]);
  });
});
