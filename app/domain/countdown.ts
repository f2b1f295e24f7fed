import { timeLeft } from "./competition-status";

type CountdownParts = { days: string; hours: string; minutes: string; seconds: string };

/** The soonest closing time among active competitions that have not yet closed, or null. */
export function nextDraw(competitions: readonly { endDate: Date; status: string }[], now: Date): Date | null {
  let soonest: Date | null = null;
  for (const comp of competitions) {
    if (comp.status !== "active") continue;
    if (!(comp.endDate.getTime() > now.getTime())) continue;
    if (soonest === null || comp.endDate.getTime() < soonest.getTime()) soonest = comp.endDate;
  }
  return soonest;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** Two-digit display parts ("03", "09", …); days may grow past two digits; all "00" once the target passes. */
export function countdownParts(target: Date, now: Date): CountdownParts {
  const left = timeLeft(target, now);
  if (left.ended) return { days: "00", hours: "00", minutes: "00", seconds: "00" };
  return {
    days: pad(left.days),
    hours: pad(left.hours),
    minutes: pad(left.minutes),
    seconds: pad(left.seconds),
  };
}
