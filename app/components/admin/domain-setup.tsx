import { Form } from "react-router";
import { AdminSection, Facts } from "~/components/admin/admin-page";
import { ScrollRegion } from "~/components/admin/scroll-region";
import { FormAlert } from "~/components/auth/form-alert";
import { useBusy } from "~/components/auth/reply-form";
import { controlProps, useFormReply } from "~/components/form-feedback";
import { SubmitButton } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { HiddenFields, PostButton } from "~/components/ui/post-button";
import { TableHead } from "~/components/ui/table-head";
import type { DomainStatus } from "~/db/constants";
import { type DnsRecord, PROPAGATION_NOTE } from "~/domain/custom-domain";
import { formatUkShortDateTime } from "~/domain/london-format";
import { domainCheck } from "~/schemas/domain";
import type { FormReply } from "~/schemas/form";

type Instant = string | Date;

type DomainView = {
  id: number;
  domain: string;
  status: DomainStatus;
  lastCheckedAt: Instant | null;
  lastReason: string | null;
  nextCheckAt: Instant;
  verifiedAt: Instant | null;
  redirectOtherHosts: boolean;
  records: DnsRecord[];
  recordsProblem: string | null;
};

const STATUS_WORDS: Record<DomainStatus, string> = { pending: "Pending", verified: "Verified", failed: "Failed" };

/** The form that starts setting up a domain. */
export function AddDomainForm({ reply }: { reply?: FormReply }) {
  const form = useFormReply(reply, domainCheck);
  const busy = useBusy("add-domain");
  const field = form.field("domain");
  return (
    // The browser checks the name with the server's rule before sending it.
    <Form ref={form.formRef} method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
      <HiddenFields values={{ intent: "add-domain" }} />
      <FormAlert notice={form.reply?.notice} errors={form.summary} ref={form.noticeRef} />
      <Field
        label="Domain name"
        name="domain"
        hint="For example www.example.co.uk: the name only, no https://"
        error={field.error}
      >
        {(ids) => (
          <input
            {...controlProps(ids)}
            name="domain"
            defaultValue={field.defaultValue}
            autoComplete="off"
            spellCheck={false}
            maxLength={300}
            className={inputClass}
          />
        )}
      </Field>
      <SubmitButton busy={busy} label="Add domain" busyLabel="Adding…" />
    </Form>
  );
}

/** The records to create at the domain's DNS host. */
function RecordsTable({ records }: { records: DnsRecord[] }) {
  return (
    <ScrollRegion label="DNS records to create">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">DNS records to create</caption>
        <TableHead columns={["Type", "Name", "Value"]} padding="py-2" />
        <tbody>
          {records.map((r) => (
            <tr key={`${r.type} ${r.name} ${r.value}`} className="border-t border-border" data-record-type={r.type}>
              <td className="py-2 pr-3 font-semibold">{r.type}</td>
              <td className="py-2 pr-3 font-mono break-all">{r.name}</td>
              <td className="py-2 pr-3 font-mono break-all">{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The domain being set up: its status and reason, the records, and what can be done with it. */
export function DomainStatusPanel({ domain }: { domain: DomainView }) {
  const checking = useBusy("check-domain");
  const verified = domain.status === "verified";
  const facts: [string, React.ReactNode][] = [
    ["Domain", domain.domain],
    [
      "Status",
      <span key="status" data-domain-status={domain.status}>
        {STATUS_WORDS[domain.status]}
      </span>,
    ],
    ["Last checked", domain.lastCheckedAt ? formatUkShortDateTime(domain.lastCheckedAt) : "Not yet"],
    verified
      ? ["Verified", domain.verifiedAt ? formatUkShortDateTime(domain.verifiedAt) : ""]
      : ["Next automatic check", formatUkShortDateTime(domain.nextCheckAt)],
  ];
  return (
    <>
      <AdminSection id="domain-status" title="Status">
        <Facts items={facts} />
        <p className="mt-4" data-domain-reason>
          {domain.lastReason ?? "Not checked yet. Create the records below, then check."}
        </p>
        <Form method="post" className="mt-4">
          <HiddenFields values={{ intent: "check-domain", domainId: domain.id }} />
          <SubmitButton busy={checking} label="Check now" busyLabel="Checking…" />
        </Form>
      </AdminSection>
      <AdminSection id="domain-records" title="DNS records">
        {domain.recordsProblem ? (
          <p className="text-destructive">{domain.recordsProblem}</p>
        ) : (
          <RecordsTable records={domain.records} />
        )}
        <p className="mt-4 font-medium">{PROPAGATION_NOTE}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          Until it is verified, Paddock checks again by itself, less often as time goes on.
        </p>
      </AdminSection>
      <AdminSection id="domain-redirect" title="Redirect">
        <p>
          {domain.redirectOtherHosts
            ? "On: once verified, requests on any other host are redirected to this domain."
            : "Off: the site also answers on its other addresses."}{" "}
          Links in e-mails and share links use this domain once it is verified, either way.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <PostButton
            values={{ intent: "set-redirect", domainId: domain.id, redirect: domain.redirectOtherHosts ? "off" : "on" }}
            variant="outline"
          >
            {domain.redirectOtherHosts ? "Stop redirecting other hosts" : "Redirect other hosts here"}
          </PostButton>
          <PostButton values={{ intent: "remove-domain", domainId: domain.id }} variant="outline">
            Remove {domain.domain}
          </PostButton>
        </div>
      </AdminSection>
    </>
  );
}
