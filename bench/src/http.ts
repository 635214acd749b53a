/**
 * The HTTP side of the benchmark: one keep-alive undici Client to the app on 127.0.0.1,
 * requests sent one at a time, the whole body read (as a browser would) before the clock stops.
 */
import { Client } from 'undici';

export interface Answer {
  status: number;
  body: Buffer;
}

export class BenchHttp {
  private readonly client: Client;

  constructor(
    origin: string,
    private readonly token: string,
  ) {
    this.client = new Client(origin, { pipelining: 1 });
  }

  /** GET `path` as the benchmark's admin; resolves after the body has been read. */
  async get(path: string): Promise<Answer> {
    const res = await this.client.request({ method: 'GET', path, headers: { authorization: `Bearer ${this.token}` } });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, body };
  }

  /** GET that throws unless the answer is 200. */
  async ok(path: string): Promise<Buffer> {
    const a = await this.get(path);
    if (a.status !== 200) throw new Error(`GET ${path} → ${a.status}: ${a.body.toString('utf8').slice(0, 300)}`);
    return a.body;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
