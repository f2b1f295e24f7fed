import { siteSettings } from "~/db/schema";
import { type SiteSettings, settingsToRows } from "~/domain/site-settings";
import type { Services } from "../platform/services.server";
import { getSiteSettings } from "../platform/site-settings.server";
import { recordAudit } from "./audit.server";

type SettingsChange = { ok: true; changed: string[] };

/**
 * Saves every setting that differs from what is stored, each change audited with its before and after, in one
 * transaction; the rows are locked first so two admins saving at once apply one after the other.
 */
export async function saveSiteSettings(
  services: Services,
  actorUserId: string,
  next: SiteSettings,
): Promise<SettingsChange> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await tx.select({ key: siteSettings.key }).from(siteSettings).for("update");
    const before = new Map(settingsToRows(await getSiteSettings(tx)).map((r) => [r.key, r.value]));
    const changed: string[] = [];
    for (const row of settingsToRows(next)) {
      const previous = before.get(row.key);
      if (JSON.stringify(previous) === JSON.stringify(row.value)) continue;
      const values = { value: row.value, updatedByUserId: actorUserId, updatedAt: now };
      await tx
        .insert(siteSettings)
        .values({ key: row.key, ...values })
        .onConflictDoUpdate({ target: siteSettings.key, set: values });
      await recordAudit(tx, {
        actorUserId,
        action: "setting.changed",
        subject: `setting:${row.key}`,
        before: { value: previous },
        after: { value: row.value },
      });
      changed.push(row.key);
    }
    return { ok: true, changed };
  });
}
