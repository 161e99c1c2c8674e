import type { MantineColor } from '@mantine/core';
import { Intents, type Intent } from '../platform/core-web.ts';

export { Intents, type Intent };

/**
 * Issue 4's intents as theme colours (`intent-*`, built in theme.ts from core's INTENT_COLORS):
 * components take `color={intentColor(intent)}` and so look the same for the same meaning
 * everywhere (a danger button, a danger badge, a danger chart bar).
 */
export const intentColor = (intent: Intent): MantineColor => (intent === 'primary' ? 'caseload' : `intent-${intent}`);
