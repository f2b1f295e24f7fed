// Account wording shown in the browser. Kept apart from the schemas so pages do not ship the password list.

/** The spec's messages, word for word (sections 5 and 8), and ours where the spec has none. */
export const AUTH_MESSAGES = {
  passwordMismatchTitle: "Password Mismatch",
  passwordMismatchJoin: "Passwords do not match. Please try again.",
  passwordMismatch: "Passwords do not match",
  termsTitle: "Terms Required",
  terms: "Please agree to the terms and conditions.",
  passwordMin8: "Password must be at least 8 characters",
  passwordMax: "Password must be at most 128 characters",
  passwordCommon: "This password is too common. Please choose another.",
  signUpFailedTitle: "Sign Up Failed",
  accountCreatedTitle: "Account Created!",
  accountCreated: "Please check your email to verify your account.",
  registrationTitle: "Registration Successful!",
  registration: "Please check your email to confirm your account.",
  alreadyRegistered: "This email is already registered. Please sign in instead.",
  signInFailedTitle: "Sign In Failed",
  invalidCredentials: "Invalid email or password. Please check your credentials.",
  welcomeTitle: "Welcome back!",
  welcome: "You have successfully signed in.",
  unexpected: "An unexpected error occurred. Please try again.",
  errorTitle: "Error",
  tooManyTitle: "Too many attempts",
  tooMany: "Too many attempts. Please wait a minute and try again.",
  notVerifiedTitle: "Please confirm your email",
  notVerified: "Your email address is not confirmed yet. We have sent you a new confirmation link.",
  resetRequested:
    "If an account exists for that email, we have sent a link to reset your password. It works for one hour.",
  resendRequested:
    "If that email belongs to an account that still needs confirming, we have sent a new confirmation link.",
  resetDoneTitle: "Password changed",
  resetDone:
    "Your password has been changed and every device has been signed out. Please sign in with your new password.",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please ask for a new one.",
  codeInvalid: "That code is not right. Check your authenticator app and try again.",
} as const;

/** The toast that greets someone signed in, after their password or their two-factor code. */
export const WELCOME_TOAST = {
  type: "success",
  title: AUTH_MESSAGES.welcomeTitle,
  description: AUTH_MESSAGES.welcome,
} as const;

/** The words a person agrees to when they tick the marketing box; stored with each consent record. */
export const MARKETING_CONSENT_WORDING =
  "Send me e-mails about new competitions, draws and offers. I can unsubscribe at any time.";

/** The Roles tab's messages: the spec's, word for word, plus our last-admin guard. */
export const ROLE_MESSAGES = {
  missing: "Please enter an email and select a role",
  notFound: "User not found. Make sure they have an account.",
  duplicate: "User already has this role",
  added: "Role added successfully",
  removed: "Role removed successfully",
  addFailed: "Failed to add role",
  removeFailed: "Failed to remove role",
  loadFailed: "Failed to load user roles",
  lastAdmin: "You cannot remove the last admin.",
  adminData: "Failed to fetch admin data. Please check your permissions.",
} as const;

/** What a person types to confirm they want their account deleted. */
export const DELETE_CONFIRMATION = "DELETE";

/** The toast after signing out, by what ended: this browser's session, every session, or none was left. */
export const SIGNED_OUT_TOASTS = {
  "this-device": { type: "success", title: "Signed out", description: "You have been signed out." },
  everywhere: { type: "success", title: "Signed out", description: "You have been signed out on every device." },
  none: { type: "info", title: "Signed out" },
} as const;
