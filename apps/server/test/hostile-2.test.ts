import { hostileSuite } from './helpers/hostile';

// Hostile input on every route, part 2 of 4: test/helpers/hostile.ts.
hostileSuite(1);
