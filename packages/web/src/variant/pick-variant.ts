/** The three application variants of SPEC.md section 1. */
export type Variant = 'default' | 'mobile' | 'legacy';

/** SPEC.md section 5: user agents are looked at only up to this length. */
const MAX_USER_AGENT = 500;

/**
 * Which variant a browser gets, by its user agent: legacy desktop Internet Explorer, mobile-only
 * devices (phones; tablets get the default variant), else the default.
 *
 * A first, simple check: issue 4 replaces it with the tested browser-support function in
 * packages/core (versions, tablets, the device marker).
 */
export function pickVariant(userAgent: string): Variant {
  const ua = userAgent.slice(0, MAX_USER_AGENT);
  if (/MSIE |Trident\//.test(ua)) return 'legacy';
  if (/iPhone|iPod|Android.+Mobile|Windows Phone|IEMobile|Opera Mini|Mobile.+Firefox|BlackBerry/.test(ua)) return 'mobile';
  return 'default';
}
