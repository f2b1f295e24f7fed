import { Brain, CreditCard, Landmark, Lock, ShieldCheck } from "lucide-react";
import { Section } from "~/components/page-section";

const BADGES = [
  { icon: Lock, title: "SSL secured", body: "Every page and payment travels over an encrypted connection." },
  {
    icon: ShieldCheck,
    title: "PCI DSS payments",
    body: "Card details are handled by Stripe, a PCI DSS Level 1 provider. We never see your card number.",
  },
  { icon: CreditCard, title: "Card, Apple Pay and Google Pay", body: "Pay the way you prefer at checkout." },
  { icon: Brain, title: "100% skill-based", body: "Only correct answers to the skill question can win." },
  // Skill competitions are not licensed in the UK; they are lawful when they meet the prize-competition rules.
  {
    icon: Landmark,
    title: "Run under UK prize competition law",
    body: "A real skill test and a free postal entry route on every competition.",
  },
] as const;

export function TrustBadges() {
  return (
    <Section
      titleId="trust-title"
      title="Enter with confidence"
      size="3xl"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
    >
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {BADGES.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-lg border border-border bg-card p-5 text-card-foreground">
            <Icon aria-hidden="true" className="h-7 w-7 text-primary" />
            <h3 className="mt-3 font-semibold">{title}</h3>
            <p className="mt-1 text-sm leading-6 text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
