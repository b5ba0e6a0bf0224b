import { vi } from 'vitest';

/**
 * `XMLHttpRequest` for jsdom over a fake server's `fetch`: each send reports half its body gone, then (once released
 * when `hold` is on) all of it, then the answer. For the uploads' progress.
 */
export function xhrOverFetch(fetchImpl: (input: string, init: RequestInit) => Promise<Response>) {
  const held: (() => void)[] = [];
  const control = {
    hold: false,
    /** Lets every held upload finish. */
    release: () => held.splice(0).forEach((go) => go()),
  };
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: string | null) {
      const progress = (loaded: number) =>
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total: 100 }));
      void (async () => {
        await Promise.resolve();
        progress(50);
        if (control.hold) await new Promise<void>((go) => held.push(go));
        progress(100);
        const response = this.url.endsWith('/UploadMedia')
          ? uploadAnswer(JSON.parse(body ?? '{}') as { fileName: string; base64: string })
          : await fetchImpl(this.url, { method: this.method, headers: this.headers, body });
        this.status = response.status;
        this.responseText = await response.text();
        this.dispatchEvent(new Event('load'));
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return control;
}

/**
 * `Studio/UploadMedia` as the server answers it: the bytes decide, whatever the name says (here a PNG's or a JPEG's
 * first bytes make an image), and a refusal names `file`.
 */
function uploadAnswer({ fileName, base64 }: { fileName: string; base64: string }): Response {
  const bytes = atob(base64.replace(/^data:[^,]*,/, ''));
  const image = bytes.startsWith('\x89PNG') || bytes.startsWith('\xff\xd8\xff');
  const answer = image
    ? { data: { path: `/media/1/uploads/${fileName.replace(/\.\w+$/, '')}.webp`, width: 800, height: 600, bytes: bytes.length } }
    : { error: { code: 'NOT_AN_IMAGE', message: 'file: must be a JPEG, PNG, WebP, AVIF or GIF image', field: 'file' } };
  return new Response(JSON.stringify(answer), { status: image ? 200 : 400, headers: { 'content-type': 'application/json' } });
}
