/**
 * The browser-support check of SPEC.md section 5 and the variant choice of section 1, read from a
 * user agent alone. Pure: the caller passes `navigator.userAgent` (or a request's User-Agent).
 * The rules and the choices the spec left open are written out in docs/design-system.md.
 */

/** SPEC.md section 9: only the first 500 characters of a user agent are looked at. */
export const USER_AGENT_MAX_LENGTH = 500;

/**
 * Caseload's own managed-device app appends `CaseloadDevice/<version>` to its web view's user
 * agent; such a browser is modern whatever it otherwise looks like (tablet included), because we
 * ship and test that web view ourselves. It must fall within the first 500 characters.
 */
export const CASELOAD_DEVICE_MARKER = 'CaseloadDevice/';

/** The oldest modern version of each supported browser (SPEC.md section 5). */
export const MINIMUM_BROWSER_VERSIONS = {
  Edge: 137,
  Firefox: 140,
  Chrome: 138,
  Chromium: 138,
  Safari: 18.4,
} as const;

/** The supported browsers, as the unsupported-browser notice lists them. */
export const SUPPORTED_BROWSERS: readonly string[] = [
  `Microsoft Edge ${MINIMUM_BROWSER_VERSIONS.Edge} or newer`,
  `Mozilla Firefox ${MINIMUM_BROWSER_VERSIONS.Firefox} or newer`,
  `Google Chrome or Chromium ${MINIMUM_BROWSER_VERSIONS.Chrome} or newer`,
  `Safari ${MINIMUM_BROWSER_VERSIONS.Safari} or newer on a Mac or an iPhone`,
];

export type BrowserName = 'Edge' | 'Firefox' | 'Chrome' | 'Chromium' | 'Safari' | 'Opera' | 'SamsungInternet' | 'InternetExplorer';

export type OperatingSystem = 'Windows' | 'WindowsPhone' | 'macOS' | 'iOS' | 'Android' | 'ChromeOS' | 'Linux';

/** What a user agent says about the browser, and whether Caseload supports it. */
export interface BrowserSupport {
  /** Supported by Caseload (section 5); an unsupported browser gets a notice and may continue. */
  modern: boolean;
  /** Undefined when no known browser token was found (bots, empty, junk). */
  browser?: BrowserName;
  /** The browser's own version: the major version, or major.minor for Safari (18.4). For display. */
  version?: number;
  os?: OperatingSystem;
  /** iOS only: the system version (`OS 18_4` → 18.4), which decides for iOS browsers other than Safari. */
  osVersion?: number;
  /** A phone or other mobile-only device. Never true together with `tablet`. */
  mobile: boolean;
  tablet: boolean;
  /** Internet Explorer of any kind (MSIE or Trident/), desktop or phone. */
  legacyInternetExplorer: boolean;
  /** The user agent carries CASELOAD_DEVICE_MARKER. */
  managedDevice: boolean;
}

/** The application variants of SPEC.md section 1. */
export type AppVariant = 'mobile' | 'legacy' | 'default';

/** What the user agent cannot say. */
export interface BrowserHints {
  /**
   * `navigator.maxTouchPoints`. iPadOS Safari asks for the desktop site by default and then
   * presents itself as a Mac; a "Mac" with more than one touch point is an iPad.
   */
  maxTouchPoints?: number;
}

interface Version {
  major: number;
  minor: number;
}

type Engine = 'blink' | 'gecko' | 'webkit' | 'other';

interface Detected {
  browser: BrowserName;
  version: Version;
  engine: Engine;
  /** Chromium-based browsers of other brands are judged by their Chromium version (Chrome/ token). */
  chromium?: Version;
}

/** Versions are at most 5 digits a part, so a junk `Chrome/99999999999999` is not a version. */
const versionAfter = (ua: string, token: RegExp): Version | undefined => {
  const match = token.exec(ua);
  if (!match?.[1]) return undefined;
  return { major: Number(match[1]), minor: match[2] ? Number(match[2]) : 0 };
};

const VERSION = String.raw`(\d{1,5})(?!\d)(?:[._](\d{1,5})(?!\d))?`;
const token = (name: string) => new RegExp(String.raw`\b${name}[/ ]${VERSION}`);

const MSIE = new RegExp(String.raw`\bMSIE ${VERSION}`);
const TRIDENT_RV = new RegExp(String.raw`Trident/.*?\brv:${VERSION}`);
const EDGE = new RegExp(String.raw`\bEdg(?:e|A|iOS)?/${VERSION}`);
const OPERA = new RegExp(String.raw`\b(?:OPR|OPiOS|Opera Mini|Opera)/${VERSION}`);
const SAMSUNG = token('SamsungBrowser');
const FIREFOX = new RegExp(String.raw`\b(?:Firefox|FxiOS)/${VERSION}`);
const CHROMIUM = token('Chromium');
const CHROME = new RegExp(String.raw`\b(?:HeadlessChrome|Chrome|CriOS)/${VERSION}`);
const SAFARI_VERSION = new RegExp(String.raw`\bVersion/${VERSION}`);
const IOS_VERSION = new RegExp(String.raw`\bOS ${VERSION}[ _.\d]* like Mac OS X`);

const LEGACY_IE = /\bMSIE\b|Trident\//;
// "Tablet PC" is the Windows pen-input component old desktop IE user agents mention, not a tablet.
const TABLET = /iPad|Silk|Kindle|PlayBook|\bTablet\b(?! PC)/;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|Symbian|J2ME/;

