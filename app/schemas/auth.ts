import { AUTH_MESSAGES, ROLE_MESSAGES } from "~/content/account";
import { GRANTABLE_ROLES } from "~/db/constants";
import { isCommonPassword } from "~/domain/common-passwords";
import { z } from "~/schemas/zod";
import { checkboxField, emailField, emailFieldFor, errorNotice, type FieldErrors, formCheck } from "./form";
import { DbIdSchema } from "./ids";

export { AUTH_MESSAGES };

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/**
 * One password rule for every form, stated the same way everywhere: at least 8 characters (the old
 * prototype's /auth said 6), and common passwords are refused.
 */
const PasswordSchema = z
  .string({ error: "Enter a password" })
  .min(1, "Enter a password")
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin8)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordMax)
  .refine((p) => !isCommonPassword(p), AUTH_MESSAGES.passwordCommon);

/** A first or last name: blank, it is asked for in GOV.UK's words ("Enter your first name"). */
export const personNameField = (label: string) =>
  z
    .string({ error: `Enter your ${label.toLowerCase()}` })
    .trim()
    .min(1, `Enter your ${label.toLowerCase()}`)
    .max(100, `${label} must be 100 characters or fewer`);

const CONFIRM_PASSWORD_MESSAGE = "Enter the password again to confirm it";
const CURRENT_PASSWORD_MESSAGE = "Enter your current password";

/** Optional UK or Irish phone number: digits, spaces, brackets, dashes, a leading +. */
export const PhoneSchema = z
  .string()
  .trim()
  .max(30, "Phone number must be 30 characters or fewer")
  .refine((v) => v === "" || /^\+?[0-9 ()-]{7,}$/.test(v), "Please enter a valid phone number")
  .transform((v) => v || undefined);

const optionalText = z.string().optional();

const SignInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Enter your password" })
    .min(1, "Enter your password")
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordMax),
  redirectTo: optionalText,
});

export const signInCheck = formCheck(SignInSchema, () =>
  errorNotice(AUTH_MESSAGES.signInFailedTitle, "Please enter your email and password."),
);

const signUpBase = {
  firstName: personNameField("First name"),
  lastName: personNameField("Last name"),
  email: emailField,
  password: PasswordSchema,
  confirmPassword: z.string({ error: CONFIRM_PASSWORD_MESSAGE }).min(1, CONFIRM_PASSWORD_MESSAGE),
  marketingConsent: checkboxField,
  redirectTo: optionalText,
};

/** /join: phone optional, terms required (checked with the other fields, so an empty form names it too). */
export const JoinSchema = z
  .object({
    ...signUpBase,
    phone: PhoneSchema,
    agreeTerms: checkboxField.refine((agreed) => agreed, AUTH_MESSAGES.terms),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordMismatchJoin,
  });

/** The Sign Up tab on /auth: every field required, the spec's shorter messages. */
export const AuthSignUpSchema = z.object(signUpBase).refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  message: AUTH_MESSAGES.passwordMismatch,
});

export type SignUpInput = z.infer<typeof JoinSchema> | z.infer<typeof AuthSignUpSchema>;

/**
 * The notice for a sign-up its schema refused: on /join the spec names the mismatch and the terms, when that is the
 * one problem; otherwise the error summary lists every field, and the notice says how many need attention.
 */
export function signUpInvalidNotice(variant: "join" | "auth", errors: FieldErrors<string>) {
  const problems = Object.values(errors).filter(Boolean);
  const only = problems.length === 1;
  if (variant === "join" && only && errors.confirmPassword === AUTH_MESSAGES.passwordMismatchJoin)
    return errorNotice(AUTH_MESSAGES.passwordMismatchTitle, AUTH_MESSAGES.passwordMismatchJoin);
  if (variant === "join" && only && errors.agreeTerms)
    return errorNotice(AUTH_MESSAGES.termsTitle, AUTH_MESSAGES.terms);
  if (only) return errorNotice(AUTH_MESSAGES.signUpFailedTitle, problems[0] ?? AUTH_MESSAGES.unexpected);
  return errorNotice(AUTH_MESSAGES.signUpFailedTitle, `Please correct the ${problems.length} fields listed below.`);
}

