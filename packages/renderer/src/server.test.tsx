import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component.ts';
import { renderWhenReady } from './server.ts';

/** The stream's HTML of a tree, to hold the quick path to. */
const streamed = (element: React.ReactNode) =>
  new Promise<string>((resolve, reject) => {
    let html = '';
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () =>
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              html += chunk.toString('utf8');
              callback();
            },
            final(callback) {
              resolve(html);
              callback();
            },
          }),
        ),
      onShellError: reject,
    });
  });

afterEach(() => vi.restoreAllMocks());

describe('renderWhenReady', () => {
  it('draws a tree that suspends on nothing as the stream would', async () => {
    const Card = lazyComponent(async () => (props: { name: string }) => <p className="card">{props.name}</p>);
    await Card.preload();
    const tree = (
      <main>
        <Suspense fallback={<p>Loading</p>}>
          <Card name="Mug &amp; <cup>" />
        </Suspense>
        <img src="/a.webp" alt="" fetchPriority="high" />
      </main>
    );
    expect(await renderWhenReady(tree)).toBe(await streamed(tree));
  });

  it('waits for what a tree suspends on, inside a boundary or not, and logs nothing for it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Inside = lazyComponent(async () => () => <p>inside</p>);
    const Outside = lazyComponent(async () => () => <p>outside</p>);
    const html = await renderWhenReady(
      <main>
        <Suspense fallback={<p>Loading</p>}>
          <Inside />
        </Suspense>
        <Outside />
      </main>,
    );
    expect(html).toBe('<main><!--$--><p>inside</p><!--/$--><p>outside</p></main>');
    expect(error).not.toHaveBeenCalled();
  });

  it('reports an error thrown inside a boundary once, and leaves that boundary to the browser', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    const Broken = () => {
      throw new Error('broken section');
    };
    const html = await renderWhenReady(
      <main>
        <Suspense fallback={<p>Loading</p>}>
          <Broken />
        </Suspense>
      </main>,
      { onError },
    );
    expect(html).toContain('<!--$!-->');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken section' }));
  });

  it('rejects when the shell fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('broken shell');
    };
    await expect(renderWhenReady(<Broken />)).rejects.toThrow('broken shell');
  });
});