function detectBrowser(ua: string): Detected | undefined {
  const ie = versionAfter(ua, MSIE) ?? versionAfter(ua, TRIDENT_RV);
  if (ie || LEGACY_IE.test(ua)) {
    return { browser: 'InternetExplorer', version: ie ?? { major: 0, minor: 0 }, engine: 'other' };
  }
  const chromium = versionAfter(ua, CHROMIUM) ?? versionAfter(ua, CHROME);
  const engine: Engine = chromium ? 'blink' : 'webkit';
  const edge = versionAfter(ua, EDGE);
  if (edge) return { browser: 'Edge', version: edge, engine: /\bEdge\//.test(ua) ? 'other' : engine };
  const opera = versionAfter(ua, OPERA);
  if (opera) return { browser: 'Opera', version: opera, engine, chromium };
  const samsung = versionAfter(ua, SAMSUNG);
  if (samsung) return { browser: 'SamsungInternet', version: samsung, engine, chromium };
  const firefox = versionAfter(ua, FIREFOX);
  if (firefox) return { browser: 'Firefox', version: firefox, engine: /FxiOS\//.test(ua) ? 'webkit' : 'gecko' };
  const chromiumToken = versionAfter(ua, CHROMIUM);
  if (chromiumToken) return { browser: 'Chromium', version: chromiumToken, engine: 'blink' };
  const chrome = versionAfter(ua, CHROME);
  if (chrome) return { browser: 'Chrome', version: chrome, engine: /CriOS\//.test(ua) ? 'webkit' : 'blink' };
  const safari = versionAfter(ua, SAFARI_VERSION);
  if (safari && /\bSafari\//.test(ua) && /AppleWebKit\//.test(ua)) {
    return { browser: 'Safari', version: safari, engine: 'webkit' };
  }
  return undefined;
}

function detectOs(ua: string): OperatingSystem | undefined {
  // Windows Phone user agents also name Android and iPhone for compatibility, so they come first.
  if (/Windows Phone|IEMobile/.test(ua)) return 'WindowsPhone';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/Macintosh|Mac OS X/.test(ua)) return 'macOS';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Linux|X11/.test(ua)) return 'Linux';
  return undefined;
}

const atLeast = (v: Version, minimum: number): boolean => {
  const [major = 0, minor = 0] = String(minimum).split('.').map(Number);
  return v.major > major || (v.major === major && v.minor >= minor);
};

const asNumber = (v: Version, withMinor: boolean): number => (withMinor ? Number(`${v.major}.${v.minor}`) : v.major);

function isModern(found: Detected | undefined, os: OperatingSystem | undefined, iosVersion: Version | undefined): boolean {
  if (!found) return false;
  const min = MINIMUM_BROWSER_VERSIONS;
  if (os === 'iOS') {
    // Every iOS browser runs the system WebKit, so its engine is Safari's of that iOS version.
    if (found.browser === 'Safari') return atLeast(found.version, min.Safari);
    return found.browser !== 'InternetExplorer' && iosVersion !== undefined && atLeast(iosVersion, min.Safari);
  }
  switch (found.browser) {
    case 'Edge':
      return found.engine === 'blink' && atLeast(found.version, min.Edge);
    case 'Firefox':
      return found.engine === 'gecko' && atLeast(found.version, min.Firefox);
    case 'Chrome':
    case 'Chromium':
      return found.engine === 'blink' && atLeast(found.version, min.Chrome);
    case 'Opera':
    case 'SamsungInternet':
      return found.chromium !== undefined && atLeast(found.chromium, min.Chromium);
    case 'Safari':
      return os === 'macOS' && atLeast(found.version, min.Safari);
    case 'InternetExplorer':
      return false;
  }
}

/**
 * What `userAgent` says about the browser and whether it is modern (SPEC.md section 5): Edge
 * 137+, Firefox 140+, Chrome or Chromium 138+, Safari 18.4+ on a Mac or an iPhone; tablets never;
 * the managed-device marker always. Only the first USER_AGENT_MAX_LENGTH characters count.
 */
export function browserSupport(userAgent: string, hints: BrowserHints = {}): BrowserSupport {
  const ua = (typeof userAgent === 'string' ? userAgent : '').slice(0, USER_AGENT_MAX_LENGTH);
  const found = detectBrowser(ua);
  const ipadAsMac = /Macintosh/.test(ua) && (hints.maxTouchPoints ?? 0) > 1;
  let os = detectOs(ua);
  if (ipadAsMac) os = 'iOS';
  const iosVersion = os === 'iOS' ? versionAfter(ua, IOS_VERSION) : undefined;
  const legacyInternetExplorer = LEGACY_IE.test(ua);
  const tablet = ipadAsMac || TABLET.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua) && os === 'Android');
  const mobile = !tablet && PHONE.test(ua);
  const managedDevice = ua.includes(CASELOAD_DEVICE_MARKER);

  const result: BrowserSupport = {
    modern: managedDevice || (!tablet && isModern(found, os, iosVersion)),
    mobile,
    tablet,
    legacyInternetExplorer,
    managedDevice,
  };
  if (found) {
    result.browser = found.browser;
    if (found.version.major > 0) result.version = asNumber(found.version, found.browser === 'Safari');
  }
  if (os) result.os = os;
  if (iosVersion) result.osVersion = asNumber(iosVersion, true);
  return result;
}

/**
 * The variant to load (SPEC.md section 1): `mobile` for mobile-only devices (phones, not tablets),
 * `legacy` for desktop Internet Explorer, `default` for everything else.
 */
export function pickVariant(userAgent: string, hints: BrowserHints = {}): AppVariant {
  const support = browserSupport(userAgent, hints);
  if (support.mobile) return 'mobile';
  if (support.legacyInternetExplorer) return 'legacy';
  return 'default';
}
