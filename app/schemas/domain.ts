import { DOMAIN_MESSAGES, normalizeDomain } from "~/domain/custom-domain";
import { z } from "~/schemas/zod";
import { errorNotice, formCheck } from "./form";
import { DbIdSchema } from "./ids";

/** A domain as typed, checked and turned into its ASCII form by the same rule in the browser and on the server. */
const DomainNameSchema = z
  .string({ error: DOMAIN_MESSAGES.empty })
  .max(300, DOMAIN_MESSAGES.tooLong)
  .transform((typed, ctx) => {
    const checked = normalizeDomain(typed);
    if (checked.ok) return checked.domain;
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  });

/** Every form on /admin/domain, told apart by intent. */
export const DomainActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-domain"), domain: DomainNameSchema }),
  z.object({ intent: z.literal("check-domain"), domainId: DbIdSchema }),
  z.object({ intent: z.literal("remove-domain"), domainId: DbIdSchema }),
  z.object({ intent: z.literal("set-redirect"), domainId: DbIdSchema, redirect: z.enum(["on", "off"]) }),
]);
export type DomainAction = z.infer<typeof DomainActionSchema>;

export const domainCheck = formCheck(DomainActionSchema, (errors) =>
  errorNotice("Error", errors.domain ?? "This request could not be read. Please reload the page and try again."),
);
