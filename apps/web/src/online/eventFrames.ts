/**
 * Server-sent events read from a fetch body (EventSource cannot POST the credentials): feed the text as
 * it arrives, get back each whole event's `data`. Comment lines (the keep-alive `:`) are skipped; a
 * frame cut between two chunks waits for the rest.
 */
export class EventFrames {
  private buffered = '';

  feed(text: string): string[] {
    this.buffered += text.replace(/\r\n?/g, '\n');
    const frames: string[] = [];
    let end: number;
    while ((end = this.buffered.indexOf('\n\n')) >= 0) {
      const frame = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
      if (data.length > 0) frames.push(data.join('\n'));
    }
    return frames;
  }
}
