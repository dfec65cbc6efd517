export * from './client';
export * from './content';
export * from './account';
