export * from './client';
export * from './content';
export * from './account';
export * from './giving';
export * from './community';
