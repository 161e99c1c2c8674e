import { describe, expect, it } from 'vitest';
import { shouldShowUnsupportedNotice } from './notice-dismissal.ts';

const OLD_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('the unsupported-browser notice', () => {
  it('shows to a browser outside the supported list until it is dismissed for that browser', () => {
    expect(shouldShowUnsupportedNotice(CHROME, null)).toBe(false);
    expect(shouldShowUnsupportedNotice(OLD_CHROME, null)).toBe(true);
    expect(shouldShowUnsupportedNotice(OLD_CHROME, OLD_CHROME)).toBe(false);
    // An update that is still unsupported asks again.
    expect(shouldShowUnsupportedNotice(OLD_CHROME.replace('120', '121'), OLD_CHROME)).toBe(true);
  });
});
