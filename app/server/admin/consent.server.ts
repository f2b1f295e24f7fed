import { sql } from "drizzle-orm";
import { profiles, user } from "~/db/schema";
import { consentHistory } from "../platform/consent.server";
import type { Services } from "../platform/services.server";

/**
 * A person's marketing-consent ledger for staff, found by address: the records under the account that holds the
 * address (by sign-in or profile e-mail) and those made for the address itself (newsletter, unsubscribe links).
 */
export async function lookUpConsent(services: Services, email: string) {
  const address = email.trim().toLowerCase();
  const [account] = await services.db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .leftJoin(profiles, sql`${profiles.userId} = ${user.id}`)
    .where(sql`lower(${user.email}) = ${address} or lower(${profiles.email}) = ${address}`)
    .limit(1);
  const entries = await consentHistory(services.db, { userId: account?.id, email: address });
  return { email: address, account: account ?? null, entries };
}
