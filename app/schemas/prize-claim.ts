import { PRIZE_CHOICES } from "~/db/constants";
import { z } from "~/schemas/zod";
import { REQUIRED_MESSAGE, singleLineField, tooLongMessage } from "./form";

/** The winner's delivery address for one prize (/account, intent "claim-prize"). */
export const ClaimAddressSchema = z.object({
  intent: z.literal("claim-prize"),
  competitionId: z.coerce.number().int().positive(),
  recipientName: singleLineField(120),
  address: z
    .string({ error: REQUIRED_MESSAGE })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, REQUIRED_MESSAGE).max(400, tooLongMessage(400))),
  county: singleLineField(80),
  postcode: singleLineField(12),
  phone: singleLineField(40),
  /** The winner's choice when the competition offers a cash alternative. */
  choice: z.enum(PRIZE_CHOICES).optional(),
  /** For an instant win's cash or physical prize: which one (docs/instant-wins-v1.md). */
  instantWinId: z.coerce.number().int().positive().optional(),
});
export type ClaimAddressInput = z.infer<typeof ClaimAddressSchema>;

/** Staff mark a prize shipped (carrier and tracking) or delivered (/admin/prizes). */
export const ShipPrizeSchema = z.object({
  intent: z.literal("ship"),
  claimId: z.coerce.number().int().positive(),
  carrier: singleLineField(60),
  trackingReference: singleLineField(80),
});
export type ShipPrizeInput = z.infer<typeof ShipPrizeSchema>;
const DeliverPrizeSchema = z.object({
  intent: z.literal("deliver"),
  claimId: z.coerce.number().int().positive(),
});
export const PrizeActionSchema = z.discriminatedUnion("intent", [ShipPrizeSchema, DeliverPrizeSchema]);
