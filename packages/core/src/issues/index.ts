export * from './describe.js';
export * from './messages.js';
export * from './types.js';
