import { LONDON_TIME_ZONE } from "~/domain/london-time";

const dateFormat = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON_TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON_TIME_ZONE, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** "21 November 2026", in UK time. */
export const formatDate = (value: Date | string) => dateFormat.format(new Date(value));
/** "21 Nov 2026, 18:05", in UK time. */
export const formatDateTime = (value: Date | string) => dateTimeFormat.format(new Date(value));
