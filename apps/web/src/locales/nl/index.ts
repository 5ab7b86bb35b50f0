// The nl catalogues every visitor needs (sign-in, public catalogue), as one lazy chunk.
// The back office's catalogues are in backoffice.ts (with the employee route set), the portal's in portal.ts.
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import portal from './portal.json';
import publicCatalogue from './public.json';
import validation from './validation.json';

export default { auth, common, errors, portal, public: publicCatalogue, validation };
