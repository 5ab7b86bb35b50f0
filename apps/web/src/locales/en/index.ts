// The en catalogues every visitor needs (sign-in, portal, public catalogue), as one lazy chunk.
// The back office's catalogues are in backoffice.ts, loaded with the employee route set.
import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import portal from './portal.json';
import publicCatalogue from './public.json';
import validation from './validation.json';

export default { account, auth, common, errors, portal, public: publicCatalogue, validation };
