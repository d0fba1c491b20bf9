export * from './browsers.ts';
export * from './env.ts';
export * from './hooks.ts';
export * from './storage.ts';
