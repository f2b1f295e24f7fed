import type { Route } from "./+types/refunds";
import { Link } from "react-router";
import { LegalPage, textLinkClass, type LegalSection } from "~/components/legal-page";
import {
  BANK_PROCESSING,
  REFUND_ISSUE_WORKING_DAYS,
  REFUND_REPLY_WORKING_DAYS,
  REFUND_REQUEST_DAYS,
  REPLY_WITHIN_HOURS,
  SUPPORT_HOURS,
} from "~/content/policy";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Refund policy",
    "When Paddock refunds a competition entry, how to ask for a refund and how long each step takes.",
  );

const sections: readonly LegalSection[] = [
  {
    id: "summary",
    title: "At a glance",
    body: (
      <ul>
        <li>Ask for a refund within {REFUND_REQUEST_DAYS} days of the issue.</li>
        <li>We answer refund requests within {REFUND_REPLY_WORKING_DAYS} working days.</li>
        <li>Agreed refunds are issued within {REFUND_ISSUE_WORKING_DAYS} working days.</li>
        <li>Your bank then usually takes {BANK_PROCESSING} to show the money in your account.</li>
        <li>
          If a competition sells out before your payment could be honoured, the payment is refunded automatically. You
          do not need to ask.
        </li>
      </ul>
    ),
  },
  {
    id: "automatic-refunds",
    title: "Automatic refunds",
    body: (
      <>
        <p>
          While you pay, we hold your tickets for you. If a payment reaches us after that hold has ended and the
          competition has sold out in the meantime, we cannot honour it: you are not entered, the payment is refunded
          automatically to the original payment method, and we email you to say so.
        </p>
        <p>If we cancel a competition, every paid entry in it is refunded automatically in the same way.</p>
      </>
    ),
  },
  {
    id: "when-we-refund",
    title: "When you can ask for a refund",
    body: (
      <>
        <p>We will refund you if, for example:</p>
        <ul>
          <li>you were charged more than once for the same entry;</li>
          <li>you were charged the wrong amount;</li>
          <li>you paid but a fault on our side meant your entry was not recorded.</li>
        </ul>
        <p>
          Because each ticket is an entry into a specific draw, we cannot cancel a confirmed entry because you have
          changed your mind, and a wrong answer to the skill question is not grounds for a refund (your tickets still
          count as entries, but they cannot win). This does not affect your statutory rights.
        </p>
      </>
    ),
  },
  {
    id: "how-to-ask",
    title: "How to ask for a refund",
    body: (
      <>
        <ol>
          <li>
            Contact us through our{" "}
            <Link to="/contact" className={textLinkClass}>
              contact page
            </Link>{" "}
            within {REFUND_REQUEST_DAYS} days of the issue, with "Refund" as the subject.
          </li>
          <li>
            Include the email address you used, your order number (shown in your account's order history) and a short
            description of what went wrong.
          </li>
          <li>
            We answer within {REFUND_REPLY_WORKING_DAYS} working days to tell you whether we can refund you, or to ask
            for anything else we need.
          </li>
        </ol>
        <p>
          Our support team is available {SUPPORT_HOURS} and normally replies to any message within{" "}
          {REPLY_WITHIN_HOURS} hours.
        </p>
      </>
    ),
  },
  {
    id: "timescales",
    title: "How refunds are paid",
    body: (
      <p>
        Agreed refunds are issued within {REFUND_ISSUE_WORKING_DAYS} working days, always to the payment method you
        used (card, Apple Pay or Google Pay). After we issue a refund your bank or card provider usually takes{" "}
        {BANK_PROCESSING} to process it. If a refund has not reached you after that, please contact us and we will send
        you the refund reference to give to your bank.
      </p>
    ),
  },
  {
    id: "more",
    title: "More information",
    body: (
      <p>
        Our{" "}
        <Link to="/terms#payment" className={textLinkClass}>
          terms and conditions
        </Link>{" "}
        explain payments and entries in full. Remember that every competition can also be entered free by post; see{" "}
        <Link to="/terms#free-entry" className={textLinkClass}>
          free postal entry
        </Link>
        .
      </p>
    ),
  },
];

export default function RefundsPage() {
  return (
    <LegalPage
      title="Refund policy"
      intro={<p>This policy explains when we refund a paid entry, how to ask and how long each step takes.</p>}
      sections={sections}
    />
  );
}
