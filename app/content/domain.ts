/** What the Domain tab says about its own actions (the DNS wording lives in domain/custom-domain.ts). */
export const DOMAIN_ADMIN_MESSAGES = {
  intro:
    "Enter the domain you want the site to answer on. Paddock then shows the DNS records to create at your DNS " +
    "host and checks them; one domain at a time.",
  added: "Domain added. Create the records below, then check.",
  oneAtATime: "Remove the current domain before adding another.",
  isSiteHost: "This is already the site's own address.",
  notFound: "This domain is no longer set up. Reload the page.",
  verified: "Verified: every record was found with the right value.",
  checkFailed: "Checked: not verified yet.",
  stillVerified:
    "Checked: a record did not check out this time. The domain stays verified unless repeated checks find a " +
    "record missing or wrong.",
  removed: "Domain removed. Links use the site's own address again.",
  redirectOn: "Requests on other hosts now redirect to this domain.",
  redirectOff: "Requests on other hosts are no longer redirected.",
  failed: "That did not work. Please try again.",
} as const;
