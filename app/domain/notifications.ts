// Rules for the in-app notifications behind the header's bell. Pure: the clock is passed in.
import { formatUkWeekdayDateTime } from "./london-format";

export const NOTIFICATION_RETENTION_DAYS = 90;
const CLOSING_SOON_HOURS = 24;
const HOUR_MS = 3_600_000;

/** Notifications created before this instant are deleted. */
export const retentionCutoff = (now: Date) => new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 24 * HOUR_MS);

/** A competition closing in (now, now + 24 h] is "closing soon"; one already closed is not. */
export const closingSoonWindow = (now: Date) => ({
  after: now,
  until: new Date(now.getTime() + CLOSING_SOON_HOURS * HOUR_MS),
});

export const isClosingSoon = (endDate: Date, now: Date) => {
  const { after, until } = closingSoonWindow(now);
  return endDate.getTime() > after.getTime() && endDate.getTime() <= until.getTime();
};

/** The words of a closing-soon notification, with the closing time in UK time. */
export function closingSoonText(title: string, endDate: Date) {
  return {
    title: "Closing within 24 hours",
    body: `${title}, which you entered, closes ${formatUkWeekdayDateTime(endDate)}.`,
  };
}

/** The bell's accessible name: what it is and how many are unread. */
export function bellLabel(unread: number) {
  if (unread <= 0) return "Notifications, none unread";
  return `Notifications, ${unread > 99 ? "more than 99" : unread} unread`;
}
