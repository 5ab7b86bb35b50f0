export * from './approvals';
export * from './catalogue';
export * from './companies';
export * from './identity';
export * from './people';
export * from './planning';
export * from './platform';
export * from './projects';
