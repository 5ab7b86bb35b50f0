// The nl catalogues of the back office, loaded with the employee route set only.
import articles from './articles.json';
import attributes from './attributes.json';
import companies from './companies.json';
import home from './home.json';
import products from './products.json';
import robox from './robox.json';
import users from './users.json';

export default { articles, attributes, companies, home, products, robox, users };
