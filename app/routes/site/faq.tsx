import { Link } from "react-router";
import { FaqList } from "~/components/faq-list";
import { textLinkClass } from "~/components/legal-page";
import { Callout, ContentPage } from "~/components/page-section";
import { siteFaq } from "~/content/faq";
import { PAGES } from "~/content/pages";
import { REPLY_WITHIN_HOURS, SUPPORT_HOURS } from "~/content/policy";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = () => metaFor(PAGES.faq);

export default function FaqPage() {
  return (
    <ContentPage
      titleId="faq-title"
      title="Frequently asked questions"
      largeLead={false}
      lead={
        "Quick answers about entering, the skill question, free entry, the draw and your prize. Select a question " +
        "to see its answer."
      }
    >
      <section aria-label="Questions and answers" className="mt-8">
        <FaqList items={siteFaq} />
      </section>

      <Callout titleId="faq-more" title="Still have a question?" className="mt-10">
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
      </Callout>
    </ContentPage>
  );
}
