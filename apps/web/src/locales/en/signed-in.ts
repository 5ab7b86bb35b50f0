// The en catalogues every signed-in person needs, in the back office and in the portal alike
// (the account settings, the error messages a guest can never meet): imported by backoffice.ts and
// portal.ts, so it is one shared chunk (commonSignedIn: the lists', editors' and uploads' parts of
// `common`, merged into it) that the sign-in page and the public catalogue never load.
import account from './account.json';
import commonSignedIn from './common-signed-in.json';
import errorsSignedIn from './errors-signed-in.json';
import files from './files.json';
import notifications from './notifications.json';

export { account, commonSignedIn, errorsSignedIn, files, notifications };
