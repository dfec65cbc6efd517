export * from './authSlice';
export * from './communitySlice';
export * from './createAppStore';
export * from './hooks';
