import { Monitor, Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { THEMES, type Theme } from "~/db/constants";
import { applyTheme, DEFAULT_THEME, readStoredTheme, THEME_STORAGE_KEY } from "~/lib/theme";

const icons = { light: Sun, dark: Moon, system: Monitor } as const;
const labels = { light: "Light", dark: "Dark", system: "System" } as const;

/** Light, dark or system; stored in localStorage under "theme". */
export function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(DEFAULT_THEME);

  useEffect(() => setTheme(readStoredTheme()), []);
  useEffect(() => {
    if (theme !== "system") return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [theme]);

  function choose(next: Theme) {
    setTheme(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private modes may refuse storage; the theme still applies for this page.
    }
    applyTheme(next);
  }

  return (
    <div role="group" aria-label="Colour theme" className="inline-flex rounded-md border border-border p-0.5">
      {THEMES.map((value) => {
        const Icon = icons[value];
        return (
          <button
            key={value}
            type="button"
            aria-pressed={theme === value}
            aria-label={`${labels[value]} theme`}
            title={`${labels[value]} theme`}
            onClick={() => choose(value)}
            className={
              "inline-flex h-9 w-9 items-center justify-center rounded text-muted-foreground " +
              "hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
            }
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
          </button>
        );
      })}
    </div>
  );
}
