import { PRIZE_CHOICES } from "~/db/constants";
import { z } from "~/schemas/zod";
import { singleLineField, tooLongMessage } from "./form";

const ENTER_ADDRESS = "Enter the delivery address";

/** The winner's delivery address for one prize (/account, intent "claim-prize"). */
export const ClaimAddressSchema = z.object({
  intent: z.literal("claim-prize"),
  competitionId: z.coerce.number().int().positive(),
  recipientName: singleLineField(120, "Enter the name of the person the prize goes to"),
  address: z
    .string({ error: ENTER_ADDRESS })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, ENTER_ADDRESS).max(400, tooLongMessage(400))),
  county: singleLineField(80, "Enter the county"),
  postcode: singleLineField(12, "Enter the postcode"),
  phone: singleLineField(40, "Enter a phone number for the delivery"),
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
  carrier: singleLineField(60, "Enter the carrier"),
  trackingReference: singleLineField(80, "Enter the tracking reference"),
});
export type ShipPrizeInput = z.infer<typeof ShipPrizeSchema>;
const DeliverPrizeSchema = z.object({
  intent: z.literal("deliver"),
  claimId: z.coerce.number().int().positive(),
});
export const PrizeActionSchema = z.discriminatedUnion("intent", [ShipPrizeSchema, DeliverPrizeSchema]);
