export { createRoutes } from './routes.tsx';
export type { StorefrontData } from './data.ts';
export { CART_COOKIE, CART_UNTOLD } from './data.ts';
export { documentTitle, metaOf, errorMeta, errorStatus } from './meta.ts';
export type { RouteMeta } from './meta.ts';
