/** One message of a Server-Sent Events stream: its `event:` name ('message' when none) and `data:` text. */
export type EventStreamMessage = { event: string; data: string };

/**
 * Reads a Server-Sent Events stream as it arrives, in chunks cut anywhere: each blank line ends a
 * message, `data:` lines join with a newline, comment lines (`: heartbeat`) carry no message.
 * Returns the function to feed each decoded chunk to.
 */
export function eventStreamParser(onMessage: (message: EventStreamMessage) => void): (chunk: string) => void {
  let buffered = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  // A CRLF may be cut between two chunks: the \n that follows a line ended by \r is not a second line end.
  let endedOnCr = false;
  return (chunk) => {
    if (chunk === '') return;
    buffered += endedOnCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    endedOnCr = buffered.endsWith('\r');
    const lines = buffered.split(/\r\n|\r|\n/);
    // The last piece may be a line cut in two: kept for the next chunk.
    buffered = lines.pop() ?? '';
    for (const text of lines) line(text);
  };
}
