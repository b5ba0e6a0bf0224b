import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  MAX_CATALOGUE_CSV_BYTES,
  type CatalogueCsvPreviewAnswer,
  type CatalogueCsvProblem,
  type CatalogueImportAnswer,
} from '@vitrine/commerce';
import { useStudio } from '../context.tsx';
import { cancelProductsImport, importProductsCsv, previewProductsCsv, productsImport } from '../products/owner-call.ts';
import { problemText } from '../state/controller.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { useLeaveGuard, LeaveQuestion } from '../ui/leave-guard.tsx';

type Preview = CatalogueCsvPreviewAnswer['data'];
type Progress = CatalogueImportAnswer['data'];

/** How often a running import is asked how far it got. */
export const IMPORT_POLL_MS = 500;

/** Where the screen stands: a file chosen and being read, its preview, the import running, or its end. */
type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'reading'; fileName: string; sent: number }
  | { kind: 'preview'; fileName: string; preview: Preview; error: string | null }
  | { kind: 'importing'; fileName: string; preview: Preview; progress: Progress | null; cancelling: boolean }
  /** `lateCancel`: Cancel was asked for, but the import had written everything first. */
  | { kind: 'ended'; fileName: string; progress: Progress; lateCancel?: boolean };

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Products brought in from Shopify's product CSV at `/editor/products/import`: a file dropped or chosen is read by the
 * server (sent with its progress) into a preview — what will be created and updated, and every row that cannot be
 * imported, by row number and column, with the reason — then imported with a progress bar and a Cancel. The import is
 * one transaction: a failed or cancelled one leaves the catalogue as it was. Leaving while it runs asks first.
 */
