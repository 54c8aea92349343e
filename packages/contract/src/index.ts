export * from './common';
export * from './user';
export * from './auth';
export * from './profile';
export * from './site';
export * from './catalogue';
export * from './learning';
export * from './unit-codes';
