/** The web client's pure building blocks: browser support, design tokens, error catalogue, timing. */
export * from './browser-support.ts';
export * from './colors.ts';
export * from './color-scales.ts';
export * from './design-tokens.ts';
export * from './error-catalogue.ts';
export * from './timing.ts';
