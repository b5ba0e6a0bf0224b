import { use, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type WheelEvent } from 'react';
import type { ProductDetail } from '@vitrine/commerce';
import { Image, ImageProvider, type ImageSettings } from '@vitrine/renderer';
import { breakpoints } from '@vitrine/theme-engine';

export type ZoomStyle = 'no_zoom' | 'zoom' | 'inner_zoom_circle';

/** The zoom figures of §2.12 and §9. */
export const ZOOM = {
  /** Click-to-zoom's largest scale, and the level keyboard zooming starts from. */
  maxScale: 3,
  defaultScale: 2,
  /** The magnifier: its scale, its starting size, how much a wheel step changes it, and its largest size. */
  lensScale: 5,
  lensSize: 200,
  lensStep: 10,
  lensMaxSize: 350,
  lensMinSize: 100,
} as const;

/** Zooming in or out: where a click on the picture goes next. */
export type ZoomDirection = 'IN' | 'OUT';

/** The scale after a click: between 1 and the maximum, by direction (§4). */
export function toggledScale(scale: number): { scale: number; direction: ZoomDirection } {
  return scale > 1 ? { scale: 1, direction: 'IN' } : { scale: ZOOM.maxScale, direction: 'OUT' };
}

/** The lens size after a wheel step (up grows it), within its bounds. */
export function lensSizeAfterWheel(size: number, deltaY: number): number {
  const next = size + (deltaY < 0 ? ZOOM.lensStep : -ZOOM.lensStep);
  return Math.min(ZOOM.lensMaxSize, Math.max(ZOOM.lensMinSize, next));
}

/** A picture as the full-screen gallery takes it: the largest copy, the resized ones, and its size. */
export interface FullScreenSlide {
  src: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
}

/** The gallery's slides: each picture's largest resized copy and its `srcset`, so a phone loads what its screen needs. */
export function fullScreenSlides(images: readonly GalleryImage[], name: string, settings: ImageSettings): FullScreenSlide[] {
  const widest = Math.max(0, ...settings.widths);
  return images.map((image) => {
    const source = settings.resolve(image.file);
    const sized = settings.widths.map((w) => [w, settings.buildUrl(source, w, 1)] as const).filter(([, url]) => url);
    return {
      src: (widest ? settings.buildUrl(source, widest, 1) : null) ?? source,
      srcset: sized.map(([w, url]) => `${url} ${w}w`).join(', '),
      width: image.width || 800,
      height: image.height || 800,
      alt: image.alt || name,
    };
  });
}

/**
 * Opens the full-screen gallery at `index`: PhotoSwipe (pinch and double-tap to zoom, swipe between pictures, swipe
 * down or Escape to close, the focus kept inside and given back). It is fetched with its styles on the first opening
 * only, so no page loads it before a shopper asks for it (the storefront's budgets, e2e/storefront/budgets.spec.ts).
 */
export async function openFullScreen(slides: FullScreenSlide[], index: number): Promise<void> {
  const [{ default: PhotoSwipe }] = await Promise.all([import('photoswipe'), import('photoswipe/style.css')]);
  const gallery = new PhotoSwipe({
    dataSource: slides,
    index,
    bgOpacity: 1,
    // A tap shows or hides the controls, a double tap zooms in and out; pinch zooms wherever the fingers are.
    tapAction: 'toggle-controls',
    doubleTapAction: 'zoom',
    closeTitle: 'Close the full-screen pictures',
    zoomTitle: 'Zoom',
    arrowPrevTitle: 'Previous picture',
    arrowNextTitle: 'Next picture',
    errorMsg: 'This picture could not be loaded',
    indexIndicatorSep: ' of ',
  });
  gallery.init();
}

