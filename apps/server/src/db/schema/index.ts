export * from './catalogue';
export * from './identity';
export * from './platform';
export * from './projects';
