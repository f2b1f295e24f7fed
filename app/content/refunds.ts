/** The refund policy shown at /refunds. Policy figures come from ./policy so each is written once. */
import type { LegalDocument } from "./document";
import {
  BANK_PROCESSING,
  REFUND_ISSUE_WORKING_DAYS,
  REFUND_REPLY_WORKING_DAYS,
  REFUND_REQUEST_DAYS,
  REPLY_WITHIN_HOURS,
  SUPPORT_HOURS,
} from "./policy";

export const refunds: LegalDocument = {
  title: "Refund policy",
  description: "When Paddock refunds a competition entry, how to ask for a refund and how long each step takes.",
  intro: [{ p: "This policy explains when we refund a paid entry, how to ask and how long each step takes." }],
  sections: [
    {
      id: "summary",
      title: "At a glance",
      blocks: [
        {
          ul: [
            `Ask for a refund within ${REFUND_REQUEST_DAYS} days of the issue.`,
            `We answer refund requests within ${REFUND_REPLY_WORKING_DAYS} working days.`,
            `Agreed refunds are issued within ${REFUND_ISSUE_WORKING_DAYS} working days.`,
            `Your bank then usually takes ${BANK_PROCESSING} to show the money in your account.`,
            "If a competition sells out before your payment could be honoured, the payment is refunded " +
              "automatically. You do not need to ask.",
          ],
        },
      ],
    },
    {
      id: "automatic-refunds",
      title: "Automatic refunds",
      blocks: [
        {
          p:
            "While you pay, we hold your tickets for you. If a payment reaches us after that hold has ended and the " +
            "competition has sold out in the meantime, we cannot honour it: you are not entered, the payment is " +
            "refunded automatically to the original payment method, and we email you to say so.",
        },
        { p: "If we cancel a competition, every paid entry in it is refunded automatically in the same way." },
      ],
    },
    {
      id: "when-we-refund",
      title: "When you can ask for a refund",
      blocks: [
        { p: "We will refund you if, for example:" },
        {
          ul: [
            "you were charged more than once for the same entry;",
            "you were charged the wrong amount;",
            "you paid but a fault on our side meant your entry was not recorded.",
          ],
        },
        {
          p:
            "Because each ticket is an entry into a specific draw, we cannot cancel a confirmed entry because you " +
            "have changed your mind, and a wrong answer to the skill question is not grounds for a refund (your " +
            "tickets still count as entries, but they cannot win). This does not affect your statutory rights.",
        },
      ],
    },
    {
      id: "how-to-ask",
      title: "How to ask for a refund",
      blocks: [
        {
          ol: [
            [
              "Contact us through our ",
              { link: "contact page", to: "/contact" },
              ` within ${REFUND_REQUEST_DAYS} days of the issue, with "Refund" as the subject.`,
            ],
            "Include the email address you used, your order number (shown in your account's order history) and a " +
              "short description of what went wrong.",
            `We answer within ${REFUND_REPLY_WORKING_DAYS} working days to tell you whether we can refund you, or to ` +
              "ask for anything else we need.",
          ],
        },
        {
          p:
            `Our support team is available ${SUPPORT_HOURS} and normally replies to any message within ` +
            `${REPLY_WITHIN_HOURS} hours.`,
        },
      ],
    },
    {
      id: "timescales",
      title: "How refunds are paid",
      blocks: [
        {
          p:
            `Agreed refunds are issued within ${REFUND_ISSUE_WORKING_DAYS} working days, always to the payment ` +
            "method you used (card, Apple Pay or Google Pay). After we issue a refund your bank or card provider " +
            `usually takes ${BANK_PROCESSING} to process it. If a refund has not reached you after that, please ` +
            "contact us and we will send you the refund reference to give to your bank.",
        },
      ],
    },
    {
      id: "more",
      title: "More information",
      blocks: [
        {
          p: [
            "Our ",
            { link: "terms and conditions", to: "/terms#payment" },
            " explain payments and entries in full. Remember that every competition can also be entered free by " +
              "post; see ",
            { link: "free postal entry", to: "/terms#free-entry" },
            ".",
          ],
        },
      ],
    },
  ],
};