/** Whether a press came from a finger or a pen rather than a mouse (a click the app replays says nothing: asked of the screen). */
export function pressedByTouch(event: MouseEvent | PointerEvent): boolean {
  const type = (event.nativeEvent as Partial<globalThis.PointerEvent>).pointerType;
  if (type) return type !== 'mouse';
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * A product's pictures: the chosen one large, thumbnails to pick another, and the store's zoom style — none,
 * click-to-zoom (scale 3; the picture follows the pointer, or is dragged on screens under 768 px) or a magnifier
 * lens (scale 5, 200 px, ±10 px a wheel step). Each works by keyboard too: Enter zooms, arrows move, Escape leaves.
 */
export function Gallery({ product, zoom, activeFile }: { product: ProductDetail; zoom: ZoomStyle; activeFile: string | null }) {
  const images = product.images.length ? product.images : [{ file: '', width: 800, height: 800, alt: product.itemName }];
  // A variant with a picture of its own shows it when chosen; a thumbnail picked since then wins until the next.
  const [picked, setPicked] = useState<{ forFile: string | null; index: number }>({ forFile: activeFile, index: 0 });
  const variantIndex = activeFile ? images.findIndex((image) => image.file === activeFile) : -1;
  const index = picked.forFile === activeFile || variantIndex < 0 ? picked.index : variantIndex;
  const at = Math.min(index, images.length - 1);
  const image = images[at]!;
  const imageSettings = use(ImageProvider);
  // On a phone a tap opens every picture full screen; the theme's zoom styles stay for a mouse.
  const openFull = () => void openFullScreen(fullScreenSlides(images, product.itemName, imageSettings), at);

  return (
    <div className="vt-gallery">
      <ZoomFrame key={image.file} zoom={zoom} image={image} name={product.itemName} onFullScreen={openFull} />
      <button type="button" className="vt-gallery-full" onClick={openFull}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="vt-visually-hidden">View the pictures full screen</span>
      </button>
      {images.length > 1 ? (
        <ul className="vt-gallery-thumbs" aria-label="Pictures">
          {images.map((thumb, at) => (
            <li key={thumb.file}>
              <button
                type="button"
                className="vt-gallery-thumb"
                aria-label={`Picture ${at + 1} of ${images.length}`}
                aria-current={at === index ? 'true' : undefined}
                onClick={() => setPicked({ forFile: activeFile, index: at })}
              >
                <Image src={thumb.file} alt="" width={96} height={96} sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface GalleryImage {
  file: string;
  width: number;
  height: number;
  alt: string;
}

function ZoomFrame({ zoom, image, name, onFullScreen }: { zoom: ZoomStyle; image: GalleryImage; name: string; onFullScreen: () => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [direction, setDirection] = useState<ZoomDirection>('IN');
  // Where the zoom looks, as fractions of the picture (0.5, 0.5 is its middle).
  const [focus, setFocus] = useState({ x: 0.5, y: 0.5 });
  const [lens, setLens] = useState<{ size: number; visible: boolean }>({ size: ZOOM.lensSize, visible: false });
  const drag = useRef<{ x: number; y: number; focus: { x: number; y: number } } | null>(null);
  const [source, setSource] = useState('');

  const fractionAt = (event: PointerEvent) => {
    const box = frame.current!.getBoundingClientRect();
    return { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
  };
  const narrow = () => typeof window !== 'undefined' && window.innerWidth < breakpoints.tablet;
  // The large picture, the same in every zoom style: loaded first (the page's largest image), never lazily.
  const picture = (
    <Image
      src={image.file}
      alt={image.alt || name}
      width={image.width || 800}
      height={image.height || 800}
      sizes="(min-width: 1024px) 50vw, 100vw"
      priority
    />
  );

  // A finger's tap opens the full-screen gallery in every zoom style (keyboards use the Full screen button).
  const tapped = (event: MouseEvent | PointerEvent) => {
    if (!pressedByTouch(event)) return false;
    onFullScreen();
    return true;
  };

  if (zoom === 'no_zoom')
    return (
      <div className="vt-gallery-main" onClick={tapped}>
        {picture}
      </div>
    );

  if (zoom === 'zoom') {
    const onKey = (event: KeyboardEvent) => {
      const step = 0.1;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        const next = toggledScale(scale);
        setScale(next.scale);
        setDirection(next.direction);
      } else if (event.key === '+' || event.key === '=') setScale((s) => (s === 1 ? ZOOM.defaultScale : Math.min(ZOOM.maxScale, s + 1)));
      else if (event.key === '-') setScale((s) => Math.max(1, s - 1));
      else if (event.key === 'Escape') setScale(1);
      else if (scale > 1 && event.key.startsWith('Arrow')) {
        event.preventDefault();
        const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
        const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0;
        setFocus((f) => ({ x: clamp(f.x + dx), y: clamp(f.y + dy) }));
      }
    };
    return (
      <div
        ref={frame}
        className={`vt-gallery-main vt-zoom${scale > 1 ? ' vt-zoomed' : ''}`}
        role="button"
        tabIndex={0}
        aria-label={scale > 1 ? `Zoom out of ${name}` : `Zoom in on ${name}`}
        aria-pressed={scale > 1}
        data-direction={direction}
        data-scale={scale}
        onClick={(event) => {
          if (tapped(event)) return;
          if (drag.current && drag.current.x !== event.clientX) return;
          const next = toggledScale(scale);
          setScale(next.scale);
          setDirection(next.direction);
          setFocus(fractionAt(event as unknown as PointerEvent));
        }}
        onPointerMove={(event) => {
          if (scale === 1) return;
          // Move mode follows the pointer; under 768 px the picture is dragged instead (drag mode).
          if (!narrow()) setFocus(fractionAt(event));
          else if (drag.current) {
            const box = frame.current!.getBoundingClientRect();
            setFocus({
              x: clamp(drag.current.focus.x - (event.clientX - drag.current.x) / box.width / scale),
              y: clamp(drag.current.focus.y - (event.clientY - drag.current.y) / box.height / scale),
            });
          }
        }}
        onPointerDown={(event) => {
          if (scale > 1 && narrow()) drag.current = { x: event.clientX, y: event.clientY, focus };
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onKeyDown={onKey}
      >
        <div className="vt-zoom-image" style={{ transform: `scale(${scale})`, transformOrigin: `${focus.x * 100}% ${focus.y * 100}%` }}>
          {picture}
        </div>
      </div>
    );
  }

  // The magnifier: a round lens over the picture showing it 5× where the pointer (or the arrow keys) point.
  const showLens = (visible: boolean) => {
    // The lens shows the very file the browser chose for the picture (its srcset's pick), read when it opens.
    if (visible) setSource(frame.current?.querySelector('img')?.currentSrc ?? '');
    setLens((l) => ({ ...l, visible }));
  };
  return (
    <div
      ref={frame}
      className="vt-gallery-main vt-magnifier"
      role="button"
      tabIndex={0}
      aria-label={lens.visible ? `Hide the magnifier over ${name}` : `Magnify ${name}`}
      aria-pressed={lens.visible}
      data-lens-size={lens.size}
      onPointerEnter={(event) => event.pointerType !== 'touch' && showLens(true)}
      onPointerLeave={() => showLens(false)}
      onPointerMove={(event) => setFocus(fractionAt(event))}
      onClick={(event) => tapped(event) || showLens(!lens.visible)}
      onWheel={(event: WheelEvent) => {
        if (!lens.visible) return;
        event.preventDefault();
        setLens((l) => ({ ...l, size: lensSizeAfterWheel(l.size, event.deltaY) }));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          showLens(!lens.visible);
        } else if (event.key === 'Escape') showLens(false);
        else if (event.key === '+' || event.key === '-')
          setLens((l) => ({ ...l, size: lensSizeAfterWheel(l.size, event.key === '+' ? -1 : 1) }));
        else if (lens.visible && event.key.startsWith('Arrow')) {
          event.preventDefault();
          const dx = event.key === 'ArrowLeft' ? -0.05 : event.key === 'ArrowRight' ? 0.05 : 0;
          const dy = event.key === 'ArrowUp' ? -0.05 : event.key === 'ArrowDown' ? 0.05 : 0;
          setFocus((f) => ({ x: clamp(f.x + dx), y: clamp(f.y + dy) }));
        }
      }}
    >
      {picture}
      {lens.visible && source ? (
        <span
          className="vt-lens"
          aria-hidden="true"
          style={{
            width: lens.size,
            height: lens.size,
            left: `calc(${focus.x * 100}% - ${lens.size / 2}px)`,
            top: `calc(${focus.y * 100}% - ${lens.size / 2}px)`,
            backgroundImage: `url("${source}")`,
            backgroundSize: `${ZOOM.lensScale * 100}%`,
            backgroundPosition: `${focus.x * 100}% ${focus.y * 100}%`,
          }}
        />
      ) : null}
    </div>
  );
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));
