import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { ROLES } from "~/db/constants";
import type { FormNotice } from "~/schemas/form";
import { formatDateTime } from "./format";

export type RoleRow = { id: number; role: string; createdAt: string | Date; email: string | null; firstName: string | null; lastName: string | null };

export function AdminRoles({ roles, notice }: { roles: RoleRow[]; notice?: FormNotice }) {
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-role";
  return (
    <div className="space-y-6">
      <Form method="post" noValidate className="flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="add-role" />
        <div className="min-w-64 flex-1">
          <Field label="User email">{({ id }) => <input id={id} name="email" type="email" autoComplete="off" maxLength={254} className={inputClass} />}</Field>
        </div>
        <div>
          <Field label="Role">
            {({ id }) => (
              <select id={id} name="role" defaultValue="" className={inputClass}>
                <option value="" disabled>
                  Select a role
                </option>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Button type="submit" disabled={adding}>
          {adding ? "Adding…" : "Add role"}
        </Button>
      </Form>
      <FormAlert notice={notice} />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Roles, newest first</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">Email</th>
            <th scope="col" className="py-2 pr-3 font-medium">Name</th>
            <th scope="col" className="py-2 pr-3 font-medium">Role</th>
            <th scope="col" className="py-2 pr-3 font-medium">Granted</th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {roles.map((r) => (
            <tr key={r.id} className="border-t border-border" data-role-id={r.id}>
              <td className="py-2 pr-3 break-all">{r.email ?? "(no profile)"}</td>
              <td className="py-2 pr-3">{[r.firstName, r.lastName].filter(Boolean).join(" ")}</td>
              <td className="py-2 pr-3">{r.role}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
              <td className="py-2 text-right">
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-role" />
                  <input type="hidden" name="roleId" value={r.id} />
                  <Button type="submit" variant="outline" size="sm" aria-label={`Remove ${r.role} role from ${r.email ?? "this user"}`}>
                    Remove
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
