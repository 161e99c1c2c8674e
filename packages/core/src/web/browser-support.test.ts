import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CASELOAD_DEVICE_MARKER,
  SUPPORTED_BROWSERS,
  USER_AGENT_MAX_LENGTH,
  browserSupport,
  pickVariant,
  type AppVariant,
  type BrowserName,
  type OperatingSystem,
} from './browser-support.ts';

interface Row {
  name: string;
  ua: string;
  modern: boolean;
  browser?: BrowserName;
  version?: number;
  os?: OperatingSystem;
  variant: AppVariant;
  tablet?: boolean;
}

const WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';
const iPhone = (os: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)`;

const ROWS: Row[] = [
  // Chrome and Chromium
  {
    name: 'Chrome 138 Windows',
    ua: `${WIN} Chrome/138.0.0.0 Safari/537.36`,
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Chrome 137 Windows',
    ua: `${WIN} Chrome/137.0.0.0 Safari/537.36`,
    modern: false,
    browser: 'Chrome',
    version: 137,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Chrome 139 macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36',
    modern: true,
    browser: 'Chrome',
    version: 139,
    os: 'macOS',
    variant: 'default',
  },
  {
    name: 'Chrome 49 Windows XP',
    ua: 'Mozilla/5.0 (Windows NT 5.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36',
    modern: false,
    browser: 'Chrome',
    version: 49,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Chrome 138 Linux',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'Linux',
    variant: 'default',
  },
  {
    name: 'Chrome 138 ChromeOS',
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'ChromeOS',
    variant: 'default',
  },
  {
    name: 'HeadlessChrome 138 (Debian Chromium, e2e)',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.7204.183 Safari/537.36',
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'Linux',
    variant: 'default',
  },
  {
    name: 'Chromium 140 (Chromium token)',
    ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/140.0.0.0 Chrome/140.0.0.0 Safari/537.36',
    modern: true,
    browser: 'Chromium',
    version: 140,
    os: 'Linux',
    variant: 'default',
  },
  {
    name: 'Chromium 37 (Chromium token)',
    ua:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like ' +
      'Gecko) Ubuntu Chromium/37.0.2062.94 Chrome/37.0.2062.94 Safari/537.36',
    modern: false,
    browser: 'Chromium',
    version: 37,
    os: 'Linux',
    variant: 'default',
  },
  {
    name: 'Chrome 138 Android phone',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'Android',
    variant: 'mobile',
  },
  {
    name: 'Chrome 138 Android tablet',
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
    modern: false,
    browser: 'Chrome',
    version: 138,
    os: 'Android',
    variant: 'default',
    tablet: true,
  },
  {
    name: 'Android WebView 138 phone',
    ua:
      'Mozilla/5.0 (Linux; Android 15; Pixel 9 Build/AP4A; wv) AppleWebKit/537.36 ' +
      '(KHTML, like Gecko) Version/4.0 Chrome/138.0.7204.63 Mobile Safari/537.36',
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'Android',
    variant: 'mobile',
  },
  // Edge
  {
    name: 'Edge 137 Windows',
    ua: `${WIN} Chrome/137.0.0.0 Safari/537.36 Edg/137.0.0.0`,
    modern: true,
    browser: 'Edge',
    version: 137,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Edge 136 Windows',
    ua: `${WIN} Chrome/136.0.0.0 Safari/537.36 Edg/136.0.3240.76`,
    modern: false,
    browser: 'Edge',
    version: 136,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Edge Legacy 18 (EdgeHTML)',
    ua: `${WIN} Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041`,
    modern: false,
    browser: 'Edge',
    version: 18,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Edge 138 Android phone',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 EdgA/138.0.0.0',
    modern: true,
    browser: 'Edge',
    version: 138,
    os: 'Android',
    variant: 'mobile',
  },
  {
    name: 'Edge on iPhone, iOS 18.5',
    ua: `${iPhone('18_5')} Version/18.0 EdgiOS/138.0.3351.83 Mobile/15E148 Safari/605.1.15`,
    modern: true,
    browser: 'Edge',
    version: 138,
    os: 'iOS',
    variant: 'mobile',
  },
  // Firefox
  {
    name: 'Firefox 140 Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
    modern: true,
    browser: 'Firefox',
    version: 140,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Firefox ESR 128 Linux',
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    modern: false,
    browser: 'Firefox',
    version: 128,
    os: 'Linux',
    variant: 'default',
  },
  {
    name: 'Firefox 141 macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:141.0) Gecko/20100101 Firefox/141.0',
    modern: true,
    browser: 'Firefox',
    version: 141,
    os: 'macOS',
    variant: 'default',
  },
  {
    name: 'Firefox 140 Android phone',
    ua: 'Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0',
    modern: true,
    browser: 'Firefox',
    version: 140,
    os: 'Android',
    variant: 'mobile',
  },
  {
    name: 'Firefox 140 Android tablet',
    ua: 'Mozilla/5.0 (Android 15; Tablet; rv:140.0) Gecko/140.0 Firefox/140.0',
    modern: false,
    browser: 'Firefox',
    version: 140,
    os: 'Android',
    variant: 'default',
    tablet: true,
  },
  // Safari, and the other iOS browsers
  {
    name: 'Safari 18.4 macOS',
    ua: `${MAC} Version/18.4 Safari/605.1.15`,
    modern: true,
    browser: 'Safari',
    version: 18.4,
    os: 'macOS',
    variant: 'default',
  },
  {
    name: 'Safari 18.3.1 macOS',
    ua: `${MAC} Version/18.3.1 Safari/605.1.15`,
    modern: false,
    browser: 'Safari',
    version: 18.3,
    os: 'macOS',
    variant: 'default',
  },
  {
    name: 'Safari 26 macOS',
    ua: `${MAC} Version/26.0 Safari/605.1.15`,
    modern: true,
    browser: 'Safari',
    version: 26,
    os: 'macOS',
    variant: 'default',
  },
  {
    name: 'Safari 17.6 macOS',
    ua: `${MAC} Version/17.6 Safari/605.1.15`,
    modern: false,
    browser: 'Safari',
    version: 17.6,
    os: 'macOS',
    variant: 'default',
  },
  {
    name: 'Safari 18.4 iPhone',
    ua: `${iPhone('18_4')} Version/18.4 Mobile/15E148 Safari/604.1`,
    modern: true,
    browser: 'Safari',
    version: 18.4,
    os: 'iOS',
    variant: 'mobile',
  },
  {
    name: 'Safari 26 iPhone (OS frozen at 18_6)',
    ua: `${iPhone('18_6')} Version/26.0 Mobile/15E148 Safari/604.1`,
    modern: true,
    browser: 'Safari',
    version: 26,
    os: 'iOS',
    variant: 'mobile',
  },
  {
    name: 'Safari 17.5 iPhone',
    ua: `${iPhone('17_5')} Version/17.5 Mobile/15E148 Safari/604.1`,
    modern: false,
    browser: 'Safari',
    version: 17.5,
    os: 'iOS',
    variant: 'mobile',
  },
  {
    name: 'Chrome on iPhone, iOS 18.5',
    ua: `${iPhone('18_5')} CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1`,
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'iOS',
    variant: 'mobile',
  },
  {
    name: 'Chrome 138 on iPhone, iOS 17.4',
    ua: `${iPhone('17_4')} CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1`,
    modern: false,
    browser: 'Chrome',
    version: 138,
    os: 'iOS',
    variant: 'mobile',
  },
  {
    name: 'Firefox on iPhone, iOS 18.4.1',
    ua: `${iPhone('18_4_1')} FxiOS/139.0 Mobile/15E148 Safari/605.1.15`,
    modern: true,
    browser: 'Firefox',
    version: 139,
    os: 'iOS',
    variant: 'mobile',
  },
  {
    name: 'Safari 18.5 iPad',
    ua: 'Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    modern: false,
    browser: 'Safari',
    version: 18.5,
    os: 'iOS',
    variant: 'default',
    tablet: true,
  },
  {
    name: 'Chrome on iPad',
    ua:
      'Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 ' +
      '(KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1',
    modern: false,
    browser: 'Chrome',
    version: 138,
    os: 'iOS',
    variant: 'default',
    tablet: true,
  },
  {
    name: 'Safari 5.1 on Windows',
    ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534.57.2 (KHTML, like Gecko) Version/5.1.7 Safari/534.57.2',
    modern: false,
    browser: 'Safari',
    version: 5.1,
    os: 'Windows',
    variant: 'default',
  },
  // Other tablets
  {
    name: 'Kindle Fire Silk',
    ua:
      'Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, ' +
      'like Gecko) Silk/138.4.1 like Chrome/138.0.7204.63 Safari/537.36',
    modern: false,
    browser: 'Chrome',
    version: 138,
    os: 'Android',
    variant: 'default',
    tablet: true,
  },
  {
    name: 'BlackBerry PlayBook',
    ua: 'Mozilla/5.0 (PlayBook; U; RIM Tablet OS 2.1.0; en-US) AppleWebKit/536.2+ (KHTML, like Gecko) Version/7.2.1.0 Safari/536.2+',
    modern: false,
    browser: 'Safari',
    version: 7.2,
    variant: 'default',
    tablet: true,
  },
  {
    name: 'Kindle e-reader',
    ua:
      'Mozilla/5.0 (X11; U; Linux armv7l like Android; en-us) AppleWebKit/531.2+ ' +
      '(KHTML, like Gecko) Version/5.0 Safari/531.2+ Kindle/3.0+',
    modern: false,
    browser: 'Safari',
    version: 5,
    os: 'Android',
    variant: 'default',
    tablet: true,
  },
  // Other Chromium brands: judged by their Chromium version
  {
    name: 'Opera 122 on Chromium 138',
    ua: `${WIN} Chrome/138.0.0.0 Safari/537.36 OPR/122.0.0.0`,
    modern: true,
    browser: 'Opera',
    version: 122,
    os: 'Windows',
    variant: 'default',
  },
  {
    name: 'Samsung Internet 28 on Chromium 130',
    ua:
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, ' +
      'like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
    modern: false,
    browser: 'SamsungInternet',
    version: 28,
    os: 'Android',
    variant: 'mobile',
  },
  {
    name: 'Opera 12 (Presto)',
    ua: 'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18',
    modern: false,
    browser: 'Opera',
    version: 9,
    os: 'Windows',
    variant: 'default',
  },
  // Internet Explorer
  {
    name: 'IE 11',
    ua: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    modern: false,
    browser: 'InternetExplorer',
    version: 11,
    os: 'Windows',
    variant: 'legacy',
  },
  {
    name: 'IE 11 with Tablet PC',
    ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; SLCC2; .NET CLR 2.0.50727; Tablet PC 2.0; rv:11.0) like Gecko',
    modern: false,
    browser: 'InternetExplorer',
    version: 11,
    os: 'Windows',
    variant: 'legacy',
  },
  {
    name: 'IE 10',
    ua: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)',
    modern: false,
    browser: 'InternetExplorer',
    version: 10,
    os: 'Windows',
    variant: 'legacy',
  },
  {
    name: 'IE 9',
    ua: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; WOW64; Trident/5.0)',
    modern: false,
    browser: 'InternetExplorer',
    version: 9,
    os: 'Windows',
    variant: 'legacy',
  },
  {
    name: 'IE 6',
    ua: 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)',
    modern: false,
    browser: 'InternetExplorer',
    version: 6,
    os: 'Windows',
    variant: 'legacy',
  },
  {
    name: 'IE Mobile on Windows Phone 8.1',
    ua:
      'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; ' +
      'NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
    modern: false,
    browser: 'InternetExplorer',
    version: 11,
    os: 'WindowsPhone',
    variant: 'mobile',
  },
  // Phones of the past
  {
    name: 'BlackBerry 10',
    ua: 'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.0.9.2372 Mobile Safari/537.10+',
    modern: false,
    browser: 'Safari',
    version: 10,
    variant: 'mobile',
  },
  {
    name: 'Opera Mini',
    ua: 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
    modern: false,
    browser: 'Opera',
    version: 9,
    variant: 'mobile',
  },
  // Bots and nonsense
  {
    name: 'Googlebot desktop',
    ua:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; ' +
      '+http://www.google.com/bot.html) Chrome/138.0.7204.183 Safari/537.36',
    modern: true,
    browser: 'Chrome',
    version: 138,
    variant: 'default',
  },
  {
    name: 'Googlebot smartphone',
    ua:
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Chrome/138.0.7204.183 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    modern: true,
    browser: 'Chrome',
    version: 138,
    os: 'Android',
    variant: 'mobile',
  },
  { name: 'Bingbot', ua: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', modern: false, variant: 'default' },
  { name: 'curl', ua: 'curl/8.5.0', modern: false, variant: 'default' },
  { name: 'empty', ua: '', modern: false, variant: 'default' },
  { name: '2,000 characters of junk', ua: 'x'.repeat(2000), modern: false, variant: 'default' },
  {
    name: 'managed device app on an Android tablet',
    ua:
      'Mozilla/5.0 (Linux; Android 14; SM-X710; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      `Version/4.0 Chrome/120.0.0.0 Safari/537.36 ${CASELOAD_DEVICE_MARKER}3.2.1`,
    modern: true,
    browser: 'Chrome',
    version: 120,
    os: 'Android',
    variant: 'default',
    tablet: true,
  },
  {
    name: 'managed device app on an iPhone web view',
    ua: `${iPhone('16_0')} Mobile/15E148 ${CASELOAD_DEVICE_MARKER}3.2.1`,
    modern: true,
    os: 'iOS',
    variant: 'mobile',
  },
];

describe('browserSupport on real user agents', () => {
  it.each(ROWS)('$name', (row) => {
    const result = browserSupport(row.ua);
    expect(result.modern).toBe(row.modern);
    expect(result.browser).toBe(row.browser);
    expect(result.version).toBe(row.version);
    expect(result.os).toBe(row.os);
    expect(result.tablet).toBe(row.tablet ?? false);
    expect(result.mobile).toBe(row.variant === 'mobile');
    expect(pickVariant(row.ua)).toBe(row.variant);
  });

  it('covers a broad table', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(40);
  });
});

describe('browserSupport rules', () => {
  it('reports legacy Internet Explorer on desktop and phone alike', () => {
    expect(browserSupport('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko').legacyInternetExplorer).toBe(true);
    expect(browserSupport('Mozilla/5.0 (Mobile; Windows Phone 8.1; Trident/7.0; rv:11.0; IEMobile/11.0)').legacyInternetExplorer).toBe(
      true,
    );
    expect(browserSupport(`${WIN} Chrome/70.0 Safari/537.36 Edge/18.19041`).legacyInternetExplorer).toBe(false);
  });

  it('gives the iOS version for iOS browsers', () => {
    expect(browserSupport(`${iPhone('18_4_1')} CriOS/138.0 Mobile/15E148 Safari/604.1`).osVersion).toBe(18.4);
    expect(browserSupport(`${WIN} Chrome/138.0 Safari/537.36`).osVersion).toBeUndefined();
  });

  it('compares Safari versions by part, not as decimals', () => {
    expect(browserSupport(`${MAC} Version/18.10 Safari/605.1.15`).modern).toBe(true);
    expect(browserSupport(`${MAC} Version/19 Safari/605.1.15`).modern).toBe(true);
    expect(browserSupport(`${MAC} Version/18 Safari/605.1.15`).modern).toBe(false);
  });

  it('treats a Mac with touch points as an iPad when told', () => {
    const ua = `${MAC} Version/18.5 Safari/605.1.15`;
    expect(browserSupport(ua).modern).toBe(true);
    expect(browserSupport(ua, { maxTouchPoints: 0 }).modern).toBe(true);
    const ipad = browserSupport(ua, { maxTouchPoints: 5 });
    expect(ipad).toMatchObject({ modern: false, tablet: true, mobile: false, os: 'iOS' });
    expect(pickVariant(ua, { maxTouchPoints: 5 })).toBe('default');
  });

  it('makes any user agent with the device marker modern, even a tablet or an old engine', () => {
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    expect(browserSupport(ipad).modern).toBe(false);
    expect(browserSupport(`${ipad} ${CASELOAD_DEVICE_MARKER}1.0`)).toMatchObject({ modern: true, managedDevice: true, tablet: true });
    expect(browserSupport(`${WIN} Chrome/90.0 Safari/537.36 ${CASELOAD_DEVICE_MARKER}1.0`).modern).toBe(true);
  });

  it('matches the marker exactly, case and slash included', () => {
    expect(browserSupport(`${WIN} Chrome/90.0 caselocaddevice/1.0`).modern).toBe(false);
    expect(browserSupport(`${WIN} Chrome/90.0 CaseloadDevice 1.0`).modern).toBe(false);
  });

  it('looks only at the first 500 characters', () => {
    const padding = `${WIN} Chrome/90.0 Safari/537.36 `.padEnd(USER_AGENT_MAX_LENGTH, ' ');
    expect(padding).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(browserSupport(`${padding}${CASELOAD_DEVICE_MARKER}1.0`).modern).toBe(false);
    expect(pickVariant(`${padding}iPhone`)).toBe('default');
    expect(pickVariant(`${padding}Trident/7.0`)).toBe('default');
    // A token cut by the limit is read as far as it goes: Chrome/1 of Chrome/138.
    const cut = `${' '.repeat(USER_AGENT_MAX_LENGTH - 'Chrome/1'.length)}Chrome/138.0`;
    expect(browserSupport(cut)).toMatchObject({ browser: 'Chrome', version: 1, modern: false });
  });

  it('ignores absurd version numbers', () => {
    expect(browserSupport(`${WIN} Chrome/99999999999999 Safari/537.36`).modern).toBe(false);
  });

  it('answers for input that is not a string instead of throwing', () => {
    expect(browserSupport(undefined as unknown as string)).toMatchObject({ modern: false, mobile: false });
    expect(pickVariant(null as unknown as string)).toBe('default');
  });

  it('never throws, never reports a phone that is also a tablet, and is fast on any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (ua) => {
        const result = browserSupport(ua);
        expect(result.mobile && result.tablet).toBe(false);
        expect(['mobile', 'legacy', 'default']).toContain(pickVariant(ua));
      }),
    );
    const hostile = `Trident/${' rv'.repeat(400)}`;
    const started = performance.now();
    for (let i = 0; i < 200; i++) browserSupport(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('SUPPORTED_BROWSERS', () => {
  it('lists the four supported browsers with their minimum versions', () => {
    expect(SUPPORTED_BROWSERS).toEqual([
      'Microsoft Edge 137 or newer',
      'Mozilla Firefox 140 or newer',
      'Google Chrome or Chromium 138 or newer',
      'Safari 18.4 or newer on a Mac or an iPhone',
    ]);
  });
});
