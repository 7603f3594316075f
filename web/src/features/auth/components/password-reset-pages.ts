// The pages an emailed link opens, in one lazy chunk: each route of the router costs the landing's
// entry bundle its own dependency list, and these share theirs (the auth card, the forms). The two
// password-reset pages are visited together; the email confirmation is the same kind of page.
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { VerifyEmailPage } from './verify-email-page';
