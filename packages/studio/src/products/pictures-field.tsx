import { useRef, useState, type DragEvent } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { imageUrl, MAX_PRODUCT_PICTURES, MAX_UPLOAD_BYTES } from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { inputClass } from '../forms/input-class.ts';
import { fileToBase64 } from '../state/media.ts';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from './field-error.tsx';
import { uploadPicture } from './owner-call.ts';
import { controlId, fieldAttributes, messageAt, newKey, type FieldErrors, type PictureField } from './product-form.ts';

type Change = (change: (pictures: PictureField[]) => PictureField[]) => void;

/**
 * The product's pictures: dropped or chosen (several at once), each uploaded with its progress and refused on its own
 * tile; reordered by dragging (the keyboard too: Space, arrows, Space) or with Move earlier / later; alt text each;
 * the first is the main one.
 */
export function PicturesField({
  pictures,
  change,
  errors,
  formId,
}: {
  pictures: PictureField[];
  change: Change;
  errors: FieldErrors;
  formId: string;
}) {
  const { store } = useStudio();
  const chooser = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const setOne = (key: string, fields: Partial<PictureField>) =>
    change((all) => all.map((picture) => (picture.key === key ? { ...picture, ...fields } : picture)));

  const upload = async (file: File) => {
    const key = newKey('picture');
    change((all) => [...all, { key, file: '', alt: '', name: file.name, progress: 0, error: null }]);
    if (file.size > MAX_UPLOAD_BYTES) {
      setOne(key, { progress: null, error: `must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB` });
      return;
    }
    try {
      const base64 = await fileToBase64(file);
      const token = store.getState().session?.sessionToken ?? null;
      const stored = await uploadPicture(token, { fileName: file.name, base64 }, (progress) => setOne(key, { progress }));
      setOne(key, { file: stored.path, progress: null });
    } catch (failure) {
      setOne(key, { progress: null, error: failure instanceof StudioApiError ? messageAt(failure) : problemText(failure) });
    }
  };
  const uploadAll = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) void upload(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    uploadAll(event.dataTransfer.files);
  };
  const move = (from: number, to: number) => change((all) => arrayMove(all, from, to));
  const onDragEnd = ({ active, over: target }: DragEndEvent) => {
    if (!target || active.id === target.id) return;
    change((all) =>
      arrayMove(
        all,
        all.findIndex((p) => p.key === active.id),
        all.findIndex((p) => p.key === target.id),
      ),
    );
  };
  const place = (key: unknown) => pictures.findIndex((p) => p.key === key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up picture ${place(active.id)}.`,
    onDragOver: ({ over: target }) => (target ? `Over place ${place(target.id)}.` : 'Over no place.'),
    onDragEnd: ({ over: target }) => (target ? `Dropped at place ${place(target.id)}.` : 'Dropped where it was.'),
    onDragCancel: () => 'Moving cancelled; the picture is where it was.',
  };

  return (
    <section aria-labelledby={`${formId}-pictures-heading`} className="grid min-w-0 gap-3">
      <h2 id={`${formId}-pictures-heading`} className="text-sm font-semibold text-slate-900">
        Pictures
      </h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="picture-drop-zone"
        className={`grid justify-items-center gap-2 rounded-md border-2 border-dashed px-3 py-5 text-center text-sm ${
          over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 text-slate-600'
        }`}
      >
        <p>Drop pictures here (JPEG, PNG, WebP, AVIF or GIF, up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB each), or</p>
        <input
          ref={chooser}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-label="Add pictures"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            uploadAll(event.target.files);
            event.target.value = '';
          }}
        />
        <Button
          {...fieldAttributes(formId, 'pictures', errors)}
          disabled={pictures.length >= MAX_PRODUCT_PICTURES}
          onClick={() => chooser.current?.click()}
        >
          Choose pictures
        </Button>
        <FieldError formId={formId} path="pictures" errors={errors} label="Pictures" />
      </div>
      {pictures.length ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={pictures.map((p) => p.key)} strategy={rectSortingStrategy}>
            <ol aria-label="Pictures" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {pictures.map((picture, i) => (
                <PictureTile
                  key={picture.key}
                  picture={picture}
                  place={i}
                  count={pictures.length}
                  errors={errors}
                  formId={formId}
                  setAlt={(alt) => setOne(picture.key, { alt })}
                  move={(to) => move(i, to)}
                  remove={() => change((all) => all.filter((p) => p.key !== picture.key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : null}
      <p className="text-xs text-slate-500">The first picture is the main one: lists, search results and shares show it.</p>
    </section>
  );
}

function PictureTile({
  picture,
  place,
  count,
  errors,
  formId,
  setAlt,
  move,
  remove,
}: {
  picture: PictureField;
  place: number;
  count: number;
  errors: FieldErrors;
  formId: string;
  setAlt: (alt: string) => void;
  move: (to: number) => void;
  remove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: picture.key });
  const n = place + 1;
  const filePath = `pictures.${picture.key}.file`;
  const altPath = `pictures.${picture.key}.alt`;
  const refused = picture.error ?? errors[filePath];
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={`Picture ${n}${place === 0 ? ' (main)' : ''}`}
      className={`grid min-w-0 content-start gap-1.5 rounded-md border bg-white p-2 ${refused ? 'border-red-400' : 'border-slate-200'} ${
        isDragging ? 'z-10 shadow-lg' : ''
      }`}
    >
      <div className="relative">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          id={controlId(formId, filePath)}
          aria-label={`Drag picture ${n}`}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${controlId(formId, filePath)}-error` : attributes['aria-describedby']}
          className="block w-full cursor-grab touch-none rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        >
          {picture.file && !picture.error ? (
            <img
              src={imageUrl(picture.file, { w: 240, h: 240, fit: 'cover' })}
              alt={picture.alt}
              width={120}
              height={120}
              className="aspect-square w-full rounded object-cover"
            />
          ) : (
            <span className="grid aspect-square w-full place-items-center rounded bg-slate-100 px-1 text-xs break-all text-slate-500">
              {picture.name}
            </span>
          )}
        </button>
        {place === 0 ? (
          <span className="absolute top-1 left-1 rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-medium text-white">Main</span>
        ) : null}
      </div>
      {picture.progress !== null ? (
        <progress
          aria-label={`Uploading ${picture.name}`}
          aria-valuetext={`${Math.round(picture.progress * 100)}%`}
          max={1}
          value={picture.progress}
          className="h-1.5 w-full accent-indigo-600"
        />
      ) : null}
      {refused ? (
        <p id={`${controlId(formId, filePath)}-error`} role="alert" className="text-xs font-medium text-red-700">
          {picture.error ? `${picture.name} was not uploaded: it ${picture.error}` : `Picture ${n} ${refused}`}
        </p>
      ) : null}
      {picture.error ? null : (
        <>
          <label htmlFor={controlId(formId, altPath)} className="text-xs font-medium text-slate-700">
            Alt text of picture {n}
          </label>
          <input
            {...fieldAttributes(formId, altPath, errors)}
            value={picture.alt}
            placeholder="What the picture shows"
            onChange={(event) => setAlt(event.target.value)}
            className={inputClass}
          />
          <FieldError formId={formId} path={altPath} errors={errors} label="Alt text" />
        </>
      )}
      <div className="flex flex-wrap gap-1">
        <Button
          tone="ghost"
          className="px-1.5"
          aria-label={`Move picture ${n} earlier`}
          disabled={place === 0}
          onClick={() => move(place - 1)}
        >
          ←
        </Button>
        <Button
          tone="ghost"
          className="px-1.5"
          aria-label={`Move picture ${n} later`}
          disabled={place === count - 1}
          onClick={() => move(place + 1)}
        >
          →
        </Button>
        <Button tone="ghost" className="ml-auto px-1.5 text-red-700" aria-label={`Remove picture ${n}`} onClick={remove}>
          Remove
        </Button>
      </div>
    </li>
  );
}
