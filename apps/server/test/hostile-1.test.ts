import { hostileSuite } from './helpers/hostile';

// Hostile input on every route, part 1 of 4: test/helpers/hostile.ts.
hostileSuite(0);
