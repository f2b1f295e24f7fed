// Independent support for anyone worried about gambling or spending: one list, shown where limits, pauses and
// self-exclusion are set, on the fair-play page and at the foot of every receipt e-mail.

type SupportService = {
  name: string;
  what: string;
  /** Shown as typed; dialled from `tel`. */
  phone?: { display: string; tel: string };
  url: string;
  country: "UK" | "Ireland";
};

export const SUPPORT_SERVICES: readonly SupportService[] = [
  {
    name: "GamCare",
    what: "The National Gambling Helpline: free, confidential advice, 24 hours a day.",
    phone: { display: "0808 8020 133", tel: "+448088020133" },
    url: "https://www.gamcare.org.uk",
    country: "UK",
  },
  {
    name: "BeGambleAware",
    what: "Information, self-help tools and where to find free treatment.",
    url: "https://www.begambleaware.org",
    country: "UK",
  },
  {
    name: "GAMSTOP",
    what: "Free self-exclusion from online gambling sites licensed in Great Britain.",
    url: "https://www.gamstop.co.uk",
    country: "UK",
  },
  {
    name: "Gambling Care",
    what: "Free support and counselling for people in Ireland affected by gambling.",
    url: "https://www.gamblingcare.ie",
    country: "Ireland",
  },
  {
    name: "HSE Drugs and Alcohol Helpline",
    what: "The HSE's free, confidential helpline, which also supports problem gambling.",
    phone: { display: "1800 459 459", tel: "+3531800459459" },
    url: "https://www.drugs.ie",
    country: "Ireland",
  },
];

export const SUPPORT_INTRO =
  "If you are worried about your gambling or spending, or someone else's, free and confidential help is available:";

/** The same list as plain text, for e-mails. */
export function supportServicesText(): string {
  return [
    SUPPORT_INTRO,
    ...SUPPORT_SERVICES.map(
      (s) => `- ${s.name} (${s.country}): ${s.phone ? `${s.phone.display}, ` : ""}${s.url.replace(/^https:\/\//, "")}`,
    ),
  ].join("\n");
}