export const signUpChecks = {
  join: formCheck(JoinSchema, (errors) => signUpInvalidNotice("join", errors)),
  auth: formCheck(AuthSignUpSchema, (errors) => signUpInvalidNotice("auth", errors)),
};

const EmailOnlySchema = z.object({ email: emailField });
export const emailOnlyCheck = formCheck(EmailOnlySchema);

const ResetPasswordSchema = z
  .object({
    token: z.string().min(1).max(500),
    password: PasswordSchema,
    confirmPassword: z.string({ error: CONFIRM_PASSWORD_MESSAGE }).min(1, CONFIRM_PASSWORD_MESSAGE),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordMismatch,
  });
export const resetPasswordCheck = formCheck(ResetPasswordSchema);

const ChangePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z.string({ error: CURRENT_PASSWORD_MESSAGE }).min(1, CURRENT_PASSWORD_MESSAGE).max(PASSWORD_MAX),
    password: PasswordSchema,
    confirmPassword: z.string({ error: CONFIRM_PASSWORD_MESSAGE }).min(1, CONFIRM_PASSWORD_MESSAGE),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordMismatch,
  });

/** A six-digit authenticator code, or a backup code (ten letters and digits, dash optional). */
const TwoFactorCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, "Enter the 6-digit code from your app, or a backup code"),
  );

const TwoFactorChallengeSchema = z.object({
  code: TwoFactorCodeSchema,
  trustDevice: checkboxField,
  redirectTo: optionalText,
});

export const twoFactorCheck = formCheck(TwoFactorChallengeSchema, (errors) =>
  errorNotice("Check your code", errors.code ?? AUTH_MESSAGES.codeInvalid),
);

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app");
const currentPassword = z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX);

/** Every form on /account/security posts here, told apart by intent. */
export const SecurityActionSchema = z.discriminatedUnion("intent", [
  ChangePasswordSchema,
  z.object({ intent: z.literal("enable-2fa"), password: currentPassword }),
  z.object({ intent: z.literal("confirm-2fa"), code: totpCode, totpURI: z.string().startsWith("otpauth://").max(500) }),
  z.object({ intent: z.literal("disable-2fa"), password: currentPassword, code: totpCode }),
  z.object({ intent: z.literal("backup-codes"), password: currentPassword }),
  z.object({ intent: z.literal("revoke-session"), sessionId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("revoke-other-sessions") }),
]);

export const securityCheck = formCheck(SecurityActionSchema);

const REDIRECT_BASE = "http://paddock.invalid";
const REDIRECT_MAX = 2000;

/**
 * A same-site path to redirect to, percent-encoded so it is a valid Location header (non-ASCII text would throw in
 * Headers, or go out as raw Latin-1 bytes): one leading slash, no scheme, no protocol-relative //host or /\host
 * (before or after dot segments are resolved), no control characters; anything else is the fallback.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > REDIRECT_MAX || !to.startsWith("/")) return fallback;
  if (to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== REDIRECT_BASE || !path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}

/** The Roles tab: add by e-mail, remove by the role row's id. */
const RoleActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-role"),
    email: emailFieldFor("Enter the email address of the person"),
    role: z.enum(GRANTABLE_ROLES, { error: "Select a role" }),
  }),
  z.object({ intent: z.literal("remove-role"), roleId: DbIdSchema }),
]);

export const roleCheck = formCheck(RoleActionSchema, () => errorNotice("Error", ROLE_MESSAGES.missing));

/** /signout: this browser, or with scope=everywhere every session of the account. */
export const SignOutSchema = z.object({ scope: z.string().max(20).optional() });
