export * from './body-types.js';
export * from './change-kinds.js';
export * from './examples.js';
export * from './field-kinds.js';
export * from './limits.js';
export * from './modes.js';
export * from './patterns.js';
export type * from './types.js';
