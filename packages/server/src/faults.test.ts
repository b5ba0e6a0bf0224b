import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, signInOwner, startOnBackend, studioCaller, type BackendServer, type TestServer } from './test-support.ts';

/**
 * Input that used to answer HTTP 500 (issue 13, found with 7,589 malformed requests): every such request is now a
 * 400 naming its field and writes nothing; a real fault answers a page to a browser, JSON to the API, and is logged.
 */
describe.each(backends)('malformed input and faults on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    started = await startOnBackend(create, {
      app: {
        logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
        // Routes that fail as a bug would, to see what a browser and an API client get.
        beforeRoutes: async (app) => {
          app.get('/api/Test/Fail', async () => {
            throw new Error('database exploded: password=hunter2');
          });
          app.get('/test-failing-page', async () => {
            throw new Error('render exploded');
          });
        },
      },
    });
    ({ server } = started);
  });
  afterAll(() => started?.stop());

  const count = async (table: 'form_submissions' | 'customers') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (path: string, rawBody: string, headers: Record<string, string> = {}) =>
    server.call(path, { method: 'POST', rawBody, headers: { 'content-type': 'application/json', ...headers }, ip: '10.77.0.1' });

  it('NUL bytes and lone surrogates in any text are a 400 naming the field, and nothing is written', async () => {
    const [forms, customers] = [await count('form_submissions'), await count('customers')];
    const cases: [path: string, body: string, field: string][] = [
      ['/api/Contact/Send', JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'hello\u0000world' }), 'message'],
      ['/api/Contact/Send', '{"name":"Ada \\ud800","email":"ada@example.com","message":"hi"}', 'name'],
      ['/api/Form/Subscribe', JSON.stringify({ email: 'reader\u0000@example.com' }), 'email'],
      [
        '/api/Auth/SignUp',
        '{"customerTypeId":1,"firstName":"\\udc00","lastName":"L","email":"nul@example.test","password":"a good long password"}',
        'firstName',
      ],
      ['/api/Form/Submit', JSON.stringify({ pageId: 1, sectionId: 'x', values: { 'field\u0000': 'v' } }), 'values'],
    ];
    for (const [path, body, field] of cases) {
      const response = await post(path, body);
      expect(response.status, `${path} ${field}`).toBe(400);
      const { error } = await response.json();
      expect(error.field, path).toBe(field);
      expect(error.message, path).toMatch(new RegExp(`^${field}: `));
    }
    expect([await count('form_submissions'), await count('customers')]).toEqual([forms, customers]);
  });

  it('a value of the wrong type says what it must be; only a value left out is "a required field"', async () => {
    const wrong: [path: string, body: string, field: string, message: string][] = [
      ['/api/Contact/Send', JSON.stringify({ name: 42, email: 'ada@example.com', message: 'hi' }), 'name', 'name: must be text'],
      ['/api/Contact/Send', JSON.stringify({ name: 'Ada', email: 'ada@example.com' }), 'message', 'message: is a required field'],
      ['/api/Contact/Send', JSON.stringify({ name: null, email: 'ada@example.com', message: 'hi' }), 'name', 'name: is a required field'],
      ['/api/Form/Submit', JSON.stringify({ pageId: 'one', sectionId: 'x', values: {} }), 'pageId', 'pageId: must be a number'],
      ['/api/Form/Submit', JSON.stringify({ pageId: 1, sectionId: 'x', values: [] }), 'values', 'values: must be an object'],
    ];
    for (const [path, body, field, message] of wrong) {
      const response = await post(path, body);
      expect(response.status, body).toBe(400);
      expect((await response.json()).error, body).toMatchObject({ field, message });
    }
  });

  it('a studio save with NUL in a setting, or settings nested 10,000 deep, is a 400 and the draft is unchanged', async () => {
    const studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
    const { data } = await (await studio('/api/Studio/GetPages')).json();
    const pageId = data.pages[0].pageId as number;
    const before = await server.db
      .selectFrom('pages')
      .select(['draft', 'draft_revision'])
      .where('page_id', '=', pageId)
      .executeTakeFirstOrThrow();
    const { page } = (await (await studio(`/api/Studio/GetPage?PageID=${pageId}`)).json()).data;
    const document = page.draft as { sections: { settings: Record<string, unknown> }[] };
    document.sections[0]!.settings['heading'] = 'Sale\u0000';
    const nul = await studio('/api/Studio/SavePage', { body: { pageId, draftRevision: page.draftRevision, document } });
    expect(nul.status).toBe(400);
    expect((await nul.json()).error.field).toBe('document.sections.0.settings.heading');

    const deep = `{"pageId":${pageId},"draftRevision":${page.draftRevision},"document":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const nested = await studio('/api/Studio/SavePage', { rawBody: deep, headers: { 'content-type': 'application/json' } });
    expect(nested.status).toBe(400);
    expect((await nested.json()).error.message).toMatch(/nested too deeply/);
    expect(
      await server.db.selectFrom('pages').select(['draft', 'draft_revision']).where('page_id', '=', pageId).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('a Host header with port 99999 is a 400, not a 500', async () => {
    for (const path of ['/', '/api/Web/GetWebInfo?Domain=localhost', '/api/Page/GetPage?Slug=']) {
      const response = await server.call(path, { host: 'localhost:99999' });
      expect(response.status, path).toBe(400);
    }
    expect((await server.call('/', { host: 'localhost:65535' })).status).toBe(200);
  });

  it('a page that fails answers the Internal Server Error page, never JSON; bots get no page; the API gets JSON; each is logged', async () => {
    logLines.length = 0;
    const page = await server.call('/test-failing-page', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(500);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Internal Server Error</title>');
    expect(html).not.toMatch(/render exploded|"error"|at .*\.ts/);

    const bot = await server.call('/test-failing-page', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(bot.status).toBe(500);
    expect(await bot.text()).toBe('');

    const api = await server.call('/api/Test/Fail');
    expect(api.status).toBe(500);
    const body = await api.json();
    expect(body.error).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong' });
    expect(JSON.stringify(body)).not.toContain('hunter2');

    const logged = logLines
      .map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string; err?: { message: string } })
      .filter((line) => line.level >= 50);
    expect(logged).toHaveLength(3);
    expect(logged.every((line) => typeof line.reqId === 'string' && line.msg === 'Unhandled error')).toBe(true);
    expect(logged.map((line) => line.reqId)).toContain(body.error.requestId);
  });
});
