// A small W3C WebDriver client over fetch: the handful of endpoints the WebKit suite needs, nothing more.
// WebKitWebDriver speaks only classic WebDriver (no BiDi), so there is no event stream: errors and downloads are
// read from the page (see support.ts).

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export interface ElementRef {
  [ELEMENT]: string;
}

export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export class WebDriver {
  /** What the session's end is put down to when a command finds it gone (set by support.ts: the driver's last words). */
  lastWords: () => string = () => '';

  constructor(
    readonly url: string,
    readonly sessionId: string,
  ) {}

  /** Opens a session with the given capabilities (`alwaysMatch`) on a driver listening at `url`. */
  static async open(url: string, capabilities: Record<string, unknown>): Promise<WebDriver> {
    const value = (await call(url, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } })) as { sessionId: string };
    return new WebDriver(url, value.sessionId);
  }

  /** One command of this session. */
  async cmd<T = unknown>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
    try {
      return (await call(this.url, method, `/session/${this.sessionId}${route}`, body)) as T;
    } catch (e) {
      // The browser is gone (MiniBrowser or its web process ended): say what the driver printed last.
      if (e instanceof WebDriverError && e.code === 'invalid session id') e.message += `\nthe driver's last output:\n${this.lastWords()}`;
      throw e;
    }
  }

  navigate(url: string): Promise<unknown> {
    return this.cmd('POST', '/url', { url });
  }

  title(): Promise<string> {
    return this.cmd<string>('GET', '/title');
  }

  /**
   * Runs a function in the page with JSON arguments (element references allowed) and returns its JSON result;
   * a returned promise is awaited (WebDriver's "execute script").
   */
  exec<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return this.cmd<T>('POST', '/execute/sync', { script: `return (${fn.toString()}).apply(null, arguments);`, args });
  }

  /** The first element matching a CSS selector, or null. */
  async find(selector: string): Promise<ElementRef | null> {
    const found = await this.cmd<ElementRef[]>('POST', '/elements', { using: 'css selector', value: selector });
    return found[0] ?? null;
  }

  findAll(selector: string): Promise<ElementRef[]> {
    return this.cmd<ElementRef[]>('POST', '/elements', { using: 'css selector', value: selector });
  }

  /** A real click: WebDriver scrolls the element into view and clicks its centre (fails if something covers it). */
  click(el: ElementRef): Promise<unknown> {
    return this.cmd('POST', `/element/${el[ELEMENT]}/click`, {});
  }

  /** Types into an element; for a file input, the text is the file paths, one per line. */
  sendKeys(el: ElementRef, text: string): Promise<unknown> {
    return this.cmd('POST', `/element/${el[ELEMENT]}/value`, { text });
  }

  displayed(el: ElementRef): Promise<boolean> {
    return this.cmd<boolean>('GET', `/element/${el[ELEMENT]}/displayed`);
  }

  /** Key and pointer input (WebDriver "perform actions"), then releases everything pressed. */
  async actions(sources: unknown[]): Promise<void> {
    await this.cmd('POST', '/actions', { actions: sources });
    await this.cmd('DELETE', '/actions');
  }

  close(): Promise<unknown> {
    return call(this.url, 'DELETE', `/session/${this.sessionId}`);
  }
}

async function call(base: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const res = await fetch(base + route, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { value?: unknown };
  try {
    json = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError(`http ${res.status}`, `${method} ${route}: ${text.slice(0, 300)}`);
  }
  const value = json.value as { error?: string; message?: string } | null;
  if (!res.ok || (value && typeof value === 'object' && 'error' in value && typeof value.error === 'string')) {
    throw new WebDriverError(value?.error ?? `http ${res.status}`, `${method} ${route}: ${value?.message ?? text.slice(0, 300)}`);
  }
  return json.value;
}
