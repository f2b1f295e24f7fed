import { CircleAlert, CircleCheck } from "lucide-react";
import type { FormNotice } from "~/schemas/form";

/** The outcome of a form, announced to screen readers and visible without JavaScript. */
export function FormAlert({ notice }: { notice?: FormNotice | null }) {
  if (!notice) return null;
  const isError = notice.type === "error";
  const Icon = isError ? CircleAlert : CircleCheck;
  return (
    <div
      role={isError ? "alert" : "status"}
      data-form-alert={notice.type}
      className={`flex gap-3 rounded-md border p-4 ${isError ? "border-destructive bg-card" : "border-success bg-card"}`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${isError ? "text-destructive" : "text-success"}`} />
      <div>
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p className="mt-1 text-sm">{notice.description}</p> : null}
      </div>
    </div>
  );
}
