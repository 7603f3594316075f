// Both password-reset pages in one lazy chunk: each route of the router costs the landing's
// entry bundle its own dependency list, and these two pages are always visited together.
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
