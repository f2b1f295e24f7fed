import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { type DashboardPeriod, PERIOD_RANGES, periodLabel } from "~/domain/dashboard-period";
import { formatUkDay } from "~/domain/table-query";

/**
 * The dashboard's period: links for the last 7, 30 or 90 days, and a GET form for a custom span typed as UK dates,
 * so it works without JavaScript and a view can be shared as a link.
 */
export function PeriodPicker({ period }: { period: DashboardPeriod }) {
  const custom = period.range === "custom";
  return (
    <div className="space-y-4">
      {period.problem ? (
        <FormAlert notice={{ type: "error", title: "Those dates were not used", description: period.problem }} />
      ) : null}
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <nav aria-label="Period">
          <ul className="flex flex-wrap gap-2">
            {PERIOD_RANGES.map((range) => (
              <li key={range}>
                <Link
                  to={range === "30" ? "/admin" : `/admin?range=${range}`}
                  aria-current={period.range === range ? "page" : undefined}
                  className={buttonClass(period.range === range ? "primary" : "outline", "sm")}
                >
                  {range} days
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" aria-label="Custom period" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="range" value="custom" />
          <UkDayField name="from" label="From" value={custom ? period.from : ""} />
          <UkDayField name="to" label="To" value={custom ? period.to : ""} />
          <Button type="submit" variant="outline" size="sm">
            Show
          </Button>
        </Form>
      </div>
      <p className="text-sm text-muted-foreground">
        Showing <strong className="text-foreground">{periodLabel(period)}</strong> ({formatUkDay(period.from)} to{" "}
        {formatUkDay(period.to)}, UK dates), compared with the {period.days} days before.
      </p>
    </div>
  );
}

function UkDayField({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className="w-36">
      <Field name={name} label={label} hint="dd/mm/yyyy">
        {({ id, describedBy }) => (
          <input
            id={id}
            name={name}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            defaultValue={value ? formatUkDay(value) : ""}
            aria-describedby={describedBy}
            className={inputClass}
          />
        )}
      </Field>
    </div>
  );
}
