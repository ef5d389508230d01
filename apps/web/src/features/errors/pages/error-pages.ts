// The error pages load as one chunk.
export { ErrorPage } from './error-page.tsx';
export { ForbiddenPage } from './forbidden-page.tsx';
export { NotFoundPage } from './not-found-page.tsx';
