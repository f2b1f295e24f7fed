import { z } from "~/schemas/zod";
import { formCheck } from "./form";

/** The page to go back to: the header's pop-over posts here from any page (checked again as a same-site path). */
const returnTo = z.string().max(2000).optional();

/** The notifications page's two forms: mark one read (by id), or all of them; also posted from the header's bell. */
const NotificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.coerce.number().int().positive().max(2_147_483_647), returnTo }),
  z.object({ intent: z.literal("read-all"), returnTo }),
]);

export const notificationActionCheck = formCheck(NotificationActionSchema);
