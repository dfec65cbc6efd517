// The public articles' queries live in ../articles/service.ts; the web host names them here.
export { findArticle, findNews, nextArticleDue } from '../articles/service.js';
