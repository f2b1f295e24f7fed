import type { Route } from "./+types/privacy";
import { Link } from "react-router";
import { LegalPage, textLinkClass, type LegalSection } from "~/components/legal-page";
import {
  ACCOUNTING_RECORDS_RETENTION,
  DATA_RIGHTS_REPLY_WITHIN,
  MIN_AGE,
  REPLY_WITHIN_HOURS,
  SUPPORT_HOURS,
} from "~/content/policy";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Privacy policy",
    "What personal data Paddock collects, why, how long we keep it, your rights and how we use cookies and local storage.",
  );

const sections: readonly LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <p>
        Paddock runs skill-based equestrian prize competitions for people in the UK and the Republic of Ireland. We are
        the controller of the personal data described here, which we handle under UK data protection law (the UK GDPR
        and the Data Protection Act 2018) and, for residents of Ireland, the EU GDPR.
      </p>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, password (stored only as a secure hash), phone
          number if you give it, and your date of birth and country of residence, which we need to check you can enter.
        </li>
        <li>
          <strong>Entries and orders:</strong> the competitions you enter, your ticket numbers, your skill-question
          answers, what you paid and when.
        </li>
        <li>
          <strong>Payments:</strong> our payment provider, Stripe, handles your card or wallet details. We receive only a
          payment reference, the amount and whether the payment succeeded, never your full card number.
        </li>
        <li>
          <strong>Postal entries:</strong> the details you write on a free entry (name, date of birth, address, phone
          number and email address).
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact form, and our replies.
        </li>
        <li>
          <strong>Preferences:</strong> your marketing choices with a record of when and how you gave or withdrew
          consent, and any spend limit, pause or self-exclusion you set.
        </li>
        <li>
          <strong>Technical data:</strong> server logs such as your IP address, browser type and the pages requested,
          used to keep the site secure and working.
        </li>
      </ul>
    ),
  },
  {
    id: "lawful-bases",
    title: "Why we use it and our lawful bases",
    body: (
      <ul>
        <li>
          <strong>Contract:</strong> to run your account, take your entries and payments, hold the draw, contact you if
          you win and deliver your prize.
        </li>
        <li>
          <strong>Legal obligation:</strong> to check that entrants are aged {MIN_AGE} or over and eligible, to keep
          accounting and tax records, to keep evidence of each draw, and to answer regulators such as the Advertising
          Standards Authority.
        </li>
        <li>
          <strong>Legitimate interests:</strong> to keep the site and your account secure, to prevent fraud and
          cheating, to publish winners' surnames and counties (which you can object to), and to apply the spend limits,
          pauses and self-exclusions you set.
        </li>
        <li>
          <strong>Consent:</strong> to send you marketing emails. You can withdraw consent at any time.
        </li>
      </ul>
    ),
  },
  {
    id: "marketing",
    title: "Marketing",
    body: (
      <>
        <p>
          We follow the Privacy and Electronic Communications Regulations (PECR): we send marketing emails only if you
          have ticked the box to agree, and we keep a record of that consent. Signing up for an account or entering a
          competition does not by itself sign you up for marketing.
        </p>
        <ul>
          <li>Every marketing email has a one-click unsubscribe link that works straight away, without signing in.</li>
          <li>You can also change your choice at any time in your account.</li>
          <li>If you pause your account or self-exclude, we stop all marketing to you.</li>
        </ul>
        <p>
          Service messages, such as order confirmations and winner notifications, are not marketing and are sent whatever
          your marketing choice.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <p>We do not sell your personal data. We share it only with:</p>
        <ul>
          <li>service providers who process it for us, such as Stripe for payments, and our hosting and email providers;</li>
          <li>couriers and prize suppliers, when we deliver a prize to you;</li>
          <li>regulators, the police or courts, where the law requires it.</li>
        </ul>
        <p>
          Where a provider processes data outside the UK, we make sure appropriate safeguards are in place, such as the
          UK's approved contract clauses.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <ul>
        <li>Account details: for as long as your account is open.</li>
        <li>
          Orders, payments, entries and draw evidence: for as long as the law requires us to keep accounting records and
          evidence of each draw, which in the UK is {ACCOUNTING_RECORDS_RETENTION}. Draw
          evidence uses ticket numbers rather than names.
        </li>
        <li>Self-exclusion records: for as long as needed to keep the self-exclusion working.</li>
        <li>Contact messages: for as long as needed to deal with your message and any follow-up.</li>
        <li>Marketing consent records: for as long as we send you marketing, and afterwards as proof of your choice.</li>
        <li>Server logs: for a short period for security, then deleted.</li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> your data, including downloading a copy of your account data;
          </li>
          <li>
            <strong>erasure</strong>: ask us to delete your account and data, except what the law requires us to keep
            (for example, order records);
          </li>
          <li>
            <strong>rectification</strong>: have inaccurate data corrected (you can edit your profile yourself);
          </li>
          <li>
            <strong>object</strong> to processing based on legitimate interests, including the publication of your name
            as a winner, and to <strong>restrict</strong> processing;
          </li>
          <li>
            <strong>portability</strong>: receive the data you gave us in a machine-readable format;
          </li>
          <li>
            <strong>withdraw consent</strong> to marketing at any time.
          </li>
        </ul>
        <p>
          To use any of these rights, contact us. We answer within {DATA_RIGHTS_REPLY_WITHIN}. If you are unhappy with how we have handled
          your data, you can complain to the Information Commissioner's Office at{" "}
          <a href="https://ico.org.uk" className={textLinkClass}>
            ico.org.uk
          </a>{" "}
          or, if you live in Ireland, the Data Protection Commission at{" "}
          <a href="https://www.dataprotection.ie" className={textLinkClass}>
            dataprotection.ie
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <>
        <p>We keep this to the minimum the site needs to work:</p>
        <ul>
          <li>
            <strong>Session cookie (essential):</strong> set when you sign in, to keep you signed in securely. It is
            strictly necessary, so it does not need your consent.
          </li>
          <li>
            <strong>Theme (local storage):</strong> your choice of light, dark or system theme is stored in your
            browser's local storage under the key "theme". It never leaves your device.
          </li>
        </ul>
        <p>
          We do not use advertising or tracking cookies. When you pay, Stripe's secure checkout may set its own cookies
          to prevent fraud; these are covered by Stripe's privacy policy.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Age limit",
    body: (
      <p>
        Our competitions are only for people aged {MIN_AGE} or over. We do not knowingly collect data from anyone
        younger; if we find we have, we close the account and delete the data.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        For any privacy question or request, use our{" "}
        <Link to="/contact" className={textLinkClass}>
          contact page
        </Link>{" "}
        with "Privacy" as the subject. Our support team is available {SUPPORT_HOURS} and replies within{" "}
        {REPLY_WITHIN_HOURS} hours. You can also read our{" "}
        <Link to="/terms" className={textLinkClass}>
          terms and conditions
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      intro={
        <p>
          This policy explains what personal data we collect when you use Paddock, why we collect it, how long we keep
          it and the rights you have over it.
        </p>
      }
      sections={sections}
    />
  );
}
