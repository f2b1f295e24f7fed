import type { Route } from "./+types/how-it-works";
import type { LucideIcon } from "lucide-react";
import { Award, Brain, CreditCard, HeartHandshake, Lock, Mail, Search, ShieldCheck, Trophy } from "lucide-react";
import { Link } from "react-router";
import { FaqList } from "~/components/faq-list";
import { textLinkClass } from "~/components/legal-page";
import { howItWorksFaq } from "~/content/faq";
import {
  MIN_AGE,
  PRIZE_DISPATCH_DAYS,
  SPEND_LIMIT_MINIMUM,
  WINNER_CONTACT_HOURS,
  WINNER_NOTIFY_AIM_HOURS,
} from "~/content/policy";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "How it works",
    "Enter a Paddock competition in four steps: choose a competition, answer the equestrian skill question, complete your entry and win.",
  );

type Item = { title: string; body: string; icon: LucideIcon };

const steps: readonly Item[] = [
  {
    title: "Choose a competition",
    icon: Search,
    body: "Browse our live competitions. Each one shows the prize, the closing date, how many entries are left and how to enter free by post.",
  },
  {
    title: "Answer the skill question",
    icon: Brain,
    body: "Pick your answer to an equestrian question that needs real knowledge. Only correct answers go into the draw: if your answer is wrong, you still buy the tickets, but they cannot win.",
  },
  {
    title: "Complete your entry",
    icon: CreditCard,
    body: `Choose your tickets and pay securely by card, Apple Pay or Google Pay. Before your first entry we ask you to confirm you are ${MIN_AGE} or over and live in the UK or Ireland. Your tickets then appear in your account.`,
  },
  {
    title: "Win",
    icon: Trophy,
    body: `When the competition closes, the winner is drawn at random from the correct entries and postal entries. We aim to tell the winner within ${WINNER_NOTIFY_AIM_HOURS} hours of the draw, and prizes are dispatched within ${PRIZE_DISPATCH_DAYS} days.`,
  },
];

const benefits: readonly Item[] = [
  {
    title: "Prizes riders want",
    icon: Award,
    body: "Tack, equipment, event tickets and cash, chosen by a team of riders. Every prize is exactly as described.",
  },
  {
    title: "A draw you can check",
    icon: ShieldCheck,
    body: "The entry list is frozen and published as a fingerprint, and the winner is picked with public randomness announced in advance, so anyone can verify the result.",
  },
  {
    title: "Secure payment",
    icon: Lock,
    body: "Payments are handled by Stripe. We never see or store your full card number.",
  },
  {
    title: "You stay in control",
    icon: HeartHandshake,
    body: `Set a monthly spend limit (as low as ${SPEND_LIMIT_MINIMUM}), take a pause or self-exclude from your account at any time.`,
  },
];

export default function HowItWorksPage() {
  return (
    <article aria-labelledby="how-title" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 id="how-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        How it works
      </h1>
      <p className="mt-4 max-w-prose text-lg leading-8 text-muted-foreground">
        Paddock runs skill-based prize competitions for riders and horse lovers. Here is how to enter, and how we keep
        every draw fair.
      </p>

      <section aria-labelledby="steps-title" className="mt-12">
        <h2 id="steps-title" className="text-2xl font-semibold tracking-tight">
          Four steps to enter
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-border bg-card p-6 text-card-foreground">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <step.icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="text-lg font-semibold">
                  <span className="sr-only">Step </span>
                  {index + 1}. {step.title}
                </h3>
              </div>
              <p className="mt-3 leading-7 text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-6">
          <Link
            to="/competitions"
            className="inline-flex items-center rounded-md bg-primary px-5 py-3 font-semibold text-primary-foreground hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring"
          >
            Browse competitions
          </Link>
        </p>
      </section>

      <section aria-labelledby="skill-title" className="mt-12 rounded-lg border border-border bg-muted p-6">
        <h2 id="skill-title" className="text-xl font-semibold">
          Before you enter
        </h2>
        <p className="mt-3 leading-7">
          <strong>A wrong answer still buys tickets, but those tickets cannot win.</strong> Only entries with the correct
          answer go into the draw, which is what makes these competitions of skill rather than lotteries. Take your
          time and check your answer before you pay.
        </p>
        <p className="mt-3 leading-7">
          Competitions are open to UK and Republic of Ireland residents aged {MIN_AGE} or over. The winner is told within{" "}
          {WINNER_NOTIFY_AIM_HOURS} hours of the draw wherever possible, and always within {WINNER_CONTACT_HOURS} hours,
          as our terms promise.
        </p>
      </section>

      <section aria-labelledby="free-title" className="mt-6 rounded-lg border border-border bg-muted p-6">
        <h2 id="free-title" className="flex items-center gap-2 text-xl font-semibold">
          <Mail aria-hidden="true" className="size-5 text-accent" />
          Free entry on every competition
        </h2>
        <p className="mt-3 leading-7">
          Every competition has a free postal entry route. Free entries go into the same draw as paid entries and have
          exactly the same chance of winning. Read{" "}
          <Link to="/terms#free-entry" className={textLinkClass}>
            how to enter by post
          </Link>{" "}
          in our terms.
        </p>
      </section>

      <section aria-labelledby="benefits-title" className="mt-12">
        <h2 id="benefits-title" className="text-2xl font-semibold tracking-tight">
          Why enter with Paddock
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="flex gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground">
              <benefit.icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent" />
              <div>
                <h3 className="text-lg font-semibold">{benefit.title}</h3>
                <p className="mt-2 leading-7 text-muted-foreground">{benefit.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-faq-title" className="mt-12">
        <h2 id="how-faq-title" className="text-2xl font-semibold tracking-tight">
          Common questions
        </h2>
        <FaqList items={howItWorksFaq} className="mt-6" />
        <p className="mt-6 leading-7">
          More answers are on our{" "}
          <Link to="/faq" className={textLinkClass}>
            FAQ page
          </Link>
          , or{" "}
          <Link to="/contact" className={textLinkClass}>
            contact us
          </Link>
          .
        </p>
      </section>
    </article>
  );
}
