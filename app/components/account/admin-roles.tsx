import { Form } from "react-router";
import { ScrollRegion } from "~/components/admin/scroll-region";
import { FormAlert } from "~/components/auth/form-alert";
import { useBusy } from "~/components/auth/reply-form";
import { useFormReply } from "~/components/form-feedback";
import { SubmitButton } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { PostButton } from "~/components/ui/post-button";
import { TableHead } from "~/components/ui/table-head";
import { GRANTABLE_ROLES } from "~/db/constants";
import { formatUkShortDateTime } from "~/domain/london-format";
import type { FormReply } from "~/schemas/form";

type RoleRow = {
  id: number;
  role: string;
  createdAt: string | Date;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
};

export function AdminRoles({ roles, reply }: { roles: RoleRow[]; reply?: FormReply }) {
  const adding = useBusy("add-role");
  const form = useFormReply(reply);
  return (
    <div className="space-y-6">
      <Form ref={form.formRef} method="post" noValidate className="flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="add-role" />
        <div className="min-w-64 flex-1">
          <Field label="User email" name="email">
            {({ id }) => (
              <input id={id} name="email" type="email" autoComplete="off" maxLength={254} className={inputClass} />
            )}
          </Field>
        </div>
        <div>
          <Field label="Role" name="role">
            {({ id }) => (
              <select id={id} name="role" defaultValue="" className={inputClass}>
                <option value="" disabled>
                  Select a role
                </option>
                {GRANTABLE_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <SubmitButton busy={adding} label="Add role" busyLabel="Adding…" />
      </Form>
      <FormAlert notice={form.reply?.notice} errors={form.summary} ref={form.noticeRef} />
      <ScrollRegion label="Role holders">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Roles, newest first</caption>
          <TableHead columns={["Email", "Name", "Role", "Granted"]} hiddenLast="Actions" padding="py-2" />
          <tbody>
            {roles.map((r) => (
              <tr key={r.id} className="border-t border-border" data-role-id={r.id}>
                <td className="py-2 pr-3 break-all">{r.email ?? "(no profile)"}</td>
                <td className="py-2 pr-3">{[r.firstName, r.lastName].filter(Boolean).join(" ")}</td>
                <td className="py-2 pr-3">{r.role}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatUkShortDateTime(r.createdAt)}</td>
                <td className="py-2 text-right">
                  <PostButton
                    values={{ intent: "remove-role", roleId: r.id }}
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${r.role} role from ${r.email ?? "this user"}`}
                  >
                    Remove
                  </PostButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
