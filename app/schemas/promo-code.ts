import { PROMO_CODE_MAX_LENGTH } from "~/domain/promo-code";
import { z } from "~/schemas/zod";
import { tooLongMessage } from "./form";

/** What the buyer's Promo code field sends (the review and basket pages). */
export const PROMO_FIELD_MESSAGES = { blank: "Enter a promo code." } as const;
export const PromoFieldSchema = z
  .string({ error: PROMO_FIELD_MESSAGES.blank })
  .trim()
  .min(1, PROMO_FIELD_MESSAGES.blank)
  .max(PROMO_CODE_MAX_LENGTH, tooLongMessage(PROMO_CODE_MAX_LENGTH));
