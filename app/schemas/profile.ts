import { DELETE_CONFIRMATION, MARKETING_CONSENT_WORDING } from "~/content/account";
import { z } from "~/schemas/zod";
import { PhoneSchema, personNameField } from "./auth";
import { emailField, errorNotice, formCheck, optionalSingleLineField } from "./form";

export { MARKETING_CONSENT_WORDING };

export const PROFILE_MESSAGES = {
  updatedTitle: "Profile updated successfully!",
  failed: "Failed to update profile. Please try again.",
  emailPending: (email: string) => `We have sent a link to ${email}. Your e-mail address changes when you open it.`,
} as const;

export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  firstName: personNameField("First name"),
  lastName: personNameField("Last name"),
  email: emailField,
  phone: PhoneSchema,
  marketingConsent: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const profileCheck = formCheck(ProfileSchema, (errors) =>
  errorNotice("Please check your details", Object.values(errors)[0] ?? PROFILE_MESSAGES.failed),
);

const DeleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  confirm: z
    .string()
    .trim()
    .refine((v) => v === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
  password: z.string().min(1, "Enter your password to confirm").max(128),
});

export const ACCOUNT_NOT_DELETED = "Account not deleted";
export const DELETE_FIELDS_NOTICE = errorNotice(ACCOUNT_NOT_DELETED, "Please check the fields below.");
export const deleteAccountCheck = formCheck(DeleteAccountSchema, () => DELETE_FIELDS_NOTICE);

/** /account/privacy: the county published if this person wins, and their objection to their name being shown. */
export const WinnerPublicitySchema = z.object({
  intent: z.literal("winner-publicity"),
  county: optionalSingleLineField(80),
  withheld: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});
export type WinnerPublicityInput = z.infer<typeof WinnerPublicitySchema>;
export const winnerPublicityCheck = formCheck(WinnerPublicitySchema);
