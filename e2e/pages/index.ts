export * from './base.ts';
export * from './options.ts';
export * from './popup.ts';
export * from './sidepanel.ts';
