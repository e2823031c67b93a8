export * from './normalize.js';
export * from './parse.js';
export * from './validate.js';
