export * from './describe.js';
export * from './is-record.js';
export * from './make-issue.js';
export * from './messages.js';
export * from './read-options.js';
export * from './received.js';
export * from './suggest.js';
export * from './types.js';
