/** What the Section tab says while no section is selected. */
export function NoSectionSelected() {
  return (
    <div className="space-y-3 px-4 py-6 text-sm text-slate-600">
      <p className="font-medium text-slate-800">No section selected</p>
      <p>Select a section in the outline or click one in the preview to change its content and style.</p>
      <p>Double-click a heading in the preview to edit its text in place.</p>
    </div>
  );
}
