import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection, AdminTable, Facts } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { formatInstantWinsInput, INSTANT_WIN_KIND_LABELS, MAX_INSTANT_WINS } from "~/domain/draw/instant-wins";
import { formatUkDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { pageMeta } from "~/lib/seo";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { parseSubmission } from "~/schemas/form";
import { InstantWinsFormSchema, instantWinsCheck } from "~/schemas/instant-wins";
import { requirePermission } from "~/server/admin/staff.server";
import {
  getInstantWinsForStaff,
  INSTANT_WIN_MESSAGES,
  setInstantWins,
} from "~/server/instant-wins/instant-wins.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/competition-instant-wins";

export const permission = { loader: "competition:read", action: "competition:edit" } as const;

function requireCompetitionId(raw: string) {
  const id = CompetitionIdParamSchema.safeParse(raw);
  if (!id.success) throw data({ message: INSTANT_WIN_MESSAGES.notFound }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const found = await getInstantWinsForStaff(services, requireCompetitionId(params.id));
  if (!found) throw data({ message: INSTANT_WIN_MESSAGES.notFound }, { status: 404 });
  return { ...found, text: formatInstantWinsInput(found.wins) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action);
  const services = context.get(servicesContext);
  const id = requireCompetitionId(params.id);
  const submission = await readSubmission(services, request, instantWinsCheck.schema);
  if (submission.status !== "success") return refused(submission, instantWinsCheck);
  const outcome = await setInstantWins(services, staff.user.id, id, submission.value.list);
  if (!outcome.ok)
    return formReply(submission, { status: outcome.status, formErrors: outcome.problems ?? [outcome.message] });
  return redirectWithToast(services, `/admin/competitions/${id}/instant-wins`, {
    type: "success",
    title: outcome.message,
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data && "competition" in data ? `Instant wins: ${data.competition.title}` : "Instant wins",
    "A competition's instant wins.",
    [{ name: "robots", content: "noindex" }],
  );

function InstantWinsForm({ text, lastResult }: { text: string; lastResult?: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form, fields] = useForm({
    id: "instant-wins",
    lastResult: lastResult?.result,
    defaultValue: { list: text },
    constraint: getZodConstraint(InstantWinsFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => parseSubmission(formData, InstantWinsFormSchema),
  });
  const errors = [...(fields.list.errors ?? []), ...(form.errors ?? [])];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={fields.list.id} className="block text-sm font-medium">
          Instant wins, one a line
        </label>
        <p id="instant-wins-hint" className="text-sm text-muted-foreground">
          <code className="font-mono">ticket number, kind, amount in £, prize</code>, where kind is{" "}
          <code className="font-mono">site-credit</code>, <code className="font-mono">cash</code> or{" "}
          <code className="font-mono">physical</code> (0 for a physical prize with no stated value). For example{" "}
          <code className="font-mono">17, site-credit, 5, £5 site credit</code>. At most {MAX_INSTANT_WINS}, each number
          once. Leave it empty for none.
        </p>
        <textarea
          {...getTextareaProps(fields.list, { ariaDescribedBy: "instant-wins-hint" })}
          key={fields.list.key}
          rows={12}
          spellCheck={false}
          className={`${inputClass} font-mono`}
        />
      </div>
      <div role="alert" id={form.errorId} className="space-y-1">
        {errors.length > 0 ? (
          <ul className="list-disc pl-6 text-sm font-medium text-destructive">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Save instant wins"}
      </Button>
    </Form>
  );
}

export default function InstantWinsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, wins, editable, text } = loaderData;
  return (
    <AdminPage
      title={`Instant wins: ${competition.title}`}
      intro={
        <Link to={`/admin/competitions/${competition.id}`} className="underline">
          Back to the competition
        </Link>
      }
    >
      <AdminSection id="commitment-title" title="Commitment">
        {competition.commitment ? (
          <Facts
            items={[
              [
                "SHA-256 published at go-live",
                <code key="commitment" className="font-mono break-all">
                  {competition.commitment}
                </code>,
              ],
              ["Committed", formatUkDateTime(competition.committedAt as Date)],
            ]}
          />
        ) : (
          <p>
            When the competition goes live, Paddock commits to this list: it publishes the SHA-256 of the list with a
            random salt, and reveals both when the competition closes, so anyone can check nothing changed. Instant-win
            competitions take no credit cards, and must not be the majority of live competitions.
          </p>
        )}
      </AdminSection>
      {editable ? (
        <AdminSection id="edit-title" title="Set the instant wins">
          <InstantWinsForm text={text} lastResult={actionData} />
        </AdminSection>
      ) : (
        <AdminSection id="list-title" title="The list (locked since go-live)">
          <AdminTable
            label="Instant wins"
            caption="Instant wins by ticket number"
            columns={["Ticket", "Kind", { label: "Amount", numeric: true }, "Prize", "Won"]}
          >
            {wins.map((w) => (
              <tr key={w.ticketNumber} className="border-t border-border">
                <td className="py-2">{w.ticketNumber}</td>
                <td>{INSTANT_WIN_KIND_LABELS[w.kind]}</td>
                <td className="text-right tabular-nums">{w.amountPence > 0 ? formatPence(w.amountPence) : "-"}</td>
                <td>{w.prize}</td>
                <td>{w.wonAt ? formatUkDateTime(w.wonAt) : "Not yet"}</td>
              </tr>
            ))}
          </AdminTable>
        </AdminSection>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
