import { shortcutSheet } from '../state/shortcuts.ts';
import { Dialog } from '../ui/dialog.tsx';

/** Every keyboard shortcut of the studio, opened with `?`. */
export function ShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <tbody className="divide-y divide-slate-100">
          {shortcutSheet.map((s) => (
            <tr key={s.does}>
              <th scope="row" className="py-1.5 pr-4 text-left align-top font-normal whitespace-nowrap">
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">{s.keys}</kbd>
              </th>
              <td className="py-1.5 text-slate-700">{s.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-500">
        Shortcuts work in the studio and in the preview. While you type in a field, only undo, redo and save apply there; the other keys
        type as usual.
      </p>
    </Dialog>
  );
}
