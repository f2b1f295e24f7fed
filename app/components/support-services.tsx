import { LifeBuoy } from "lucide-react";
import { textLinkClass } from "~/components/legal-page";
import { cardClass, Section } from "~/components/page-section";
import { SUPPORT_INTRO, SUPPORT_SERVICES } from "~/content/support";

/** Independent support services, where limits, pauses and self-exclusion are set and on the fair-play page. */
export function SupportServices({ className = `mt-8 ${cardClass}` }: { className?: string }) {
  return (
    <Section
      titleId="support-services-title"
      title="Independent support"
      size="xl"
      icon={<LifeBuoy aria-hidden="true" className="size-5 text-primary" />}
      className={className}
    >
      <p className="mt-2">{SUPPORT_INTRO}</p>
      <ul className="mt-4 space-y-3">
        {SUPPORT_SERVICES.map((service) => (
          <li key={service.name}>
            <a href={service.url} className={`${textLinkClass} font-medium`} rel="noopener noreferrer">
              {service.name}
            </a>{" "}
            <span className="text-sm text-muted-foreground">({service.country})</span>
            {service.phone ? (
              <>
                {" "}
                <a href={`tel:${service.phone.tel}`} className={textLinkClass}>
                  {service.phone.display}
                </a>
              </>
            ) : null}
            <span className="block text-sm">{service.what}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
