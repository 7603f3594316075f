import { Factory } from 'lucide-react';

/**
 * Industrial activity around the corridor, rendered as neutral text wordmarks (no
 * third-party logos or images). Editable here without touching layout.
 */
export const CORRIDOR_CONTEXT_NAMES = [
  'Dangote Refinery',
  'Lekki Deep Sea Port',
  'Lekki Free Zone',
  'Dangote Fertiliser',
  'Lagos Free Zone',
  'Alaro City',
] as const;

export function ContextLogos() {
  return (
    <section id="logos" data-testid="logos" aria-labelledby="logos-title" className="border-y border-slate-200 bg-white py-12">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <h2 id="logos-title" className="text-center text-sm font-semibold tracking-[0.16em] text-slate-500 uppercase">
          Industrial context of the corridor
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-3 sm:gap-4">
          {CORRIDOR_CONTEXT_NAMES.map((name) => (
            <li
              key={name}
              data-testid="context-logo"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm font-semibold tracking-tight text-slate-600 grayscale"
            >
              <Factory className="size-4 text-slate-400" aria-hidden="true" />
              {name}
            </li>
          ))}
        </ul>
        <p data-testid="logos-disclaimer" className="mx-auto mt-6 max-w-2xl text-center text-xs leading-relaxed text-slate-500">
          Names are shown only to describe the industrial activity around the corridor. These companies and projects are not
          partners of this offer and do not endorse it.
        </p>
      </div>
    </section>
  );
}
