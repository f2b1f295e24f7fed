import type { Route } from "./+types/terms";
import { Link } from "react-router";
import { LegalPage, PostalEntryAddress, textLinkClass, type LegalSection } from "~/components/legal-page";
import {
  ELIGIBLE_COUNTRIES,
  MIN_AGE,
  POSTAL_ENTRY_REQUIRED_DETAILS,
  PRIZE_DISPATCH_DAYS,
  REFUND_ISSUE_WORKING_DAYS,
  REFUND_REQUEST_DAYS,
  REPLY_WITHIN_HOURS,
  SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS,
  SPEND_LIMIT_MINIMUM,
  SUPPORT_HOURS,
  WINNER_CONTACT_HOURS,
} from "~/content/policy";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Terms and conditions",
    "The rules for entering Paddock's skill-based equestrian competitions, including the free postal entry route, eligibility, the draw, winners and prizes.",
  );

const sections: readonly LegalSection[] = [
  {
    id: "introduction",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms apply to every competition run on Paddock ("we", "us", "our"), the promoter of each competition.
          By entering a competition, whether online or by post, you agree to these terms and to any extra rules shown
          on that competition's page. If a competition page and these terms disagree, the competition page applies to
          that competition only.
        </p>
        <p>
          Our competitions are prize competitions that need skill, with a free entry route. They are not lotteries: a
          paid entry can only win if it answers the skill question correctly.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Who can enter",
    body: (
      <>
        <p>
          Competitions are open to residents of {ELIGIBLE_COUNTRIES} aged {MIN_AGE} or over. The minimum age is{" "}
          {MIN_AGE}, with no exceptions.
        </p>
        <ul>
          <li>You must confirm your date of birth and country of residence before your first entry.</li>
          <li>
            Before we hand over a prize we may ask the winner for proof of age, identity and address. If a winner
            cannot show that they are eligible, the entry is void.
          </li>
          <li>
            Our staff, their households and anyone professionally connected with running a competition cannot enter
            it.
          </li>
          <li>Entries made on someone else's behalf, or by automated means, are void.</li>
        </ul>
      </>
    ),
  },
  {
    id: "competitions",
    title: "Competitions and entry routes",
    body: (
      <>
        <p>
          Each competition page shows the prize, the closing date and time, the number of entries available (the entry
          cap) and the skill question. Once a competition is live, its closing date and its prize cannot be changed.
        </p>
        <p>There are two ways to enter every competition, and both go into the same draw:</p>
        <ul>
          <li>
            <strong>Paid entry online:</strong> answer the skill question, choose your tickets and pay. See{" "}
            <a href="#skill-question" className={textLinkClass}>
              the skill question
            </a>{" "}
            and{" "}
            <a href="#payment" className={textLinkClass}>
              payment and refunds
            </a>
            .
          </li>
          <li>
            <strong>Free entry by post:</strong> send your details to us by post. See{" "}
            <a href="#free-entry" className={textLinkClass}>
              free postal entry
            </a>
            .
          </li>
        </ul>
        <p>
          A competition closes at its closing time or when the entry cap is reached, whichever comes first. Entries
          received after a competition closes are not entered.
        </p>
      </>
    ),
  },
  {
    id: "skill-question",
    title: "The skill question",
    body: (
      <>
        <p>
          Every paid entry must answer the competition's equestrian skill question, choosing from the answers offered,
          before paying. The answer is fixed once the entry is paid and cannot be changed.
        </p>
        <p>
          Only entries with the correct answer are eligible for the draw.{" "}
          <strong>If you answer incorrectly, your tickets are still bought and count as entries, but they cannot win</strong>,
          and a wrong answer is not grounds for a refund. We tell you this before you pay.
        </p>
        <p>
          We set questions that need genuine equestrian knowledge. Our decision on the correct answer is final, unless
          the question is shown to be wrong or ambiguous; in that case we will treat every entry affected fairly and tell
          entrants what we have done.
        </p>
      </>
    ),
  },
  {
    id: "free-entry",
    title: "Free postal entry",
    body: (
      <>
        <p>
          You can enter any competition free of charge by post. Send a postcard or a letter in an envelope, with
          enough postage, to:
        </p>
        <PostalEntryAddress />
        <p>Your postcard or letter must include:</p>
        <ul>
          {POSTAL_ENTRY_REQUIRED_DETAILS.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
        <p>The following rules apply to free entries:</p>
        <ul>
          <li>Each free entry must be posted separately, one entry per postcard or envelope.</li>
          <li>Bulk entries (several entries sent together in one envelope or on one card) count as one entry.</li>
          <li>
            Late or incomplete entries are not entered. An entry is late if we receive it after the competition has
            closed.
          </li>
          <li>
            An entry is void if the competition's entry cap is reached before we receive it. Proof of posting is not
            proof of receipt.
          </li>
          <li>
            Free entries go into the same draw as paid entries and have exactly the same chance of winning as a paid
            entry.
          </li>
          <li>
            We record every postal entry we receive, including any we cannot accept, together with the reason, and we
            can tell you whether your entry was accepted if you ask.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment and refunds",
    body: (
      <>
        <p>
          Prices are shown in pounds sterling (GBP) and include any discount that applies. You pay by card, Apple Pay or
          Google Pay through our payment provider, Stripe; we never see or store your full card number.
        </p>
        <ul>
          <li>Your entry is confirmed only once your payment has succeeded.</li>
          <li>
            While you are paying, your tickets are held for you. If the competition sells out before your payment can
            be honoured, you are not entered and we refund the payment automatically and tell you.
          </li>
          <li>
            Because each ticket is an entry into a specific draw, entries cannot be cancelled once they are confirmed,
            except where the law gives you that right. This does not affect your statutory rights.
          </li>
          <li>
            If you think you have been charged wrongly, ask us within {REFUND_REQUEST_DAYS} days. Agreed refunds are
            issued within {REFUND_ISSUE_WORKING_DAYS} working days to the original payment method.
          </li>
        </ul>
        <p>
          Our{" "}
          <Link to="/refunds" className={textLinkClass}>
            refund policy
          </Link>{" "}
          sets out the full process and timescales.
        </p>
      </>
    ),
  },
  {
    id: "draw",
    title: "The draw",
    body: (
      <>
        <p>
          When a competition closes, the list of eligible entries is frozen. Eligible entries are paid tickets with the
          correct answer and accepted free postal entries, each listed once with an equal chance.
        </p>
        <ul>
          <li>
            Before the draw we publish the closing time, a fingerprint (SHA-256 hash) of the frozen entry list, which
            uses ticket numbers rather than names, and the public randomness source that will decide the result.
          </li>
          <li>
            The winner is picked at random from that list using the public randomness. No one, including us, can
            choose or change the result, and anyone can recompute it from the published evidence.
          </li>
          <li>
            The same process also picks, in order, the alternates used if a prize has to be redrawn. We keep the
            evidence for every draw.
          </li>
          <li>If there are no eligible entries, no prize is awarded for that competition.</li>
        </ul>
      </>
    ),
  },
  {
    id: "winners",
    title: "Winners",
    body: (
      <>
        <p>
          We contact the winner within {WINNER_CONTACT_HOURS} hours of the draw, by email and telephone, using the
          details given with the entry. Please keep your contact details up to date in your account.
        </p>
        <ul>
          <li>
            If we cannot reach the winner after reasonable attempts, or the winner turns out not to be eligible, the
            prize goes to the first alternate picked in the same draw, and so on.
          </li>
          <li>
            We publish each winner's surname and county, for example on our{" "}
            <Link to="/winners" className={textLinkClass}>
              winners page
            </Link>
            . You have the right to object: tell us and we will not publish your details. We may still have to share
            them with the Advertising Standards Authority if it asks.
          </li>
          <li>
            Any further publicity, such as a photograph or a quote, is optional and needs the winner's separate consent.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "prize-delivery",
    title: "Prizes and delivery",
    body: (
      <>
        <p>
          Each prize is as described on its competition page. Prizes are dispatched within {PRIZE_DISPATCH_DAYS} days
          of our confirming the winner's eligibility and delivery details, to an address in {ELIGIBLE_COUNTRIES}. Cash
          prizes are paid by bank transfer within the same period.
        </p>
        <ul>
          <li>Prizes cannot be transferred or exchanged for cash unless the competition page says otherwise.</li>
          <li>
            If a prize becomes unavailable for reasons outside our control, we will provide a prize of equal or greater
            value.
          </li>
          <li>
            Any event tickets, travel or experiences are subject to the organiser's own conditions, which we will share
            with the winner.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "player-protection",
    title: "Player protection",
    body: (
      <>
        <p>We want taking part to stay fun. In your account you can:</p>
        <ul>
          <li>
            set a monthly spend limit, as low as {SPEND_LIMIT_MINIMUM}. Lowering a limit takes effect immediately;
            raising it takes effect only after a {SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS}-hour cooling-off period;
          </li>
          <li>pause your account for a period you choose;</li>
          <li>self-exclude from all our competitions.</li>
        </ul>
        <p>
          While your account is paused or self-excluded you cannot buy entries and we send you no marketing. We will not
          accept a payment that would take you over your limit.
        </p>
      </>
    ),
  },
  {
    id: "data-protection",
    title: "Data protection",
    body: (
      <p>
        We use your personal data to run competitions, check eligibility, contact winners and meet our legal duties, as
        described in our{" "}
        <Link to="/privacy" className={textLinkClass}>
          privacy policy
        </Link>
        . We only send marketing if you have agreed to it, and you can unsubscribe at any time.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <>
        <ul>
          <li>
            We are not responsible for postal entries that are lost, delayed or damaged in the post, or for online
            entries that fail because of problems outside our reasonable control.
          </li>
          <li>
            We may void entries, or withhold a prize, where we reasonably believe there has been fraud, cheating or a
            breach of these terms.
          </li>
          <li>
            If a competition cannot run as planned for reasons outside our control, we may cancel or extend it. If we
            cancel a competition, paid entries are refunded in full.
          </li>
          <li>
            Nothing in these terms limits our liability for death or personal injury caused by our negligence, for
            fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights.
          </li>
        </ul>
        <p>
          These terms are governed by the law of England and Wales. If you live in Scotland, Northern Ireland or the
          Republic of Ireland, you may also bring proceedings in the courts where you live.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms or a competition are welcome through our{" "}
        <Link to="/contact" className={textLinkClass}>
          contact page
        </Link>
        . Our support team is available {SUPPORT_HOURS} and replies within {REPLY_WITHIN_HOURS} hours. Free postal
        entries must go to the address in{" "}
        <a href="#free-entry" className={textLinkClass}>
          free postal entry
        </a>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms and conditions"
      intro={
        <p>
          Please read these terms before you enter. They explain who can enter, how to enter for free by post, how the
          skill question and the draw work, and what happens when you win.
        </p>
      }
      sections={sections}
    />
  );
}
