import type { Route } from "./+types/about";
import { Brain, CalendarCheck, Dices, HeartHandshake, Mail, Users } from "lucide-react";
import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import {
  ELIGIBLE_COUNTRIES,
  MIN_AGE,
  SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS,
  SPEND_LIMIT_MINIMUM,
} from "~/content/policy";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "About us",
    "Paddock is a small UK team of riders running fair, skill-based equestrian prize competitions for the UK and Ireland.",
  );

export default function AboutPage() {
  return (
    <article aria-labelledby="about-title" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 id="about-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        About Paddock
      </h1>
      <p className="mt-4 max-w-prose text-lg leading-8 text-muted-foreground">
        We are a small UK team of riders. We started Paddock to give the equestrian community prize competitions that
        are fair, open and run by people who know their way around a yard.
      </p>

      <section aria-labelledby="what-we-run" className="mt-12">
        <h2 id="what-we-run" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <Users aria-hidden="true" className="size-6 text-accent" />
          What we run
        </h2>
        <div className="mt-4 space-y-4 leading-7">
          <p>
            Paddock runs skill-based prize competitions with equestrian prizes: tack, equipment, event tickets and cash.
            You enter by answering a question that needs real equestrian knowledge, then buying tickets, or entirely
            free by post.
          </p>
          <p>
            See{" "}
            <Link to="/how-it-works" className={textLinkClass}>
              how it works
            </Link>{" "}
            or browse our{" "}
            <Link to="/competitions" className={textLinkClass}>
              current competitions
            </Link>
            .
          </p>
        </div>
      </section>

      <section id="fairness" aria-labelledby="fairness-title" className="mt-12 scroll-mt-24">
        <h2 id="fairness-title" className="text-2xl font-semibold tracking-tight">
          How we keep it fair
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          <li className="rounded-lg border border-border bg-card p-6 text-card-foreground">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Brain aria-hidden="true" className="size-5 text-accent" />A genuine skill question
            </h3>
            <p className="mt-2 leading-7 text-muted-foreground">
              Every competition asks a specialist equestrian question. Only correct entries go into the draw; a wrong
              answer still buys tickets, but they cannot win.
            </p>
          </li>
          <li className="rounded-lg border border-border bg-card p-6 text-card-foreground">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Dices aria-hidden="true" className="size-5 text-accent" />A random draw you can verify
            </h3>
            <p className="mt-2 leading-7 text-muted-foreground">
              At closing we freeze the entry list and publish its fingerprint. The winner is picked with public
              randomness announced in advance, so no one, including us, can influence the result, and anyone can check
              it.
            </p>
          </li>
          <li className="rounded-lg border border-border bg-card p-6 text-card-foreground">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Mail aria-hidden="true" className="size-5 text-accent" />
              Free postal entry, always
            </h3>
            <p className="mt-2 leading-7 text-muted-foreground">
              Every competition can be entered free by post, with exactly the same chance of winning as a paid entry.{" "}
              <Link to="/terms#free-entry" className={textLinkClass}>
                How to enter by post
              </Link>
              .
            </p>
          </li>
          <li className="rounded-lg border border-border bg-card p-6 text-card-foreground">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <CalendarCheck aria-hidden="true" className="size-5 text-accent" />
              Clear, fixed rules
            </h3>
            <p className="mt-2 leading-7 text-muted-foreground">
              Entry is open to residents of {ELIGIBLE_COUNTRIES} aged {MIN_AGE} or over. Once a competition is live, its
              closing date and prize cannot change. Winners are published by surname and county, and can object.
            </p>
          </li>
        </ul>
      </section>

      <section id="player-protection" aria-labelledby="protection-title" className="mt-12 scroll-mt-24">
        <h2 id="protection-title" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <HeartHandshake aria-hidden="true" className="size-6 text-accent" />
          Player protection
        </h2>
        <div className="mt-4 space-y-4 leading-7">
          <p>Competitions should stay fun. From your account you can:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              set a monthly spend limit, as low as {SPEND_LIMIT_MINIMUM}. Decreases apply straight away; increases only
              after a {SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS}-hour cooling-off period;
            </li>
            <li>pause your account for a while;</li>
            <li>self-exclude from all our competitions.</li>
          </ul>
          <p>
            A pause or self-exclusion also stops all our marketing emails. The full rules are in our{" "}
            <Link to="/terms#player-protection" className={textLinkClass}>
              terms
            </Link>
            .
          </p>
        </div>
      </section>

      <section aria-labelledby="contact-title" className="mt-12 rounded-lg bg-muted p-6">
        <h2 id="contact-title" className="text-xl font-semibold">
          Talk to us
        </h2>
        <p className="mt-2 leading-7">
          Questions, ideas for prizes or feedback are always welcome:{" "}
          <Link to="/contact" className={textLinkClass}>
            contact the team
          </Link>
          .
        </p>
      </section>
    </article>
  );
}
