import type { Route } from "./+types/faq";
import { Link } from "react-router";
import { FaqList } from "~/components/faq-list";
import { textLinkClass } from "~/components/legal-page";
import { siteFaq } from "~/content/faq";
import { REPLY_WITHIN_HOURS, SUPPORT_HOURS } from "~/content/policy";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Frequently asked questions",
    "Answers to common questions about entering Paddock's equestrian competitions, the free postal entry route, the draw, prizes and refunds.",
  );

export default function FaqPage() {
  return (
    <article aria-labelledby="faq-title" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 id="faq-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        Frequently asked questions
      </h1>
      <p className="mt-4 max-w-prose leading-7 text-muted-foreground">
        Quick answers about entering, the skill question, free entry, the draw and your prize. Select a question to see
        its answer.
      </p>

      <section aria-label="Questions and answers" className="mt-8">
        <FaqList items={siteFaq} />
      </section>

      <section aria-labelledby="faq-more" className="mt-10 rounded-lg bg-muted p-6">
        <h2 id="faq-more" className="text-xl font-semibold">
          Still have a question?
        </h2>
        <p className="mt-2 leading-7">
          Send us a message through our{" "}
          <Link to="/contact" className={textLinkClass}>
            contact page
          </Link>
          . We are available {SUPPORT_HOURS} and reply within {REPLY_WITHIN_HOURS} hours. The full rules are in our{" "}
          <Link to="/terms" className={textLinkClass}>
            terms and conditions
          </Link>
          .
        </p>
      </section>
    </article>
  );
}
