import { describe, expect, it } from 'vitest';
import { eventStreamParser, type EventStreamMessage } from '../../src/api/event-stream-parser';

const parse = (chunks: readonly string[]) => {
  const messages: EventStreamMessage[] = [];
  const feed = eventStreamParser((message) => messages.push(message));
  for (const chunk of chunks) feed(chunk);
  return messages;
};

describe('reading a Server-Sent Events stream', () => {
  it('gives each message once its blank line arrives, however the chunks cut it, and skips heartbeats', () => {
    const text = ': heartbeat\n\nevent: presence\ndata: {"others":[]}\n\nevent: change\r\ndata: a\r\ndata: b\r\n\r\n';
    const expected = [
      { event: 'presence', data: '{"others":[]}' },
      { event: 'change', data: 'a\nb' },
    ];
    expect(parse([text])).toEqual(expected);
    expect(parse([...text])).toEqual(expected);
    expect(parse([text.slice(0, 30), text.slice(30)])).toEqual(expected);
  });

  it('holds back a message whose blank line has not come yet', () => {
    expect(parse(['event: presence\ndata: {}\n'])).toEqual([]);
  });
});