export function ImportScreen() {
  const { store } = useStudio();
  const token = () => store.getState().session?.sessionToken ?? null;
  const [step, setStep] = useState<Step>({ kind: 'choose', error: null });
  const leaving = useLeaveGuard(step.kind === 'reading' || step.kind === 'importing');
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = step.kind;
  useEffect(() => {
    if (shown !== 'choose') heading.current?.focus();
  }, [shown]);

  const read = async (file: File) => {
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
      setStep({ kind: 'choose', error: `${file.name} is not a CSV file: choose the .csv file Shopify exports.` });
      return;
    }
    if (file.size > MAX_CATALOGUE_CSV_BYTES) {
      setStep({
        kind: 'choose',
        error: `${file.name} is larger than ${MAX_CATALOGUE_CSV_BYTES / 1024 / 1024} MB: split it into smaller files.`,
      });
      return;
    }
    setStep({ kind: 'reading', fileName: file.name, sent: 0 });
    try {
      const preview = await previewProductsCsv(token(), file, (sent) => setStep({ kind: 'reading', fileName: file.name, sent }));
      setStep({ kind: 'preview', fileName: file.name, preview, error: null });
    } catch (failure) {
      setStep({ kind: 'choose', error: `${file.name} could not be read: ${problemText(failure)}` });
    }
  };

  const start = async (fileName: string, preview: Preview) => {
    setStep({ kind: 'importing', fileName, preview, progress: null, cancelling: false });
    try {
      let progress = await importProductsCsv(token(), preview.importId);
      while (progress.state === 'running' || progress.state === 'previewed') {
        setStep((now) => (now.kind === 'importing' ? { ...now, progress } : now));
        await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
        progress = await productsImport(token(), preview.importId);
      }
      setStep((now) => ({ kind: 'ended', fileName, progress, lateCancel: now.kind === 'importing' && now.cancelling }));
    } catch (failure) {
      setStep({ kind: 'preview', fileName, preview, error: `The import could not be started: ${problemText(failure)}` });
    }
  };

  const cancel = async (importId: string) => {
    setStep((now) => (now.kind === 'importing' ? { ...now, cancelling: true } : now));
    // The running loop above sees the import end as cancelled and shows it; a cancel that came too late shows it done.
    await cancelProductsImport(token(), importId).catch(() => undefined);
  };

  return (
    <div className="absolute inset-0 overflow-y-auto">
      <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6">
        {leaving ? <LeaveQuestion onStay={leaving.stay} onLeave={leaving.leave} /> : null}
        <p>
          <Link to="/editor/products" className="text-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2">
            ← Products
          </Link>
        </p>
        {step.kind === 'choose' ? <ChooseFile error={step.error} onFile={read} /> : null}
        {step.kind === 'reading' ? (
          <section aria-labelledby="import-step" className="space-y-3">
            <h2 id="import-step" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              Reading {step.fileName}
            </h2>
            <Bar label={`Sending ${step.fileName}`} value={step.sent} max={1} />
            <p className="text-sm text-slate-600">{step.sent < 1 ? 'Sending the file…' : 'Checking every row…'}</p>
          </section>
        ) : null}
        {step.kind === 'preview' ? (
          <section aria-labelledby="import-step" className="space-y-4">
            <h2 id="import-step" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              Preview of {step.fileName}
            </h2>
            <PreviewSummary preview={step.preview} />
            <Problems
              label="Rows that cannot be imported"
              intro="These rows are left out; the rest is imported. Correct them in the file and import it again to bring them in."
              problems={step.preview.problems}
              more={step.preview.moreProblems}
            />
            {step.error ? (
              <p role="alert" className="text-sm text-red-700">
                {step.error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button tone="primary" disabled={step.preview.products === 0} onClick={() => void start(step.fileName, step.preview)}>
                {step.preview.products === 0 ? 'Nothing to import' : `Import ${count(step.preview.products, 'product')}`}
              </Button>
              <Button onClick={() => setStep({ kind: 'choose', error: null })}>Choose another file</Button>
            </div>
          </section>
        ) : null}
        {step.kind === 'importing' ? (
          <section aria-labelledby="import-step" className="space-y-3">
            <h2 id="import-step" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              Importing {step.fileName}
            </h2>
            <Bar label="Products imported" value={step.progress?.done ?? 0} max={step.progress?.total || step.preview.products} />
            <p className="text-sm text-slate-600" aria-live="polite">
              {step.cancelling
                ? 'Cancelling: nothing of this import will be kept…'
                : `${(step.progress?.done ?? 0).toLocaleString('en-US')} of ${count(step.progress?.total || step.preview.products, 'product')}. Your catalogue changes all at once when the import ends.`}
            </p>
            <Button disabled={step.cancelling} onClick={() => void cancel(step.preview.importId)}>
              Cancel import
            </Button>
          </section>
        ) : null}
        {step.kind === 'ended' ? (
          <section aria-labelledby="import-step" className="space-y-4">
            <h2 id="import-step" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              {step.progress.state === 'done' ? `Imported ${step.fileName}` : `${step.fileName} was not imported`}
            </h2>
            <p role="status" className="text-sm">
              {step.progress.state === 'done'
                ? `${step.lateCancel ? 'The import had finished before it could be cancelled: ' : ''}${count(step.progress.created, 'product')} created, ${count(step.progress.updated, 'product')} updated.`
                : step.progress.state === 'cancelled'
                  ? 'The import was cancelled. Your catalogue is as it was.'
                  : `The import failed${step.progress.error ? `: ${step.progress.error}` : ''}. Your catalogue is as it was.`}
            </p>
            <Problems
              label="Pictures that could not be taken"
              intro="Their products were imported without them; add the pictures in each product's editor."
              problems={step.progress.problems}
              more={0}
            />
            <div className="flex flex-wrap gap-2">
              <ButtonLink to="/editor/products" tone="primary">
                See products
              </ButtonLink>
              <Button onClick={() => setStep({ kind: 'choose', error: null })}>Import another file</Button>
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}

/** The file's choice: dropped on the zone, or chosen with the button. */
function ChooseFile({ error, onFile }: { error: string | null; onFile: (file: File) => void }) {
  const inputId = useId();
  const helpId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <section aria-labelledby="import-choose" className="space-y-4">
      <h2 id="import-choose" className="text-lg font-semibold">
        Import products from a CSV file
      </h2>
      <p id={helpId} className="text-sm text-slate-600">
        Use Shopify&rsquo;s product CSV (Products → Export in Shopify&rsquo;s admin), or a file exported here. Products whose Handle is
        already a product&rsquo;s address are updated; the others are created, with their categories and brands. You see what will change
        before anything is imported.
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-10 text-center ${over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300'}`}
      >
        <p className="text-sm text-slate-700">Drop the CSV file here, or</p>
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-500 hover:bg-indigo-700"
        >
          Choose a CSV file
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={helpId}
            className="sr-only"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) onFile(file);
            }}
          />
        </label>
        <p className="text-xs text-slate-500">Up to {MAX_CATALOGUE_CSV_BYTES / 1024 / 1024} MB.</p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Bar({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <progress aria-label={label} value={value} max={Math.max(max, 1)} className="h-2 w-full overflow-hidden rounded accent-indigo-600">
      {Math.round((value / Math.max(max, 1)) * 100)}%
    </progress>
  );
}

function PreviewSummary({ preview }: { preview: Preview }) {
  const facts: [string, string][] = [
    [
      'Products',
      `${preview.products.toLocaleString('en-US')} (${preview.created.toLocaleString('en-US')} new, ${preview.updated.toLocaleString('en-US')} updated)`,
    ],
    ['Variants', preview.variants.toLocaleString('en-US')],
    ['Pictures', preview.pictures.toLocaleString('en-US')],
    ['New categories', preview.newCategories.toLocaleString('en-US')],
    ['New brands', preview.newBrands.toLocaleString('en-US')],
    ['Rows read', preview.rows.toLocaleString('en-US')],
  ];
  return (
    <dl
      aria-label="What will be imported"
      className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 p-4 text-sm sm:grid-cols-3"
    >
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-500">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Problems by row and column, in a table of their own; nothing when there are none. */
function Problems({
  label,
  intro,
  problems,
  more,
}: {
  label: string;
  intro: string;
  problems: readonly CatalogueCsvProblem[];
  more: number;
}) {
  const id = useId();
  if (!problems.length) return null;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold text-red-800">
        {label} ({(problems.length + more).toLocaleString('en-US')})
      </h3>
      <p className="text-sm text-slate-600">{intro}</p>
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="px-3 py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.map((problem, i) => (
              <tr key={i} className="border-t border-slate-100">
                <td className="px-3 py-1.5 tabular-nums">{problem.row}</td>
                <td className="px-3 py-1.5">{problem.column}</td>
                <td className="px-3 py-1.5">{problem.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? <p className="text-sm text-slate-600">…and {more.toLocaleString('en-US')} more not listed.</p> : null}
    </section>
  );
}
