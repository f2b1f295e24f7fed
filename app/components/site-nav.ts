export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/competitions", label: "Competitions" },
  { to: "/how-it-works", label: "How it works" },
  { to: "/winners", label: "Winners" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const FOOTER_LINKS = [
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/refunds", label: "Refund Policy" },
  { to: "/fair-play", label: "Fair Play" },
  { to: "/faq", label: "FAQ" },
  { to: "/complaints", label: "Complaints" },
  { to: "/contact", label: "Contact" },
] as const;

export const SOCIAL_LINKS = [
  { href: "https://www.facebook.com/", label: "Paddock on Facebook" },
  { href: "https://x.com/", label: "Paddock on X (Twitter)" },
  { href: "https://www.instagram.com/", label: "Paddock on Instagram" },
] as const;
