import { paletteEntries } from './palette.ts';

/**
 * The studio's first screen. The editor itself (outline, settings forms, preview frame, publish) is the studio
 * issue's work; this shell already lists the section palette from the live registry.
 */
export function StudioApp({ storeDomain }: { storeDomain: string }) {
  const palette = paletteEntries();
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3">
        <h1 className="text-lg font-semibold">Vitrine Studio</h1>
        <p className="text-sm text-slate-600">{storeDomain}</p>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-10">
        <h2 className="text-xl font-semibold">Sections</h2>
        <p className="mt-1 text-sm text-slate-600">
          {palette.filter((p) => p.available).length} of {palette.length} section types are ready to place on a page.
        </p>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Section palette">
          {palette.map((entry) => (
            <li
              key={entry.type}
              className={`rounded-lg border px-4 py-3 text-sm capitalize ${entry.available ? 'border-slate-300 bg-white' : 'border-dashed border-slate-300 text-slate-500'}`}
            >
              <span className="font-medium">{entry.name}</span>
              {entry.available ? null : <span className="block text-xs normal-case">not yet available</span>}
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
