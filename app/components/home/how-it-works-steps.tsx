import { Brain, CreditCard, Search, Trophy } from "lucide-react";
import { Link } from "react-router";

const STEPS = [
  {
    icon: Search,
    title: "Choose a competition",
    body: "Pick a prize you would love to win and check its closing date and tickets left.",
  },
  {
    icon: Brain,
    title: "Answer the skill question",
    body: "Show your equestrian knowledge. Only correct answers go into the draw.",
  },
  {
    icon: CreditCard,
    title: "Complete your entry",
    body: "Choose 1 to 10 tickets and pay securely, or enter free by post.",
  },
  {
    icon: Trophy,
    title: "Win",
    body: "The winner is drawn at random from the correct entries when the competition closes.",
  },
] as const;

export function HowItWorksSteps() {
  return (
    <section aria-labelledby="steps-title" className="border-y border-border bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="steps-title" className="text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, body }, i) => (
            <li key={title} className="rounded-lg border border-border bg-card p-6 text-card-foreground">
              <p className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={
                    "inline-flex h-10 w-10 items-center justify-center rounded-full bg-primary " +
                    "text-primary-foreground"
                  }
                >
                  <Icon className="h-5 w-5" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">Step {i + 1}</span>
              </p>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8">
          <Link to="/how-it-works" className="font-medium text-primary underline">
            Read more about how it works and how every draw is kept fair
          </Link>
        </p>
      </div>
    </section>
  );
}
