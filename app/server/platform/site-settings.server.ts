import { siteSettings } from "~/db/schema";
import { type SiteSettings, settingsFromRows } from "~/domain/site-settings";
import type { Executor } from "./db.server";

/** The live site settings (defaults for anything never set). Read per request, so a change applies at once. */
export async function getSiteSettings(db: Executor): Promise<SiteSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  return settingsFromRows(rows);
}
